/// A rectangle in pixels: in the sheet image (a frame's `frame`) or in the
/// untrimmed sprite (its `spriteSourceSize`).
public struct SpriteSheetRect: Hashable, Sendable {
  /// The left edge.
  public var x: Int
  /// The top edge.
  public var y: Int
  /// The width.
  public var width: Int
  /// The height.
  public var height: Int

  /// A rectangle at (`x`, `y`) of `width` × `height` pixels.
  public init(x: Int, y: Int, width: Int, height: Int) {
    self.x = x
    self.y = y
    self.width = width
    self.height = height
  }
}
