import Testing
@testable import AnimTimeline

/// Hand-worked examples for each rule of the timeline spec (sections 2-6).
/// Times are in ns; `ms(x)` is x milliseconds.
@Suite struct TimelineTests {
  typealias Engine = Timeline

  static func ms(_ x: Int64) -> Int64 { x * 1_000_000 }
  func ms(_ x: Int64) -> Int64 { Self.ms(x) }

  /// A timeline over `durations` ns with `loops` plays (`nil` = infinite).
  func make(_ durations: [Int64], loops: Int64? = nil, _ configure: (inout TimelineConfiguration) throws -> Void = { _ in }) throws -> Engine {
    var configuration = TimelineConfiguration()
    try configure(&configuration)
    let provider = try SyntheticFrameProvider(durations: durations, loopCount: try .count(loops))
    return try Timeline(provider: provider, configuration: configuration)
  }

  func events(_ e: TickEvents) -> [TimelineEvent] { Array(e) }

  // MARK: Section 2: frames, static timelines

  @Test func initialStateAndFirstDisplayedFrame() throws {
    let timeline = try make([0, ms(30), 0, 0, ms(40), 0], loops: 2)
    #expect(timeline.state == .stopped)
    #expect(timeline.position == 0)
    #expect(timeline.currentFrame == 1)  // frame 0 has d = 0 and is never shown
    #expect(timeline.location == TimelineLocation(frame: 1, slot: 0, iteration: 0))
    #expect(!timeline.isSuspended)
    #expect(timeline.loopDuration == ms(70))
    #expect(timeline.totalDuration == ms(140))  // E = 2 * 70 ms
    #expect(!timeline.isStatic)  // m = 2
  }

  @Test func providerLoopCountIsTheDefaultAndConfigurationOverridesIt() throws {
    #expect(try make([1, 2], loops: 3).totalDuration == 9)
    #expect(try make([1, 2]).totalDuration == nil)
    #expect(try make([1, 2], loops: 3) { $0.loops = .infinite }.totalDuration == nil)
    #expect(try make([1, 2]) { $0.loops = try .plays(2) }.totalDuration == 6)
  }

  @Test func zeroDurationFramesAreNeverShown() throws {
    // b = 0, 0, 30, 30, 30, 70, 70 ms; displayed frames 1 and 4.
    var timeline = try make([0, ms(30), 0, 0, ms(40), 0], loops: 2)
    timeline.play()
    #expect(events(try timeline.tick(by: ms(30) - 1)).isEmpty)
    #expect(events(try timeline.tick(by: 1)) == [.frameChanged(from: 1, to: 4, slots: 1)])
    // 70 ms: iteration 1 starts with frame 1 again (slot 2).
    #expect(events(try timeline.tick(by: ms(40))) == [.frameChanged(from: 4, to: 1, slots: 1), .loopCompleted(completed: 1)])
    #expect(timeline.location == TimelineLocation(frame: 1, slot: 2, iteration: 1))
    #expect(throws: TimelineError.frameNotDisplayed(frame: 2)) { try timeline.seek(toFrame: 2) }
  }

  @Test func staticTimelineWithOneShownFrame() throws {
    var timeline = try make([0, ms(100), 0], loops: 3)
    #expect(timeline.isStatic)
    #expect(timeline.currentFrame == 1)
    timeline.play()
    #expect(events(try timeline.tick(by: ms(5_000))).isEmpty)
    #expect(timeline.position == 0 && timeline.state == .playing)
    // seek: T = 0 when static; never finishes even at or past E = 300 ms.
    #expect(events(try timeline.seek(to: ms(300))).isEmpty)
    #expect(timeline.position == 0 && timeline.state == .playing)
    // seek-frame: iteration 2 < k is valid; t = 0.
    #expect(events(try timeline.seek(toFrame: 1, iteration: 2)).isEmpty)
    #expect(timeline.position == 0)
    #expect(throws: TimelineError.self) { try timeline.seek(toFrame: 1, iteration: 3) }
    #expect(throws: TimelineError.self) { try timeline.seek(toFrame: 0) }
    #expect(events(try timeline.setLoops(.plays(1))).isEmpty)
    #expect(timeline.state == .playing)
    timeline.stop()
    #expect(events(try timeline.seek(to: ms(1))).isEmpty)
    #expect(timeline.state == .paused)  // stopped -> paused, as for any seek before E
    #expect(try timeline.frameIndex(at: ms(250)) == 1)
  }

