/// A range of provider frames with its own loop count and, optionally, its
/// own direction: a sprite sheet's tag ("walk", "attack"), a Lottie marker,
/// the loop that follows an intro.
///
/// A timeline plays one range at a time (``Timeline/range``) and can hold
/// one clip in its queue (``Timeline/queue(_:)``): when a tick takes the
/// timeline to the end of its range, it switches into the queued clip,
/// carrying the leftover time exactly.
///
/// ```swift
/// try timeline.setRange(0...3)                         // the intro, once
/// try timeline.setLoops(.plays(1))
/// try timeline.queue(Clip(frames: 4...11, loops: .infinite))  // then loop
/// ```
public struct Clip: Hashable, Sendable {
  /// The provider frames the clip plays, `A...B`.
  public var frames: ClosedRange<Int>
  /// How many times the clip plays.
  public var loops: LoopCount
  /// The direction the clip plays in, or `nil` to keep the timeline's.
  public var direction: PlaybackDirection?

  /// A clip of `frames`, played `loops` times, in `direction` (or the
  /// timeline's direction when `nil`).
  public init(frames: ClosedRange<Int>, loops: LoopCount, direction: PlaybackDirection? = nil) {
    self.frames = frames
    self.loops = loops
    self.direction = direction
  }
}
