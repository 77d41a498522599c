/// A timeline's times as `Duration` values: the `Duration` view of the
/// nanosecond properties ``Timeline/position``, ``Timeline/loopDuration``
/// and ``Timeline/totalDuration``.
///
/// ```swift
/// let label = "\(timeline.durations.position) of \(timeline.durations.loop)"
/// ```
///
/// The nanosecond properties stay the exact values; a `Duration` holds
/// every `Int64` nanosecond count exactly, so the two views always agree.
public struct TimelineDurations: Hashable, Sendable {
  /// The position `T`.
  public var position: Duration
  /// One iteration of the range being played, `L`.
  public var loop: Duration
  /// The end `E = plays * L`, or `nil` for infinite loops.
  public var total: Duration?
}

extension Timeline {
  /// The position, loop and total durations as `Duration` values.
  public var durations: TimelineDurations {
    TimelineDurations(
      position: .nanoseconds(position), loop: .nanoseconds(loopDuration),
      total: totalDuration.map { .nanoseconds($0) })
  }
}