  @Test func staticTimelineWithNoShownFrameShowsFrameZero() throws {
    var timeline = try make([0, 0, 0], loops: 1)  // L = 0, E = 0
    #expect(timeline.isStatic && timeline.currentFrame == 0)
    timeline.play()
    #expect(events(try timeline.tick(by: ms(1))).isEmpty)
    #expect(events(try timeline.seek(to: 0)).isEmpty)  // T == E == 0, but static: no finish
    #expect(timeline.state == .playing)
    #expect(events(try timeline.setLoops(.plays(1))).isEmpty)
    #expect(timeline.state == .playing)
    #expect(throws: TimelineError.frameNotDisplayed(frame: 0)) { try timeline.seek(toFrame: 0) }
  }

  @Test func staticTimelineStillSuspends() throws {
    var timeline = try make([ms(100)], loops: 3) { $0.modes = RunModes(["tracking"]) }
    #expect(events(try timeline.tick(by: ms(1))) == [.suspended])
    #expect(timeline.isSuspended)
    #expect(events(try timeline.tick(by: ms(1), mode: .tracking)) == [.resumed])
  }

  // MARK: Section 4 and 6: boundaries, loops, the end

  @Test func exactFrameBoundaries() throws {
    // b = 0, 100, 150, 220 ms.
    var timeline = try make([ms(100), ms(50), ms(70)])
    timeline.play()
    #expect(events(try timeline.tick(by: 0)).isEmpty)
    #expect(events(try timeline.tick(by: ms(100) - 1)).isEmpty)
    #expect(timeline.currentFrame == 0)
    #expect(events(try timeline.tick(by: 1)) == [.frameChanged(from: 0, to: 1, slots: 1)])
    #expect(timeline.position == ms(100))
    #expect(events(try timeline.tick(by: ms(50))) == [.frameChanged(from: 1, to: 2, slots: 1)])
    #expect(events(try timeline.tick(by: ms(70) - 1)).isEmpty)
    // Exactly at the loop end: iteration 1, frame 0, slot 3.
    #expect(events(try timeline.tick(by: 1)) == [.frameChanged(from: 2, to: 0, slots: 1), .loopCompleted(completed: 1)])
    #expect(timeline.location == TimelineLocation(frame: 0, slot: 3, iteration: 1))
    #expect(timeline.completedIterations == 1)
  }

  @Test func skippingSeveralSlotsAndLoopsInOneTick() throws {
    var timeline = try make([ms(100), ms(50), ms(70)])
    timeline.play()
    // 1 s = 4 * 220 + 120 ms: iteration 4, p = 120 -> frame 1, slot 4*3+1 = 13.
    #expect(events(try timeline.tick(by: ms(1_000))) == [.frameChanged(from: 0, to: 1, slots: 13), .loopCompleted(completed: 4)])
    #expect(timeline.location == TimelineLocation(frame: 1, slot: 13, iteration: 4))
  }

  @Test func finishingExactlyAtTheEnd() throws {
    // E = 2 * 200 ms = 400 ms.
    var timeline = try make([ms(100), ms(100)], loops: 2)
    timeline.play()
    _ = try timeline.tick(by: ms(399))
    #expect(timeline.state == .playing)
    // One ns short of E: iteration 1, frame 1, slot 3, no loop 2 yet.
    _ = try timeline.tick(by: ms(1) - 1)
    #expect(timeline.position == ms(400) - 1 && timeline.state == .playing)
    #expect(events(try timeline.tick(by: 1)) == [.loopCompleted(completed: 2), .finished])
    #expect(timeline.state == .finished && timeline.position == ms(400))
    #expect(timeline.location == TimelineLocation(frame: 1, slot: 3, iteration: 1))  // slot k*m-1 = 3
    #expect(timeline.completedIterations == 2)
    #expect(events(try timeline.tick(by: ms(10))).isEmpty)
    #expect(timeline.position == ms(400))
  }

  @Test func overshootingTheEndClampsToIt() throws {
    var timeline = try make([ms(100), ms(100)], loops: 2)
    timeline.play()
    // 1 s clamps to E = 400 ms; slot 0 -> 3; frame 0 -> 1.
    #expect(events(try timeline.tick(by: ms(1_000))) == [.frameChanged(from: 0, to: 1, slots: 3), .loopCompleted(completed: 2), .finished])
    #expect(timeline.position == ms(400))
  }

  @Test func locationQueriesClampToTheEnd() throws {
    let timeline = try make([ms(100), ms(100)], loops: 2)
    #expect(try timeline.location(at: ms(10_000)) == TimelineLocation(frame: 1, slot: 3, iteration: 1))
    #expect(try timeline.frameIndex(at: ms(250)) == 0)  // iteration 1, p = 50 ms
    #expect(throws: TimelineError.self) { try timeline.location(at: -1) }
    #expect(throws: TimelineError.self) { try timeline.frameIndex(at: -1) }
  }

