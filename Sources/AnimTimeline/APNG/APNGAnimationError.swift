/// Why an APNG plays as its still image, or damage found after a still
/// PNG's image data: what was wrong, and the offset of the chunk where it
/// showed. A diagnostic, never a decoding failure.
struct APNGAnimationError: Hashable, Sendable, CustomStringConvertible {
  /// What can be wrong.
  enum Kind: Hashable, Sendable {
    /// A second `acTL`.
    case secondAnimationControl
    /// An `acTL` whose length is not 8.
    case badAnimationControlLength(Int)
    /// `num_frames` 0 or above 2^31 - 1.
    case badFrameCount(UInt32)
    /// `num_plays` above 2^31 - 1.
    case badPlayCount(UInt32)
    /// An `fcTL` whose length is not 26.
    case badFrameControlLength(Int)
    /// An `fcTL` with width or height 0.
    case emptyFrame
    /// An `fcTL` whose rectangle is not inside the canvas.
    case frameOutsideCanvas
    /// A dispose op above 2.
    case badDisposeOp(UInt8)
    /// A blend op above 1.
    case badBlendOp(UInt8)
    /// An `fcTL` before the first `IDAT` whose rectangle is not the whole
    /// canvas at `(0, 0)`.
    case defaultFrameNotCanvas
    /// An `fcTL` after one that got no frame data.
    case frameWithoutData
    /// An `fcTL` or `fdAT` sequence number out of order.
    case badSequenceNumber(expected: Int, found: UInt32)
    /// An `fdAT` before the first `IDAT`.
    case frameDataBeforeImageData
    /// An `fdAT` before any `fcTL`.
    case frameDataWithoutFrameControl
    /// An `fdAT` shorter than its 4-byte sequence number.
    case shortFrameData(Int)
    /// An `fdAT` after the first `IDAT` with no `fcTL` of its own (it
    /// would continue the default image's frame).
    case frameDataInDefaultImage
    /// Frame `frame`'s data is not the image data of an image of its size.
    case badFrameData(frame: Int, PNGError)
    /// A chunk whose CRC-32 does not match.
    case badCRC(PNGChunkType)
    /// A chunk after the image data that may not come there (`IDAT`,
    /// `IHDR`, `PLTE`).
    case misplacedChunk(PNGChunkType)
    /// An unknown critical chunk after the image data.
    case unknownCriticalChunk(PNGChunkType)
    /// A malformed chunk header after the image data (length above
    /// 2^31 - 1 or a type that is not four letters): nothing after it is
    /// read.
    case malformedChunk
    /// At `IEND`, a number of frames other than `num_frames`.
    case frameCountMismatch(declared: UInt32, found: Int)
  }

  /// What was wrong.
  var kind: Kind
  /// The offset of the chunk where it showed.
  var offset: Int

  /// A short readable reason with the offset.
  var description: String {
    let what: String
    switch kind {
    case .secondAnimationControl: what = "a second acTL"
    case let .badAnimationControlLength(length): what = "acTL of \(length) bytes"
    case let .badFrameCount(count): what = "num_frames \(count)"
    case let .badPlayCount(count): what = "num_plays \(count)"
    case let .badFrameControlLength(length): what = "fcTL of \(length) bytes"
    case .emptyFrame: what = "fcTL with width or height 0"
    case .frameOutsideCanvas: what = "fcTL rectangle outside the canvas"
    case let .badDisposeOp(op): what = "dispose op \(op)"
    case let .badBlendOp(op): what = "blend op \(op)"
    case .defaultFrameNotCanvas: what = "fcTL before IDAT not the whole canvas"
    case .frameWithoutData: what = "fcTL after a frame without data"
    case let .badSequenceNumber(expected, found): what = "sequence number \(found), expected \(expected)"
    case .frameDataBeforeImageData: what = "fdAT before IDAT"
    case .frameDataWithoutFrameControl: what = "fdAT before any fcTL"
    case let .shortFrameData(length): what = "fdAT of \(length) bytes"
    case .frameDataInDefaultImage: what = "fdAT in the default image's frame"
    case let .badFrameData(frame, error): what = "frame \(frame): \(error)"
    case let .badCRC(type): what = "bad CRC in \(type.name)"
    case let .misplacedChunk(type): what = "\(type.name) after the image data"
    case let .unknownCriticalChunk(type): what = "unknown critical chunk \(type.name)"
    case .malformedChunk: what = "malformed chunk header"
    case let .frameCountMismatch(declared, found): what = "\(found) frames, num_frames \(declared)"
    }
    return "\(what) (chunk at byte \(offset))"
  }
}
