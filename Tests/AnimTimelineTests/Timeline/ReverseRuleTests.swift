import Testing
import TimelineScript
@testable import AnimTimeline

/// One hand-worked example per rule sentence of spec section 9 (playing
/// backward: negative rates and `reverse`). Each test quotes the sentence it
/// checks. Times are in ns; `ms(x)` is x milliseconds. Every expected value
/// is worked out from the spec in the comments, not read off the engine.
///
/// Most tests use `d3` = 10, 20, 30 ms: b = 0, 10, 30, 60; L = 60 ms, m = 3.
/// Forward iteration i shows frame 0 in [60i, 60i + 10), frame 1 in
/// [60i + 10, 60i + 30), frame 2 in [60i + 30, 60i + 60); slot = 3i + j.
@Suite struct ReverseRuleTests {
  typealias Engine = RangeRules.Engine

  func ms(_ x: Int64) -> Int64 { RangeRules.ms(x) }
  func make(_ d: [Int64], loops: Int64? = nil, _ configure: (inout TimelineConfiguration) throws -> Void = { _ in }) throws -> Engine {
    try RangeRules.make(d, loops: loops, configure)
  }
  func tick(_ t: inout Engine, _ d: Int64) throws -> [TimelineEvent] { try RangeRules.tick(&t, d) }
  func cue(_ name: String, _ frame: Int, _ count: Int64) -> TimelineEvent { RangeRules.cue(name, frame, count) }
  func rate(_ millionths: Int64) throws -> Rate { try Rate(millionths: millionths) }
  /// The API's `Double` rate (`Rate(-0.5)` with a literal would be the
  /// literal initializer instead).
  func double(_ value: Double) throws -> Rate { try Rate(value) }
  /// Runs a script command on `t` (as a script line would) and returns its events.
  func apply(_ t: inout Engine, _ command: ScriptCommand) throws -> [TimelineEvent] {
    try RangeRules.run(&t) { try command.apply(to: &$0) }
  }
  func seek(_ t: inout Engine, _ time: Int64) throws -> [TimelineEvent] { try RangeRules.run(&t) { try $0.seek(to: time) } }
  func seekFrame(_ t: inout Engine, _ frame: Int, _ iteration: Int64 = 0) throws -> [TimelineEvent] {
    try RangeRules.run(&t) { try $0.seek(toFrame: frame, iteration: iteration) }
  }
  func setLoops(_ t: inout Engine, _ loops: LoopCount) throws -> [TimelineEvent] { try RangeRules.run(&t) { try $0.setLoops(loops) } }

  var d3: [Int64] { [ms(10), ms(20), ms(30)] }

  /// What a timeline shows: state, position, frame, slot, iteration.
  struct Place: Equatable, CustomStringConvertible {
    var state: PlaybackState
    var t: Int64
    var frame: Int
    var slot: Int64
    var iteration: Int64
    init(_ state: PlaybackState, t: Int64, frame: Int, slot: Int64, iteration: Int64) {
      (self.state, self.t, self.frame, self.slot, self.iteration) = (state, t, frame, slot, iteration)
    }
    init(_ timeline: Engine) {
      self.init(timeline.state, t: timeline.position, frame: timeline.currentFrame, slot: timeline.slot, iteration: timeline.iteration)
    }
    var description: String { "\(state) t=\(t) frame \(frame) slot \(slot) iteration \(iteration)" }
  }

  // MARK: - 9.1 The rate's sign

  /// "The rate may be negative: `R` is an integer with `|R| <= Int64.max`
  /// millionths. A rate `>= 0` moves **forward**, a negative one **backward**."
  @Test func aNegativeRateMovesBackwardAndANonNegativeOneForward() throws {
    #expect(try rate(-Int64.max).millionths == -Int64.max)
    #expect(throws: TimelineError.self) { try Rate(millionths: .min) }  // |R| = 2^63 > Int64.max

    var t = try make(d3, loops: 2)  // E = 120 ms
    try t.seek(to: ms(45))  // i = 0, p = 45 in [30, 60): frame 2, slot 2
    t.rate = try rate(-1_000_000)
    t.play()  // T != 0: stays
    #expect(Place(t) == Place(.playing, t: ms(45), frame: 2, slot: 2, iteration: 0))
    // 45 - 20 = 25 in [10, 30): frame 1, slot 1.
    #expect(try tick(&t, ms(20)) == [.frameChanged(from: 2, to: 1, slots: -1)])
    #expect(t.position == ms(25))
    t.rate = try rate(1_000_000)  // forward: 25 + 20 = 45, frame 2 again
    #expect(try tick(&t, ms(20)) == [.frameChanged(from: 1, to: 2, slots: 1)])
    #expect(t.position == ms(45))
    t.rate = try rate(0)  // 0 is forward and A = 0: nothing moves
    #expect(try tick(&t, ms(20)).isEmpty)
    #expect(t.position == ms(45))
  }

  /// "A rate of 0 counts as forward (`-0` is 0)."
  @Test func minusZeroIsZeroAndCountsAsForward() throws {
    #expect(try double(-0.0) == .zero)
    #expect(try double(-0.0).millionths == 0)
    #expect(try double(-0.0000004).millionths == 0)  // 0.4 millionths rounds to 0: -0 is 0
    #expect(try Rate(millionths: -0) == .zero)

    // Moving forward from 0, `play` stays at 0 and `seek 0` does not finish
    // (0 is the end only moving backward).
    var t = try make(d3, loops: 1)  // E = 60 ms
    t.rate = try double(-0.0)
    #expect(!t.rate.isBackward)
    #expect(try seek(&t, 0).isEmpty)
    #expect(t.state == .paused)
    t.play()
    #expect(Place(t) == Place(.playing, t: 0, frame: 0, slot: 0, iteration: 0))

    // The contrast: the smallest negative rate makes 0 the end.
    var u = try make(d3, loops: 1)
    u.rate = try rate(-1)
    #expect(try seek(&u, 0) == [.finished])
    u.play()  // moving backward from 0 (finite): from E = 60 ms
    #expect(Place(u) == Place(.playing, t: ms(60), frame: 2, slot: 2, iteration: 0))
  }

  /// "and `reverse` leaves it 0: the sign is not remembered (pause with
  /// `pause`, not `rate 0`, to keep the direction)."
  @Test func reverseLeavesZeroAtZero() throws {
    var t = try make(d3, loops: 1)
    t.rate = try rate(-1_000_000)
    t.rate = .zero  // the backward sign is forgotten here
    t.reverse()
    #expect(t.rate == .zero)
    t.reverse()
    #expect(t.rate.millionths == 0)
    // Still forward: seek 0 pauses (0 is not the end), play stays at 0.
    #expect(try seek(&t, 0).isEmpty)
    #expect(t.state == .paused)
    t.play()
    #expect(Place(t) == Place(.playing, t: 0, frame: 0, slot: 0, iteration: 0))
    #expect(try tick(&t, ms(100)).isEmpty)  // A = 0
    #expect(t.position == 0 && t.state == .playing)
  }

  /// "`reverse` (command; API `reverse()`): `R = -R`"
  @Test func reverseNegatesTheRate() throws {
    var t = try make(d3)
    t.rate = try rate(1_500_000)
    t.reverse()
    #expect(t.rate.millionths == -1_500_000)
    t.reverse()
    #expect(t.rate.millionths == 1_500_000)
    t.rate = try rate(-Int64.max)
    t.reverse()
    #expect(t.rate.millionths == Int64.max)
    t.reverse()
    #expect(t.rate.millionths == -Int64.max)
    // The script command is the same call.
    var u = try make(d3)
    u.rate = try rate(-3)
    #expect(try apply(&u, .reverse).isEmpty)
    #expect(u.rate.millionths == 3)
  }

