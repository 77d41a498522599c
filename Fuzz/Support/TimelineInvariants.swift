import AnimTimeline
import TimelineScript

/// What the fuzz targets check about a timeline after every command, from
/// its public API only (spec timeline.md, sections 2 to 6, 8 and 9).
///
/// Section 8: the loop duration, the end, slots and the displayed frame
/// refer to the current range (`timeline.range`); static stays a property
/// of the provider.
///
/// Section 9: a negative rate moves backward; a timeline finishes at the
/// end in the direction of motion (`E` forward, 0 backward) and `rate` and
/// `reverse` do not re-evaluate it, so a finished timeline is at `E` or at
/// 0. Until the rate has ever been negative (``noteRate(_:)``), the
/// section 5 rule finished ⇔ `T == E` still holds exactly.
struct TimelineChecker {
  let durations: [Int64]
  let isStatic: Bool
  /// The frame a static timeline shows: the one with `d > 0`, else 0.
  let staticFrame: Int
  /// Whether the rate has been negative since the timeline was made.
  private(set) var everBackward = false

  /// Records the rate in force after a command (call it after each one).
  mutating func noteRate(_ rate: Rate) {
    if rate.isBackward { everBackward = true }
  }

  init(durations: [Int64]) {
    self.durations = durations
    let shown = durations.indices.filter { durations[$0] > 0 }
    isStatic = shown.count <= 1
    staticFrame = shown.first ?? 0
  }

  /// `L` of frames `range` (the provider's total fits in `Int64`).
  func loopDuration(of range: ClosedRange<Int>) -> Int64 { durations[range].reduce(0, +) }

  /// `m` of frames `range`.
  func shownCount(of range: ClosedRange<Int>) -> Int64 { Int64(durations[range].filter { $0 > 0 }.count) }

  /// Whether `range` is one a `range` or `then` line may set: inside the
  /// provider, with a frame of `d > 0`.
  func isValidRange(_ range: ClosedRange<Int>) -> Bool {
    range.lowerBound >= 0 && range.upperBound < durations.count && durations[range].contains { $0 > 0 }
  }

  /// The observable state before a command, to check its events against.
  struct Before {
    var frame: Int
    var slot: Int64
    var completed: Int64
    var state: PlaybackState
    var suspended: Bool
    var position: Int64
    var range: ClosedRange<Int>
    var loops: LoopCount
    var direction: PlaybackDirection
    /// `m` of the range.
    var shown: Int64
    var queued: Clip?
    var cues: [(name: String, frame: Int)]
    /// The rate in millionths (section 9: negative moves backward).
    var rate: Int64
    /// The end `E`, `nil` for infinite loops.
    var end: Int64?
  }

  func snapshot(_ timeline: Timeline) -> Before {
    Before(frame: timeline.currentFrame, slot: timeline.slot, completed: timeline.completedIterations,
      state: timeline.state, suspended: timeline.isSuspended, position: timeline.position,
      range: timeline.range, loops: timeline.loops, direction: timeline.direction,
      shown: shownCount(of: timeline.range), queued: timeline.queued, cues: timeline.cues,
      rate: timeline.rate.millionths, end: timeline.totalDuration)
  }

