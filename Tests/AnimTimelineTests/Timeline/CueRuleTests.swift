import Testing
@testable import AnimTimeline

/// One hand-worked example per rule sentence of spec section 8.3 (cues).
/// Times are in ns; `ms(x)` is x milliseconds. Every expected value is
/// worked out from the spec in the comments.
@Suite struct CueRuleTests {
  typealias Engine = RangeRules.Engine

  func ms(_ x: Int64) -> Int64 { RangeRules.ms(x) }
  func make(_ d: [Int64], loops: Int64? = nil, _ configure: (inout TimelineConfiguration) throws -> Void = { _ in }) throws -> Engine {
    try RangeRules.make(d, loops: loops, configure)
  }
  func tick(_ t: inout Engine, _ d: Int64) throws -> [TimelineEvent] { try RangeRules.tick(&t, d) }
  func cue(_ name: String, _ frame: Int, _ count: Int64) -> TimelineEvent { RangeRules.cue(name, frame, count) }
  func keys(_ t: Engine) -> [CueKey] { t.cues.map { CueKey($0.name, $0.frame) } }

  /// d = 10, 20, 0, 30 ms: b = 0, 10, 30, 30, 60; frames 0, 1, 3 shown, L = 60 ms.
  var withZero: [Int64] { [ms(10), ms(20), 0, ms(30)] }

  // MARK: `cue`, `uncue`

  @Test func cuePutsTheNameOnAProviderFrameEvenOutsideTheRange() throws {
    var t = try make(withZero)
    try t.setRange(0...1)  // L = 30 ms
    try t.addCue("step", frame: 1)
    try t.addCue("far", frame: 3)
    #expect(keys(t) == [CueKey("step", 1), CueKey("far", 3)])
    t.play()
    // Three iterations of 0...1: frame 3 is never reached.
    #expect(try tick(&t, ms(10)) == [.frameChanged(from: 0, to: 1, slots: 1), cue("step", 1, 1)])
    #expect(try tick(&t, ms(80)) == [.frameChanged(from: 1, to: 0, slots: 5), cue("step", 1, 2), .loopCompleted(completed: 3)])
  }

  @Test func cueInvalidWhenJIsAtOrPastN() throws {
    var t = try make(withZero)
    #expect(throws: TimelineError.frameOutOfRange(frame: 4, count: 4)) { try t.addCue("a", frame: 4) }
    #expect(throws: TimelineError.frameOutOfRange(frame: -1, count: 4)) { try t.addCue("a", frame: -1) }
    #expect(t.cues.isEmpty)
  }

  @Test func cueInvalidOnAFrameOfZeroDuration() throws {
    var t = try make(withZero)
    #expect(throws: TimelineError.frameNotDisplayed(frame: 2)) { try t.addCue("a", frame: 2) }
    // A name is a word: the API's stand-in for a missing one.
    #expect(throws: TimelineError.invalidCueName) { try t.addCue("", frame: 0) }
    #expect(t.cues.isEmpty)
  }

  @Test func aNameMayBeOnSeveralFramesAndAFrameMayCarrySeveralNames() throws {
    var t = try make(withZero)
    try t.addCue("a", frame: 0)
    try t.addCue("a", frame: 3)
    try t.addCue("b", frame: 0)
    #expect(keys(t) == [CueKey("a", 0), CueKey("b", 0), CueKey("a", 3)])
    t.play()
    // (0, 65]: 10 (f1), 30 (f3), 60 (f0); T = 65: frame 0 again (slot 3).
    #expect(try tick(&t, ms(65)) == [cue("a", 3, 1), cue("a", 0, 1), cue("b", 0, 1), .loopCompleted(completed: 1)])
  }

  @Test func puttingTheSamePairTwiceChangesNothing() throws {
    var t = try make(withZero)
    try t.addCue("a", frame: 1)
    try t.addCue("a", frame: 1)
    #expect(keys(t) == [CueKey("a", 1)])
    t.play()
    #expect(try tick(&t, ms(10)) == [.frameChanged(from: 0, to: 1, slots: 1), cue("a", 1, 1)])
  }

