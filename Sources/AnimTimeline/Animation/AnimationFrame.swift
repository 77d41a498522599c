/// What the engine needs to know about one frame to composite, dispose,
/// find keyframes and bound its memory; a format fills one per frame when
/// a file is opened.
struct AnimationFrame: Hashable, Sendable {
  /// Where the frame is drawn (it may reach past the canvas).
  var rectangle: PixelRect
  /// What happens to the canvas after the frame is shown.
  var disposal: AnimationDisposal
  /// Whether the frame can draw no pixel at all (an empty rectangle, or
  /// data the format knows cannot decode), so that the canvas before it
  /// survives it unchanged.
  var drawsNothing: Bool
  /// How long the frame shows, in nanoseconds, after the format's delay
  /// policy (0 for a still image): the provider's `frameDuration(at:)`.
  /// Timelines at uniformly spread times ask for a frame in proportion to
  /// it, so the cache places its checkpoints by it
  /// (``AnimationLayout/init(canvas:frames:cacheByteBudget:maxPixelSize:)``).
  var duration: Int64
}
