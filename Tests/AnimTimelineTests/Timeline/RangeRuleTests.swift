import Testing
@testable import AnimTimeline

/// One hand-worked example per rule sentence of spec section 8.1 (the
/// range). Times are in ns; `ms(x)` is x milliseconds. Every expected value
/// is worked out from the spec in the comments, not read off the engine.
@Suite struct RangeRuleTests {
  typealias Engine = RangeRules.Engine

  func ms(_ x: Int64) -> Int64 { RangeRules.ms(x) }
  func make(_ d: [Int64], loops: Int64? = nil, _ configure: (inout TimelineConfiguration) throws -> Void = { _ in }) throws -> Engine {
    try RangeRules.make(d, loops: loops, configure)
  }
  func tick(_ t: inout Engine, _ d: Int64) throws -> [TimelineEvent] { try RangeRules.tick(&t, d) }

  // MARK: The range and what it redefines

  @Test func initiallyTheRangeIsAllFrames() throws {
    #expect(try make([ms(10), ms(20), ms(30), ms(40), ms(50)]).range == 0...4)
    #expect(try make([ms(10), 0, ms(30), 0]).range == 0...3)
    // A static provider's initial range is all its frames too.
    #expect(try make([0, ms(10), 0]).range == 0...2)
  }

  @Test func sectionsTwoToSevenApplyToTheRangeAsIfTheProviderHadOnlyItsFrames() throws {
    // d = 10, 20, 30, 40, 50 ms; range 1...3: d' = 20, 30, 40, b' = 0, 20, 50, 90,
    // L' = 90 ms, m' = 3; 2 loops: E = 180 ms.
    var t = try make([ms(10), ms(20), ms(30), ms(40), ms(50)], loops: 2)
    try t.setRange(1...3)
    #expect(t.loopDuration == ms(90))
    #expect(t.totalDuration == ms(180))
    // Forward: p = 25 ms is in [20, 50): x = 1, frame 2, slot 1.
    #expect(try t.location(at: ms(25)) == TimelineLocation(frame: 2, slot: 1, iteration: 0))
    // T = 100 ms: i = 1, p = 10 ms: x = 0, frame 1, slot 1 * 3 + 0.
    #expect(try t.location(at: ms(100)) == TimelineLocation(frame: 1, slot: 3, iteration: 1))
    // T = E: iteration k - 1 = 1, the last frame of the range, slot k*m - 1 = 5.
    #expect(try t.location(at: ms(180)) == TimelineLocation(frame: 3, slot: 5, iteration: 1))
    // Reversed: q = 90 - 25 = 65 is in (50, 90]: x = 2, frame 3, shown first (slot 0).
    t.direction = .reverse
    #expect(try t.location(at: ms(25)) == TimelineLocation(frame: 3, slot: 0, iteration: 0))
    t.direction = .forward

    // Ticks: frame, loop and finished refer to the range's slots and end.
    t.play()
    #expect(try tick(&t, ms(55)) == [.frameChanged(from: 1, to: 3, slots: 2)])  // p = 55: x = 2
    #expect(try tick(&t, ms(40)) == [.frameChanged(from: 3, to: 1, slots: 1), .loopCompleted(completed: 1)])  // T = 95: slot 3
    #expect(try tick(&t, ms(85)) == [.frameChanged(from: 1, to: 3, slots: 2), .loopCompleted(completed: 2), .finished])
    #expect(t.position == ms(180) && t.state == .finished && t.slot == 5)
  }

  @Test func frameNumbersStayTheProviders() throws {
    // Range 2...3 of 10, 20, 30, 40 ms: x = 0 is provider frame 2.
    var t = try make([ms(10), ms(20), ms(30), ms(40)])
    try t.setRange(2...3)
    #expect(t.currentFrame == 2)
    t.play()
    #expect(try tick(&t, ms(30)) == [.frameChanged(from: 2, to: 3, slots: 1)])
    #expect(t.currentFrame == 3)
    #expect(try tick(&t, ms(40)) == [.frameChanged(from: 3, to: 2, slots: 1), .loopCompleted(completed: 1)])
  }

  @Test func seekFrameNeedsJWithinTheRangeAndDisplayed() throws {
    // d = 10, 0, 20, 30, 40 ms; range 1...3: d' = 0, 20, 30, b' = 0, 0, 20, 50, L' = 50.
    var t = try make([ms(10), 0, ms(20), ms(30), ms(40)], loops: 3)
    try t.setRange(1...3)
    let before = Observation(t)
    #expect(throws: TimelineError.self) { try t.seek(toFrame: 0) }  // J < A
    #expect(throws: TimelineError.self) { try t.seek(toFrame: 4) }  // J > B
    #expect(throws: TimelineError.frameNotDisplayed(frame: 1)) { try t.seek(toFrame: 1) }  // d[J] = 0
    #expect(throws: TimelineError.self) { try t.seek(toFrame: 5) }  // J >= n
    #expect(Observation(t) == before)
    // Frame 3 is x = 2: t = b'[2] = 20 ms; in iteration 1: 50 + 20 ms.
    try t.seek(toFrame: 3)
    #expect(t.position == ms(20) && t.currentFrame == 3 && t.state == .paused)
    try t.seek(toFrame: 3, iteration: 1)
    #expect(t.position == ms(70) && t.slot == 3)
    // Reversed: frame 2 is x = 1: t = L' - b'[2] = 50 - 20 = 30 ms.
    t.direction = .reverse
    try t.seek(toFrame: 2)
    #expect(t.position == ms(30) && t.currentFrame == 2)
  }

