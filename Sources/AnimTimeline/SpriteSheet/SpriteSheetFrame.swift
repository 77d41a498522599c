/// One frame of a sprite sheet: where its pixels lie in the sheet image,
/// how they sit in the untrimmed sprite, and how long it shows.
///
/// Drawing a frame: copy ``frame`` from the sheet (rotated 90° clockwise in
/// the sheet when ``rotated``, so it covers ``PixelRect/height`` ×
/// ``PixelRect/width`` there) to the position
/// (``spriteSourceSize``.x, ``spriteSourceSize``.y) of a canvas of
/// ``sourceSize``. Aseprite never rotates; it trims when asked to.
public struct SpriteSheetFrame: Hashable, Sendable {
  /// The frame's name: its key in the "hash" layout, its `filename` in the
  /// "array" layout (if any).
  public var name: String?
  /// The frame's pixels in the sheet image.
  public var frame: SpriteSheetRect
  /// Whether the pixels are stored rotated 90° clockwise.
  public var rotated: Bool
  /// Whether transparent borders were trimmed away.
  public var trimmed: Bool
  /// Where the (trimmed) pixels sit in the untrimmed sprite.
  public var spriteSourceSize: SpriteSheetRect
  /// The size of the untrimmed sprite.
  public var sourceSize: ImageSize
  /// How long the frame shows, in nanoseconds (the export's milliseconds
  /// × 1,000,000).
  public var duration: Int64

  /// A frame; see the properties.
  public init(
    name: String? = nil, frame: SpriteSheetRect, rotated: Bool = false, trimmed: Bool = false,
    spriteSourceSize: SpriteSheetRect, sourceSize: ImageSize, duration: Int64
  ) {
    self.name = name
    self.frame = frame
    self.rotated = rotated
    self.trimmed = trimmed
    self.spriteSourceSize = spriteSourceSize
    self.sourceSize = sourceSize
    self.duration = duration
  }
}