  @Test func uncueRemovesTheNameFromEveryFrame() throws {
    var t = try make(withZero)
    for frame in [0, 1, 3] { try t.addCue("a", frame: frame) }
    try t.addCue("b", frame: 1)
    t.removeCue("a")
    #expect(keys(t) == [CueKey("b", 1)])
    t.removeCue("nothing")
    #expect(keys(t) == [CueKey("b", 1)])
    t.play()
    #expect(try tick(&t, ms(65)) == [cue("b", 1, 1), .loopCompleted(completed: 1)])
  }

  @Test func namesMatchAndAreOrderedByTheirUTF8Bytes() throws {
    let precomposed = "\u{E9}"  // C3 A9
    let decomposed = "e\u{301}"  // 65 CC 81: canonically equivalent, yet another name
    var t = try make(withZero)
    for name in ["b", "B", precomposed, decomposed, "Z", "a"] { try t.addCue(name, frame: 1) }
    // Bytes: B 42 < Z 5A < a 61 < b 62 < e 65 < C3.
    let ordered = ["B", "Z", "a", "b", decomposed, precomposed]
    #expect(keys(t) == ordered.map { CueKey($0, 1) })
    t.play()
    let events = try tick(&t, ms(10))
    let expected = [TimelineEvent.frameChanged(from: 0, to: 1, slots: 1)] + ordered.map { cue($0, 1, 1) }
    #expect(RangeRules.sameBytes(events, expected), "\(events)")
    // uncue matches bytes: the precomposed name goes, the decomposed stays.
    t.removeCue(precomposed)
    #expect(keys(t) == ["B", "Z", "a", "b", decomposed].map { CueKey($0, 1) })
    t.removeCue(decomposed)
    #expect(keys(t) == ["B", "Z", "a", "b"].map { CueKey($0, 1) })
  }

  // MARK: Which slots a tick reaches

  @Test func commandsReachNoSlot() throws {
    var t = try make(withZero, loops: 1)
    for frame in [0, 1, 3] { try t.addCue("c\(frame)", frame: frame) }
    t.play()  // frame 0 is on screen; play reached nothing
    #expect(try tick(&t, ms(5)).isEmpty)
    let seek = try RangeRules.run(&t) { try $0.seek(to: ms(10)) }  // shows frame 1
    #expect(seek.isEmpty)
    #expect(try tick(&t, 1).isEmpty)  // (10 ms, 10 ms + 1]: no slot starts there
    let seekFrame = try RangeRules.run(&t) { try $0.seek(toFrame: 3) }
    #expect(seekFrame.isEmpty)
    #expect(try tick(&t, 1).isEmpty)
    try t.setRange(1...1)
    #expect(try tick(&t, 1).isEmpty)
    try t.resetRange()
    let seekToEnd = try RangeRules.run(&t) { try $0.seek(to: ms(60)) }
    #expect(seekToEnd == [.finished])  // to E: no cue either
    t.play()  // from finished: T = 0
    #expect(try tick(&t, 1).isEmpty)
  }

  @Test func aTickReachesTheSlotsThatStartAfterT0UpToAndIncludingT1() throws {
    var t = try make(withZero)
    try t.addCue("c1", frame: 1)
    try t.addCue("c3", frame: 3)
    t.play()
    #expect(try tick(&t, ms(10)) == [.frameChanged(from: 0, to: 1, slots: 1), cue("c1", 1, 1)])  // start 10 = T1
    #expect(try tick(&t, 0).isEmpty)  // start 10 = T0: not again
    #expect(try tick(&t, ms(20) - 1).isEmpty)
    #expect(try tick(&t, 1) == [.frameChanged(from: 1, to: 3, slots: 1), cue("c3", 3, 1)])  // frame 3 starts at 30
  }

  @Test func aTickReachesEverySlotItJumpsOver() throws {
    var t = try make(withZero)
    try t.addCue("zero", frame: 0)
    try t.addCue("one", frame: 1)
    try t.addCue("three", frame: 3)
    t.play()
    // (0, 125]: 10 (f1), 30 (f3), 60 (f0), 70 (f1), 90 (f3), 120 (f0).
    // T = 125: i = 2, p = 5: frame 0 again, so no frame event.
    #expect(try tick(&t, ms(125)) == [cue("one", 1, 2), cue("three", 3, 2), cue("zero", 0, 2), .loopCompleted(completed: 2)])
  }

