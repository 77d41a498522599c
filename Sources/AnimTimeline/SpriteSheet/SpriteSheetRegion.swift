/// What a sprite-sheet provider frame shows: one sheet frame's pixels in
/// the sheet image, and where they go in the untrimmed sprite. A game draws
/// it from its own texture; ``SpriteSheetFrameProvider/image(at:)`` cuts it
/// out of a decoded sheet.
///
/// Drawing it: take ``sheetArea`` from the sheet; when ``rotated``, turn
/// those pixels 90° counter-clockwise (the packer turned them clockwise), so
/// that they stand ``frame``.width × ``frame``.height; put them at
/// (``spriteSourceSize``.x, ``spriteSourceSize``.y) of a transparent
/// canvas of ``sourceSize``.
public struct SpriteSheetRegion: Hashable, Sendable {
  /// The sheet frame shown (Aseprite's frame number, from 0).
  public var sheetFrame: Int
  /// The frame's rectangle as the export gives it (`frame`): its top-left
  /// corner in the sheet, and its size upright (before any rotation).
  public var frame: SpriteSheetRect
  /// Whether the pixels are stored rotated 90° clockwise in the sheet.
  /// Aseprite never rotates; TexturePacker does when allowed to.
  public var rotated: Bool
  /// Where the (trimmed) pixels sit in the untrimmed sprite.
  public var spriteSourceSize: SpriteSheetRect
  /// The size of the untrimmed sprite.
  public var sourceSize: ImageSize

  /// A region; see the properties.
  public init(
    sheetFrame: Int, frame: SpriteSheetRect, rotated: Bool, spriteSourceSize: SpriteSheetRect,
    sourceSize: ImageSize
  ) {
    self.sheetFrame = sheetFrame
    self.frame = frame
    self.rotated = rotated
    self.spriteSourceSize = spriteSourceSize
    self.sourceSize = sourceSize
  }

  /// The region of sheet frame `index` of `sheetFrame`.
  init(_ sheetFrame: SpriteSheetFrame, index: Int) {
    self.init(
      sheetFrame: index, frame: sheetFrame.frame, rotated: sheetFrame.rotated,
      spriteSourceSize: sheetFrame.spriteSourceSize, sourceSize: sheetFrame.sourceSize)
  }

  /// The pixels the frame covers in the sheet: ``frame`` itself, or, when
  /// ``rotated``, its height across and its width down.
  public var sheetArea: SpriteSheetRect {
    rotated ? SpriteSheetRect(x: frame.x, y: frame.y, width: frame.height, height: frame.width) : frame
  }
}