  // MARK: Directions

  @Test func reverseIterations() throws {
    // b = 0, 10, 30, 60 ms; reversed: q = L - p, frame with b[j] < q <= b[j+1].
    var timeline = try make([ms(10), ms(20), ms(30)], loops: 4) { $0.direction = .reverse }
    #expect(timeline.currentFrame == 2)  // q = 60 -> frame 2
    timeline.play()
    #expect(events(try timeline.tick(by: ms(30) - 1)).isEmpty)  // q = 30 ms + 1 ns -> still frame 2
    #expect(events(try timeline.tick(by: 1)) == [.frameChanged(from: 2, to: 1, slots: 1)])  // q = 30 -> frame 1
    #expect(events(try timeline.tick(by: ms(20))) == [.frameChanged(from: 1, to: 0, slots: 1)])  // q = 10 -> frame 0
    #expect(timeline.slot == 2)
    // 60 ms: iteration 1, also reversed, starts with frame 2 again.
    #expect(events(try timeline.tick(by: ms(10))) == [.frameChanged(from: 0, to: 2, slots: 1), .loopCompleted(completed: 1)])
    // At E (k = 4, iteration 3 reversed): the first frame, frame 0.
    _ = try timeline.tick(by: ms(1_000))
    #expect(timeline.state == .finished)
    #expect(timeline.location == TimelineLocation(frame: 0, slot: 11, iteration: 3))
  }

  @Test func alternateReversesOddIterations() throws {
    var timeline = try make([ms(10), ms(20), ms(30)], loops: 4) { $0.direction = .alternate }
    timeline.play()
    _ = try timeline.tick(by: ms(50))
    #expect(timeline.location == TimelineLocation(frame: 2, slot: 2, iteration: 0))
    // 60 ms: iteration 1 is reversed and starts with frame 2, the frame
    // already shown: the slot moves but the frame does not, so no frame event.
    #expect(events(try timeline.tick(by: ms(10))) == [.loopCompleted(completed: 1)])
    #expect(timeline.location == TimelineLocation(frame: 2, slot: 3, iteration: 1))
    // 90 ms: q = 60 - 30 = 30 -> frame 1.
    #expect(events(try timeline.tick(by: ms(30))) == [.frameChanged(from: 2, to: 1, slots: 1)])
    // At E: iteration 3 is reversed -> frame 0.
    _ = try timeline.tick(by: ms(1_000))
    #expect(timeline.location == TimelineLocation(frame: 0, slot: 11, iteration: 3))
  }

  @Test func alternateReverseReversesEvenIterations() throws {
    var timeline = try make([ms(10), ms(20), ms(30)], loops: 3) { $0.direction = .alternateReverse }
    #expect(timeline.currentFrame == 2)
    timeline.play()
    _ = try timeline.tick(by: ms(60))  // iteration 1, forward: frame 0; slot 3
    #expect(timeline.location == TimelineLocation(frame: 0, slot: 3, iteration: 1))
    // At E (k = 3): iteration 2 is even, reversed -> frame 0, slot 8.
    _ = try timeline.tick(by: ms(1_000))
    #expect(timeline.location == TimelineLocation(frame: 0, slot: 8, iteration: 2))
  }

  @Test func directionChangeMovesTheFrameWithoutEvents() throws {
    var timeline = try make([ms(10), ms(20), ms(30)])
    try timeline.seek(to: ms(5))
    #expect(timeline.currentFrame == 0)
    timeline.direction = .reverse  // q = 55 ms -> frame 2
    #expect(timeline.currentFrame == 2 && timeline.position == ms(5))
    timeline.play()
    // The next tick reports only changes from the frame now shown.
    #expect(events(try timeline.tick(by: ms(1))).isEmpty)
  }

  // MARK: noskip and max-step

  @Test func noSkipShowsAtMostOneNewFrameATick() throws {
    var timeline = try make([ms(10), ms(10), ms(10), ms(10)], loops: 1) { $0.policy = .noSkip }
    timeline.play()
    // 35 ms lands in slot 3 > 0 + 1: T' = start(2) - 1 = 20 ms - 1.
    #expect(events(try timeline.tick(by: ms(35))) == [.frameChanged(from: 0, to: 1, slots: 1)])
    #expect(timeline.position == ms(20) - 1)
    // 54.99 ms lands in slot 3 > 1 + 1: T' = start(3) - 1 = 30 ms - 1.
    #expect(events(try timeline.tick(by: ms(35))) == [.frameChanged(from: 1, to: 2, slots: 1)])
    #expect(timeline.position == ms(30) - 1)
    // min(T', E) = E is slot k*m-1 = 3 = s + 1: no clamp; finishes.
    #expect(events(try timeline.tick(by: ms(35))) == [.frameChanged(from: 2, to: 3, slots: 1), .loopCompleted(completed: 1), .finished])
    #expect(timeline.position == ms(40))
  }