  /// The invariants of the state alone.
  func checkState(_ timeline: Timeline, _ context: @autoclosure () -> String) {
    let t = timeline.position
    let end = timeline.totalDuration
    let plays = timeline.loops.plays
    let range = timeline.range
    func fail(_ what: String) -> Never {
      fuzzFailure("\(what) [t=\(t) state=\(timeline.state) iteration=\(timeline.iteration) frame=\(timeline.currentFrame) range=\(range) end=\(end.map(String.init) ?? "inf") after \(context())]")
    }
    if range.lowerBound < 0 || range.upperBound >= durations.count { fail("range outside the provider") }
    let loopDuration = loopDuration(of: range)
    if timeline.loopDuration != loopDuration { fail("loop duration \(timeline.loopDuration), expected \(loopDuration)") }
    if timeline.isStatic != isStatic { fail("isStatic \(timeline.isStatic)") }
    if let plays {
      if plays < 1 { fail("loop count \(plays)") }
      if end != plays * loopDuration { fail("end is not plays * L") }
    } else if end != nil {
      fail("infinite loops with an end")
    }
    if t < 0 { fail("position below 0") }
    if let end, t > end { fail("position past the end") }
    checkCues(timeline.cues, fail)
    let frame = timeline.currentFrame
    if !durations.indices.contains(frame) { fail("frame out of range") }
    if isStatic {
      // Section 8.1: a static timeline has no ranges and no queue.
      if range != 0...(durations.count - 1) { fail("a static timeline has range \(range)") }
      if timeline.queued != nil { fail("a static timeline has a queue") }
      if t != 0 { fail("a static timeline moved") }
      if timeline.state == .finished { fail("a static timeline finished") }
      if frame != staticFrame || timeline.iteration != 0 || timeline.slot != 0 { fail("static timeline shows frame \(frame)") }
      if timeline.completedIterations != 0 { fail("static completed iterations") }
      return
    }
    if !isValidRange(range) { fail("range without a displayed frame") }
    if let clip = timeline.queued {
      if !isValidRange(clip.frames) { fail("queued \(clip.frames) is not a valid range") }
      if let k = clip.loops.plays {
        let (total, overflow) = k.multipliedReportingOverflow(by: self.loopDuration(of: clip.frames))
        if k < 1 || overflow || total < 0 { fail("queued loop count \(k)") }
      }
    }
    if !range.contains(frame) { fail("frame outside the range") }
    if durations[frame] <= 0 { fail("displayed frame has zero duration") }
    let atEnd = end.map { t == $0 } ?? false
    if everBackward {
      // Section 9.3: finished at the end it reached, E or 0.
      if timeline.state == .finished, !atEnd, t != 0 { fail("finished at neither E nor 0") }
    } else if (timeline.state == .finished) != atEnd {
      fail("finished ⇔ T == E broken")
    }
    if timeline.iteration < 0 { fail("negative iteration") }
    if let plays, timeline.iteration >= plays { fail("iteration not below plays") }
    let expectedIteration = atEnd ? plays! - 1 : t / loopDuration
    if timeline.iteration != expectedIteration { fail("iteration, expected \(expectedIteration)") }
    let expectedCompleted = atEnd ? plays! : t / loopDuration
    if timeline.completedIterations != expectedCompleted { fail("completed iterations \(timeline.completedIterations)") }
    let m = shownCount(of: range)
    if timeline.slot < 0 { fail("negative slot") }
    if let plays, atEnd, Int128(timeline.slot) != Int128(plays) * Int128(m) - 1 { fail("slot at the end") }
    // The displayed frame holds the local time (section 4), in the range.
    if !atEnd {
      let p = t - timeline.iteration * loopDuration
      let start = durations[range.lowerBound..<frame].reduce(0, +)
      let stop = start + durations[frame]
      let reversed = timeline.direction.isReversed(iteration: timeline.iteration)
      let q = loopDuration - p
      if reversed ? !(start < q && q <= stop) : !(start <= p && p < stop) {
        fail("frame \(frame) [\(start), \(stop)) does not hold local time \(p) (reversed: \(reversed))")
      }
      // Its place in the iteration's display order.
      let place = Int64(durations[range.lowerBound..<frame].filter { $0 > 0 }.count)
      let r = reversed ? m - 1 - place : place
      if Int128(timeline.slot) != Int128(timeline.iteration) * Int128(m) + Int128(r) { fail("slot \(timeline.slot)") }
    }
    guard let location = try? timeline.location(at: t) else { fail("location(at: T) threw") }
    if location.frame != frame || location.slot != timeline.slot || location.iteration != timeline.iteration {
      fail("location(at: T) \(location) differs from the current one")
    }
  }

  /// The cue table: valid frames, ordered by frame, then by name bytes, no
  /// pair twice, no empty name.
  private func checkCues(_ cues: [(name: String, frame: Int)], _ fail: (String) -> Never) {
    for (index, cue) in cues.enumerated() {
      if cue.name.isEmpty { fail("empty cue name") }
      if !durations.indices.contains(cue.frame) || durations[cue.frame] <= 0 { fail("cue on frame \(cue.frame)") }
      if index > 0 {
        let previous = cues[index - 1]
        if previous.frame > cue.frame
          || (previous.frame == cue.frame && !previous.name.utf8.lexicographicallyPrecedes(cue.name.utf8)) {
          fail("cues out of order: \(cues)")
        }
      }
    }
  }

