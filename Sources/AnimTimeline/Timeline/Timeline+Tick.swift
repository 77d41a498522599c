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

// MARK: - Every frame: no `try`

extension Timeline {
  /// Advances the timeline by `nanoseconds` of clock time in run mode
  /// `mode`, without `try`: the form to call every frame.
  ///
  /// The same tick as ``tick(by:mode:)-(Int64,_)``, on the same inlined
  /// fast path, but an unsigned count cannot be negative, so nothing can
  /// go wrong and nothing is thrown. A count above `Int64.max` (292
  /// years) is cut to `Int64.max`, which changes nothing: the max step
  /// cuts every tick anyway, and with ``MaxStep/unlimited`` a tick of
  /// `Int64.max` already reaches the end of any finite timeline.
  ///
  /// ```swift
  /// let events = timeline.tick(nanoseconds: 16_666_667, mode: .default)
  /// ```
  ///
  /// Never allocates.
  ///
  /// - Complexity: O(1) when the tick stays in the displayed slot or moves
  ///   to the next one; O(log *m*) when it jumps.
  @discardableResult
  @inlinable @inline(__always)
  public mutating func tick(nanoseconds: UInt64, mode: RunMode) -> TickEvents {
    let active = core.modes.isActive(in: mode)
    // Not negative, so `core.tick` cannot throw; the `catch` is never taken.
    do { return try core.tick(nanoseconds: Int64(clamping: nanoseconds), active: active) } catch { return TickEvents() }
  }

  /// Advances the timeline by `nanoseconds` in the default run mode,
  /// without `try`: the form to call every frame; see
  /// ``tick(nanoseconds:mode:)``.
  ///
  /// - Complexity: O(1) when the tick stays in the displayed slot or moves
  ///   to the next one; O(log *m*) when it jumps.
  @discardableResult
  @inlinable @inline(__always)
  public mutating func tick(nanoseconds: UInt64) -> TickEvents {
    let active = core.modes.isActiveInDefault
    do { return try core.tick(nanoseconds: Int64(clamping: nanoseconds), active: active) } catch { return TickEvents() }
  }
}