  // MARK: Static is the provider's

  @Test func staticTimelineRejectsEveryRangeAndThenIncludingRangeAllAndThenNone() throws {
    // m = 1 (frame 1 only): static, whatever range would hold it.
    var t = try make([0, ms(10), 0], loops: 2)
    #expect(t.isStatic)
    let before = Observation(t)
    #expect(throws: TimelineError.staticTimeline) { try t.setRange(1...1) }
    #expect(throws: TimelineError.staticTimeline) { try t.setRange(0...2) }
    #expect(throws: TimelineError.staticTimeline) { try t.resetRange() }  // range all
    #expect(throws: TimelineError.staticTimeline) { try t.queue(Clip(frames: 1...1, loops: .infinite)) }
    #expect(throws: TimelineError.staticTimeline) { try t.queue(Clip(frames: 0...2, loops: try .plays(1))) }  // then all
    #expect(throws: TimelineError.staticTimeline) { try t.queue(nil) }  // then none
    #expect(Observation(t) == before)
    // m = 0: static too (shows frame 0).
    var none = try make([0, 0])
    #expect(throws: TimelineError.staticTimeline) { try none.resetRange() }
    #expect(throws: TimelineError.staticTimeline) { try none.queue(nil) }
  }

  @Test func aRangeNeverMakesATimelineStatic() throws {
    var t = try make([ms(10), ms(20), 0])
    try t.setRange(1...2)
    #expect(!t.isStatic)
    #expect(t.loopDuration == ms(20))
  }

  @Test func aOneFrameRangeShowsItForLEachIterationEmitsLoopAndFinishedAndNoFrameEvent() throws {
    // d = 10, 0, 20, 0, 5 ms; range 1...3 holds one displayed frame (2):
    // L' = 20 ms, 3 loops: E = 60 ms, slots 0, 1, 2 start at 0, 20, 40.
    var t = try make([ms(10), 0, ms(20), 0, ms(5)], loops: 3)
    try t.setRange(1...3)
    #expect(!t.isStatic && t.currentFrame == 2 && t.loopDuration == ms(20) && t.totalDuration == ms(60))
    t.play()
    #expect(try tick(&t, ms(5)).isEmpty)
    #expect(try tick(&t, ms(15)) == [.loopCompleted(completed: 1)])  // T = 20: slot 1, same frame
    #expect(t.location == TimelineLocation(frame: 2, slot: 1, iteration: 1))
    #expect(try tick(&t, ms(30)) == [.loopCompleted(completed: 2)])  // T = 50
    #expect(try tick(&t, ms(50)) == [.loopCompleted(completed: 3), .finished])  // T = E
    #expect(t.position == ms(60) && t.state == .finished)
    #expect(t.location == TimelineLocation(frame: 2, slot: 2, iteration: 2))
  }

  // MARK: `range A B`

  @Test func rangeSetsTToZeroAndCarryToZero() throws {
    // Rate 0.5: a 1 ns tick leaves carry = 500_000 and advances nothing.
    var t = try make([ms(10), ms(20), ms(30)]) { $0.rate = try Rate(millionths: 500_000) }
    t.play()
    _ = try tick(&t, ms(15))  // 15 ms * 0.5 = 7.5 ms exactly, carry 0
    _ = try tick(&t, 1)  // carry 500_000
    #expect(t.position == 7_500_000 && t.core.carry == 500_000)
    try t.setRange(1...2)
    #expect(t.position == 0 && t.core.carry == 0 && t.currentFrame == 1)
    // With the carry reset, the next 1 ns tick advances 0 (not 1).
    _ = try tick(&t, 1)
    #expect(t.position == 0)
    _ = try tick(&t, 1)
    #expect(t.position == 1)
  }

  @Test func rangeTurnsFinishedIntoStoppedAndKeepsEveryOtherState() throws {
    let d = [ms(10), ms(20), ms(30)]
    // finished -> stopped (T = 60 ms = E by seek)
    var finished = try make(d, loops: 1)
    try finished.seek(to: ms(60))
    #expect(finished.state == .finished)
    try finished.setRange(0...1)
    #expect(finished.state == .stopped && finished.position == 0)
    // stopped stays
    var stopped = try make(d, loops: 1)
    try stopped.setRange(1...2)
    #expect(stopped.state == .stopped)
    // playing stays
    var playing = try make(d, loops: 1)
    playing.play()
    _ = try tick(&playing, ms(35))
    try playing.setRange(1...2)
    #expect(playing.state == .playing && playing.position == 0 && playing.currentFrame == 1)
    // paused stays
    var paused = try make(d, loops: 1)
    try paused.seek(to: ms(35))
    #expect(paused.state == .paused)
    try paused.setRange(0...0)
    #expect(paused.state == .paused && paused.position == 0)
  }