  /// The events of `command`, which just ran and returned `tickEvents`: in
  /// order, and consistent with the change of state; section 8's range
  /// switch and cue hits included. Call it before the next command (the
  /// cue hits are read from the timeline as the command left it).
  func checkEvents(
    _ tickEvents: TickEvents, command: ScriptCommand, before: Before, _ timeline: Timeline,
    _ context: @autoclosure () -> String
  ) {
    let all = Array(timeline.events(in: tickEvents))
    func fail(_ what: String) -> Never { fuzzFailure("\(what): \(all) after \(context())") }
    var isTick = false
    if case .tick = command { isTick = true }
    // A tick's direction of motion: ticks do not change the rate.
    let backward = before.rate < 0

    // The cue-free view and the cue hits agree with the merged list.
    let withoutCues = all.filter { if case .cue = $0 { false } else { true } }
    if Array(tickEvents) != withoutCues { fail("TickEvents iterates \(Array(tickEvents))") }
    let hits = all.compactMap { if case let .cue(hit) = $0 { hit } else { nil } }
    if tickEvents.reachedCue != !hits.isEmpty { fail("reachedCue \(tickEvents.reachedCue)") }
    if Array(timeline.cueHits(in: tickEvents)) != hits { fail("cueHits(in:)") }
    if tickEvents.count != withoutCues.count { fail("count \(tickEvents.count)") }
    if tickEvents.isEmpty != all.isEmpty { fail("isEmpty") }

    // The spec's order: suspended, resumed, frame, cues, loop, range, the
    // new range's loop, finished.
    let switched = tickEvents.rangeSwitch
    var lastRank = -1
    var loops: [Int64] = []
    for event in all {
      let rank: Int
      switch event {
      case .suspended: rank = 0
      case .resumed: rank = 1
      case let .frameChanged(from, to, slots):
        rank = 2
        if !isTick { fail("frame event from a command") }
        if from != before.frame || to != timeline.currentFrame || from == to { fail("frame event") }
        // Section 9.2: negative moving backward.
        if backward ? slots >= 0 : slots <= 0 { fail("frame event slots") }
        if switched == nil, slots != timeline.slot - before.slot { fail("frame event slots") }
      case .cue:
        rank = 3
        if !isTick { fail("cue event from a command") }
      case let .loopCompleted(completed):
        rank = lastRank >= 5 ? 6 : 4
        if !isTick { fail("loop event from a command") }
        loops.append(completed)
      case let .rangeSwitched(frames):
        rank = 5
        if !isTick { fail("range event from a command") }
        if frames != timeline.range { fail("range event \(frames), range \(timeline.range)") }
      case .finished:
        rank = 7
        if timeline.state != .finished || before.state == .finished { fail("finished event") }
        // Section 9.2 step 5 / 6.5: a tick finishes at the end in the
        // direction of motion.
        if isTick, backward ? timeline.position != 0 : timeline.position != timeline.totalDuration {
          fail("a tick finished at \(timeline.position)")
        }
      }
      if rank < lastRank || (rank == lastRank && rank != 3) { fail("events out of order") }
      lastRank = rank
    }
    if isStatic, tickEvents.frameChange != nil || tickEvents.loopCompleted != nil || tickEvents.didFinish
      || switched != nil || !hits.isEmpty {
      fail("a static timeline moved")
    }
    if tickEvents.didSuspend != (!before.suspended && timeline.isSuspended) { fail("suspended event") }
    if tickEvents.didResume != (before.suspended && !timeline.isSuspended) { fail("resumed event") }
    if !isTick, before.suspended != timeline.isSuspended { fail("a command changed the suspension") }
    if timeline.state == .finished, before.state != .finished, !tickEvents.didFinish { fail("finished without an event") }

    // The slots the tick reached (section 8.3): s1 - s0, or across a
    // switch (k*m - 1 - s0) + 1 + s1; none for a command.
    var reached: Int128 = 0
    if let switched {
      // Section 8.2: the queued clip took over.
      guard let clip = before.queued, let k = before.loops.plays else { fail("a switch without a queue, or infinite") }
      if before.state != .playing { fail("a switch while \(before.state)") }
      if backward { fail("a backward tick switched (section 9.2)") }
      if switched != clip.frames || timeline.range != clip.frames { fail("switched to \(switched), queued \(clip.frames)") }
      if timeline.queued != nil { fail("the queue survived a switch") }
      if timeline.loops != clip.loops { fail("loops \(timeline.loops) after a switch to \(clip)") }
      if timeline.direction != (clip.direction ?? before.direction) { fail("direction \(timeline.direction) after a switch") }
      if timeline.state != .playing, timeline.state != .finished { fail("state \(timeline.state) after a switch") }
      reached = Int128(k) * Int128(before.shown) - 1 - Int128(before.slot) + 1 + Int128(timeline.slot)
      if let change = tickEvents.frameChange, Int128(change.slots) != min(reached, Int128(Int64.max)) {
        fail("switch frame slots, expected \(reached)")
      }
      if loops.first != k { fail("a switch's first loop event is not \(k)") }
      let completed = timeline.completedIterations
      if completed > 0 ? loops.count != 2 || loops[1] != completed : loops.count != 1 {
        fail("a switch's loop events \(loops), completed \(completed)")
      }
      if timeline.currentFrame != before.frame, tickEvents.frameChange == nil { fail("frame changed without an event") }
    } else {
      if loops.count > 1 { fail("two loop events without a switch") }
      if command != .rangeAll, !isRange(command) {
        if timeline.range != before.range { fail("range changed to \(timeline.range)") }
      }
      if !isThen(command), timeline.queued != before.queued { fail("queue changed") }
      if isTick {
        if timeline.loops != before.loops || timeline.direction != before.direction { fail("a tick changed the configuration") }
        if timeline.currentFrame != before.frame, tickEvents.frameChange == nil { fail("frame changed without an event") }
        // Section 9.2: a loop event whenever completed changed (it falls
        // moving backward), with the value after the tick.
        if (timeline.completedIterations != before.completed) != (tickEvents.loopCompleted != nil) {
          fail("completed \(before.completed) -> \(timeline.completedIterations), loop event \(String(describing: tickEvents.loopCompleted))")
        }
        if let completed = tickEvents.loopCompleted, completed != timeline.completedIterations { fail("loop event value") }
        if backward {
          // Moving backward: T falls, and the tick reaches the slots it
          // enters going down, s1 ..< s0.
          if timeline.position > before.position { fail("a backward tick moved forward") }
          if timeline.state == .playing, timeline.position == 0, before.position != 0 { fail("at 0 moving backward, not finished") }
          reached = Int128(before.slot) - Int128(timeline.slot)
          if reached < 0 { fail("a backward tick moved the slot forward") }
        } else {
          if timeline.position < before.position { fail("a tick moved back") }
          reached = Int128(timeline.slot) - Int128(before.slot)
          if reached < 0 { fail("a tick moved the slot back") }
        }
      }
    }
    checkCueHits(hits, reached: reached, switched: switched != nil, before: before, timeline, fail)
    checkCommand(command, before: before, timeline, fail)
    checkStateChange(command, before: before, timeline, finishedEvent: tickEvents.didFinish, fail)
  }

