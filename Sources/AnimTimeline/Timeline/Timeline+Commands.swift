extension Timeline {
  /// Starts or resumes playback; from ``PlaybackState/finished`` it starts
  /// again at 0.
  ///
  /// Moving backward (a negative ``rate``) from 0 with finite loops, it
  /// starts from the end `E` instead, so that a finished or stopped
  /// animation plays back; elsewhere the position stays (a timeline that
  /// finished at `E` and was then reversed plays back from `E`). While
  /// playing it changes nothing.
  public mutating func play() { core.play() }

  /// Pauses a playing or stopped timeline; otherwise does nothing.
  public mutating func pause() { core.pause() }

  /// Stops and rewinds to 0.
  public mutating func stop() { core.stop() }

  /// Moves to time `t` (clamped to the end). Reaching the end in the
  /// direction of motion finishes the timeline (with a
  /// ``TimelineEvent/finished`` event if it was not finished): the end `E`
  /// of a finite timeline moving forward, 0 moving backward (a negative
  /// ``rate``); otherwise a stopped or finished timeline becomes paused.
  /// Emits no frame or loop events.
  ///
  /// - Throws: ``TimelineError/invalidTime(_:)`` when `t < 0`.
  /// - Complexity: O(log *m*).
  @discardableResult
  public mutating func seek(to t: Int64) throws(TimelineError) -> TickEvents {
    try core.seek(to: t)
  }

  /// Moves to time `t`, given as a `Duration`; see ``seek(to:)-(Int64)``.
  @discardableResult
  public mutating func seek(to t: Duration) throws(TimelineError) -> TickEvents {
    try core.seek(to: try Nanoseconds.from(t))
  }

  /// Moves to time `t` in nanoseconds, without `try`; otherwise the same
  /// as ``seek(to:)-(Int64)``. An unsigned time cannot be negative, so
  /// nothing is thrown; a time above `Int64.max` is cut to `Int64.max`,
  /// which every seek clamps to the end anyway (and which an infinite
  /// timeline reaches in 292 years).
  ///
  /// - Complexity: O(log *m*).
  @discardableResult
  public mutating func seek(toNanoseconds t: UInt64) -> TickEvents {
    // Not negative, so `core.seek` cannot throw; the `catch` is never taken.
    do { return try core.seek(to: Int64(clamping: t)) } catch { return TickEvents() }
  }

  /// Moves to the start of frame `frame` in iteration `iteration` (as that
  /// iteration shows it, forward or reversed), then behaves as ``seek(to:)-(Int64)``.
  ///
  /// - Throws: ``TimelineError/frameOutOfRange(frame:count:)``,
  ///   ``TimelineError/frameNotDisplayed(frame:)`` for a zero-duration
  ///   frame, ``TimelineError/iterationOutOfRange(iteration:plays:)``.
  /// - Complexity: O(log *m*).
  @discardableResult
  public mutating func seek(toFrame frame: Int, iteration: Int64 = 0) throws(TimelineError) -> TickEvents {
    try core.seek(toFrame: frame, iteration: iteration)
  }

  /// The loop count in force.
  public var loops: LoopCount {
    core.loops
  }

  /// Changes the loop count. While playing or paused at or past the new
  /// end, the timeline moves to it and, moving forward, finishes (with a
  /// ``TimelineEvent/finished`` event; moving backward, the end is where
  /// playing back starts); while finished, it becomes paused unless it is
  /// then at the end in the direction of motion.
  ///
  /// - Throws: ``TimelineError/loopsTooLong(plays:loopDuration:)``.
  @discardableResult
  public mutating func setLoops(_ loops: LoopCount) throws(TimelineError) -> TickEvents {
    try core.setLoops(loops)
  }

  /// The order in which iterations show their frames.
  public var direction: PlaybackDirection {
    get { core.direction }
    set { core.setDirection(newValue) }
  }

  /// The playback rate: `>= 0` moves forward, negative moves backward
  /// (toward 0, where the timeline finishes). Setting it drops the carried
  /// sub-nanosecond remainder and changes neither the state nor the
  /// position.
  public var rate: Rate {
    get { Rate(_unchecked: core.rate) }
    set { core.setRate(newValue) }
  }

  /// Turns the direction of motion around: the rate becomes its opposite
  /// (a rate of 0 stays 0), and the carried remainder is dropped. Nothing
  /// else changes: no event, the state stays; follow it with ``play()``
  /// to start a stopped, paused or finished timeline (moving backward from
  /// 0, `play` starts from the end).
  public mutating func reverse() { core.setRate(rate.reversed) }

  /// The most clock time one tick may advance.
  public var maxStep: MaxStep {
    get { MaxStep(_unchecked: core.maxStep) }
    set { core.setMaxStep(newValue) }
  }

  /// Whether ticks may skip frames.
  public var policy: SkipPolicy {
    get { core.policy }
    set { core.setPolicy(newValue) }
  }

  /// The run modes in which ticks advance the timeline.
  public var modes: RunModes {
    get { core.modes }
    set { core.setModes(newValue) }
  }
}
