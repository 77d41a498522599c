/// What the engine needs to know about one frame to composite, dispose,
/// find keyframes and bound its memory; a format fills one per frame when
/// a file is opened, and ``AnimationLayout`` settles the rest in place.
// The layout's facts live here rather than in arrays of their own: each
// array is an allocation, and opening a 4x4 APNG made 19 (callgrind).
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
  /// Whether the frame decodes whole, when the format knows it without
  /// decoding (GIF: a frame of zero size is complete); `.unknown` for
  /// most frames. The provider's knowledge starts here
  /// (``AnimationDecodingState``).
  var knownCompleteness = AnimationFrameCompleteness.unknown
  /// Whether the canvas before the frame is known to be blank: settled by
  /// ``AnimationLayout`` (a format leaves it `false`).
  var startsBlank = false
  /// Whether the canvas before the frame is a checkpoint, kept in the
  /// cache in preference: settled by ``AnimationLayout`` (a format leaves
  /// it `false`).
  var isCheckpoint = false
}
