/// Why an ``RGBAImage`` could not be written, shrunk or resampled, or a
/// thumbnail size could not be computed.
///
/// `RGBAImage` is a plain struct whose `width`, `height` and `pixels` can
/// be set freely, so an image can be inconsistent; the functions that read
/// one (``RGBAImage/pngData()``, ``RGBAImage/pamData()``,
/// ``RGBAImage/resized(toFit:)``, ``Downsampler/resample(_:into:)``) check
/// it first and throw this error instead of trapping. Every image the
/// library makes is consistent.
public enum ImageError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The pixels are not `width × height × 4` bytes: a side is negative,
  /// `width × height × 4` overflows `Int`, or `byteCount` (the length of
  /// the pixel array, or of a buffer handed to a ``Downsampler``) differs.
  case inconsistentImage(width: Int, height: Int, byteCount: Int)
  /// The image has no pixels (a side is 0), and the format cannot hold an
  /// empty image: PNG requires both sides to be at least 1, and so do PAM
  /// readers.
  case emptyImage(width: Int, height: Int)
  /// The image is larger than the operation can handle: for PNG, a side
  /// above 2,147,483,647 (the format records sides in 31 bits); for a
  /// thumbnail, a side of 2^31 or more, or 2^46 pixels or more (the
  /// limits of ``Downsampler``, whose exact integer sums must not
  /// overflow).
  case tooLarge(width: Int, height: Int)
  /// The bounds of a thumbnail (``RGBAImage/resized(toFit:)``,
  /// ``ImageSize/fitted(within:)``) have a side below 1: no image fits in
  /// them.
  case invalidBounds(width: Int, height: Int)

  /// A readable description naming the sizes.
  public var description: String {
    switch self {
    case let .inconsistentImage(width, height, byteCount):
      return "inconsistent image: \(width)x\(height) pixels need width × height × 4 bytes, but it has \(byteCount)"
    case let .emptyImage(width, height):
      return "empty image (\(width)x\(height) pixels): the format needs at least 1x1"
    case let .tooLarge(width, height):
      return "image of \(width)x\(height) pixels is too large for this operation"
    case let .invalidBounds(width, height):
      return "invalid thumbnail bounds \(width)x\(height): both sides must be at least 1"
    }
  }
}
