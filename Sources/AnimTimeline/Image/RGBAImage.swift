/// An RGBA image: 8 bits a channel, straight (not premultiplied) alpha,
/// row-major, top row first, `width * height * 4` bytes.
///
/// The properties can be set freely, so an image can be inconsistent
/// (`pixels.count` not `width * height * 4`, a negative side); the
/// functions that read an image check it and throw
/// ``ImageError/inconsistentImage(width:height:byteCount:)`` rather than
/// trap. Every image the library makes is consistent.
public struct RGBAImage: Hashable, Sendable {
  /// The width in pixels.
  public var width: Int
  /// The height in pixels.
  public var height: Int
  /// The pixels, `R, G, B, A` for each pixel.
  public var pixels: [UInt8]

  /// Makes an image from its parts; `pixels.count` should be
  /// `width * height * 4`.
  public init(width: Int, height: Int, pixels: [UInt8]) {
    self.width = width
    self.height = height
    self.pixels = pixels
  }

  /// Checks that the sides are not negative and that `pixels` holds
  /// exactly `width * height * 4` bytes (without overflow).
  ///
  /// - Throws: ``ImageError/inconsistentImage(width:height:byteCount:)``.
  func checkConsistency() throws(ImageError) {
    try RGBAImage.checkConsistency(width: width, height: height, byteCount: pixels.count)
  }

  /// ``checkConsistency()`` for an image of these sides and `byteCount`
  /// bytes of pixels.
  static func checkConsistency(width: Int, height: Int, byteCount: Int) throws(ImageError) {
    guard let bytes = RGBAImage.byteCount(width: width, height: height), bytes == byteCount else {
      throw .inconsistentImage(width: width, height: height, byteCount: byteCount)
    }
  }

  /// `width * height * 4`, or `nil` when a side is negative or the
  /// product overflows.
  static func byteCount(width: Int, height: Int) -> Int? {
    guard width >= 0, height >= 0 else { return nil }
    let (pixels, overflow) = width.multipliedReportingOverflow(by: height)
    let (bytes, overflow4) = pixels.multipliedReportingOverflow(by: 4)
    return overflow || overflow4 ? nil : bytes
  }
}