  /// "`reverse` ...: `R = -R` and `carry = 0`, like a `rate` line"
  @Test func reverseResetsTheCarry() throws {
    var t = try make([ms(10), ms(10)], loops: 1)  // E = 20 ms
    t.rate = try rate(-250_000)
    try t.seek(to: ms(15))
    t.play()
    // Three 1 ns ticks: 250000, 500000, 750000 millionths: A = 0 each.
    for _ in 0..<3 { #expect(try tick(&t, 1).isEmpty) }
    #expect(t.position == ms(15))
    #expect(t.core.carry == 750_000)
    t.reverse()
    #expect(t.core.carry == 0)
    // 0 + 250000: A = 0 (a kept carry would give 1000000: A = 1, T = 15 ms + 1).
    #expect(try tick(&t, 1).isEmpty)
    #expect(t.position == ms(15))
    // 500000, 750000, 1000000: A = 1 on the third, forward.
    for _ in 0..<3 { #expect(try tick(&t, 1).isEmpty) }
    #expect(t.position == ms(15) + 1)
  }

  /// "`reverse` ...: nothing else changes (no event, the state stays).
  /// Unlike Web Animations' `reverse()`, it does not start a stopped,
  /// paused or finished timeline"
  @Test func reverseChangesNothingElse() throws {
    struct Settings: Equatable {
      var place: Place
      var direction: PlaybackDirection
      var loops: LoopCount
      var maxStep: MaxStep
      var policy: SkipPolicy
      var modes: RunModes
      var range: ClosedRange<Int>
      var queued: Clip?
      var cues: [String]
      var suspended: Bool
      init(_ t: Engine) {
        place = Place(t)
        (direction, loops, maxStep, policy, modes) = (t.direction, t.loops, t.maxStep, t.policy, t.modes)
        (range, queued, cues, suspended) = (t.range, t.queued, t.cues.map { "\($0.name)@\($0.frame)" }, t.isSuspended)
      }
    }
    // d = 10, 20, 30, 40 ms, range 1...2 (d' = 20, 30: L' = 50), 2 loops: E = 100 ms.
    func timeline() throws -> Engine {
      var t = try make([ms(10), ms(20), ms(30), ms(40)], loops: 2) {
        $0.direction = .alternate
        $0.policy = .noSkip
        $0.maxStep = try .nanoseconds(ms(5))
        $0.modes = RunModes(["default", "x"])
      }
      try t.setRange(1...2)
      try t.queue(Clip(frames: 0...0, loops: 1))
      try t.addCue("a", frame: 1)
      _ = try t.tick(by: 1, mode: "y")  // suspended
      return t
    }
    var setups: [(String, Engine)] = []
    setups.append(("stopped", try timeline()))
    var paused = try timeline()
    try paused.seek(to: ms(30))
    setups.append(("paused", paused))
    var playing = paused
    playing.play()
    setups.append(("playing", playing))
    var finished = try timeline()
    try finished.seek(to: ms(100))
    setups.append(("finished at E", finished))
    for (name, var t) in setups {
      let before = Settings(t)
      let rateBefore = t.rate.millionths
      #expect(try apply(&t, .reverse).isEmpty, "\(name)")
      #expect(Settings(t) == before, "\(name)")
      #expect(t.rate.millionths == -rateBefore, "\(name)")
      #expect(t.state == before.place.state, "\(name): reverse does not start the timeline")
    }
  }

  // MARK: - 9.2 Ticks moving backward

  /// "step 3: `A` and `carry` are computed from `Dc * |R|` exactly as before."
  @Test func stepThreeUsesTheMagnitudeOfR() throws {
    var t = try make(d3, loops: 2)  // E = 120 ms
    t.rate = try rate(-1_500_000)
    try t.seek(to: ms(100))  // i = 1, p = 40: frame 2, slot 5
    t.play()
    // A = 10 ms * 1500000 / 1000000 = 15 ms: T = 85 ms (i = 1, p = 25: frame 1, slot 4).
    #expect(try tick(&t, ms(10)) == [.frameChanged(from: 2, to: 1, slots: -1)])
    #expect(t.position == ms(85))
    t.rate = try rate(-3)  // carry = 0
    // 400000 * 3 = 1200000: A = 1, carry = 200000.
    #expect(try tick(&t, 400_000).isEmpty)
    #expect(t.position == ms(85) - 1)
    #expect(t.core.carry == 200_000)
    // 300000 * 3 + 200000 = 1100000: A = 1, carry = 100000.
    #expect(try tick(&t, 300_000).isEmpty)
    #expect(t.position == ms(85) - 2)
    #expect(t.core.carry == 100_000)
    // Max-step applies as before: Dc = min(1 s, 5 ms) = 5 ms; at -1: A = 5 ms.
    t.maxStep = try .nanoseconds(ms(5))
    t.rate = try rate(-1_000_000)
    #expect(try tick(&t, ms(1000)).isEmpty)  // 80 ms - 2: i = 1, p = 20 ms - 2, still frame 1
    #expect(t.position == ms(80) - 2)
  }

  /// "step 4: skip: `T' = T - A`."
  @Test func skipSubtractsA() throws {
    var t = try make(d3, loops: 2)
    try t.seek(to: ms(100))  // frame 2, slot 5
    t.rate = try rate(-1_000_000)
    t.play()
    // 100 - 45 = 55: i = 0, p = 55: frame 2 (slot 2): the index is unchanged,
    // so no frame event; completed 1 -> 0.
    #expect(try tick(&t, ms(45)) == [.loopCompleted(completed: 0)])
    #expect(Place(t) == Place(.playing, t: ms(55), frame: 2, slot: 2, iteration: 0))
    // 55 - 30 = 25: frame 1, slot 1.
    #expect(try tick(&t, ms(30)) == [.frameChanged(from: 2, to: 1, slots: -1)])
    #expect(Place(t) == Place(.playing, t: ms(25), frame: 1, slot: 1, iteration: 0))
  }

  /// "noskip: the same, but if the slot at `max(T', 0)` is less than `s - 1`
  /// (`s` the slot at `T`), then `T' = start(s - 1)` (at most one new frame a
  /// tick; the extra time is dropped)."
  @Test func noskipClampsToTheStartOfTheSlotBefore() throws {
    // d3, 2 loops: slots 0..5 start at 0, 10, 30, 60, 70, 90; E = 120 ms.
    var t = try make(d3, loops: 2) { $0.policy = .noSkip }
    t.rate = try rate(-1_000_000)
    t.play()  // from 0 moving backward: T = E = 120, slot k*m - 1 = 5, frame 2
    #expect(Place(t) == Place(.playing, t: ms(120), frame: 2, slot: 5, iteration: 1))
    // T' = 20: slot 1 < s - 1 = 4: T' = start(4) = 60 + b[1] = 70 (frame 1);
    // completed 2 -> 70 / 60 = 1.
    #expect(try tick(&t, ms(100)) == [.frameChanged(from: 2, to: 1, slots: -1), .loopCompleted(completed: 1)])
    #expect(Place(t) == Place(.playing, t: ms(70), frame: 1, slot: 4, iteration: 1))
    // T' = 70 ms - 1: slot 3 = s - 1, no clamp: frame 0.
    #expect(try tick(&t, 1) == [.frameChanged(from: 1, to: 0, slots: -1)])
    #expect(Place(t) == Place(.playing, t: ms(70) - 1, frame: 0, slot: 3, iteration: 1))
    // T' < 0: the slot at max(T', 0) = 0 is 0 < s - 1 = 2: T' = start(2) = 30;
    // not <= 0, so not finished; completed 1 -> 0.
    #expect(try tick(&t, ms(1000)) == [.frameChanged(from: 0, to: 2, slots: -1), .loopCompleted(completed: 0)])
    #expect(Place(t) == Place(.playing, t: ms(30), frame: 2, slot: 2, iteration: 0))
    // T' = 5: slot 0 < s - 1 = 1: T' = start(1) = 10.
    #expect(try tick(&t, ms(25)) == [.frameChanged(from: 2, to: 1, slots: -1)])
    #expect(t.position == ms(10))
    // T' = 0: slot 0 = s - 1, no clamp; T' <= 0: finished.
    #expect(try tick(&t, ms(10)) == [.frameChanged(from: 1, to: 0, slots: -1), .finished])
    #expect(Place(t) == Place(.finished, t: 0, frame: 0, slot: 0, iteration: 0))
  }

  /// "`A` can exceed `Int64.max` (the product of step 3 is exact): compute
  /// `T - A` without overflow; any `A >= T` gives `T' <= 0`."
  @Test func aAboveInt64MaxFinishesAtZeroWithoutOverflow() throws {
    // d = 10, 20 ms (L = 30 ms), infinite loops.
    var t = try make([ms(10), ms(20)])
    try t.seek(to: Int64.max - 1)
    // 9223372036854775806 = 307445734561 * 30000000 + 24775806: i = 307445734561,
    // p = 24.775806 ms in [10, 30): frame 1, slot 2i + 1 = 614891469123.
    #expect(Place(t) == Place(.paused, t: .max - 1, frame: 1, slot: 614_891_469_123, iteration: 307_445_734_561))
    t.rate = try rate(-Int64.max)
    t.play()
    // Dc = 1 s: A = 10^9 * (2^63 - 1) / 10^6 = 1000 * (2^63 - 1) > Int64.max.
    // T' <= 0: 0, finished; slots 0 - 614891469123; completed falls to 0.
    #expect(try tick(&t, ms(1000)) == [
      .frameChanged(from: 1, to: 0, slots: -614_891_469_123), .loopCompleted(completed: 0), .finished,
    ])
    #expect(Place(t) == Place(.finished, t: 0, frame: 0, slot: 0, iteration: 0))

    // Max-step none: Dc * |R| = (2^63 - 1)^2, still exact.
    var u = try make(d3, loops: 1) { $0.maxStep = .unlimited }
    u.rate = try rate(-Int64.max)
    u.play()  // T = E = 60 ms, frame 2, slot 2, completed 1
    #expect(try tick(&u, .max) == [.frameChanged(from: 2, to: 0, slots: -2), .loopCompleted(completed: 0), .finished])
    #expect(Place(u) == Place(.finished, t: 0, frame: 0, slot: 0, iteration: 0))
  }

