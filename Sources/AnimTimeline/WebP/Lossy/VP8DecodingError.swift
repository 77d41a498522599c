/// Why a `VP8 ` bitstream (a lossy WebP image) does not decode: what was
/// wrong and the absolute byte offset in the file where it showed.
///
/// The checks are libwebp's (`VP8GetInfo`, `VP8GetHeaders` and its frame
/// parser), so a damaged file is rejected exactly when libwebp rejects it.
struct VP8DecodingError: Error, Hashable, Sendable, CustomStringConvertible {
  /// What can be wrong.
  enum Kind: Hashable, Sendable {
    /// The payload is shorter than the 10-byte frame header.
    case truncatedHeader(Int)
    /// The frame is an interframe (only key frames are images).
    case notKeyFrame
    /// A profile (version) above 3.
    case unsupportedProfile(Int)
    /// The frame's show bit is 0.
    case invisibleFrame
    /// The start code is not `9d 01 2a`.
    case badStartCode
    /// A width or height of 0.
    case emptyImage
    /// The first partition's size passes the end of the payload.
    case firstPartitionTooLong(Int)
    /// The token partitions' size table passes the end of the payload.
    case truncatedPartitionTable(partitions: Int)
    /// The last token partition is empty (the payload ends at or before
    /// its start).
    case missingTokenData
    /// The first partition (frame header and modes) ends before what it
    /// must hold.
    case firstPartitionEndsEarly
    /// Token partition `index` (from 0) ends before what it must hold.
    case tokenPartitionEndsEarly(Int)
  }

  /// What was wrong.
  var kind: Kind
  /// The absolute byte offset in the file where it showed.
  var offset: Int

  /// A short readable reason with the offset.
  var description: String {
    let what: String
    switch kind {
    case let .truncatedHeader(count): what = "VP8 payload of \(count) bytes, shorter than its 10-byte header"
    case .notKeyFrame: what = "VP8 frame is not a key frame"
    case let .unsupportedProfile(profile): what = "VP8 profile \(profile)"
    case .invisibleFrame: what = "VP8 frame not shown"
    case .badStartCode: what = "VP8 start code is not 9d 01 2a"
    case .emptyImage: what = "VP8 width or height 0"
    case let .firstPartitionTooLong(length): what = "first partition of \(length) bytes passes the payload's end"
    case let .truncatedPartitionTable(partitions): what = "size table of \(partitions) token partitions cut short"
    case .missingTokenData: what = "last token partition empty"
    case .firstPartitionEndsEarly: what = "first partition ends early"
    case let .tokenPartitionEndsEarly(index): what = "token partition \(index) ends early"
    }
    return "\(what) (byte \(offset))"
  }
}
