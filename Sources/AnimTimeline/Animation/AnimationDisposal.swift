/// What a frame's disposal does to the canvas after the frame has been
/// shown, before the next frame is drawn: the three behaviours every
/// animated format names (each format maps its stored values onto them:
/// GIF's disposal methods 0...7, APNG's `dispose_op` 0...2).
public enum AnimationDisposal: Hashable, Sendable {
  /// The canvas stays as the frame left it (GIF 0, 1, 5, 6, 7; APNG
  /// `NONE`).
  case keep
  /// The frame's rectangle, clipped to the canvas, becomes transparent
  /// black (GIF 2; APNG `BACKGROUND`).
  case clearRectangle
  /// The canvas goes back to what it was just before the frame was drawn
  /// (GIF 3 and 4; APNG `PREVIOUS`).
  case restorePrevious
}
