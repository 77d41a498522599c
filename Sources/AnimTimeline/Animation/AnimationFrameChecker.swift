/// A format's drawer that can also check a frame: read its data as
/// drawing it would, finding whether it decodes whole, without producing
/// pixels. A format whose opening must know that of every frame (WebP
/// drops the frames from the first one that does not decode) opens with
/// ``AnimationRenderer/openingPass()``, which checks frames instead of
/// drawing them when they could not stay cached.
protocol AnimationFrameChecker: AnimationFrameDrawer {
  /// Whether frame `position`'s data decodes whole: exactly what
  /// ``AnimationFrameDrawer/draw(_:canvas:prepare:)`` would return, found
  /// without drawing. Leaves no trace a later draw could see but the
  /// reason for a failure.
  mutating func check(_ position: Int) -> Bool
}