  @Test func aOneFrameRangeReachesItsFrameEachIterationWithoutAFrameEvent() throws {
    // Range 1...1 of 10, 20, 30 ms: L = 20, 3 plays: slots start at 0, 20, 40.
    var t = try make([ms(10), ms(20), ms(30)], loops: 3)
    try t.setRange(1...1)
    try t.addCue("c", frame: 1)
    t.play()
    #expect(try tick(&t, ms(20)) == [cue("c", 1, 1), .loopCompleted(completed: 1)])
    // (20, 60]: slot 2 at 40; E = 60 is no slot's start.
    #expect(try tick(&t, ms(45)) == [cue("c", 1, 1), .loopCompleted(completed: 3), .finished])
  }

  @Test func underASwitchTheOldRangesSlotsBeforeEThenTheNewRangesFromZeroAreReached() throws {
    // Range 0...1 of 10, 10, 10 ms (E = 20 ms), then 2...2.
    var t = try make([ms(10), ms(10), ms(10)], loops: 1)
    try t.setRange(0...1)
    try t.queue(Clip(frames: 2...2, loops: .infinite))
    for frame in 0...2 { try t.addCue("c\(frame)", frame: frame) }
    try t.seek(to: ms(5))
    t.play()
    // X = 0. Old: (5, 20) holds 10 (f1). New: [0, 0] holds 0 (f2).
    #expect(try tick(&t, ms(15)) == [
      .frameChanged(from: 0, to: 2, slots: 2), cue("c1", 1, 1), cue("c2", 2, 1),
      .loopCompleted(completed: 1), .rangeSwitched(to: 2...2),
    ])

    // noskip from slot 1: X = 0; the switch itself reaches the new first slot.
    var n = try make([ms(10), ms(10), ms(10)], loops: 1) { $0.policy = .noSkip }
    try n.setRange(0...1)
    try n.queue(Clip(frames: 2...2, loops: .infinite))
    for frame in 0...2 { try n.addCue("c\(frame)", frame: frame) }
    try n.seek(to: ms(15))
    n.play()
    #expect(try tick(&n, ms(15)) == [
      .frameChanged(from: 1, to: 2, slots: 1), cue("c2", 2, 1), .loopCompleted(completed: 1), .rangeSwitched(to: 2...2),
    ])
  }

  // MARK: Cue events

  @Test func cueEventsComeAfterFrameAndBeforeLoop() throws {
    var t = try make([ms(10), ms(20), ms(30)])
    try t.addCue("c", frame: 0)
    try t.seek(to: ms(35))
    t.play()
    // T = 65: iteration 1, frame 0 (slot 3).
    #expect(try tick(&t, ms(30)) == [.frameChanged(from: 2, to: 0, slots: 1), cue("c", 0, 1), .loopCompleted(completed: 1)])
  }

  @Test func cueEventsAreOrderedByTheirFirstReachedSlotThenByName() throws {
    // b = 0, 10, 30, 60 ms. From T = 35 (frame 2), a 150 ms tick to T = 185.
    func timeline(_ direction: PlaybackDirection) throws -> Engine {
      var t = try make([ms(10), ms(20), ms(30)]) { $0.direction = direction }
      try t.addCue("z", frame: 0)
      try t.addCue("m", frame: 1)
      try t.addCue("b", frame: 2)
      try t.addCue("a", frame: 2)
      try t.seek(to: ms(35))
      t.play()
      return t
    }
    // Forward: 60 (f0), 70 (f1), 90 (f2), 120, 130, 150, 180 (f0);
    // T = 185: frame 0, slot 9.
    var forward = try timeline(.forward)
    #expect(try tick(&forward, ms(150)) == [
      .frameChanged(from: 2, to: 0, slots: 7), cue("z", 0, 3), cue("m", 1, 2), cue("a", 2, 2), cue("b", 2, 2),
      .loopCompleted(completed: 3),
    ])
    // Alternate: iteration 1 reversed: 60 (f2), 90 (f1), 110 (f0);
    // iteration 2 forward: 120 (f0), 130 (f1), 150 (f2); iteration 3
    // reversed: 180 (f2). T = 185: q = 55, frame 2 again.
    var alternate = try timeline(.alternate)
    #expect(try tick(&alternate, ms(150)) == [
      cue("a", 2, 3), cue("b", 2, 3), cue("m", 1, 2), cue("z", 0, 2), .loopCompleted(completed: 3),
    ])
  }

  @Test func aCueReachedInBothRangesCountsBothAndTheOldRangeComesFirst() throws {
    // Range 0...1 of 10, 10, 10 ms (E = 20 ms), then 1...2 (b'' = 0, 10, 20).
    var t = try make([ms(10), ms(10), ms(10)], loops: 1)
    try t.setRange(0...1)
    try t.queue(Clip(frames: 1...2, loops: .infinite))
    try t.addCue("a", frame: 2)
    try t.addCue("z", frame: 1)
    try t.seek(to: ms(5))
    t.play()
    // X = 15 ms: frame 2, slot 1; slots = (2 - 1 - 0) + 1 + 1 = 3.
    // z: old 10 (f1), new 0 (f1): 2, first in the old range; a: new 10.
    #expect(try tick(&t, ms(30)) == [
      .frameChanged(from: 0, to: 2, slots: 3), cue("z", 1, 2), cue("a", 2, 1),
      .loopCompleted(completed: 1), .rangeSwitched(to: 1...2),
    ])
  }

  @Test func cueCountsSaturateAtInt64Max() throws {
    // d = 1, 1 ns; range 0...0 (E = 1), then 0...0 forever; a huge advance
    // puts T at Int64.max: the new range's slots starting in [0, Int64.max]
    // are Int64.max + 1, all showing frame 0.
    var t = try make([1, 1], loops: 1) {
      $0.rate = try Rate(millionths: .max)
      $0.maxStep = .unlimited
    }
    try t.setRange(0...0)
    try t.queue(Clip(frames: 0...0, loops: .infinite))
    try t.addCue("c", frame: 0)
    t.play()
    let events = try t.tick(by: .max)
    #expect(Array(t.cueHits(in: events)) == [CueHit(name: "c", frame: 0, count: .max)])
    #expect(RangeRules.all(t, events) == [
      cue("c", 0, .max), .loopCompleted(completed: 1), .rangeSwitched(to: 0...0), .loopCompleted(completed: .max),
    ])
  }

  @Test(.timeLimit(.minutes(1)))
  func aOneSecondTickOverOneNanosecondFramesCountsAboutABillionWithoutEnumerating() throws {
    let clock = ContinuousClock()
    let start = clock.now
    // d = 1, 1, 1 ns: frame j's slots start at j, j + 3, ... (frame 0 at 3, 6, ...).
    var t = try make([1, 1, 1])
    for frame in 0...2 { try t.addCue("c\(frame)", frame: frame) }
    t.play()
    // (0, 1e9]: 1e9 = 3 * 333333333 + 1, so frame 1 gets one more slot.
    #expect(try tick(&t, 1_000_000_000) == [
      .frameChanged(from: 0, to: 1, slots: 1_000_000_000),
      cue("c1", 1, 333_333_334), cue("c2", 2, 333_333_333), cue("c0", 0, 333_333_333),
      .loopCompleted(completed: 333_333_333),
    ])
    // And Int64.max ns (= 3 * 3074457345618258602 + 1) in one tick.
    var far = try make([1, 1, 1]) { $0.maxStep = .unlimited }
    for frame in 0...2 { try far.addCue("c\(frame)", frame: frame) }
    far.play()
    #expect(try tick(&far, .max) == [
      .frameChanged(from: 0, to: 1, slots: .max),
      cue("c1", 1, 3_074_457_345_618_258_603), cue("c2", 2, 3_074_457_345_618_258_602),
      cue("c0", 0, 3_074_457_345_618_258_602), .loopCompleted(completed: 3_074_457_345_618_258_602),
    ])
    // Enumerating 1e9 slots takes seconds even in a release build.
    #expect(clock.now - start < .seconds(2))
  }
}
