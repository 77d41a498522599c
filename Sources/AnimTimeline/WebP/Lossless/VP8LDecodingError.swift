/// Why a WebP lossless (`VP8L`) bitstream could not be decoded, with the
/// byte offset in the file where the problem was found.
///
/// For damage inside the entropy-coded data the offset is that of the byte
/// being read when the damage showed (it can lie a few bytes past the
/// damage itself).
struct VP8LDecodingError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The kinds of problem.
  enum Kind: Hashable, Sendable {
    /// The 5-byte header is short, its signature byte is not `0x2f`, or
    /// its version bits are not 0.
    case badHeader
    /// The data ends before the image is complete.
    case truncated
    /// A transform type appears a second time.
    case duplicateTransform
    /// A colour cache size outside 1...11 bits.
    case badColorCacheBits
    /// Code lengths that do not form a usable prefix code (none used,
    /// over-subscribed, incomplete), or a run of code lengths past the
    /// end of the alphabet.
    case badHuffmanCode
    /// A backward reference that starts before the first pixel or runs
    /// past the last one.
    case badBackwardReference
    /// Image dimensions that the format cannot hold (an alpha plane's
    /// width or height outside 1...16384).
    case badDimensions
  }

  /// What went wrong.
  var kind: Kind
  /// The byte offset in the file.
  var offset: Int

  /// Makes an error of `kind` at byte `offset` of the file.
  init(_ kind: Kind, offset: Int) {
    self.kind = kind
    self.offset = offset
  }

  /// A readable description naming the problem and its byte offset.
  var description: String {
    let what: String
    switch kind {
    case .badHeader: what = "bad VP8L header"
    case .truncated: what = "VP8L data ends early"
    case .duplicateTransform: what = "transform used twice"
    case .badColorCacheBits: what = "bad colour cache size"
    case .badHuffmanCode: what = "bad Huffman code"
    case .badBackwardReference: what = "backward reference outside the image"
    case .badDimensions: what = "bad image dimensions"
    }
    return "\(what) (byte \(offset))"
  }
}
