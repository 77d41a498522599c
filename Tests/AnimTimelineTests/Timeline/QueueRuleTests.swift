import Testing
@testable import AnimTimeline

/// One hand-worked example per rule sentence of spec section 8.2 (the
/// queued range). Times are in ns; `ms(x)` is x milliseconds. Every
/// expected value is worked out from the spec in the comments.
@Suite struct QueueRuleTests {
  typealias Engine = RangeRules.Engine

  func ms(_ x: Int64) -> Int64 { RangeRules.ms(x) }
  func make(_ d: [Int64], loops: Int64? = nil, _ configure: (inout TimelineConfiguration) throws -> Void = { _ in }) throws -> Engine {
    try RangeRules.make(d, loops: loops, configure)
  }
  func tick(_ t: inout Engine, _ d: Int64, mode: RunMode = .default) throws -> [TimelineEvent] {
    try RangeRules.tick(&t, d, mode: mode)
  }
  func cue(_ name: String, _ frame: Int, _ count: Int64) -> TimelineEvent { RangeRules.cue(name, frame, count) }

  /// d = 10, 20, 30, 40 ms (b = 0, 10, 30, 60, 100).
  var four: [Int64] { [ms(10), ms(20), ms(30), ms(40)] }

  // MARK: `then`, `then none`

  @Test func thenQueuesARangeWithItsOwnLoopCountAndDirection() throws {
    var t = try make(four)
    #expect(t.queued == nil)
    let clip = Clip(frames: 2...3, loops: try .plays(2), direction: .reverse)
    try t.queue(clip)
    #expect(t.queued == clip)
    let noDirection = Clip(frames: 0...3, loops: .infinite)  // `then all inf`
    try t.queue(noDirection)
    #expect(t.queued == noDirection && t.queued?.direction == nil)
  }

  @Test func aLaterThenReplacesIt() throws {
    var t = try make(four)
    try t.queue(Clip(frames: 0...1, loops: .infinite))
    let second = Clip(frames: 1...2, loops: try .plays(3), direction: .alternate)
    try t.queue(second)
    #expect(t.queued == second)
  }

  @Test func thenNoneClearsIt() throws {
    var t = try make(four)
    try t.queue(Clip(frames: 0...1, loops: .infinite))
    try t.queue(nil)
    #expect(t.queued == nil)
    try t.queue(nil)  // clearing an empty queue is fine
    #expect(t.queued == nil)
  }

  @Test func thenHasNoOtherEffectAndNoEvent() throws {
    var t = try make(four, loops: 2) { $0.rate = try Rate(millionths: 700_000) }
    try t.setRange(1...2)
    t.play()
    _ = try tick(&t, ms(13) + 3)
    var before = Observation(t)
    let clip = Clip(frames: 0...3, loops: try .plays(1), direction: .reverse)
    try t.queue(clip)
    before.queued = .init(clip)
    #expect(Observation(t) == before)
    try t.queue(nil)
    before.queued = nil
    #expect(Observation(t) == before)
    // T = 9.1 ms (frame 1 until 20 ms): a 1 ms tick reports nothing.
    #expect(try tick(&t, ms(1)).isEmpty)
  }

  // MARK: Invalid `then` lines

  @Test func thenInvalidWhenTheTimelineIsStatic() throws {
    var t = try make([ms(10), 0])
    #expect(throws: TimelineError.staticTimeline) { try t.queue(Clip(frames: 0...0, loops: .infinite)) }
    #expect(throws: TimelineError.staticTimeline) { try t.queue(Clip(frames: 0...1, loops: .infinite)) }
    #expect(throws: TimelineError.staticTimeline) { try t.queue(nil) }
    #expect(t.queued == nil)
  }