  /// "step 5: if `T' <= 0`: `T' = 0`, state finished"
  @Test func reachingZeroOrPassingItFinishes() throws {
    var t = try make([ms(10), ms(10)], loops: 1)
    t.rate = try rate(-1_000_000)
    try t.seek(to: ms(15))
    t.play()
    // 15 - 14 = 1 ms: frame 0, not yet 0.
    #expect(try tick(&t, ms(14)) == [.frameChanged(from: 1, to: 0, slots: -1)])
    #expect(t.state == .playing && t.position == ms(1))
    // Exactly 0: T' <= 0.
    #expect(try tick(&t, ms(1)) == [.finished])
    #expect(Place(t) == Place(.finished, t: 0, frame: 0, slot: 0, iteration: 0))

    try t.seek(to: ms(15))  // finished -> paused
    t.play()
    // Past 0: 15 - 40 < 0: clamped to 0.
    #expect(try tick(&t, ms(40)) == [.frameChanged(from: 1, to: 0, slots: -1), .finished])
    #expect(Place(t) == Place(.finished, t: 0, frame: 0, slot: 0, iteration: 0))
  }

  /// "(also with infinite loops) ... With infinite loops a negative rate
  /// plays back to 0 and finishes there; it never wraps into earlier
  /// iterations"
  @Test func withInfiniteLoopsANegativeRatePlaysBackToZeroAndFinishes() throws {
    var t = try make(d3)  // infinite
    t.play()
    // 130: i = 2, p = 10: frame 1, slot 7.
    #expect(try tick(&t, ms(130)) == [.frameChanged(from: 0, to: 1, slots: 7), .loopCompleted(completed: 2)])
    t.reverse()
    // 130 - 100 = 30: i = 0, p = 30: frame 2, slot 2.
    #expect(try tick(&t, ms(100)) == [.frameChanged(from: 1, to: 2, slots: -5), .loopCompleted(completed: 0)])
    // 30 - 1000 < 0: 0, finished (no wrap to the end of iteration -1).
    #expect(try tick(&t, ms(1000)) == [.frameChanged(from: 2, to: 0, slots: -2), .finished])
    #expect(Place(t) == Place(.finished, t: 0, frame: 0, slot: 0, iteration: 0))
    #expect(t.totalDuration == nil)
  }

  /// "A `--gif` or `--frames` provider loops forever by default, so `rate -1`
  /// then `play` on it finishes at the first tick."
  @Test func aProviderThatLoopsForeverFinishesAtTheFirstTickBackward() throws {
    let provider = try SyntheticFrameProvider(durations: [ms(10), ms(20)])  // loops forever
    var t = try Timeline(provider: provider)
    #expect(t.loops == .infinite)
    t.rate = -1
    t.play()  // no end to play back from: T stays 0
    #expect(Place(t) == Place(.playing, t: 0, frame: 0, slot: 0, iteration: 0))
    #expect(try tick(&t, ms(16)) == [.finished])
    #expect(Place(t) == Place(.finished, t: 0, frame: 0, slot: 0, iteration: 0))
  }

  /// "A backward tick never switches to the queued range (section 8.2): only
  /// a tick moving forward to `E` does."
  @Test func aBackwardTickNeverSwitches() throws {
    // d = 4 x 10 ms, range 2...3: L = E = 20 ms.
    var t = try make([ms(10), ms(10), ms(10), ms(10)], loops: 1)
    try t.setRange(2...3)
    let clip = Clip(frames: 0...1, loops: .infinite)
    try t.queue(clip)
    t.rate = try rate(-1_000_000)
    t.play()  // T = E = 20: the range's last frame, 3, slot 1
    #expect(Place(t) == Place(.playing, t: ms(20), frame: 3, slot: 1, iteration: 0))
    #expect(try tick(&t, ms(5)) == [.loopCompleted(completed: 0)])  // 15: frame 3
    #expect(try tick(&t, ms(100)) == [.frameChanged(from: 3, to: 2, slots: -1), .finished])
    #expect(Place(t) == Place(.finished, t: 0, frame: 2, slot: 0, iteration: 0))
    #expect(t.range == 2...3 && t.queued == clip)
  }