  /// What `rate`, `reverse`, `play`, `seek`, `seek-frame` and `loops` do to
  /// the state and the position (sections 5 and 9.3), with a rate of
  /// either sign.
  private func checkStateChange(
    _ command: ScriptCommand, before: Before, _ timeline: Timeline, finishedEvent: Bool, _ fail: (String) -> Never
  ) {
    let t = timeline.position
    let state = timeline.state
    let backward = timeline.rate.isBackward
    /// Section 9.1: the end in the direction of motion.
    func isEndInDirection(_ position: Int64) -> Bool {
      if isStatic { return false }
      return backward ? position == 0 : position == timeline.totalDuration
    }
    switch command {
    case let .rate(r):
      // Section 9.3: `rate` and `reverse` never change the state or T.
      if timeline.rate.millionths != r { fail("rate \(timeline.rate) after rate \(r)") }
      unchanged()
    case .reverse:
      if timeline.rate.millionths != 0 - before.rate { fail("rate \(timeline.rate) after reverse of \(before.rate)") }
      unchanged()
    case .play:
      if state != .playing { fail("play left \(state)") }
      let expected: Int64
      if isStatic || before.state == .playing {
        expected = before.position  // play while playing changes nothing
      } else if backward, before.position == 0, let end = before.end {
        expected = end  // playing back from the end
      } else if !backward, before.state == .finished {
        expected = 0
      } else {
        expected = before.position
      }
      if t != expected { fail("play moved \(before.position) to \(t), expected \(expected)") }
    case let .seek(time):
      let expected = isStatic ? 0 : min(time, before.end ?? .max)
      if t != expected { fail("seek \(time) went to \(t)") }
      seekState()
    case .seekFrame:
      seekState()
    case let .loops(k):
      if before.state == .stopped {
        if t != 0 || state != .stopped { fail("loops moved a stopped timeline") }
        return
      }
      if isStatic { return }
      let end: Int64? = k.map { $0 * loopDuration(of: timeline.range) }
      let clamped = end.map { min(before.position, $0) } ?? before.position
      if t != clamped { fail("loops \(String(describing: k)) left t = \(t), expected \(clamped)") }
      switch before.state {
      case .playing, .paused:
        // Section 9.3: only a rate >= 0 finishes there.
        let finishes = !backward && end.map { before.position >= $0 } == true
        let expected: PlaybackState = finishes ? .finished : before.state
        if state != expected || finishedEvent != finishes { fail("loops made \(state) of \(before.state)") }
      case .finished:
        let expected: PlaybackState = isEndInDirection(t) ? .finished : .paused
        if state != expected || finishedEvent { fail("loops made \(state) of finished at \(t)") }
      case .stopped:
        break
      }
    default:
      break
    }

    func unchanged() {
      if t != before.position || state != before.state || timeline.currentFrame != before.frame || timeline.slot != before.slot {
        fail("\(command) changed the playback")
      }
    }
    /// Section 9.3: `seek` and `seek-frame` finish exactly at the end in
    /// the direction of motion (with an event if not finished before);
    /// otherwise stopped and finished become paused.
    func seekState() {
      if isEndInDirection(t) {
        if state != .finished || finishedEvent != (before.state != .finished) { fail("seek to the end: \(state)") }
      } else {
        let expected: PlaybackState = before.state == .stopped || before.state == .finished ? .paused : before.state
        if state != expected || finishedEvent { fail("seek made \(state) of \(before.state)") }
      }
    }
  }

