extension Timeline {
  /// Advances the timeline by `nanoseconds` of clock time in run mode `mode`.
  ///
  /// Not active in `mode`: the timeline becomes suspended (reporting
  /// ``TimelineEvent/suspended`` once) and the time is dropped. Active: a
  /// suspension ends (``TimelineEvent/resumed``); then a playing timeline
  /// advances by `min(nanoseconds, maxStep) * rate`, with the rate's
  /// remainder carried exactly, and reports frame, loop and finished events.
  ///
  /// Never allocates.
  ///
  /// - Throws: ``TimelineError/invalidTime(_:)`` when `nanoseconds < 0`.
  /// - Complexity: O(1) when the tick stays in the displayed slot or moves
  ///   to the next one; O(log *m*) when it jumps.
  @discardableResult
  @inlinable @inline(__always)
  public mutating func tick(by nanoseconds: Int64, mode: RunMode) throws(TimelineError) -> TickEvents {
    try core.tick(nanoseconds: nanoseconds, active: core.modes.isActive(in: mode))
  }

  /// Advances the timeline by `nanoseconds` in the default run mode; see
  /// ``tick(by:mode:)-(Int64,_)``.
  @discardableResult
  @inlinable @inline(__always)
  public mutating func tick(by nanoseconds: Int64) throws(TimelineError) -> TickEvents {
    try core.tick(nanoseconds: nanoseconds, active: core.modes.isActiveInDefault)
  }

  /// Advances the timeline by a `Duration` (rounded to the nearest
  /// nanosecond); see ``tick(by:mode:)-(Int64,_)``.
  @discardableResult
  public mutating func tick(by duration: Duration, mode: RunMode = .default) throws(TimelineError) -> TickEvents {
    try tick(by: try Nanoseconds.from(duration), mode: mode)
  }
}
