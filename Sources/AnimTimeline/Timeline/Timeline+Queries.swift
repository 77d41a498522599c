/// A place on a timeline: the frame shown, its display slot and iteration.
public struct TimelineLocation: Hashable, Sendable {
  /// The displayed frame's index in the provider.
  public var frame: Int
  /// The display slot: `iteration * m + r`, counting displayed frames in
  /// the order they are shown.
  public var slot: Int64
  /// The iteration (0-based).
  public var iteration: Int64
}

extension Timeline {
  /// The playback state.
  public var state: PlaybackState { core.state }

  /// Whether the last tick came in a mode the timeline is not active in.
  public var isSuspended: Bool { core.isSuspended }

  /// The position `T` in nanoseconds since the start, across iterations.
  public var position: Int64 { core.position }

  /// The displayed frame's index in the provider.
  public var currentFrame: Int { core.cursor.frame }

  /// The number of provider frames the timeline was made over.
  public var frameCount: Int { core.table.frameCount }

  /// The duration of ``currentFrame`` in the provider the timeline was
  /// made from, in nanoseconds (``FrameProvider/frame(shownBy:)`` checks
  /// it).
  var currentFrameDuration: Int64 {
    let boundaries = core.table.boundaries
    let frame = core.cursor.frame
    return boundaries[frame + 1] - boundaries[frame]
  }

  /// The current iteration (0-based); `plays - 1` at the end.
  public var iteration: Int64 { core.cursor.iteration }

  /// The current display slot.
  public var slot: Int64 { core.cursor.slot }

  /// The current frame, slot and iteration.
  public var location: TimelineLocation {
    TimelineLocation(frame: core.cursor.frame, slot: core.cursor.slot, iteration: core.cursor.iteration)
  }

  /// The duration of one iteration of the range, `L`, in nanoseconds.
  public var loopDuration: Int64 { core.loopDuration }

  /// The end `E = plays * L` in nanoseconds, or `nil` for infinite loops.
  public var totalDuration: Int64? { core.end }

  /// Whether the timeline shows a single frame forever (at most one frame
  /// has a positive duration).
  public var isStatic: Bool { core.isStatic }

  /// The number of completed iterations: `T / L` before the end, the loop
  /// count at it.
  public var completedIterations: Int64 { core.completedIterations }

  /// How far the current iteration has played, from 0 to 1 (1 at the end).
  /// For display only: the exact value is ``exactIterationProgress``.
  public var iterationProgress: Double { exactIterationProgress.value }

  /// How far the whole timeline has played, from 0 to 1, or `nil` for
  /// infinite loops (Lottie's `currentProgress`). For display only: the
  /// exact value is ``exactOverallProgress``.
  public var overallProgress: Double? { exactOverallProgress?.value }

  /// Where the timeline would be at time `t`, under its current
  /// configuration, without changing it. Times past the end give the end.
  ///
  /// - Throws: ``TimelineError/invalidTime(_:)`` when `t < 0`.
  /// - Complexity: O(log *m*) in the number of displayed frames.
  public func location(at t: Int64) throws(TimelineError) -> TimelineLocation {
    guard t >= 0 else { throw .invalidTime("time \(t) ns is negative") }
    let cursor = core.cursor(at: t)
    return TimelineLocation(frame: cursor.frame, slot: cursor.slot, iteration: cursor.iteration)
  }

  /// The frame index shown at time `t`; see ``location(at:)``.
  ///
  /// - Complexity: O(log *m*).
  public func frameIndex(at t: Int64) throws(TimelineError) -> Int {
    try location(at: t).frame
  }
}