  @Test func noSkipAllowsTheNextSlotExactly() throws {
    var timeline = try make([ms(10), ms(10), ms(10)]) { $0.policy = .noSkip }
    timeline.play()
    // 20 ms - 1 is still slot 1 = s + 1: taken whole.
    _ = try timeline.tick(by: ms(20) - 1)
    #expect(timeline.position == ms(20) - 1)
    // +1 ns: slot 2 = s + 1 again.
    #expect(events(try timeline.tick(by: 1)) == [.frameChanged(from: 1, to: 2, slots: 1)])
  }

  @Test func maxStepClampsEachTick() throws {
    var timeline = try make([Int64](repeating: ms(10), count: 10))  // L = 100 ms
    timeline.play()
    _ = try timeline.tick(by: ms(5_000))  // default max-step 1 s
    #expect(timeline.position == ms(1_000))
    timeline.maxStep = try .nanoseconds(ms(250))
    _ = try timeline.tick(by: ms(5_000))
    #expect(timeline.position == ms(1_250))
    timeline.maxStep = .unlimited
    _ = try timeline.tick(by: ms(5_000))
    #expect(timeline.position == ms(6_250))
    #expect(throws: TimelineError.invalidMaxStep(0)) { try MaxStep.nanoseconds(0) }
    #expect(throws: TimelineError.invalidMaxStep(-1)) { try MaxStep.nanoseconds(-1) }
    #expect(MaxStep.oneSecond.nanoseconds == 1_000_000_000)
  }

  @Test func maxStepAppliesBeforeTheRate() throws {
    var timeline = try make([ms(100), ms(100)]) {
      $0.rate = try Rate(millionths: 2_000_000)
      $0.maxStep = try .nanoseconds(ms(10))
    }
    timeline.play()
    _ = try timeline.tick(by: ms(50))  // min(50, 10) * 2 = 20 ms
    #expect(timeline.position == ms(20))
  }

  // MARK: Rate and carry

  @Test func rateCarryIsExact() throws {
    var timeline = try make([ms(100), ms(50)])
    timeline.play()
    timeline.rate = try Rate(millionths: 333_333)
    // 1 ns * 333333 accumulates: 333333, 666666, 999999, then 1333332 -> 1 ns, carry 333332.
    for _ in 0..<3 { _ = try timeline.tick(by: 1) }
    #expect(timeline.position == 0)
    _ = try timeline.tick(by: 1)
    #expect(timeline.position == 1)
    timeline.rate = Rate(2.5)  // resets the carry
    _ = try timeline.tick(by: ms(20))
    #expect(timeline.position == 50_000_001)
    timeline.rate = .zero
    #expect(events(try timeline.tick(by: ms(1_000))).isEmpty)
    #expect(timeline.position == 50_000_001)
  }

  @Test func carryIsResetBySeekStopAndReplayFromFinished() throws {
    // With rate 1/3 (333333), three 1 ns ticks carry 999999: one more tick
    // gives 1 ns unless the carry was reset (then 0 ns, carry 333333).
    func primed() throws -> Engine {
      var timeline = try make([ms(100), ms(50)], loops: 1) { $0.rate = try Rate(millionths: 333_333) }
      timeline.play()
      for _ in 0..<3 { _ = try timeline.tick(by: 1) }
      return timeline
    }
    var control = try primed()
    _ = try control.tick(by: 1)
    #expect(control.position == 1)

    var seeked = try primed()
    try seeked.seek(to: 0)
    _ = try seeked.tick(by: 1)
    #expect(seeked.position == 0)

    var stopped = try primed()
    stopped.stop()
    stopped.play()
    _ = try stopped.tick(by: 1)
    #expect(stopped.position == 0)

    var rated = try primed()
    rated.rate = try Rate(millionths: 333_333)
    _ = try rated.tick(by: 1)
    #expect(rated.position == 0)

    // Pause/play, direction, loops, policy, modes and max-step keep it.
    var kept = try primed()
    kept.pause()
    kept.play()
    kept.direction = .reverse
    kept.policy = .noSkip
    kept.maxStep = .unlimited
    kept.modes = .common
    _ = try kept.setLoops(.plays(2))
    _ = try kept.tick(by: 1)
    #expect(kept.position == 1)
  }