  private func isRange(_ command: ScriptCommand) -> Bool {
    if case .range = command { return true }
    return false
  }

  private func isThen(_ command: ScriptCommand) -> Bool {
    switch command {
    case .then, .thenNone: return true
    default: return false
    }
  }

  /// Section 8.3: each hit names a cue of the table, at most once, with a
  /// positive count; hits of one frame are together, by name bytes; the
  /// counts of distinct frames add up to at most the reached slots; every
  /// cue on the frame the tick put on screen is hit; one reached slot hits
  /// exactly the cues of the current frame, once; `2m - 1` reached slots
  /// (no switch) hit every cue on the range.
  private func checkCueHits(
    _ hits: [CueHit], reached: Int128, switched: Bool, before: Before, _ timeline: Timeline, _ fail: (String) -> Never
  ) {
    let cues = timeline.cues
    func same(_ a: String, _ b: String) -> Bool { a.utf8.elementsEqual(b.utf8) }
    var total: Int128 = 0
    var seenFrames: [Int] = []
    for (index, hit) in hits.enumerated() {
      if hit.count <= 0 { fail("cue hit count \(hit.count)") }
      if !cues.contains(where: { same($0.name, hit.name) && $0.frame == hit.frame }) { fail("hit of no cue: \(hit)") }
      if index > 0, hits[index - 1].frame == hit.frame {
        if !hits[index - 1].name.utf8.lexicographicallyPrecedes(hit.name.utf8) { fail("hits of frame \(hit.frame) out of order") }
        if hits[index - 1].count != hit.count { fail("hits of frame \(hit.frame) with different counts") }
      } else {
        if seenFrames.contains(hit.frame) { fail("hits of frame \(hit.frame) apart") }
        seenFrames.append(hit.frame)
        total += Int128(hit.count)
      }
      if !switched, !timeline.range.contains(hit.frame) { fail("hit outside the range") }
    }
    if total > reached { fail("hits count \(total) slots, the tick reached \(reached)") }
    if reached == 0 {
      if !hits.isEmpty { fail("hits without a reached slot") }
      return
    }
    let onScreen = cues.filter { $0.frame == timeline.currentFrame }
    for cue in onScreen where !hits.contains(where: { same($0.name, cue.name) && $0.frame == cue.frame }) {
      fail("cue \(cue) on the displayed frame not hit")
    }
    if reached == 1 {
      if hits.count != onScreen.count || hits.contains(where: { $0.count != 1 }) { fail("one reached slot") }
    }
    if !switched, reached >= 2 * Int128(shownCount(of: timeline.range)) - 1 {
      for cue in cues where timeline.range.contains(cue.frame)
        && !hits.contains(where: { same($0.name, cue.name) && $0.frame == cue.frame }) {
        fail("cue \(cue) not hit although the tick went round")
      }
    }
  }