  @Test func rangeEmitsNoEvent() throws {
    // Playing on frame 2 (T = 35 ms); the range shows frame 0 at once, and
    // the next tick, which stays in that slot, reports nothing: no frame
    // change is owed for the command.
    var t = try make([ms(10), ms(20), ms(30)])
    t.play()
    _ = try tick(&t, ms(35))
    #expect(t.currentFrame == 2)
    try t.setRange(0...1)
    #expect(t.currentFrame == 0)
    #expect(try tick(&t, ms(5)).isEmpty)
  }

  @Test func rangeKeepsTheLoopCountDirectionRateTheQueueAndEverySetting() throws {
    var t = try make([ms(10), ms(20), ms(30), ms(40)], loops: 3) {
      $0.direction = .alternate
      $0.rate = try Rate(millionths: 2_000_000)
      $0.maxStep = try .nanoseconds(ms(5))
      $0.policy = .noSkip
      $0.modes = RunModes(["tracking", "default"])
    }
    try t.queue(Clip(frames: 0...1, loops: .infinite, direction: .reverse))
    try t.addCue("step", frame: 2)
    _ = try RangeRules.tick(&t, 1, mode: "other")  // suspended
    t.play()
    var before = Observation(t)
    try t.setRange(2...3)
    let after = Observation(t)
    #expect(after.range == 2...3)
    // Only the range (with its L and E) and the position (with its frame,
    // slot, iteration and completed iterations) moved.
    before.range = after.range
    (before.loopDuration, before.end) = (after.loopDuration, after.end)
    before.position = 0
    (before.frame, before.slot, before.iteration, before.completed) = (after.frame, after.slot, after.iteration, after.completed)
    #expect(after == before)
    // The loop count now applies to the range: E = 3 * 70 ms.
    #expect(t.totalDuration == ms(210))
    // Alternate, iteration 0 forward: frame 2 first.
    #expect(after.frame == 2 && after.suspended && after.state == .playing)
  }

  // MARK: Invalid `range` lines

  @Test func rangeInvalidWhenTheTimelineIsStatic() throws {
    var t = try make([ms(10)])
    #expect(throws: TimelineError.staticTimeline) { try t.setRange(0...0) }
  }

  @Test func rangeInvalidWhenAIsAboveB() throws {
    // `ClosedRange` cannot hold A > B, so the public API cannot even say
    // it; the core's check is the line's.
    var t = try make([ms(10), ms(20), ms(30)])
    let before = Observation(t)
    #expect(throws: TimelineError.rangeOutOfBounds(lower: 2, upper: 1, count: 3)) { try t.core.setRange(2, 1) }
    #expect(Observation(t) == before)
  }

  @Test func rangeInvalidWhenBIsAtOrPastN() throws {
    var t = try make([ms(10), ms(20), ms(30)])
    let before = Observation(t)
    #expect(throws: TimelineError.rangeOutOfBounds(lower: 1, upper: 3, count: 3)) { try t.setRange(1...3) }
    #expect(throws: TimelineError.rangeOutOfBounds(lower: -1, upper: 1, count: 3)) { try t.setRange(-1...1) }
    #expect(Observation(t) == before)
  }

  @Test func rangeInvalidWithoutAFrameOfPositiveDuration() throws {
    var t = try make([ms(10), 0, 0, ms(20)])
    let before = Observation(t)
    #expect(throws: TimelineError.rangeNotDisplayed(lower: 1, upper: 2)) { try t.setRange(1...2) }
    #expect(Observation(t) == before)
  }

  @Test func rangeInvalidWhenTheLoopCountTimesTheNewLoopDurationExceedsInt64Max() throws {
    // Int64.max = 7 * 1317624576693539401.
    let k = Int64.max / 7
    // d = 1, 6 ns: range 0...0 has L' = 1, so k plays fit; all frames: L' = 7,
    // k * 7 == Int64.max exactly: valid.
    var exact = try make([1, 6])
    try exact.setRange(0...0)
    try exact.setLoops(.plays(k))
    try exact.resetRange()
    #expect(exact.totalDuration == Int64.max)
    // d = 1, 7 ns: L' = 8, k * 8 > Int64.max: invalid, nothing changes.
    var over = try make([1, 7])
    try over.setRange(0...0)
    try over.setLoops(.plays(k))
    let before = Observation(over)
    #expect(throws: TimelineError.loopsTooLong(plays: k, loopDuration: 8)) { try over.setRange(0...1) }
    #expect(throws: TimelineError.loopsTooLong(plays: k, loopDuration: 8)) { try over.resetRange() }
    #expect(Observation(over) == before)
    // Infinite loops never overflow.
    try over.setLoops(.infinite)
    try over.resetRange()
    #expect(over.range == 0...1)
  }
}
