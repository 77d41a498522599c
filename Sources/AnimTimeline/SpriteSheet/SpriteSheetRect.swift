/// A rectangle in pixels: in the sheet image (a frame's `frame`) or in the
/// untrimmed sprite (its `spriteSourceSize`): the library's one rectangle
/// type, ``PixelRect``.
public typealias SpriteSheetRect = PixelRect