  @Test func carryIsResetWhenPlayRestartsAFinishedTimeline() throws {
    // L = 2 ns, k = 1: rate 1/3; 7 ticks of 1 ns: 7 * 333333 = 2333331 -> 2 ns = E, finished, carry 333331.
    var timeline = try make([1, 1], loops: 1) { $0.rate = try Rate(millionths: 333_333) }
    timeline.play()
    for _ in 0..<7 { _ = try timeline.tick(by: 1) }
    #expect(timeline.state == .finished)
    timeline.play()
    #expect(timeline.position == 0 && timeline.state == .playing)
    // With the carry reset, two ticks give 666666 -> 0 ns (not 999997 -> 0 either;
    // three give 999999 -> 0, the fourth 1333332 -> 1).
    for _ in 0..<3 { _ = try timeline.tick(by: 1) }
    #expect(timeline.position == 0)
    _ = try timeline.tick(by: 1)
    #expect(timeline.position == 1)
  }

  // MARK: Section 5: states and commands

  @Test func stateTransitions() throws {
    var timeline = try make([ms(100), ms(100)], loops: 1)
    timeline.pause()  // stopped -> paused
    #expect(timeline.state == .paused)
    timeline.play()
    #expect(timeline.state == .playing)
    _ = try timeline.tick(by: ms(50))
    timeline.pause()
    #expect(timeline.state == .paused && timeline.position == ms(50))
    #expect(events(try timeline.tick(by: ms(50))).isEmpty)
    #expect(timeline.position == ms(50))
    timeline.play()  // paused -> playing, position kept
    #expect(timeline.state == .playing && timeline.position == ms(50))
    timeline.play()  // playing: no change
    #expect(timeline.state == .playing)
    _ = try timeline.tick(by: ms(1_000))
    #expect(timeline.state == .finished)
    timeline.pause()  // finished: no change
    #expect(timeline.state == .finished && timeline.position == ms(200))
    timeline.play()  // finished -> T = 0, playing
    #expect(timeline.state == .playing && timeline.position == 0)
    _ = try timeline.tick(by: ms(150))
    timeline.stop()  // any -> stopped, T = 0
    #expect(timeline.state == .stopped && timeline.position == 0 && timeline.currentFrame == 0)
    #expect(events(try timeline.tick(by: ms(10))).isEmpty)
    #expect(timeline.position == 0)
  }

  @Test func seekStates() throws {
    var timeline = try make([ms(40), ms(40), ms(40)], loops: 2)  // E = 240 ms
    #expect(events(try timeline.seek(to: ms(100))).isEmpty)  // stopped -> paused
    #expect(timeline.state == .paused && timeline.currentFrame == 2)  // b[2] = 80 <= 100 < 120
    timeline.play()
    #expect(events(try timeline.seek(to: ms(10))).isEmpty)  // playing stays playing
    #expect(timeline.state == .playing && timeline.currentFrame == 0)
    // Past E clamps to E and finishes, with an event...
    #expect(events(try timeline.seek(to: ms(1_000))) == [.finished])
    #expect(timeline.state == .finished && timeline.position == ms(240))
    // ...but not twice.
    #expect(events(try timeline.seek(to: ms(240))).isEmpty)
    #expect(timeline.state == .finished)
    #expect(throws: TimelineError.self) { try timeline.seek(to: -1) }
    #expect(timeline.position == ms(240))
  }

  @Test func seekFromPausedToTheEndFinishes() throws {
    var timeline = try make([ms(40), ms(40)], loops: 1)
    timeline.pause()
    #expect(events(try timeline.seek(to: ms(80))) == [.finished])
    #expect(timeline.state == .finished)
    #expect(timeline.location == TimelineLocation(frame: 1, slot: 1, iteration: 0))
  }

  @Test func seekFrameForwardAndReversed() throws {
    // b = 0, 100, 150, 175 ms.
    var timeline = try make([ms(100), ms(50), ms(25)], loops: 2)
    try timeline.seek(toFrame: 1)  // t = b[1]
    #expect(timeline.position == ms(100))
    try timeline.seek(toFrame: 2, iteration: 1)  // t = 175 + 150
    #expect(timeline.position == ms(325))
    timeline.direction = .reverse
    // Reversed iteration: t = i*L + L - b[j+1] = 175 + 175 - 175.
    try timeline.seek(toFrame: 2, iteration: 1)
    #expect(timeline.position == ms(175) && timeline.currentFrame == 2)
    timeline.direction = .alternate
    // Iteration 1 reversed: frame 0 starts at 175 + 175 - 100 = 250 ms.
    try timeline.seek(toFrame: 0, iteration: 1)
    #expect(timeline.position == ms(250) && timeline.currentFrame == 0)
    // Iteration 0 forward: frame 0 starts at 0.
    try timeline.seek(toFrame: 0)
    #expect(timeline.position == 0)
  }

