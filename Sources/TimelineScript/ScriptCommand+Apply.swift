import AnimTimeline

extension ScriptCommand {
  /// Makes the call this command stands for on `timeline`.
  ///
  /// The one place a command reaches a timeline: the demo's `--script`,
  /// the tests and the fuzz targets all apply commands here.
  ///
  /// - Returns: the events of a tick, seek, seek-frame or loops change;
  ///   no events for the others.
  /// - Throws: the ``TimelineError`` the timeline (or a value type such as
  ///   ``Rate``) throws for a value it does not accept; the timeline is
  ///   then unchanged.
  @discardableResult
  public func apply(
    to timeline: inout Timeline
  ) throws(TimelineError) -> TickEvents {
    switch self {
    case let .tick(nanoseconds, mode):
      if let mode { return try timeline.tick(by: nanoseconds, mode: mode) }
      return try timeline.tick(by: nanoseconds)
    case .play:
      timeline.play()
    case .pause:
      timeline.pause()
    case .stop:
      timeline.stop()
    case let .seek(nanoseconds):
      return try timeline.seek(to: nanoseconds)
    case let .seekFrame(frame, iteration):
      if let iteration { return try timeline.seek(toFrame: frame, iteration: iteration) }
      return try timeline.seek(toFrame: frame)
    case let .rate(millionths):
      timeline.rate = try Rate(millionths: millionths)
    case .reverse:
      timeline.reverse()
    case let .loops(plays):
      guard let plays else { return try timeline.setLoops(.infinite) }
      return try timeline.setLoops(try .plays(plays))
    case let .direction(direction):
      timeline.direction = direction
    case let .maxStep(nanoseconds):
      if let nanoseconds {
        timeline.maxStep = try .nanoseconds(nanoseconds)
      } else {
        timeline.maxStep = .unlimited
      }
    case let .policy(policy):
      timeline.policy = policy
    case let .modes(names):
      timeline.modes = RunModes(names)
    case let .range(first, last):
      try timeline.setRange(try Self.frames(first, last, of: timeline))
    case .rangeAll:
      try timeline.resetRange()
    case let .then(first, last, plays, direction):
      let frames = try Self.frames(first ?? 0, last ?? timeline.frameCount - 1, of: timeline)
      let loops = try plays.map { (count) throws(TimelineError) in try LoopCount.plays(count) } ?? .infinite
      try timeline.queue(Clip(frames: frames, loops: loops, direction: direction))
    case .thenNone:
      try timeline.queue(nil)
    case let .cue(name, frame):
      try timeline.addCue(name, frame: frame)
    case let .uncue(name):
      timeline.removeCue(name)
    }
    return TickEvents()
  }

  /// `first...last`, or the timeline's error for a range that is empty
  /// (`first > last`, which a `ClosedRange` cannot hold) or, on a static
  /// timeline, for any range.
  static func frames(
    _ first: Int, _ last: Int, of timeline: Timeline
  ) throws(TimelineError) -> ClosedRange<Int> {
    guard !timeline.isStatic else { throw .staticTimeline }
    guard first <= last else {
      throw .rangeOutOfBounds(lower: first, upper: last, count: timeline.frameCount)
    }
    return first...last
  }
}
