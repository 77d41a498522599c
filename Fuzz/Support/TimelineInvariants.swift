import AnimTimeline

/// What the fuzz targets check about a timeline after every command, from
/// its public API only (spec timeline.md, sections 2 to 6).
struct TimelineChecker {
  let durations: [Int64]
  let loopDuration: Int64
  let isStatic: Bool
  /// The frame a static timeline shows: the one with `d > 0`, else 0.
  let staticFrame: Int

  init(durations: [Int64]) {
    self.durations = durations
    loopDuration = durations.reduce(0, +)
    let shown = durations.indices.filter { durations[$0] > 0 }
    isStatic = shown.count <= 1
    staticFrame = shown.first ?? 0
  }

  /// The observable state before a command, to check its events against.
  struct Before {
    var frame: Int
    var slot: Int64
    var completed: Int64
    var state: PlaybackState
    var suspended: Bool
  }

  func snapshot<P>(_ timeline: Timeline<P>) -> Before {
    Before(frame: timeline.currentFrame, slot: timeline.slot, completed: timeline.completedIterations,
      state: timeline.state, suspended: timeline.isSuspended)
  }

  /// The invariants of the state alone.
  func checkState<P>(_ timeline: Timeline<P>, _ context: @autoclosure () -> String) {
    let t = timeline.position
    let end = timeline.totalDuration
    let plays = timeline.loops.plays
    func fail(_ what: String) -> Never {
      fuzzFailure("\(what) [t=\(t) state=\(timeline.state) iteration=\(timeline.iteration) frame=\(timeline.currentFrame) end=\(end.map(String.init) ?? "inf") after \(context())]")
    }
    if timeline.loopDuration != loopDuration { fail("loop duration \(timeline.loopDuration), expected \(loopDuration)") }
    if timeline.isStatic != isStatic { fail("isStatic \(timeline.isStatic)") }
    if let plays {
      if end != plays * loopDuration { fail("end is not plays * L") }
    } else if end != nil {
      fail("infinite loops with an end")
    }
    if t < 0 { fail("position below 0") }
    if let end, t > end { fail("position past the end") }
    let frame = timeline.currentFrame
    if !durations.indices.contains(frame) { fail("frame out of range") }
    if isStatic {
      if t != 0 { fail("a static timeline moved") }
      if timeline.state == .finished { fail("a static timeline finished") }
      if frame != staticFrame || timeline.iteration != 0 || timeline.slot != 0 { fail("static timeline shows frame \(frame)") }
      if timeline.completedIterations != 0 { fail("static completed iterations") }
      return
    }
    if durations[frame] <= 0 { fail("displayed frame has zero duration") }
    let atEnd = end.map { t == $0 } ?? false
    if (timeline.state == .finished) != atEnd { fail("finished ⇔ T == E broken") }
    if timeline.iteration < 0 { fail("negative iteration") }
    if let plays, timeline.iteration >= plays { fail("iteration not below plays") }
    let expectedIteration = atEnd ? plays! - 1 : t / loopDuration
    if timeline.iteration != expectedIteration { fail("iteration, expected \(expectedIteration)") }
    let expectedCompleted = atEnd ? plays! : t / loopDuration
    if timeline.completedIterations != expectedCompleted { fail("completed iterations \(timeline.completedIterations)") }
    // The displayed frame holds the local time (section 4).
    if !atEnd {
      let p = t - timeline.iteration * loopDuration
      var start: Int64 = 0
      for j in 0..<frame { start += durations[j] }
      let stop = start + durations[frame]
      let reversed = timeline.direction.isReversed(iteration: timeline.iteration)
      let q = loopDuration - p
      if reversed ? !(start < q && q <= stop) : !(start <= p && p < stop) {
        fail("frame \(frame) [\(start), \(stop)) does not hold local time \(p) (reversed: \(reversed))")
      }
    }
    guard let location = try? timeline.location(at: t) else { fail("location(at: T) threw") }
    if location.frame != frame || location.slot != timeline.slot || location.iteration != timeline.iteration {
      fail("location(at: T) \(location) differs from the current one")
    }
  }

  /// The events of a command that just ran: in order, and consistent with
  /// the change of state.
  func checkEvents<P>(_ events: TickEvents, isTick: Bool, before: Before, _ timeline: Timeline<P>, _ context: @autoclosure () -> String) {
    func fail(_ what: String) -> Never { fuzzFailure("\(what): \(Array(events)) after \(context())") }
    var lastRank = -1
    for event in events {
      let rank: Int
      switch event {
      case .suspended: rank = 0
      case .resumed: rank = 1
      case let .frameChanged(from, to, slots):
        rank = 2
        if !isTick { fail("frame event from a command") }
        if from != before.frame || to != timeline.currentFrame || from == to { fail("frame event") }
        if slots <= 0 || slots != timeline.slot - before.slot { fail("frame event slots") }
      case let .loopCompleted(completed):
        rank = 3
        if !isTick { fail("loop event from a command") }
        if completed != timeline.completedIterations || completed <= before.completed { fail("loop event") }
      case .finished:
        rank = 4
        if timeline.state != .finished || before.state == .finished { fail("finished event") }
      }
      if rank <= lastRank { fail("events out of order") }
      lastRank = rank
    }
    if isStatic, events.frameChange != nil || events.loopCompleted != nil || events.didFinish { fail("a static timeline moved") }
    if events.didSuspend != (!before.suspended && timeline.isSuspended) { fail("suspended event") }
    if events.didResume != (before.suspended && !timeline.isSuspended) { fail("resumed event") }
    if !isTick, before.suspended != timeline.isSuspended { fail("a command changed the suspension") }
    if isTick {
      if timeline.currentFrame != before.frame, events.frameChange == nil { fail("frame changed without an event") }
      if timeline.completedIterations > before.completed, events.loopCompleted == nil { fail("loop without an event") }
    }
    if timeline.state == .finished, before.state != .finished, !events.didFinish { fail("finished without an event") }
  }
}