  /// "A switch is one-way: moving backward never re-enters the range played
  /// before it; the current range's 0 is the end."
  @Test func aSwitchIsOneWay() throws {
    var t = try make([ms(10), ms(10), ms(10), ms(10)], loops: 1)
    try t.setRange(0...1)  // E = 20 ms
    try t.queue(Clip(frames: 2...3, loops: 1))
    t.play()
    // 0 + 25 >= 20: switch, X = 0 + 25 - 20 = 5 in 2...3 (frame 2, slot 0);
    // slots = (1*2 - 1 - 0) + 1 + 0 = 2.
    #expect(try tick(&t, ms(25)) == [.frameChanged(from: 0, to: 2, slots: 2), .loopCompleted(completed: 1), .rangeSwitched(to: 2...3)])
    #expect(Place(t) == Place(.playing, t: ms(5), frame: 2, slot: 0, iteration: 0))
    t.reverse()
    // 5 - 100 < 0: 0 of range 2...3, finished there; still frame 2, completed 0.
    #expect(try tick(&t, ms(100)) == [.finished])
    #expect(Place(t) == Place(.finished, t: 0, frame: 2, slot: 0, iteration: 0))
    #expect(t.range == 2...3 && t.queued == nil)
  }

  /// "step 6: `frame` as before, with `slots` = new slot − old slot, which is
  /// negative"
  @Test func frameEventSlotsAreNegativeMovingBackward() throws {
    var t = try make(d3, loops: 3)  // E = 180 ms
    t.rate = try rate(-1_000_000)
    t.play()  // T = 180: slot k*m - 1 = 8, frame 2
    #expect(Place(t) == Place(.playing, t: ms(180), frame: 2, slot: 8, iteration: 2))
    // 180 - 155 = 25: frame 1, slot 1: slots 1 - 8 = -7; completed 3 -> 0.
    #expect(try tick(&t, ms(155)) == [.frameChanged(from: 2, to: 1, slots: -7), .loopCompleted(completed: 0)])
  }

  /// "`loop` whenever the completed iterations changed: moving backward they
  /// fall, and `completed` is the value after the tick, as always."
  @Test func loopEventsReportTheFallenCompletedCount() throws {
    var t = try make(d3)  // infinite
    try t.seek(to: ms(200))  // i = 3, p = 20: frame 1, slot 10; completed 3
    t.rate = try rate(-1_000_000)
    t.play()
    // 130: i = 2, p = 10: frame 1 (slot 7): no frame event; completed 2.
    #expect(try tick(&t, ms(70)) == [.loopCompleted(completed: 2)])
    #expect(Place(t) == Place(.playing, t: ms(130), frame: 1, slot: 7, iteration: 2))
    // 5: frame 0, slot 0; completed 0.
    #expect(try tick(&t, ms(125)) == [.frameChanged(from: 1, to: 0, slots: -7), .loopCompleted(completed: 0)])
    // 4: completed stays 0: no loop event.
    #expect(try tick(&t, ms(1)).isEmpty)
  }

  /// "Since `T == E` counts `k` completed iterations, the first tick moving
  /// backward from `E` reports at most `k - 1` (exactly `k - 1` if it stays
  /// in iteration `k - 1`), even with one loop and no frame change: the
  /// mirror of the tick that reaches `E` moving forward."
  @Test func theFirstTickBackwardFromEReportsAtMostKMinusOne() throws {
    // One loop: E = 60; 60 ms - 1 is still frame 2; completed 1 -> 0.
    var one = try make(d3, loops: 1)
    one.rate = try rate(-1_000_000)
    one.play()
    #expect(try tick(&one, 1) == [.loopCompleted(completed: 0)])
    #expect(Place(one) == Place(.playing, t: ms(60) - 1, frame: 2, slot: 2, iteration: 0))

    // Three loops: the mirror. Forward from 180 ms - 1 to E: loop 3 and
    // finished; backward from E by 1 ns: 180 ms - 1, iteration 2: loop 2 = k - 1.
    var three = try make(d3, loops: 3)
    try three.seek(to: ms(180) - 1)
    three.play()
    #expect(try tick(&three, 1) == [.loopCompleted(completed: 3), .finished])
    three.reverse()
    three.play()  // finished at E moving backward: plays back from E
    #expect(try tick(&three, 1) == [.loopCompleted(completed: 2)])
    #expect(Place(three) == Place(.playing, t: ms(180) - 1, frame: 2, slot: 8, iteration: 2))

    // At most k - 1: from E = 180 down to 55 (iteration 0, frame 2): 0.
    var far = try make(d3, loops: 3)
    far.rate = try rate(-1_000_000)
    far.play()
    #expect(try tick(&far, ms(125)) == [.loopCompleted(completed: 0)])
    #expect(Place(far) == Place(.playing, t: ms(55), frame: 2, slot: 2, iteration: 0))
  }