  @Test func thenInvalidWhenBIsAtOrPastN() throws {
    // (A > B cannot be said: a `Clip`'s frames are a `ClosedRange`.)
    var t = try make(four)
    #expect(throws: TimelineError.rangeOutOfBounds(lower: 1, upper: 4, count: 4)) {
      try t.queue(Clip(frames: 1...4, loops: .infinite))
    }
    #expect(throws: TimelineError.rangeOutOfBounds(lower: -1, upper: 0, count: 4)) {
      try t.queue(Clip(frames: -1...0, loops: .infinite))
    }
    #expect(t.queued == nil)
  }

  @Test func thenInvalidWithoutAFrameOfPositiveDuration() throws {
    var t = try make([ms(10), 0, 0, ms(20)])
    let kept = Clip(frames: 3...3, loops: .infinite)
    try t.queue(kept)
    #expect(throws: TimelineError.rangeNotDisplayed(lower: 1, upper: 2)) {
      try t.queue(Clip(frames: 1...2, loops: .infinite))
    }
    #expect(t.queued == kept)  // an invalid line changes nothing
  }

  @Test func thenInvalidWhenKIsBelowOne() throws {
    // A `Clip` holds a `LoopCount`, which cannot be below 1 play.
    #expect(throws: TimelineError.invalidLoopCount(0)) { try LoopCount.plays(0) }
    #expect(throws: TimelineError.invalidLoopCount(-1)) { try LoopCount.plays(-1) }
  }

  @Test func thenInvalidWhenKTimesTheNewLoopDurationExceedsInt64MaxWhateverTheCurrentLoopCount() throws {
    let k = Int64.max / 7  // Int64.max = 7 * k
    // d = 1, 7 ns; the current loop count is 1, yet the clip's k plays of
    // L' = 8 ns overflow.
    var t = try make([1, 7], loops: 1)
    #expect(throws: TimelineError.loopsTooLong(plays: k, loopDuration: 8)) {
      try t.queue(Clip(frames: 0...1, loops: try .plays(k)))
    }
    #expect(t.queued == nil)
    // k plays of L' = 1 ns fit.
    try t.queue(Clip(frames: 0...0, loops: try .plays(k)))
    // The current loop count (Int64.max plays of 1 ns) does not stop a
    // clip of 8 ns x (Int64.max / 8).
    try t.setRange(0...0)
    try t.setLoops(.plays(.max))
    let fits = Clip(frames: 0...1, loops: try .plays(Int64.max / 8))
    try t.queue(fits)
    #expect(t.queued == fits)
    // d = 1, 6 ns: k plays of 7 ns is exactly Int64.max: valid.
    var exact = try make([1, 6], loops: 1)
    try exact.queue(Clip(frames: 0...1, loops: try .plays(k)))
    #expect(exact.queued != nil)
  }

  // MARK: Only a tick uses the queue

  @Test func onlyATickThatTakesAFiniteTimelineToItsEndUsesTheQueue() throws {
    let clip = Clip(frames: 2...3, loops: .infinite)
    // Infinite loops: no end, the queue waits forever.
    var endless = try make(four) { $0.maxStep = .unlimited }
    try endless.queue(clip)
    endless.play()
    _ = try tick(&endless, ms(1_000_000))
    #expect(endless.range == 0...3 && endless.queued == clip && endless.state == .playing)

    // Finite (E = 100 ms): a paused tick, and a tick short of E, do not switch.
    var t = try make(four, loops: 1)
    try t.queue(clip)
    try t.seek(to: ms(95))
    #expect(try tick(&t, ms(100)).isEmpty)
    t.play()
    _ = try tick(&t, ms(5) - 1)
    #expect(t.range == 0...3 && t.queued == clip && t.position == ms(100) - 1)
    // The tick that reaches E switches (leftover 0: frame 2 of 2...3).
    #expect(try tick(&t, 1) == [.frameChanged(from: 3, to: 2, slots: 1), .loopCompleted(completed: 1), .rangeSwitched(to: 2...3)])
    #expect(t.range == 2...3 && t.queued == nil && t.position == 0)
  }

  @Test func rangeStopPlaySeekSeekFrameAndLoopsNeitherUseNorClearTheQueue() throws {
    let clip = Clip(frames: 2...3, loops: .infinite)
    var t = try make(four, loops: 1)  // E = 100 ms
    try t.queue(clip)
    // A seek to E finishes the timeline; it does not switch.
    #expect(Array(try t.seek(to: ms(100))) == [.finished])
    #expect(t.state == .finished && t.range == 0...3 && t.queued == clip)
    // play restarts the current range, queue still set.
    t.play()
    #expect(t.state == .playing && t.position == 0 && t.range == 0...3 && t.queued == clip)
    t.stop()
    try t.seek(toFrame: 3)
    try t.setRange(0...2)
    #expect(t.queued == clip)
    // loops: range 0...2 (L = 60 ms) x 2, playing at T = 70 ms; loops 1
    // (E = 60 ms): T >= E, so T = E, finished, with no switch.
    try t.setLoops(.plays(2))
    t.play()
    try t.seek(to: ms(70))
    #expect(Array(try t.setLoops(.plays(1))) == [.finished])
    #expect(t.state == .finished && t.position == ms(60) && t.range == 0...2 && t.queued == clip)
    // The queue is still there for the next tick that ends the range.
    t.play()
    _ = try tick(&t, ms(60))
    #expect(t.range == 2...3 && t.queued == nil && t.state == .playing)
  }

  // MARK: The switch

  @Test func noSkipWithAQueueStopsTheTickAtEMinusOne() throws {
    // d = 10, 10, 10 ms; range 0...1, 1 play: E = 20 ms, m = 2.
    var t = try make([ms(10), ms(10), ms(10)], loops: 1) { $0.policy = .noSkip }
    try t.setRange(0...1)
    try t.queue(Clip(frames: 2...2, loops: .infinite))
    t.play()
    // From slot 0, T' = 25 ms >= E counts as slot k*m = 2 > 0 + 1:
    // T' = start(2) - 1 = E - 1.
    #expect(try tick(&t, ms(25)) == [.frameChanged(from: 0, to: 1, slots: 1)])
    #expect(t.position == ms(20) - 1 && t.state == .playing && t.range == 0...1 && t.queued != nil)
    // From slot 1, slot 2 = 1 + 1: no clamp; the tick switches, X = 0.
    #expect(try tick(&t, ms(25)) == [.frameChanged(from: 1, to: 2, slots: 1), .loopCompleted(completed: 1), .rangeSwitched(to: 2...2)])
    #expect(t.position == 0 && t.range == 2...2)

    // Without a queue the slot at min(T', E) is k*m - 1 = 1 = 0 + 1: no
    // clamp, the tick finishes.
    var plain = try make([ms(10), ms(10), ms(10)], loops: 1) { $0.policy = .noSkip }
    try plain.setRange(0...1)
    plain.play()
    #expect(try tick(&plain, ms(25)) == [.frameChanged(from: 0, to: 1, slots: 1), .loopCompleted(completed: 1), .finished])
    #expect(plain.position == ms(20))
  }

  @Test func theSwitchLeftoverUnderSkipIsTPlusAdvanceMinusE() throws {
    // Range 0...1 (L = 30 ms, 1 play: E = 30 ms), then 2...3 (b'' = 0, 30, 70).
    var t = try make(four, loops: 1)
    try t.setRange(0...1)
    try t.queue(Clip(frames: 2...3, loops: .infinite))
    t.play()
    // X = 0 + 45 - 30 = 15 ms: frame 2, slot 0; slots = (1*2 - 1 - 0) + 1 + 0.
    #expect(try tick(&t, ms(45)) == [.frameChanged(from: 0, to: 2, slots: 2), .loopCompleted(completed: 1), .rangeSwitched(to: 2...3)])
    #expect(t.position == ms(15) && t.state == .playing && t.location == TimelineLocation(frame: 2, slot: 0, iteration: 0))

    // At rate 1.5 the advance of a 30 ms tick is 45 ms: the same leftover.
    var fast = try make(four, loops: 1) { $0.rate = try Rate(millionths: 1_500_000) }
    try fast.setRange(0...1)
    try fast.queue(Clip(frames: 2...3, loops: .infinite))
    fast.play()
    _ = try tick(&fast, ms(30))
    #expect(fast.position == ms(15) && fast.range == 2...3 && fast.state == .playing)
  }

  @Test func theSwitchLeftoverIsComputedExactlyNotSaturatedFirst() throws {
    // d = 1, 1 ns, 1 play: E = 2. Rate 2, a 2^62 ns tick: adv = 2^63, one
    // more than Int64.max. X = 2^63 - 2 = Int64.max - 1 (saturating T + adv
    // first would give Int64.max - 2).
    var t = try make([1, 1], loops: 1) {
      $0.rate = try Rate(millionths: 2_000_000)
      $0.maxStep = .unlimited
    }
    try t.queue(Clip(frames: 0...1, loops: .infinite))
    t.play()
    let events = try tick(&t, 1 << 62)
    #expect(t.position == Int64.max - 1)
    // i = (2^63 - 2) / 2 = 2^62 - 1, p = 0: frame 0, as before the tick.
    #expect(t.location == TimelineLocation(frame: 0, slot: Int64.max - 1, iteration: (1 << 62) - 1))
    #expect(events == [.loopCompleted(completed: 1), .rangeSwitched(to: 0...1), .loopCompleted(completed: (1 << 62) - 1)])

    // Infinite new loops: T = min(X, Int64.max).
    var huge = try make([1, 1], loops: 1) {
      $0.rate = try Rate(millionths: .max)
      $0.maxStep = .unlimited
    }
    try huge.queue(Clip(frames: 0...1, loops: .infinite))
    huge.play()
    _ = try tick(&huge, .max)
    #expect(huge.position == .max && huge.state == .playing)
    // A finite clip: X >= E_new = 3 * 2 ns, finished there.
    var done = try make([1, 1], loops: 1) {
      $0.rate = try Rate(millionths: .max)
      $0.maxStep = .unlimited
    }
    try done.queue(Clip(frames: 0...1, loops: try .plays(3)))
    done.play()
    _ = try tick(&done, .max)
    #expect(done.position == 6 && done.state == .finished)
  }

  @Test func theSwitchUnderNoSkipStartsTheNewRangeAtZero() throws {
    // Range 0...1 of 10, 10, 10 ms (E = 20 ms); from slot 1 (T = 15 ms) a
    // 100 ms tick reaches slot k*m = 2 = 1 + 1: it switches, and X = 0.
    var t = try make([ms(10), ms(10), ms(10)], loops: 1) { $0.policy = .noSkip }
    try t.setRange(0...1)
    try t.queue(Clip(frames: 2...2, loops: .infinite))
    try t.seek(to: ms(15))
    t.play()
    #expect(try tick(&t, ms(100)) == [.frameChanged(from: 1, to: 2, slots: 1), .loopCompleted(completed: 1), .rangeSwitched(to: 2...2)])
    #expect(t.position == 0 && t.state == .playing && t.location == TimelineLocation(frame: 2, slot: 0, iteration: 0))
  }

  @Test func theSwitchAdoptsTheQueuedRangeLoopCountAndNamedDirectionAndEmptiesTheQueue() throws {
    var t = try make(four, loops: 1)
    try t.setRange(0...1)  // E = 30 ms
    try t.queue(Clip(frames: 2...3, loops: try .plays(2), direction: .reverse))
    t.play()
    // X = 0; reversed, q = 70 ms: frame 3 shows first. slots = (2 - 1 - 0) + 1 + 0.
    #expect(try tick(&t, ms(30)) == [.frameChanged(from: 0, to: 3, slots: 2), .loopCompleted(completed: 1), .rangeSwitched(to: 2...3)])
    let two = try LoopCount.plays(2)
    let one = try LoopCount.plays(1)
    #expect(t.range == 2...3 && t.loops == two && t.direction == .reverse && t.queued == nil)
    #expect(t.totalDuration == ms(140) && t.currentFrame == 3)
    // A clip without a direction keeps the timeline's (reverse): range
    // 0...1 reversed shows frame 1 first. slots = (2*2 - 1 - 0) + 1 + 0.
    try t.queue(Clip(frames: 0...1, loops: one))
    #expect(try tick(&t, ms(140)) == [.frameChanged(from: 3, to: 1, slots: 4), .loopCompleted(completed: 2), .rangeSwitched(to: 0...1)])
    #expect(t.direction == .reverse && t.loops == one && t.range == 0...1 && t.currentFrame == 1)
  }

  @Test func theSwitchKeepsTheCarry() throws {
    // d = 10, 10 ns, 1 play (E = 20); rate 0.5: a 41 ns tick advances 20 ns
    // and leaves carry 500_000; it switches with X = 0.
    var t = try make([10, 10], loops: 1) { $0.rate = try Rate(millionths: 500_000) }
    try t.queue(Clip(frames: 0...1, loops: .infinite))
    t.play()
    #expect(try tick(&t, 41) == [.loopCompleted(completed: 1), .rangeSwitched(to: 0...1)])
    #expect(t.position == 0 && t.core.carry == 500_000)
    // Kept: 1 ns * 0.5 + 0.5 = 1 ns.
    _ = try tick(&t, 1)
    #expect(t.position == 1)
  }

  @Test func whenTheNewLoopCountIsFiniteAndXReachesENewTheTimelineFinishesThere() throws {
    // Range 0...1 (E = 30 ms), then 2...2 x 2 (L'' = 30, E'' = 60 ms).
    for (d, x) in [(ms(100), ms(70)), (ms(90), ms(60))] {
      var t = try make(four, loops: 1)
      try t.setRange(0...1)
      try t.queue(Clip(frames: 2...2, loops: try .plays(2)))
      t.play()
      // X = d - 30 ms >= 60 ms: T = E'' (iteration 1, slot 2*1 - 1);
      // slots = (2 - 1 - 0) + 1 + 1 = 3.
      #expect(x >= ms(60))
      #expect(try tick(&t, d) == [
        .frameChanged(from: 0, to: 2, slots: 3), .loopCompleted(completed: 1), .rangeSwitched(to: 2...2),
        .loopCompleted(completed: 2), .finished,
      ])
      #expect(t.position == ms(60) && t.state == .finished && t.location == TimelineLocation(frame: 2, slot: 1, iteration: 1))
      // One switch at most: the rest is dropped, and the queue is empty.
      #expect(t.queued == nil)
      #expect(try tick(&t, ms(10)).isEmpty && t.position == ms(60))
    }
  }

  @Test func theEventsOfASwitchingTickComeInOrderWithSlotsAcrossBothRanges() throws {
    // Range 0...1: b' = 0, 10, 30, L = 30, m = 2, 2 plays: E = 60 ms.
    // Then 2...3 x 3: b'' = 0, 30, 70, L'' = 70, E'' = 210 ms.
    var t = try make(four, loops: 2)
    try t.setRange(0...1)
    try t.addCue("x", frame: 1)
    try t.addCue("a", frame: 0)
    try t.addCue("w", frame: 2)
    try t.addCue("y", frame: 3)
    try t.seek(to: ms(5))  // slot s0 = 0, frame 0
    t.play()
    try t.queue(Clip(frames: 2...3, loops: try .plays(3)))
    #expect(try tick(&t, 1, mode: "other") == [.suspended])
    // 5 + 205 - 60: X = 150 ms: i = 2, p = 10: frame 2, slot s1 = 4.
    // Old slots reached (5 < start < 60): 10 (f1), 30 (f0), 40 (f1).
    // New slots reached (0 <= start <= 150): 0, 70, 140 (f2), 30, 100 (f3).
    // slots = (2*2 - 1 - 0) + 1 + 4 = 8; the new range completed 150 / 70 = 2.
    #expect(try tick(&t, ms(205)) == [
      .resumed, .frameChanged(from: 0, to: 2, slots: 8),
      cue("x", 1, 2), cue("a", 0, 1), cue("w", 2, 3), cue("y", 3, 2),
      .loopCompleted(completed: 2), .rangeSwitched(to: 2...3), .loopCompleted(completed: 2),
    ])
    #expect(t.position == ms(150) && t.state == .playing && t.location == TimelineLocation(frame: 2, slot: 4, iteration: 2))
  }

  @Test func aSwitchingTickEmitsFrameOnlyWhenTheFrameIndexDiffers() throws {
    // 10, 10 ms, 1 play, then all frames again: from T = 0 (frame 0) a
    // 20 ms tick switches with X = 0, frame 0 again: no frame event.
    var t = try make([ms(10), ms(10)], loops: 1)
    try t.queue(Clip(frames: 0...1, loops: .infinite))
    t.play()
    #expect(try tick(&t, ms(20)) == [.loopCompleted(completed: 1), .rangeSwitched(to: 0...1)])
    #expect(t.location == TimelineLocation(frame: 0, slot: 0, iteration: 0))
  }

  @Test func theSlotsOfASwitchingTickSaturateAtInt64Max() throws {
    // d = 1, 1 ns; range 0...0 (L = 1, E = 1), then 1...1 forever. A huge
    // advance: T = Int64.max, s1 = Int64.max; slots = (1 - 1 - 0) + 1 + s1
    // saturates.
    var t = try make([1, 1], loops: 1) {
      $0.rate = try Rate(millionths: .max)
      $0.maxStep = .unlimited
    }
    try t.setRange(0...0)
    try t.queue(Clip(frames: 1...1, loops: .infinite))
    t.play()
    #expect(try tick(&t, .max) == [
      .frameChanged(from: 0, to: 1, slots: .max), .loopCompleted(completed: 1), .rangeSwitched(to: 1...1),
      .loopCompleted(completed: .max),
    ])
    #expect(t.location == TimelineLocation(frame: 1, slot: .max, iteration: .max))
  }
}
