/// Why one WebP image (a still, or one frame) does not decode: the
/// failure of its lossy, lossless or alpha bitstream, with the byte
/// offset where it showed.
enum WebPImageError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The `VP8 ` bitstream.
  case lossy(VP8DecodingError)
  /// The `VP8L` bitstream.
  case lossless(VP8LDecodingError)
  /// The `ALPH` chunk's lossless-compressed plane.
  case alphaLossless(VP8LDecodingError)
  /// An `ALPH` chunk with a compression method other than 0 or 1.
  case alphaMethod(Int, offset: Int)
  /// An `ALPH` chunk too short for its plane.
  case alphaTooShort(offset: Int)

  /// The byte offset where the failure showed.
  var offset: Int {
    switch self {
    case let .lossy(error): error.offset
    case let .lossless(error), let .alphaLossless(error): error.offset
    case let .alphaMethod(_, offset), let .alphaTooShort(offset): offset
    }
  }

  /// What went wrong, without the offset.
  var description: String {
    switch self {
    case let .lossy(error): "VP8: \(error)"
    case let .lossless(error): "VP8L: \(error)"
    case let .alphaLossless(error): "ALPH: \(error)"
    case let .alphaMethod(method, _): "ALPH compression method \(method)"
    case .alphaTooShort: "ALPH chunk too short for the image"
    }
  }
}
