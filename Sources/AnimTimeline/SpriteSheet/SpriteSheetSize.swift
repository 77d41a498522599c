/// A size in pixels: the sheet image's (`meta.size`) or an untrimmed
/// sprite's (`sourceSize`).
public struct SpriteSheetSize: Hashable, Sendable {
  /// The width.
  public var width: Int
  /// The height.
  public var height: Int

  /// A size of `width` × `height` pixels.
  public init(width: Int, height: Int) {
    self.width = width
    self.height = height
  }
}