  @Test func seekFrameErrors() throws {
    var timeline = try make([ms(10), 0, ms(10)], loops: 2)
    try timeline.seek(to: ms(5))
    #expect(throws: TimelineError.frameOutOfRange(frame: 3, count: 3)) { try timeline.seek(toFrame: 3) }
    #expect(throws: TimelineError.frameOutOfRange(frame: -1, count: 3)) { try timeline.seek(toFrame: -1) }
    #expect(throws: TimelineError.frameNotDisplayed(frame: 1)) { try timeline.seek(toFrame: 1) }
    #expect(throws: TimelineError.iterationOutOfRange(iteration: 2, plays: 2)) { try timeline.seek(toFrame: 0, iteration: 2) }
    #expect(throws: TimelineError.iterationOutOfRange(iteration: -1, plays: 2)) { try timeline.seek(toFrame: 0, iteration: -1) }
    #expect(timeline.position == ms(5) && timeline.state == .paused)  // nothing changed
    var infinite = try make([ms(10), ms(10)])
    try infinite.seek(toFrame: 1, iteration: 1_000)  // any i >= 0 when infinite
    #expect(infinite.position == 1_000 * ms(20) + ms(10))
  }

  @Test func commandsEmitNoFrameOrLoopEvents() throws {
    var timeline = try make([ms(100), ms(50), ms(25)], loops: 2)
    timeline.play()
    // Each seek moves across frames and iterations; only `finished` may appear.
    #expect(events(try timeline.seek(to: ms(120))).isEmpty)
    #expect(events(try timeline.seek(toFrame: 2, iteration: 1)).isEmpty)
    #expect(timeline.location == TimelineLocation(frame: 2, slot: 5, iteration: 1))
    #expect(events(try timeline.seek(to: ms(1_000))) == [.finished])
    // The next tick does not report what the seek did.
    #expect(events(try timeline.tick(by: ms(1))).isEmpty)
  }

  // MARK: loops while playing, paused, finished, stopped

  @Test func loopsWhilePlayingPastTheNewEndFinishes() throws {
    var timeline = try make([ms(100), ms(100), ms(100)])
    timeline.play()
    _ = try timeline.tick(by: ms(1_000))
    _ = try timeline.tick(by: ms(1_000))  // T = 2 s, iteration 6
    #expect(events(try timeline.setLoops(.plays(2))) == [.finished])  // E = 600 ms
    #expect(timeline.state == .finished && timeline.position == ms(600))
    #expect(timeline.location == TimelineLocation(frame: 2, slot: 5, iteration: 1))
  }

  @Test func loopsWhilePlayingExactlyAtTheNewEndFinishes() throws {
    var timeline = try make([ms(100), ms(100)])
    timeline.play()
    _ = try timeline.tick(by: ms(400))
    #expect(events(try timeline.setLoops(.plays(2))) == [.finished])  // T == E
    #expect(timeline.state == .finished)
  }

  @Test func loopsWhilePaused() throws {
    var timeline = try make([ms(100), ms(100), ms(100)])  // L = 300 ms
    try timeline.seek(to: ms(650))
    #expect(events(try timeline.setLoops(.plays(5))).isEmpty)  // 650 < 1500
    #expect(timeline.state == .paused && timeline.position == ms(650))
    #expect(events(try timeline.setLoops(.plays(2))) == [.finished])  // 650 >= 600: T = E
    #expect(timeline.state == .finished && timeline.position == ms(600))
  }

  @Test func loopsWhileFinished() throws {
    var timeline = try make([ms(100), ms(50)], loops: 2)  // E = 300 ms
    timeline.play()
    _ = try timeline.tick(by: ms(1_000))
    #expect(timeline.state == .finished)
    // More loops: T = 300 < 600, paused, no event; iteration 2 starts at frame 0.
    #expect(events(try timeline.setLoops(.plays(4))).isEmpty)
    #expect(timeline.state == .paused && timeline.position == ms(300))
    #expect(timeline.location == TimelineLocation(frame: 0, slot: 4, iteration: 2))
    timeline.play()
    _ = try timeline.tick(by: ms(1_000))
    #expect(timeline.state == .finished && timeline.position == ms(600))
    // Fewer loops: T = min(600, 150) = 150 == E, stays finished, no event.
    #expect(events(try timeline.setLoops(.plays(1))).isEmpty)
    #expect(timeline.state == .finished && timeline.position == ms(150))
    #expect(timeline.location == TimelineLocation(frame: 1, slot: 1, iteration: 0))
    // Infinite: paused.
    #expect(events(try timeline.setLoops(.infinite)).isEmpty)
    #expect(timeline.state == .paused && timeline.position == ms(150))
    #expect(timeline.totalDuration == nil)
  }