  /// What section 8's commands do, beyond their events.
  private func checkCommand(_ command: ScriptCommand, before: Before, _ timeline: Timeline, _ fail: (String) -> Never) {
    func unchangedPlayback() {
      if timeline.position != before.position || timeline.state != before.state || timeline.range != before.range
        || timeline.currentFrame != before.frame {
        fail("\(command) changed the playback")
      }
    }
    switch command {
    case let .range(a, b):
      rangeSet(a...b)
    case .rangeAll:
      rangeSet(0...(durations.count - 1))
    case let .then(a, b, k, direction):
      unchangedPlayback()
      let clip = Clip(frames: (a ?? 0)...(b ?? durations.count - 1), loops: k.map { try! LoopCount.plays($0) } ?? .infinite,
        direction: direction)
      if timeline.queued != clip { fail("queued \(String(describing: timeline.queued)), expected \(clip)") }
    case .thenNone:
      unchangedPlayback()
      if timeline.queued != nil { fail("then none left a queue") }
    case let .cue(name, frame):
      unchangedPlayback()
      var expected = before.cues
      if !expected.contains(where: { $0.name.utf8.elementsEqual(name.utf8) && $0.frame == frame }) {
        expected.append((name, frame))
      }
      if !sameCues(timeline.cues, expected) { fail("cues \(timeline.cues) after \(command), before \(before.cues)") }
    case let .uncue(name):
      unchangedPlayback()
      let expected = before.cues.filter { !$0.name.utf8.elementsEqual(name.utf8) }
      if !sameCues(timeline.cues, expected) { fail("cues \(timeline.cues) after \(command), before \(before.cues)") }
    default:
      if !sameCues(timeline.cues, before.cues) { fail("\(command) changed the cues") }
    }

    func rangeSet(_ frames: ClosedRange<Int>) {
      if timeline.range != frames { fail("range \(timeline.range) after \(command)") }
      // Section 9.3: moving backward, finite, playing or paused: the new E.
      let entersAtEnd = before.rate < 0 && (before.state == .playing || before.state == .paused)
      let expected = entersAtEnd ? timeline.totalDuration ?? 0 : 0
      if timeline.position != expected { fail("range left t = \(timeline.position), expected \(expected)") }
      let state: PlaybackState = before.state == .finished ? .stopped : before.state
      if timeline.state != state { fail("range made \(timeline.state) of \(before.state)") }
      if timeline.loops != before.loops || timeline.direction != before.direction { fail("range changed the configuration") }
    }
  }

  /// The same cue pairs (by name bytes), in any order.
  private func sameCues(_ a: [(name: String, frame: Int)], _ b: [(name: String, frame: Int)]) -> Bool {
    func key(_ cue: (name: String, frame: Int)) -> [UInt8] { Array(cue.name.utf8) + [0xFF] + withUnsafeBytes(of: cue.frame) { Array($0) } }
    return a.count == b.count && Set(a.map(key)) == Set(b.map(key))
  }
}