  /// "Cues: a backward tick from `T0` down to `T1 < T0` ... **reaches** slot
  /// `s` when `T1 < start(s + 1) <= T0` and `s + 1` is a slot (for finite
  /// loops, `s + 1 < k*m`: the slot shown at `E` is already on screen
  /// there): the slots it enters going down, each at its end. ... cue events
  /// are ordered by when the tick reaches their first slot (the highest
  /// position first), then by name."
  @Test func cuesReachTheSlotsEnteredGoingDownEachAtItsEnd() throws {
    // d3, 2 loops: slots 0..5 start at 0, 10, 30, 60, 70, 90 (frames 0, 1, 2,
    // 0, 1, 2); E = 120.
    var t = try make(d3, loops: 2)
    try t.addCue("z", frame: 0)
    try t.addCue("a", frame: 0)
    try t.addCue("b", frame: 1)
    try t.addCue("c", frame: 2)
    t.rate = try rate(-1_000_000)
    t.play()  // T = 120, slot 5 (frame 2)
    // (95, 120]: no start(s + 1) with s + 1 < 6 (start(5) = 90): the slot
    // shown at E is not reached again. 95: frame 2 (slot 5); completed 1.
    #expect(try tick(&t, ms(25)) == [.loopCompleted(completed: 1)])
    // (85, 95]: start(5) = 90: slot 4 (frame 1), entered at its end.
    #expect(try tick(&t, ms(10)) == [.frameChanged(from: 2, to: 1, slots: -1), cue("b", 1, 1)])
    // (70, 85]: start(4) = 70 is not above T1 = 70: nothing (still slot 4).
    #expect(try tick(&t, ms(15)).isEmpty)
    #expect(Place(t) == Place(.playing, t: ms(70), frame: 1, slot: 4, iteration: 1))
    // (70 ms - 1, 70 ms]: start(4) = 70: slot 3 (frame 0): a and z, by name.
    #expect(try tick(&t, 1) == [.frameChanged(from: 1, to: 0, slots: -1), cue("a", 0, 1), cue("z", 0, 1)])
    // (0, 70 ms - 1]: start(3) = 60 (slot 2, frame 2), start(2) = 30 (slot 1,
    // frame 1), start(1) = 10 (slot 0, frame 0): highest first. Frame 0 -> 0:
    // no frame event; completed 1 -> 0; finished.
    #expect(try tick(&t, ms(1000)) == [
      cue("c", 2, 1), cue("b", 1, 1), cue("a", 0, 1), cue("z", 0, 1), .loopCompleted(completed: 0), .finished,
    ])
  }

  /// The same rules in reversed iterations, with counts above 1: "Each
  /// reached slot counts once, as in section 8.3; cue events are ordered by
  /// when the tick reaches their first slot (the highest position first)"
  @Test func cuesBackwardThroughAlternatingIterations() throws {
    // d3, 2 loops, alternate: iteration 0 forward (slots 0, 1, 2 = frames 0,
    // 1, 2 at 0, 10, 30); iteration 1 reversed: slot 3 = frame 2 at
    // 60 + 60 - 60 = 60, slot 4 = frame 1 at 60 + 60 - 30 = 90, slot 5 =
    // frame 0 at 60 + 60 - 10 = 110. At E = 120: iteration 1's last shown
    // frame, 0 (slot 5).
    var t = try make(d3, loops: 2) { $0.direction = .alternate }
    try t.addCue("a", frame: 0)
    try t.addCue("b", frame: 1)
    try t.addCue("c", frame: 2)
    t.rate = try rate(-1_000_000)
    t.play()
    #expect(Place(t) == Place(.playing, t: ms(120), frame: 0, slot: 5, iteration: 1))
    // (100, 120]: start(5) = 110: slot 4 (frame 1). 100: q = 20: frame 1.
    #expect(try tick(&t, ms(20)) == [.frameChanged(from: 0, to: 1, slots: -1), cue("b", 1, 1), .loopCompleted(completed: 1)])
    // (0, 100]: start(4) = 90 (slot 3, frame 2), 60 (slot 2, frame 2), 30
    // (slot 1, frame 1), 10 (slot 0, frame 0): c twice (first at 90), b at 30,
    // a at 10. T = 0: frame 0, slot 0: slots 0 - 4.
    #expect(try tick(&t, ms(100)) == [
      .frameChanged(from: 1, to: 0, slots: -4), cue("c", 2, 2), cue("b", 1, 1), cue("a", 0, 1),
      .loopCompleted(completed: 0), .finished,
    ])
  }

  /// "A slot shown going forward and again going backward counts each time."
  @Test func aSlotShownForwardAndAgainBackwardCountsEachTime() throws {
    var t = try make(d3, loops: 1)
    try t.addCue("b", frame: 1)
    t.play()
    #expect(try tick(&t, ms(15)) == [.frameChanged(from: 0, to: 1, slots: 1), cue("b", 1, 1)])  // start(1) = 10 in (0, 15]
    #expect(try tick(&t, ms(20)) == [.frameChanged(from: 1, to: 2, slots: 1)])  // 35
    t.reverse()
    // (25, 35]: start(2) = 30: slot 1 (frame 1) again.
    #expect(try tick(&t, ms(10)) == [.frameChanged(from: 2, to: 1, slots: -1), cue("b", 1, 1)])
    t.reverse()
    #expect(try tick(&t, ms(10)) == [.frameChanged(from: 1, to: 2, slots: 1)])  // start(2) = 30 in (25, 35]
    t.reverse()
    #expect(try tick(&t, ms(10)) == [.frameChanged(from: 2, to: 1, slots: -1), cue("b", 1, 1)])
  }

  // MARK: - 9.3 Commands and states

  /// "`seek t` (and `seek-frame`): `T = min(t, E)` as before; then the
  /// timeline is finished (with a `finished` event if it was not) when `T` is
  /// the end in the direction of motion: `T == E` (finite, rate `>= 0`) or
  /// `T == 0` (rate `< 0`, not static); otherwise stopped or finished become
  /// paused, playing and paused stay."
  @Test func seekFinishesAtTheEndInTheDirectionOfMotion() throws {
    var t = try make(d3, loops: 2)  // E = 120
    t.rate = try rate(-1_000_000)
    #expect(try seek(&t, 0) == [.finished])  // stopped, T = 0: the end moving backward
    #expect(Place(t) == Place(.finished, t: 0, frame: 0, slot: 0, iteration: 0))
    #expect(try seek(&t, 0).isEmpty)  // already finished: no event
    #expect(t.state == .finished)
    #expect(try seek(&t, ms(25)).isEmpty)  // finished -> paused
    #expect(t.state == .paused)
    // E is not the end moving backward: paused at E, no event.
    #expect(try seek(&t, ms(500)).isEmpty)
    #expect(Place(t) == Place(.paused, t: ms(120), frame: 2, slot: 5, iteration: 1))
    t.play()
    #expect(try seek(&t, ms(30)).isEmpty)  // playing stays
    #expect(t.state == .playing)
    #expect(try seek(&t, 0) == [.finished])  // playing -> finished at 0
    #expect(t.state == .finished)

    // Infinite loops: 0 is still the end moving backward.
    var inf = try make(d3)
    inf.rate = try rate(-1)
    #expect(try seek(&inf, 0) == [.finished])
    #expect(inf.state == .finished)

    // Static (m = 1): never finished.
    var still = try make([0, ms(10)], loops: 1)
    still.rate = try rate(-1_000_000)
    #expect(try seek(&still, 0).isEmpty)
    #expect(Place(still) == Place(.paused, t: 0, frame: 1, slot: 0, iteration: 0))

    // Forward: 0 is no end.
    var forward = try make(d3, loops: 2)
    #expect(try seek(&forward, 0).isEmpty)
    #expect(forward.state == .paused)
  }

  /// "With a negative rate `seek-frame` still goes to the slot's start, its
  /// lowest position, so the next tick moving backward leaves the frame at
  /// once; `seek-frame` to the first frame shown in iteration 0 (`t = 0`)
  /// finishes the timeline."
  @Test func seekFrameMovingBackward() throws {
    var t = try make(d3, loops: 2)
    t.rate = try rate(-1_000_000)
    #expect(try seekFrame(&t, 1).isEmpty)  // t = b[1] = 10
    #expect(Place(t) == Place(.paused, t: ms(10), frame: 1, slot: 1, iteration: 0))
    t.play()
    #expect(try tick(&t, 1) == [.frameChanged(from: 1, to: 0, slots: -1)])  // 10 ms - 1: frame 0 at once
    #expect(try seekFrame(&t, 0) == [.finished])  // t = 0
    #expect(Place(t) == Place(.finished, t: 0, frame: 0, slot: 0, iteration: 0))
    #expect(try seekFrame(&t, 0, 1).isEmpty)  // t = 60: finished -> paused
    #expect(Place(t) == Place(.paused, t: ms(60), frame: 0, slot: 3, iteration: 1))

    // Reversed iterations: frame j starts at L - b[j + 1]. Frame 2 is shown
    // first: t = 60 - 60 = 0: finished.
    t.direction = .reverse
    #expect(try seekFrame(&t, 2) == [.finished])
    #expect(Place(t) == Place(.finished, t: 0, frame: 2, slot: 0, iteration: 0))
    // Frame 1: t = 60 - 30 = 30 (q = 30 in (10, 30]), slot 1; 1 ns back, q =
    // 30 ms + 1 is in (30, 60]: frame 2, slot 0.
    #expect(try seekFrame(&t, 1).isEmpty)
    #expect(Place(t) == Place(.paused, t: ms(30), frame: 1, slot: 1, iteration: 0))
    t.play()
    #expect(try tick(&t, 1) == [.frameChanged(from: 1, to: 2, slots: -1)])
  }

  /// "`play`: from stopped, paused or finished, on a timeline that is not
  /// static: when the rate is negative, `T == 0` and the loop count is
  /// finite, `T = E` and `carry = 0` (playing back from the end"
  @Test func playFromZeroMovingBackwardStartsFromTheEndWithNoCarry() throws {
    // Stopped.
    var t = try make(d3, loops: 1)  // E = 60
    t.rate = try rate(-1_000_000)
    t.play()
    #expect(Place(t) == Place(.playing, t: ms(60), frame: 2, slot: 2, iteration: 0))
    // Finished at 0.
    #expect(try seek(&t, 0) == [.finished])
    t.play()
    #expect(Place(t) == Place(.playing, t: ms(60), frame: 2, slot: 2, iteration: 0))

    // Paused at 0 with a carry: playing forward at 0, then rate -0.5 (carry
    // 0); a 1 ns tick: 500000, A = 0 (T stays 0, still playing), carry 500000.
    var u = try make(d3, loops: 1)
    u.play()
    u.rate = try rate(-500_000)
    #expect(try tick(&u, 1).isEmpty)
    #expect(Place(u) == Place(.playing, t: 0, frame: 0, slot: 0, iteration: 0))
    #expect(u.core.carry == 500_000)
    u.pause()
    u.play()  // paused, T == 0, negative, finite: T = E, carry = 0
    #expect(Place(u) == Place(.playing, t: ms(60), frame: 2, slot: 2, iteration: 0))
    #expect(u.core.carry == 0)
    // 500000: A = 0 (a kept carry would give A = 1).
    #expect(try tick(&u, 1).isEmpty)
    #expect(u.position == ms(60))
    // 1000000: A = 1: 60 ms - 1, completed 1 -> 0.
    #expect(try tick(&u, 1) == [.loopCompleted(completed: 0)])
    #expect(u.position == ms(60) - 1)
  }

  /// "(... with infinite loops there is no end, `T` stays 0 and the next tick
  /// moving backward with `A > 0` finishes it)"
  @Test func playWithInfiniteLoopsMovingBackwardStaysAtZero() throws {
    var t = try make(d3)
    t.rate = try rate(-1_000_000)
    t.play()
    #expect(Place(t) == Place(.playing, t: 0, frame: 0, slot: 0, iteration: 0))
    #expect(try tick(&t, 0).isEmpty)  // A = 0: stop there, still playing
    #expect(t.state == .playing)
    #expect(try tick(&t, 1) == [.finished])  // A = 1 > 0
    #expect(Place(t) == Place(.finished, t: 0, frame: 0, slot: 0, iteration: 0))
    t.play()  // from finished: T stays 0
    #expect(Place(t) == Place(.playing, t: 0, frame: 0, slot: 0, iteration: 0))
    #expect(try tick(&t, ms(1)) == [.finished])
  }

  /// "Whenever the state was finished, `carry = 0` (section 6)."
  @Test func playFromFinishedDropsTheCarry() throws {
    var t = try make([ms(10), ms(20)])  // infinite: play does not jump
    t.rate = try rate(-500_000)
    try t.seek(to: ms(1))
    t.play()
    // 2000001 * 500000 = 1000000500000: A = 1 ms, carry 500000: T' = 0, finished.
    #expect(try tick(&t, ms(2) + 1) == [.finished])
    #expect(t.core.carry == 500_000)
    t.play()
    #expect(t.core.carry == 0)
    #expect(try tick(&t, 1).isEmpty)  // 500000: A = 0, still playing at 0
    #expect(t.state == .playing)
    #expect(try tick(&t, 1) == [.finished])  // 1000000: A = 1
  }

  /// "when the rate is `>= 0` and the state is finished, `T = 0` (as before).
  /// Otherwise `T` stays (so a timeline finished at `E` whose rate was then
  /// made negative plays back from `E`)."
  @Test func playFromFinishedAtEWithANegativeRatePlaysBackFromE() throws {
    var t = try make(d3, loops: 1)
    t.play()
    #expect(try tick(&t, ms(1000)) == [.frameChanged(from: 0, to: 2, slots: 2), .loopCompleted(completed: 1), .finished])
    t.rate = try rate(-1_000_000)
    #expect(Place(t) == Place(.finished, t: ms(60), frame: 2, slot: 2, iteration: 0))
    t.play()  // T = 60 != 0: stays
    #expect(Place(t) == Place(.playing, t: ms(60), frame: 2, slot: 2, iteration: 0))
    #expect(try tick(&t, ms(20)) == [.loopCompleted(completed: 0)])  // 40: frame 2
    // Paused midway: T != 0, so T stays.
    t.pause()
    t.play()
    #expect(t.position == ms(40))

    // Finished at 0 moving backward, then forward: play from finished at a
    // rate >= 0 sets T = 0.
    #expect(try tick(&t, ms(1000)) == [.frameChanged(from: 2, to: 0, slots: -2), .finished])
    t.rate = try rate(1_000_000)
    #expect(t.state == .finished && t.position == 0)
    t.play()
    #expect(Place(t) == Place(.playing, t: 0, frame: 0, slot: 0, iteration: 0))
    #expect(try tick(&t, ms(15)) == [.frameChanged(from: 0, to: 1, slots: 1)])
  }

  /// "`play` while playing changes nothing, whatever the rate: a timeline
  /// playing at 0 while moving backward is not moved to `E`; its next tick
  /// with `A > 0` finishes it."
  @Test func playWhilePlayingChangesNothing() throws {
    var t = try make(d3, loops: 1)
    t.play()  // forward, at 0
    t.rate = try rate(-1_000_000)
    t.play()
    #expect(Place(t) == Place(.playing, t: 0, frame: 0, slot: 0, iteration: 0))
    #expect(try tick(&t, ms(1)) == [.finished])
    #expect(Place(t) == Place(.finished, t: 0, frame: 0, slot: 0, iteration: 0))

    // Nor does it drop the carry.
    var u = try make(d3, loops: 1)
    try u.seek(to: ms(25))
    u.play()
    u.rate = try rate(-500_000)
    #expect(try tick(&u, 1).isEmpty)  // 500000: A = 0
    u.play()
    #expect(try tick(&u, 1).isEmpty)  // 1000000: A = 1
    #expect(Place(u) == Place(.playing, t: ms(25) - 1, frame: 1, slot: 1, iteration: 0))
  }

  /// "`loops K`: as in section 5, except that a negative rate never finishes
  /// there. While playing or paused, if `T >= E` then `T = E`; only when the
  /// rate is `>= 0` does the state then become finished, with a `finished`
  /// event ... While finished, `T = min(T, E)`, and the state becomes paused
  /// (no event) when `T` is then not the end in the direction of motion."
  @Test func loopsNeverFinishesMovingBackward() throws {
    var t = try make(d3, loops: 3)  // E = 180
    t.rate = try rate(-1_000_000)
    t.play()
    #expect(try tick(&t, ms(10)) == [.loopCompleted(completed: 2)])  // 170: frame 2
    // Loops 2: E = 120 <= 170: T = 120, still playing, no event.
    #expect(try setLoops(&t, 2).isEmpty)
    #expect(Place(t) == Place(.playing, t: ms(120), frame: 2, slot: 5, iteration: 1))
    #expect(try tick(&t, ms(5)) == [.loopCompleted(completed: 1)])  // 115: leaving E again
    t.pause()
    // Loops 1: E = 60 <= 115: T = 60, still paused, no event.
    #expect(try setLoops(&t, 1).isEmpty)
    #expect(Place(t) == Place(.paused, t: ms(60), frame: 2, slot: 2, iteration: 0))
    t.play()
    #expect(try tick(&t, ms(60)) == [.frameChanged(from: 2, to: 0, slots: -2), .loopCompleted(completed: 0), .finished])
    // Finished at 0 moving backward: T = min(0, E) = 0 is the end: stays
    // finished, whatever the count (infinite included).
    #expect(try setLoops(&t, 5).isEmpty)
    #expect(Place(t) == Place(.finished, t: 0, frame: 0, slot: 0, iteration: 0))
    #expect(try setLoops(&t, .infinite).isEmpty)
    #expect(t.state == .finished && t.position == 0)

    // Finished at E, then made backward: T = min(60, 60) = 60 is not 0: paused.
    var u = try make(d3, loops: 1)
    #expect(try seek(&u, ms(60)) == [.finished])
    u.rate = try rate(-1_000_000)
    #expect(u.state == .finished)
    #expect(try setLoops(&u, 1).isEmpty)
    #expect(Place(u) == Place(.paused, t: ms(60), frame: 2, slot: 2, iteration: 0))

    // The contrast, moving forward: T >= E finishes, with the event.
    var f = try make(d3, loops: 3)
    try f.seek(to: ms(130))
    f.play()
    #expect(try setLoops(&f, 2) == [.finished])
    #expect(Place(f) == Place(.finished, t: ms(120), frame: 2, slot: 5, iteration: 1))
  }

  /// "`range A B` (and `range all`): as in section 8.1, but when the rate is
  /// negative, the loop count finite and the timeline playing or paused,
  /// `T = E` of the new range instead of `0` ... A stopped timeline (and a
  /// finished one, which becomes stopped) stays at `T = 0`; `play` then
  /// starts it from `E`."
  @Test func rangeEntersAtTheEndInTheDirectionOfMotion() throws {
    // 6 frames of 10 ms, 2 loops: L = 60, E = 120.
    var t = try make(Array(repeating: ms(10), count: 6), loops: 2)
    t.rate = try rate(-1_000_000)
    t.play()  // 120
    _ = try tick(&t, ms(30))  // 90
    // Playing: range 1...2 (L = 20, E = 40): T = 40, iteration 1, frame 2,
    // slot k*m - 1 = 3.
    try t.setRange(1...2)
    #expect(Place(t) == Place(.playing, t: ms(40), frame: 2, slot: 3, iteration: 1))
    // 35: i = 1, p = 15: frame 2; completed 2 -> 1.
    #expect(try tick(&t, ms(5)) == [.loopCompleted(completed: 1)])
    // Paused: range 3...5 (L = 30, E = 60): T = 60, frame 5.
    t.pause()
    try t.setRange(3...5)
    #expect(Place(t) == Place(.paused, t: ms(60), frame: 5, slot: 5, iteration: 1))
    // Stopped: range 0...1 stays at 0; play starts from E = 40 (frame 1).
    t.stop()
    try t.setRange(0...1)
    #expect(Place(t) == Place(.stopped, t: 0, frame: 0, slot: 0, iteration: 0))
    t.play()
    #expect(Place(t) == Place(.playing, t: ms(40), frame: 1, slot: 3, iteration: 1))
    // Finished (at 0): becomes stopped at 0; play starts from E (range 2...3).
    #expect(try seek(&t, 0) == [.finished])
    try t.setRange(2...3)
    #expect(Place(t) == Place(.stopped, t: 0, frame: 2, slot: 0, iteration: 0))
    t.play()
    #expect(Place(t) == Place(.playing, t: ms(40), frame: 3, slot: 3, iteration: 1))
    // Infinite loops: no end to enter at: T = 0, still playing.
    #expect(try setLoops(&t, .infinite).isEmpty)
    try t.setRange(4...5)
    #expect(Place(t) == Place(.playing, t: 0, frame: 4, slot: 0, iteration: 0))
    // `range all` is the same rule: finite again, playing: T = E = 2 * 60.
    try t.setLoops(2)
    try t.resetRange()
    #expect(Place(t) == Place(.playing, t: ms(120), frame: 5, slot: 11, iteration: 1))

    // Forward: T = 0 as in section 8.1.
    var f = try make(Array(repeating: ms(10), count: 6), loops: 2)
    try f.seek(to: ms(30))
    f.play()
    try f.setRange(1...2)
    #expect(Place(f) == Place(.playing, t: 0, frame: 1, slot: 0, iteration: 0))
  }

  /// "`rate R`, `reverse`: never change the state or `T` (a finished timeline
  /// stays finished until `play`, `stop`, `seek`, `seek-frame`, `loops` or
  /// `range` says otherwise)." and "a finished timeline whose rate changes
  /// sign stays finished, at the other end"
  @Test func rateAndReverseNeverChangeTheStateOrT() throws {
    var setups: [(String, Engine)] = []
    let stopped = try make(d3, loops: 1)
    setups.append(("stopped", stopped))
    var paused = stopped
    try paused.seek(to: ms(25))
    setups.append(("paused", paused))
    var playing = paused
    playing.play()
    setups.append(("playing", playing))
    var finishedAtE = stopped
    try finishedAtE.seek(to: ms(60))
    setups.append(("finished at E", finishedAtE))
    var finishedAtZero = stopped
    finishedAtZero.rate = -1
    try finishedAtZero.seek(to: 0)
    setups.append(("finished at 0", finishedAtZero))
    var playingAtE = stopped
    playingAtE.rate = -1
    playingAtE.play()
    setups.append(("playing at E", playingAtE))
    var playingAtZero = stopped
    playingAtZero.play()
    setups.append(("playing at 0", playingAtZero))
    let changes: [ScriptCommand] = [.rate(-1_000_000), .rate(0), .rate(2_500_000), .rate(-Int64.max), .rate(1), .reverse]
    for (name, start) in setups {
      var t = start
      let before = Place(t)
      for change in changes {
        #expect(try apply(&t, change).isEmpty, "\(name): \(change)")
        #expect(Place(t) == before, "\(name): \(change)")
      }
    }
    // The finished ones are still finished, each at the end it reached.
    #expect(finishedAtE.state == .finished && finishedAtZero.state == .finished)
  }

  /// "Only section 9 can leave a timeline playing at `T == E` while moving
  /// forward (`range` or `loops` while moving backward, then `rate` or
  /// `reverse`). A tick with `A > 0` from there finishes it, with no `loop`
  /// event (completed was `k` already)"
  @Test func aForwardTickFromEWhilePlayingFinishesWithoutALoopEvent() throws {
    // Via play from 0 (backward), then reverse.
    var t = try make(d3, loops: 1)
    t.rate = try rate(-1_000_000)
    t.play()  // 60
    t.reverse()
    #expect(Place(t) == Place(.playing, t: ms(60), frame: 2, slot: 2, iteration: 0))
    #expect(try tick(&t, 0).isEmpty)  // A = 0: nothing
    #expect(t.state == .playing)
    #expect(try tick(&t, ms(1)) == [.finished])  // 61 >= 60: E
    #expect(Place(t) == Place(.finished, t: ms(60), frame: 2, slot: 2, iteration: 0))

    // Via loops: 3 loops, back to 110 (completed 1), loops 1: T = E = 60, playing.
    var u = try make(d3, loops: 3)
    u.rate = try rate(-1_000_000)
    u.play()
    _ = try tick(&u, ms(70))
    try u.setLoops(1)
    #expect(Place(u) == Place(.playing, t: ms(60), frame: 2, slot: 2, iteration: 0))
    u.rate = try rate(1_000_000)
    #expect(try tick(&u, ms(5)) == [.finished])

    // Via range: range 0...1 while playing backward: T = E = 30 (frame 1).
    var v = try make(d3, loops: 1)
    v.rate = try rate(-1_000_000)
    v.play()
    try v.setRange(0...1)
    #expect(Place(v) == Place(.playing, t: ms(30), frame: 1, slot: 1, iteration: 0))
    v.rate = try rate(2)
    #expect(try tick(&v, 1).isEmpty)  // 2 millionths: A = 0
    #expect(try tick(&v, 500_000) == [.finished])  // 500000 * 2 + 2 = 1000002: A = 1, 31 ns >= E
  }

  /// "with a range queued it switches instead (section 8.2; skip: `X = A`),
  /// and its events include `loop` with the old `k` as usual."
  @Test func aForwardTickFromEWhilePlayingSwitchesToTheQueuedRange() throws {
    func timeline(_ policy: SkipPolicy) throws -> Engine {
      var t = try make(d3, loops: 1) { $0.policy = policy }
      try t.setRange(0...1)  // stopped: T = 0; L = E = 30
      try t.queue(Clip(frames: 2...2, loops: .infinite))
      try t.addCue("c", frame: 2)
      t.rate = try rate(-1_000_000)
      t.play()  // T = E = 30: frame 1, slot 1
      t.reverse()
      return t
    }
    // Skip: X = T + A - E = 30 + 5 - 30 = 5 = A. slots = (1*2 - 1 - 1) + 1 + 0
    // = 1; the switch reaches the new range's first slot (c); loop 1 (old k);
    // the new range's completed iterations are 5 / 30 = 0: no second loop.
    var t = try timeline(.skip)
    #expect(try tick(&t, ms(5)) == [
      .frameChanged(from: 1, to: 2, slots: 1), cue("c", 2, 1), .loopCompleted(completed: 1), .rangeSwitched(to: 2...2),
    ])
    #expect(Place(t) == Place(.playing, t: ms(5), frame: 2, slot: 0, iteration: 0))
    #expect(t.range == 2...2 && t.queued == nil && t.loops == .infinite)
    // Noskip: X = 0.
    var n = try timeline(.noSkip)
    #expect(try tick(&n, ms(5)) == [
      .frameChanged(from: 1, to: 2, slots: 1), cue("c", 2, 1), .loopCompleted(completed: 1), .rangeSwitched(to: 2...2),
    ])
    #expect(Place(n) == Place(.playing, t: 0, frame: 2, slot: 0, iteration: 0))
  }

  /// "`stop`, `then`, `cue`, `uncue`, `direction` and the rest: as before."
  @Test func stopAndTheRestAsBefore() throws {
    var t = try make(d3, loops: 2)
    t.rate = try rate(-1_000_000)
    t.play()  // 120
    t.stop()
    #expect(Place(t) == Place(.stopped, t: 0, frame: 0, slot: 0, iteration: 0))
    t.play()  // stopped at 0 moving backward: E again
    #expect(t.position == ms(120))
    // `direction` moves nothing: T = 120 is E; alternate: iteration 1 is
    // reversed, its last shown frame is 0 (slot 5).
    t.direction = .alternate
    #expect(Place(t) == Place(.playing, t: ms(120), frame: 0, slot: 5, iteration: 1))
    t.pause()  // playing -> paused
    #expect(t.state == .paused && t.position == ms(120))
  }

  // MARK: - 9.4 Script additions

  /// "`rate` takes an optional leading `-` (`rate -1`, `rate -0.5`; `-0` is
  /// 0): the magnitude is rounded half up to millionths, then negated, so
  /// `rate -0.0000015` is −2 millionths, the exact opposite of `rate
  /// 0.0000015`"
  @Test func scriptRateTakesAnOptionalMinus() throws {
    func parse(_ line: String) throws -> ScriptCommand { try ScriptCommand(parsing: line) }
    #expect(try parse("rate -1") == .rate(-1_000_000))
    #expect(try parse("rate -0.5") == .rate(-500_000))
    #expect(try parse("rate -0.0000015") == .rate(-2))  // 1.5 -> 2, then negated
    #expect(try parse("rate 0.0000015") == .rate(2))
    #expect(try parse("rate -0.0000014") == .rate(-1))
    #expect(try parse("rate -0.0000005") == .rate(-1))  // 0.5 -> 1: half up in magnitude
    #expect(try parse("rate -0.00000049") == .rate(0))  // 0.49 -> 0: -0 is 0
    #expect(try parse("rate -0") == .rate(0))
    #expect(try parse("rate -0.000") == .rate(0))
    #expect(try parse("rate -9223372036854.775807") == .rate(-Int64.max))
    // Magnitudes above Int64.max millionths: invalid (even Int64.min).
    #expect(throws: ScriptCommand.ParseError.self) { try parse("rate -9223372036854.775808") }
    #expect(throws: ScriptCommand.ParseError.self) { try parse("rate -9223372036854.7758075") }  // rounds to ...808
    // One sign at most, and only `-`, directly before the digits.
    for bad in ["rate --1", "rate -", "rate +1", "rate - 1", "rate 1-", "rate -.5", "rate -1.", "rate -1e3", "rate −1"] {
      #expect(throws: ScriptCommand.ParseError.self, "\(bad)") { try parse(bad) }
    }
    #expect(NumberSyntax.signedRate("-0.0000015".utf8) == -2)
    #expect(NumberSyntax.signedRate("0.0000015".utf8) == 2)
    #expect(NumberSyntax.signedRate("-0".utf8) == 0)
    #expect(NumberSyntax.signedRate("--1".utf8) == nil)
  }

  /// "No other number takes a sign."
  @Test func noOtherNumberTakesASign() throws {
    for bad in ["tick -1ms", "seek -1", "seek -0", "seek-frame -1", "seek-frame 0 -1", "loops -1", "max-step -1ms",
      "range -1 2", "range 0 -2", "then 0 -1 inf", "then 0 1 -1", "cue a -1"]
    {
      #expect(throws: ScriptCommand.ParseError.self, "\(bad)") { try ScriptCommand(parsing: bad) }
    }
  }

  /// "the API's `Double` rate rounds ties away from zero likewise."
  @Test func theDoubleRateRoundsTiesAwayFromZero() throws {
    // 0.0078125 = 1/128 exactly = 7812.5 millionths: a true tie.
    #expect(try double(0.0078125).millionths == 7813)
    #expect(try double(-0.0078125).millionths == -7813)
    #expect(try double(-1.5).millionths == -1_500_000)
    #expect(throws: TimelineError.self) { try double(-.infinity) }
    #expect(throws: TimelineError.self) { try double(-1e13) }  // 10^19 millionths > Int64.max
  }

  /// "New command: `reverse`."
  @Test func scriptReverseParsesAndRuns() throws {
    #expect(try ScriptCommand(parsing: "reverse") == .reverse)
    #expect(try ScriptCommand(parsing: "reverse   # comment") == .reverse)
    #expect(throws: ScriptCommand.ParseError.self) { try ScriptCommand(parsing: "reverse 1") }

    // Through the runner: -0.0000025 is -3 millionths (2.5 -> 3); 1 ms at 3
    // millionths is A = 3 ns: 15 ms - 3, then reverse: + 3 ns.
    let provider = try SyntheticFrameProvider(durations: [ms(10), ms(10)], loopCount: 1)
    var runner = ScriptRunner(timeline: try Timeline(provider: provider), json: true)
    var lines = 0
    let first = runner.run(Array("rate -0.0000025\nseek 15ms\nplay\ntick 1ms\n".utf8)) { _ in lines += 1 }
    #expect(first == nil)
    #expect(lines == 4)
    #expect(runner.timeline.rate.millionths == -3)
    #expect(runner.timeline.position == ms(15) - 3)
    // `reverse` prints its line, changes no state; `rate --1` is invalid and
    // stops the run there (its line 3), before `play`.
    let failure = runner.run(Array("reverse\ntick 1ms\nrate --1\nplay\n".utf8)) { _ in lines += 1 }
    #expect(lines == 6)
    #expect(failure?.line == 3)
    #expect(runner.timeline.rate.millionths == 3)
    #expect(runner.timeline.position == ms(15))
    #expect(runner.timeline.state == .playing)
  }
}