  @Test func loopsWhileStoppedChangeNothing() throws {
    var timeline = try make([ms(100), ms(50)], loops: 2)
    #expect(events(try timeline.setLoops(.plays(1))).isEmpty)
    #expect(timeline.state == .stopped && timeline.position == 0)
    #expect(timeline.totalDuration == ms(150))
  }

  @Test func loopCountErrors() throws {
    #expect(throws: TimelineError.invalidLoopCount(0)) { try LoopCount.plays(0) }
    #expect(throws: TimelineError.invalidLoopCount(-1)) { try LoopCount.plays(-1) }
    // L = 2 ns: K = Int64.max / 2 fits (E = Int64.max - 1), one more does not.
    let fits = Int64.max / 2
    var timeline = try make([1, 1], loops: fits)
    #expect(timeline.totalDuration == Int64.max - 1)
    #expect(throws: TimelineError.loopsTooLong(plays: fits + 1, loopDuration: 2)) {
      try make([1, 1], loops: fits + 1)
    }
    #expect(throws: TimelineError.loopsTooLong(plays: fits + 1, loopDuration: 2)) {
      try make([1, 1]) { $0.loops = try .plays(fits + 1) }
    }
    timeline.play()
    _ = try timeline.tick(by: 1)
    #expect(throws: TimelineError.loopsTooLong(plays: Int64.max, loopDuration: 2)) {
      try timeline.setLoops(.plays(Int64.max))
    }
    #expect(timeline.totalDuration == Int64.max - 1 && timeline.position == 1 && timeline.state == .playing)
  }

  @Test func providerErrors() throws {
    #expect(throws: TimelineError.noFrames) { try make([]) }
    #expect(throws: TimelineError.negativeDuration(frame: 0, nanoseconds: -5)) { try make([-5]) }
  }

  @Test func negativeTimesAreRejected() throws {
    var timeline = try make([ms(10), ms(10)])
    timeline.play()
    _ = try timeline.tick(by: ms(5))
    #expect(throws: TimelineError.self) { try timeline.tick(by: -1) }
    #expect(throws: TimelineError.self) { try timeline.tick(by: -1, mode: .tracking) }
    #expect(throws: TimelineError.self) { try timeline.seek(to: -1) }
    #expect(timeline.position == ms(5) && timeline.state == .playing && !timeline.isSuspended)
  }

  // MARK: Section 6: modes and suspension

  @Test func ticksInAnInactiveModeSuspend() throws {
    var timeline = try make([ms(50), ms(50)])
    timeline.play()
    #expect(events(try timeline.tick(by: ms(60), mode: .tracking)) == [.suspended])
    #expect(timeline.isSuspended && timeline.position == 0)  // the time is dropped
    #expect(events(try timeline.tick(by: ms(60), mode: .tracking)).isEmpty)  // only once
    // Active again: resumed comes before the frame event.
    #expect(events(try timeline.tick(by: ms(60))) == [.resumed, .frameChanged(from: 0, to: 1, slots: 1)])
    #expect(!timeline.isSuspended && timeline.position == ms(60))
  }

  @Test func commonMatchesDefaultAndTrackingOnly() throws {
    var timeline = try make([ms(50), ms(50)]) { $0.modes = .common }
    timeline.play()
    #expect(events(try timeline.tick(by: ms(10), mode: .tracking)).isEmpty)
    #expect(events(try timeline.tick(by: ms(10), mode: .default)).isEmpty)
    #expect(events(try timeline.tick(by: ms(10), mode: .common)).isEmpty)  // literal match
    #expect(timeline.position == ms(30))
    #expect(events(try timeline.tick(by: ms(10), mode: RunMode("modal"))) == [.suspended])
    timeline.modes = RunModes(["default", "modal"])
    #expect(events(try timeline.tick(by: ms(10), mode: RunMode("modal"))) == [.resumed])
    #expect(events(try timeline.tick(by: ms(10), mode: .tracking)) == [.suspended])
    // `common` as a tick's mode matches only a literal `common` in the set.
    #expect(events(try timeline.tick(by: ms(10), mode: .common)).isEmpty)
    #expect(timeline.isSuspended && timeline.position == ms(40))
    timeline.modes = RunModes(["tracking"])
    #expect(events(try timeline.tick(by: ms(10))).isEmpty)  // still suspended: default not in {tracking}
    // Resumes and advances 40 -> 50 ms = b[1]: frame 1.
    #expect(events(try timeline.tick(by: ms(10), mode: .tracking)) == [.resumed, .frameChanged(from: 0, to: 1, slots: 1)])
    #expect(timeline.position == ms(50))
  }

  @Test func emptyModesNeverAdvance() throws {
    var timeline = try make([ms(50), ms(50)]) { $0.modes = RunModes([String]()) }
    timeline.play()
    #expect(events(try timeline.tick(by: ms(10))) == [.suspended])
    #expect(events(try timeline.tick(by: ms(10), mode: .common)).isEmpty)
    #expect(timeline.position == 0)
  }

  @Test func suspensionWorksInEveryStateAndCommandsDoNotTouchIt() throws {
    var timeline = try make([ms(50), ms(50)], loops: 1) { $0.modes = RunModes(["tracking"]) }
    #expect(events(try timeline.tick(by: ms(1))) == [.suspended])  // stopped
    timeline.play()
    timeline.pause()
    timeline.stop()
    try timeline.seek(to: ms(100))  // finished
    _ = try timeline.setLoops(.plays(3))
    timeline.rate = Rate(2)
    timeline.modes = RunModes(["default"])
    #expect(timeline.isSuspended)
    #expect(events(try timeline.tick(by: ms(1))) == [.resumed])  // paused: only the flag
    #expect(timeline.position == ms(100) && timeline.state == .paused)
  }

  @Test func resumedTickAlsoAdvances() throws {
    var timeline = try make([ms(50), ms(50)], loops: 1)
    timeline.play()
    _ = try timeline.tick(by: ms(10), mode: .tracking)
    #expect(events(try timeline.tick(by: ms(100))) == [.resumed, .frameChanged(from: 0, to: 1, slots: 1), .loopCompleted(completed: 1), .finished])
  }

  // MARK: Regressions: cases that once trapped in debug builds.

  /// Spec 5: `seek t` on a finished timeline with t < E: "stopped or
  /// finished -> paused" (this once tripped the invariant check because the
  /// cursor moved before the state left finished).
  @Test func seekFromFinishedBeforeTheEnd() throws {
    var timeline = try Timeline(provider: SyntheticFrameProvider(durations: [1, 1], loopCount: .plays(1)))
    timeline.play()
    _ = try timeline.tick(by: 2)  // E = 2: finished
    #expect(try timeline.seek(to: 0).isEmpty)
    #expect(timeline.state == .paused && timeline.position == 0)
  }

  /// Infinite loops saturate at `Int64.max` (spec section 6, step 5); the
  /// slot there has no successor, and further ticks change nothing.
  @Test func saturatingAtInt64Max() throws {
    var timeline = try make([1, 1]) { $0.maxStep = .unlimited }
    timeline.play()
    _ = try timeline.tick(by: Int64.max)
    #expect(timeline.position == Int64.max)
    // T = 2^63 - 1 = iteration (2^63 - 2) / 2, p = 1: frame 1, slot 2^63 - 1.
    #expect(timeline.location == TimelineLocation(frame: 1, slot: Int64.max, iteration: (Int64.max - 1) / 2))
    for step in [Int64(1), 5, Int64.max] {
      #expect(try timeline.tick(by: step).isEmpty)
      #expect(timeline.position == Int64.max)
    }
    var seeking = try make([1, 1])
    try seeking.seek(to: Int64.max)
    #expect(seeking.position == Int64.max && seeking.state == .paused)
    seeking.play()
    #expect(try seeking.tick(by: 1).isEmpty)
  }

  /// The same saturation one nanosecond short works: T = Int64.max - 1 is
  /// iteration (2^63 - 2) / 2 with p = 0 (L = 2), frame 0.
  @Test func oneShortOfInt64MaxWorks() throws {
    var timeline = try make([1, 1]) { $0.maxStep = .unlimited }
    timeline.play()
    _ = try timeline.tick(by: Int64.max - 1)
    #expect(timeline.position == Int64.max - 1)
    #expect(timeline.location == TimelineLocation(frame: 0, slot: Int64.max - 1, iteration: (Int64.max - 1) / 2))
  }
}

/// Spec 6.1: mode names match literally, byte for byte.
@Suite struct RunModeNameTests {
  @Test func canonicallyEquivalentNamesAreDifferentModes() throws {
    let composed = "caf\u{E9}"
    let decomposed = "cafe\u{301}"
    #expect(composed == decomposed)  // String's == says equal...
    #expect(RunMode(composed) != RunMode(decomposed))  // ...modes do not.
    var timeline = try Timeline(provider: SyntheticFrameProvider(durations: [10, 10]),
                                configuration: .init(modes: RunModes([composed])))
    timeline.play()
    #expect(try timeline.tick(by: 5, mode: RunMode(decomposed)).didSuspend)
    #expect(try timeline.tick(by: 5, mode: RunMode(composed)).didResume)
    #expect(timeline.position == 5)
    #expect(RunModes([composed, decomposed]).names.count == 2)
  }
}
