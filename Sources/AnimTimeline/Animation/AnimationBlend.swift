/// How a frame's pixels combine with the canvas under its rectangle.
///
/// Each format names its exact rule: GIF draws every pixel but its
/// transparent index (``source`` with holes); APNG's `blend_op` is
/// ``source`` (0) or ``over`` (1), its formula in `Docs/APNG.md`.
public enum AnimationBlend: Hashable, Sendable {
  /// The frame's pixels replace the canvas's, alpha included.
  case source
  /// The frame's pixels are composited over the canvas's (straight
  /// alpha).
  case over
}
