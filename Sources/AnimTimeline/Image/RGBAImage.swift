/// An RGBA image: 8 bits a channel, straight (not premultiplied) alpha,
/// row-major, top row first, `width * height * 4` bytes.
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
}
