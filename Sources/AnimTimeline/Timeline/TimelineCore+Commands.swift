extension TimelineCore {
  /// Section 5's `play`, with section 9.3's start from `E` when moving
  /// backward from 0.
  mutating func play() {
    guard state != .playing else { return }
    if isStatic {
      state = .playing
      return
    }
    if state == .finished { carry = 0 }
    if rate < 0 {
      // Playing back from the end: with finite loops, from 0 jump to `E`.
      if position == 0, let end {
        position = end
        carry = 0
      }
    } else if state == .finished {
      position = 0
    }
    state = .playing
    relocate()
  }

  mutating func pause() {
    if state == .playing || state == .stopped { state = .paused }
  }

  mutating func stop() {
    state = .stopped
    position = 0
    carry = 0
    relocate()
  }

  mutating func seek(to t: Int64) throws(TimelineError) -> TickEvents {
    guard t >= 0 else { throw .invalidTime("seek to \(t) ns is negative") }
    var events = TickEvents()
    carry = 0
    position = isStatic ? 0 : min(t, end ?? .max)
    if !isStatic, isAtEndOfMotion {
      if state != .finished { events.kinds |= TickEvents.finishedKind }
      state = .finished
    } else if state == .stopped || state == .finished {
      state = .paused
    }
    relocate()
    return events
  }

  /// The time at which frame `frame` starts in iteration `iteration`.
  func startTime(ofFrame frame: Int, iteration: Int64) throws(TimelineError) -> Int64 {
    guard frame >= 0, frame < table.frameCount else {
      throw .frameOutOfRange(frame: frame, count: table.frameCount)
    }
    guard table.duration(ofFrame: frame) > 0 else { throw .frameNotDisplayed(frame: frame) }
    guard isStatic || range.frames.contains(frame) else {
      throw .frameOutsideRange(frame: frame, lower: range.frames.lowerBound, upper: range.frames.upperBound)
    }
    guard iteration >= 0, plays.map({ iteration < $0 }) ?? true else {
      throw .iterationOutOfRange(iteration: iteration, plays: plays)
    }
    if isStatic { return 0 }
    let length = range.length
    let offset = direction.isReversed(iteration: iteration)
      ? length - (table.boundaries[frame + 1] - range.offset)
      : table.boundaries[frame] - range.offset
    let (base, o1) = iteration.multipliedReportingOverflow(by: length)
    let (t, o2) = base.addingReportingOverflow(offset)
    guard !o1, !o2 else { throw .iterationOutOfRange(iteration: iteration, plays: plays) }
    return t
  }

  mutating func seek(toFrame frame: Int, iteration: Int64) throws(TimelineError) -> TickEvents {
    try seek(to: try startTime(ofFrame: frame, iteration: iteration))
  }

  mutating func setLoops(_ loops: LoopCount) throws(TimelineError) -> TickEvents {
    let newEnd = try Self.endTime(plays: loops.plays, loopDuration: range.length)
    plays = loops.plays
    end = newEnd
    var events = TickEvents()
    if !isStatic {
      switch state {
      case .playing, .paused:
        if let newEnd, position >= newEnd {
          position = newEnd
          // Moving backward, `E` is where playing back starts.
          if rate >= 0 {
            state = .finished
            events.kinds |= TickEvents.finishedKind
          }
        }
      case .finished:
        if let newEnd { position = min(position, newEnd) }
        if !isAtEndOfMotion { state = .paused }
      case .stopped:
        break
      }
    }
    relocate()
    return events
  }

  mutating func setDirection(_ newDirection: PlaybackDirection) {
    direction = newDirection
    relocate()
  }

  /// Whether the position is the end in the direction of motion
  /// (section 9.1): `E` moving forward (finite loops only), 0 moving
  /// backward.
  var isAtEndOfMotion: Bool {
    rate < 0 ? position == 0 : end.map { position == $0 } ?? false
  }

  mutating func setRate(_ newRate: Rate) {
    rate = newRate.millionths
    carry = 0
  }

  mutating func setMaxStep(_ newMaxStep: MaxStep) {
    maxStep = newMaxStep.nanoseconds
  }

  mutating func setPolicy(_ newPolicy: SkipPolicy) {
    policy = newPolicy
  }

  mutating func setModes(_ newModes: RunModes) {
    modes = newModes
  }

  /// The loop count in force.
  var loops: LoopCount { loopCount }

  /// Completed iterations at the position.
  var completedIterations: Int64 { completedIterations(at: position) }

  /// Where the timeline would be at time `t` (`t >= 0`; past the end, the
  /// end) under its current configuration.
  ///
  /// - Complexity: O(log *m*).
  func cursor(at t: Int64) -> Cursor {
    locate(isStatic ? 0 : min(t, finalTime))
  }
}
