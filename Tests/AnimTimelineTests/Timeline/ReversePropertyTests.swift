import Testing
import TimelineScript
@testable import AnimTimeline

/// Properties of spec section 9 (negative rates, `reverse`, ticks moving
/// backward) over thousands of generated cases, and the differential test
/// of section 9's scripts against the reference model. A failure prints
/// the seed, the replay command (`PBT_SEED=<seed> swift test --filter
/// <name>`) and the shrunk counterexample; `PBT_ITERATIONS` scales the case
/// counts.
///
/// Expectations come from the spec: a timeline compared with itself under
/// another split of time or after the same span forward, a few lines of
/// arithmetic (9.2's `A` from `Dc * |R|`), or slots enumerated one by one
/// in the reference model, never from the engine's own helpers.
@Suite struct ReversePropertyTests {
  // MARK: The differential test

  /// Random scripts of the section 9 profile (half start moving backward;
  /// `rate`, `reverse` and `play` lines are frequent; ranges, queues and
  /// cues as in section 8), run by the one differential harness
  /// (`Support/Differential.swift`): the engine against the reference
  /// model after every command. The other differential tests draw section
  /// 9's commands too, less often.
  @Test func backwardScriptsMatchTheReferenceModel() {
    Differential.check("ReversePropertyTests.backwardScriptsMatchTheReferenceModel",
                       ScriptGen.scripts(maxCommands: 40, profile: .reverse), iterations: 3_000)
  }

  /// The section 9 profile over frames of milliseconds (often whole ones,
  /// as in real animations) with display-rate ticks (16.67 ms, 1 s, the
  /// max-step) besides the aimed ones: mostly 1x backward, where a tick
  /// stays in the same or the previous iteration.
  @Test func backwardScriptsOverMillisecondFramesMatchTheReferenceModel() {
    let profile = ScriptProfile.with(.reverse) {
      $0.frames = .mixed
      $0.tickWeights = [3, 1, 3, 3, 1, 1]
    }
    Differential.check("ReversePropertyTests.backwardScriptsOverMillisecondFramesMatchTheReferenceModel",
                       ScriptGen.scripts(maxCommands: 40, profile: profile), iterations: 1_500)
  }

  /// The same at the limits: no max-step, huge rates of either sign,
  /// `Int64.max`-sized ticks, the largest loop counts.
  @Test func extremeBackwardScriptsMatchTheReferenceModel() {
    let profile = ScriptProfile.with(.extreme) { $0.backwardStarts = 2 }
    Differential.check("ReversePropertyTests.extremeBackwardScriptsMatchTheReferenceModel",
                       ScriptGen.scripts(maxCommands: 30, profile: profile), iterations: 800)
  }

  /// The section 9 profile must reach the interesting situations: a
  /// differential test over scripts that never move backward proves little.
  @Test func generatedScriptsCoverSection9() {
    var backwardTicks = 0, finishedAtZero = 0, negativeSlots = 0, fallingLoops = 0, multiCounts = 0
    var fromEnd = 0, playsFromEnd = 0, rangesAtEnd = 0, loopsKeptPlaying = 0, reverses = 0, hugeRates = 0
    var noSkipBackward = 0, rejectedRates = 0, infiniteFinishes = 0
    RangesDifferentialTests.outcomes(ScriptGen.scripts(maxCommands: 40, profile: .reverse), count: 1_000, seed: 9_009) {
      command, events, policy, model in
      guard let events else {
        if case .rate = command { rejectedRates += 1 }
        return
      }
      switch command {
      case .tick:
        // `model` is the model after the tick: a backward tick left it
        // moving backward (only commands change the rate).
        let moved = events.contains {
          switch $0 {
          case .suspended, .resumed: false
          default: true
          }
        }
        guard model.isBackward, moved else { break }
        backwardTicks += 1
        if events.contains(.finished) {
          finishedAtZero += 1
          if model.loops == nil { infiniteFinishes += 1 }
        }
        if policy == .noSkip { noSkipBackward += 1 }
        if model.rate <= -1_000_000_000_000 { hugeRates += 1 }
        for event in events {
          switch event {
          case let .frame(_, _, slots): if slots < 0 { negativeSlots += 1 }
          case .loop: fallingLoops += 1
          case let .cue(_, _, count): if count > 1 { multiCounts += 1 }
          default: break
          }
        }
      case .play:
        if model.isBackward, model.state == .playing, let end = model.end, Int128(model.position) == end { playsFromEnd += 1 }
      case .range:
        if model.isBackward, let end = model.end, Int128(model.position) == end, end > 0 { rangesAtEnd += 1 }
      case .loops:
        if model.isBackward, model.state != .finished, let end = model.end, Int128(model.position) == end { loopsKeptPlaying += 1 }
      case .reverse:
        reverses += 1
      default: break
      }
      if model.isBackward, let end = model.end, Int128(model.position) == end, model.state == .playing { fromEnd += 1 }
    }
    print("""
      generatedScriptsCoverSection9: \(backwardTicks) backward ticks (\(finishedAtZero) finishing at 0, \(infiniteFinishes) \
      with infinite loops, \(noSkipBackward) noskip, \(hugeRates) at huge rates), \(negativeSlots) negative slots, \
      \(fallingLoops) loop events, \(multiCounts) cue counts above 1, \(playsFromEnd) plays from E, \(rangesAtEnd) ranges \
      entered at E, \(loopsKeptPlaying) loops at E still moving, \(fromEnd) commands playing at E, \(reverses) reverses, \
      \(rejectedRates) rejected rates
      """)
    #expect(backwardTicks > 500)
    #expect(finishedAtZero > 250 && infiniteFinishes > 80)
    #expect(noSkipBackward > 150 && hugeRates > 40)
    #expect(negativeSlots > 300 && fallingLoops > 300 && multiCounts > 100)
    #expect(playsFromEnd > 400 && rangesAtEnd > 30 && loopsKeptPlaying > 20 && fromEnd > 1_000)
    #expect(reverses > 400 && rejectedRates > 2)
  }

  /// Shrinking a `rate` line: a negative rate offers 1x forward first,
  /// then the same speed forward, then backward rates of smaller
  /// magnitude; a positive one never offers a negative rate. So no chain
  /// of shrinks cycles (the magnitude of a negative rate falls until the
  /// rate turns forward, as before section 9), and following the first
  /// offer always ends at `rate 1`.
  @Test func rateShrinksEndForward() {
    for start: Int64 in [-1, -2, -999_999, -1_000_000, -1_000_001, -333_333, -1_000_000_000_000, -Int64.max, .min] {
      var first = ScriptCommand.rate(start)
      var steps = 0
      while let next = first.shrinks.first {
        first = next
        steps += 1
        if steps > 100 { break }
      }
      #expect(first == .rate(1_000_000) && steps <= 2, "rate \(start): ends at \(first) after \(steps)")
      // Every offer is simpler: forward, or backward with a smaller magnitude.
      for case let .rate(r) in ScriptCommand.rate(start).shrinks {
        #expect(r >= 0 || r.magnitude < start.magnitude, "rate \(start) offers \(r)")
      }
    }
    for r: Int64 in [0, 1, 500_000, 2_500_000, Int64.max] {
      for case let .rate(x) in ScriptCommand.rate(r).shrinks { #expect(x >= 0, "rate \(r) offers \(x)") }
    }
  }

  // MARK: (a) Backward ticks are additive

  /// Spec 9.2 computes `A` and the carry from `Dc * |R|` "exactly as
  /// before", so 6.3's additivity holds moving backward at any negative
  /// rate: one tick of `D1 + D2` and ticks of `D1` then `D2` land on the
  /// same position, frame, slot, iteration, state and carry (the carry
  /// compared only while not finished, ``Observation/sameButCarryWhenFinished(_:)``),
  /// under skip with max-step none, every tick active, no command between.
  /// And the total is 9.2's arithmetic: from `p0` (carry 0 after the
  /// seek), `T = max(0, p0 - floor(span * |R| / 10^6))`, finished exactly
  /// when that reaches 0 with some advance (even with infinite loops).
  @Test func backwardTicksAreAdditive() {
    let piece = zip(
      Gen<Int64>.frequency([(30, .int64(in: 0...6_000)), (1, .int64(in: (Int64.max / 2)...Int64.max))]),
      .int64(in: 0...1_000))
    let gen = zip(BackwardSetup.gen, .array(of: piece, count: 1...8))
    var cases = 0, finished = 0, moved = 0
    forAll("ReversePropertyTests.backwardTicksAreAdditive", gen: gen, iterations: 4_000) { setup, pieces in
      guard var whole = try setup.make(policy: .skip) else { return true }
      var split = whole
      cases += 1
      let p0 = Int128(whole.position)
      var span: Int128 = 0
      for (raw, cut) in pieces {
        let d = setup.tickLength(raw)
        let first = Int64(Int128(d) * Int128(cut) / 1_000)
        let before = Observation(whole)
        let a = Array(try whole.tick(by: d))
        let b1 = Array(try split.tick(by: first))
        let b2 = Array(try split.tick(by: d - first))
        span += Int128(d)
        try ensure(
          Observation(whole).sameButCarryWhenFinished(Observation(split)),
          """
          from \(before)
          one tick of \(d) ns: \(Observation(whole)) \(a)
          ticks of \(first) and \(d - first) ns: \(Observation(split)) \(b1) \(b2)
          """)
      }
      // span * |R| can exceed Int128 (12 ticks of Int64.max ns at Int64.max
      // millionths); past Int128.max / |R| it reaches 0 from anywhere anyway.
      let advance = span > Int128.max / setup.speed ? Int128.max : span * setup.speed / 1_000_000
      let expected = max(p0 - advance, 0)
      try ensure(Int128(whole.position) == expected, "position \(whole.position), expected \(expected) (p0 \(p0), A \(advance))")
      try ensure((whole.state == .finished) == (expected == 0 && advance > 0), "state \(whole.state), T \(expected), A \(advance)")
      let location = try whole.location(at: whole.position)
      try ensure(location == whole.location, "location \(whole.location) vs location(at:) \(location)")
      if whole.state == .finished { finished += 1 }
      if advance > 0, expected > 0 { moved += 1 }
      return true
    }
    print("backwardTicksAreAdditive: \(cases) timelines, \(finished) finished at 0, \(moved) moved and still playing")
    #expect(finished * 5 > cases && moved * 5 > cases, "weak coverage: \(finished) finished, \(moved) moved, of \(cases)")
  }

  // MARK: (b) Forward then backward over the same span

  /// A span played forward at rate `r`, then backward at `-r` (by `rate`
  /// or by `reverse`, which both drop the carry) with the same ticks,
  /// returns to the same position, frame, slot and iteration, as long as
  /// the forward leg does not reach `E` (then the backward leg, which ends
  /// where it started, above 0, cannot reach 0 either). Both legs advance
  /// `floor(sum(Dc) * |r| / 10^6)`. On the way: the backward leg's `loop`
  /// events, if any, end at the completed iterations the forward leg
  /// started from; and with a cue on every frame, the backward leg reaches
  /// the slots `s0 ... s1 - 1` where the forward leg reached `s0 + 1 ...
  /// s1`: `s1 - s0` slots each way, and per frame, forward minus backward
  /// counts is `[frame(s1) == j] - [frame(s0) == j]`.
  @Test func forwardThenBackwardReturns() {
    let gen = zip(BackwardSetup.gen, .array(of: .int64(in: 0...40_000), count: 1...10), zip(Gen<Bool>.bool, Gen<Int>.int(in: 0...3)))
    var cases = 0, returned = 0, crossed = 0
    forAll("ReversePropertyTests.forwardThenBackwardReturns", gen: gen, iterations: 3_000) { setup, raws, options in
      let (byReverse, maxStepPick) = options
      var setup = setup
      setup.rate = min(setup.rate, 3_000_000)
      guard setup.start > 0, var t = try setup.make(policy: .skip, forward: true, cueEveryFrame: true) else { return true }
      guard t.position > 0, t.totalDuration.map({ t.position < $0 }) ?? true else { return true }
      t.maxStep = maxStepPick == 0 ? .unlimited : try .nanoseconds(Int64(maxStepPick) * 7 * setup.unit)
      cases += 1
      let start = Observation(t)
      let completedBefore = t.completedIterations
      let ticks = raws.map(setup.tickLength)
      var forwardHits: [Int: Int64] = [:]
      var backwardHits: [Int: Int64] = [:]
      var log: [String] = []
      for d in ticks {
        let events = try RangeRules.tick(&t, d)
        log.append("+\(d): \(events)")
        for case let .cue(hit) in events { forwardHits[hit.frame, default: 0] += hit.count }
      }
      guard t.state == .playing else { return true }  // reached E: no way back
      let middle = t.location
      let middleCarry = t.core.carry
      if byReverse {
        t.reverse()
      } else {
        t.rate = try Rate(millionths: -setup.rate)
      }
      try ensure(t.state == .playing && t.rate.millionths == -setup.rate && t.core.carry == 0, "after turning: \(Observation(t))")
      var lastLoop: Int64?
      for d in ticks {
        let events = try RangeRules.tick(&t, d)
        log.append("-\(d): \(events)")
        for event in events {
          switch event {
          case let .cue(hit): backwardHits[hit.frame, default: 0] += hit.count
          case let .loopCompleted(completed): lastLoop = completed
          default: break
          }
        }
      }
      // The same place; the rate turned, and the carry is the forward
      // leg's again (both legs divide the same products), not the seek's 0.
      var end = Observation(t)
      (end.rate, end.carry) = (start.rate, start.carry)
      try ensure(
        end == start && t.core.carry == middleCarry,
        "forward then backward: \(start) -> \(Observation(t)) (carry after the forward leg \(middleCarry)); \(log.joined(separator: "; "))")
      let slotsCrossed = middle.slot - start.slot
      try ensure(
        forwardHits.values.reduce(0, +) == slotsCrossed && backwardHits.values.reduce(0, +) == slotsCrossed,
        "\(slotsCrossed) slots crossed, forward hits \(forwardHits), backward hits \(backwardHits): \(log.joined(separator: "; "))")
      try ensure(lastLoop.map { $0 == completedBefore } ?? true, "last loop event \(lastLoop!), completed \(completedBefore)")
      for j in setup.nanoseconds.indices {
        let expected = (middle.frame == j ? 1 : 0) - (start.frame == j ? 1 : 0)
        let difference = forwardHits[j, default: 0] - backwardHits[j, default: 0]
        try ensure(
          difference == Int64(expected),
          "frame \(j): forward \(forwardHits[j, default: 0]), backward \(backwardHits[j, default: 0]); \(log.joined(separator: "; "))")
      }
      returned += 1
      if middle.slot > start.slot { crossed += 1 }
      return true
    }
    print("forwardThenBackwardReturns: \(cases) timelines, \(returned) went and came back, \(crossed) across slots")
    #expect(returned * 2 > cases && crossed * 3 > cases, "weak coverage: \(returned) returned, \(crossed) crossed, of \(cases)")
  }

  // MARK: (c) Backward cue counts, slot by slot

  /// Spec 9.2: a backward tick from `T0` down to `T1` reaches slot `s`
  /// when `T1 < start(s + 1) <= T0` and `s + 1` is a slot. Every tick's
  /// cue hits (any policy, direction, range, loop count) are those of an
  /// enumeration of the slots `u = s + 1` one by one, in the reference
  /// model's slot table (``ReferenceTimeline/start(ofSlot:)``), from the
  /// slot at `T0` down while `start(u) > T1`: counts per cue, ordered by
  /// the position `start(u)` at which each cue's frame is first reached,
  /// highest first, then by the name's bytes.
  @Test func backwardCueCountsEnumerateTheSlotsEntered() {
    let gen = zip(BackwardSetup.gen, .array(of: .int64(in: 0...40_000), count: 1...12), Gen<Bool>.bool)
    var cases = 0, hitTicks = 0, multiple = 0
    forAll("ReversePropertyTests.backwardCueCountsEnumerateTheSlotsEntered", gen: gen, iterations: 3_000) {
      setup, raws, noSkip in
      guard var t = try setup.make(policy: noSkip ? .noSkip : .skip, cueEveryFrame: true),
            let model = try setup.model(policy: noSkip ? .noSkip : .skip)
      else { return true }
      cases += 1
      for raw in raws {
        let d = setup.tickLength(raw)
        let before = Observation(t)
        let events = try t.tick(by: d)
        let hits = Array(t.cueHits(in: events))
        let expected = try Self.enumeratedHits(model, cues: t.cues, from: Int128(before.position), downTo: Int128(t.position))
        try ensure(
          RangeRules.sameBytes(hits.map(TimelineEvent.cue), expected.map(TimelineEvent.cue)),
          "tick of \(d) ns from \(before) to \(Observation(t)): hits \(hits), expected \(expected)")
        // The faster form reports the same hits (one-slot ticks included).
        var each: [CueHit] = []
        t.forEachCueHit(in: events) { each.append($0) }
        try ensure(each == hits, "tick of \(d) ns: forEachCueHit \(each), cueHits \(hits)")
        if !hits.isEmpty { hitTicks += 1 }
        if hits.contains(where: { $0.count > 1 }) { multiple += 1 }
      }
      return true
    }
    print("backwardCueCountsEnumerateTheSlotsEntered: \(cases) timelines, \(hitTicks) ticks with hits, \(multiple) counting more than one")
    #expect(hitTicks > cases && multiple * 8 > cases, "weak coverage: \(hitTicks) ticks with hits, \(multiple) multiple, of \(cases)")
  }

  /// The hits of a backward tick from `t0` down to `t1`, by enumerating
  /// the slots `u` entered at their start, one by one, in `model`'s table.
  static func enumeratedHits(
    _ model: ReferenceTimeline, cues: [(name: String, frame: Int)], from t0: Int128, downTo t1: Int128
  ) throws -> [CueHit] {
    guard t1 < t0 else { return [] }
    // `k*m` for finite loops: slot `u` must be below it.
    let slotsInAll = model.loops.map { Int128($0) * model.m }
    var u = model.place(at: t0).slot + 1
    var frames: [Int] = []  // in the order reached: highest first
    var steps = 0
    while u >= 1 {
      let start = model.start(ofSlot: u)
      if start <= t1 { break }
      if start <= t0, slotsInAll.map({ u < $0 }) ?? true {
        frames.append(model.place(at: model.start(ofSlot: u - 1)).frame)
      }
      u -= 1
      steps += 1
      try ensure(steps < 100_000, "too many slots to enumerate from \(t0) down to \(t1)")
    }
    var order: [CueKey] = []
    var counts: [CueKey: Int64] = [:]
    for frame in frames {
      let names = cues.filter { $0.frame == frame }.map(\.name).sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
      for name in names {
        let key = CueKey(name, frame)
        if counts[key] == nil { order.append(key) }
        counts[key, default: 0] += 1
      }
    }
    return order.map { CueHit(name: String(decoding: $0.name, as: UTF8.self), frame: $0.frame, count: counts[$0]!) }
  }

  // MARK: (d) No cue lost or doubled moving backward

  /// For any split of a backward span into ticks (skip, max-step none:
  /// the ticks are additive), each cue's counts over the ticks add up to
  /// its count in one tick of the whole span, and the two timelines end
  /// alike (the carry aside once finished).
  @Test func backwardCueSumsDoNotDependOnTheSplit() {
    let cues = Gen<[(Int, Int)]>.array(of: zip(.int(in: 0...2), .int(in: 0...5)), count: 1...5)
    let gen = zip(BackwardSetup.gen, cues, .array(of: .int64(in: 0...40_000), count: 1...8))
    var cases = 0, hitCases = 0, finished = 0
    forAll("ReversePropertyTests.backwardCueSumsDoNotDependOnTheSplit", gen: gen, iterations: 4_000) { setup, cues, pieces in
      guard var whole = try setup.make(policy: .skip) else { return true }
      for (name, frame) in cues {
        let j = frame % setup.durations.count
        if setup.durations[j] > 0 { try whole.addCue(["a", "b", "c"][name], frame: j) }
      }
      var split = whole
      cases += 1
      let ticks = pieces.map(setup.tickLength)
      let span = ticks.reduce(0, +)
      let before = Observation(whole)
      let events = try whole.tick(by: span)
      var total: [CueKey: Int64] = [:]
      for hit in whole.cueHits(in: events) { total[CueKey(hit.name, hit.frame), default: 0] += hit.count }
      var sums: [CueKey: Int64] = [:]
      for d in ticks {
        let e = try split.tick(by: d)
        for hit in split.cueHits(in: e) { sums[CueKey(hit.name, hit.frame), default: 0] += hit.count }
      }
      try ensure(sums == total, "from \(before): split \(ticks) counted \(sums), one tick of \(span) ns counted \(total)")
      try ensure(Observation(whole).sameButCarryWhenFinished(Observation(split)), "\(Observation(whole)) vs \(Observation(split))")
      if !total.isEmpty { hitCases += 1 }
      if whole.state == .finished { finished += 1 }
      return true
    }
    print("backwardCueSumsDoNotDependOnTheSplit: \(cases) timelines, \(hitCases) with hits, \(finished) finished")
    #expect(hitCases * 2 > cases && finished * 5 > cases, "weak coverage: \(hitCases) hit, \(finished) finished, of \(cases)")
  }
}

// MARK: - The setting of the properties

/// A timeline playing backward: frames in units of `unit` ns, maybe a
/// range, a loop count, a direction, a rate of magnitude `rate`, max-step
/// none, started by a seek to `start` tenths of a unit (clamped to `E`;
/// at 0 with finite loops, `play` starts it from `E`).
struct BackwardSetup: CustomStringConvertible {
  /// Frame durations in units of `unit` ns.
  var durations: [Int64]
  var unit: Int64
  /// The range, as raw picks (normalized by `frames`).
  var lower: Int
  var upper: Int
  /// Plays (0 = infinite).
  var loops: Int64
  var direction: Int
  /// The rate's magnitude in millionths (`>= 1`).
  var rate: Int64
  /// Where to seek before playing, in tenths of a unit.
  var start: Int64

  var nanoseconds: [Int64] { durations.map { $0 * unit } }

  /// `|R|` as an `Int128`.
  var speed: Int128 { Int128(rate) }

  /// A raw tick length: up to 40 units (in thousandths of a unit), or a
  /// huge number of ns as it is.
  func tickLength(_ raw: Int64) -> Int64 { raw <= 40_000 ? raw * unit / 1_000 : raw }

  /// `lower...upper` (in either order, modulo n) if it holds a displayed
  /// frame, else every frame.
  var frames: ClosedRange<Int> {
    let n = durations.count
    let frames = min(lower % n, upper % n)...max(lower % n, upper % n)
    return frames.contains { durations[$0] > 0 } ? frames : 0...(n - 1)
  }

  var plays: Int64? { loops == 0 ? nil : loops }

  /// The playing timeline (moving backward, or forward at `rate` when
  /// `forward`), with the cue `c` on every displayed frame when
  /// `cueEveryFrame`; `nil` when the provider is static.
  func make(policy: SkipPolicy, forward: Bool = false, cueEveryFrame: Bool = false) throws -> Timeline? {
    guard durations.filter({ $0 > 0 }).count >= 2 else { return nil }
    var t = try RangeRules.make(nanoseconds, loops: plays) {
      $0.direction = PlaybackDirection.allCases[direction]
      $0.rate = try Rate(millionths: forward ? rate : -rate)
      $0.maxStep = .unlimited
      $0.policy = policy
    }
    try t.setRange(frames)
    if cueEveryFrame {
      for j in nanoseconds.indices where nanoseconds[j] > 0 { try t.addCue("c", frame: j) }
    }
    _ = try t.seek(to: start * unit / 10)
    t.play()
    return t
  }

  /// The reference model of the same provider, range, loop count,
  /// direction and rate (its slot table is what the properties use).
  func model(policy: SkipPolicy) throws -> ReferenceTimeline? {
    guard durations.filter({ $0 > 0 }).count >= 2 else { return nil }
    var model = try ReferenceTimeline(
      durations: nanoseconds, loops: plays, direction: PlaybackDirection.allCases[direction], rate: -rate,
      maxStep: nil, policy: policy)
    try model.setRange(frames.lowerBound, frames.upperBound)
    return model
  }

  var description: String {
    "durations \(durations) x \(unit) ns, range \(lower)-\(upper), loops \(loops == 0 ? "inf" : String(loops)), "
      + "\(PlaybackDirection.allCases[direction]), rate -\(rate), start \(start * unit / 10) ns"
  }

  static var gen: Gen<BackwardSetup> {
    let frames = zip(
      Gen<[Int64]>.array(of: .frequency([(1, .constant(0)), (4, .int64(in: 1...5))]), count: 1...6),
      Gen<Int64>.element(of: [1_000_000, 1, 1_000]),
      zip(Gen<Int>.int(in: 0...5), Gen<Int>.int(in: 0...5)))
    let play = zip(
      Gen<Int64>.frequency([(5, .int64(in: 1...3)), (2, .constant(0))]),
      Gen<Int>.int(in: 0...3),
      Gen<Int64>.frequency([
        (3, .constant(1_000_000)), (3, .int64(in: 1...3_000_000)),
        (2, .element(of: [1, 333_333, 500_000, 999_999, 1_000_001, 2_500_000])),
        (1, .element(of: [1_000_000_000_000, Int64.max])),
      ]))
    let start = Gen<Int64>.frequency([(6, .int64(in: 0...300)), (1, .constant(0))])
    return zip(frames, play, start).map(
      { f, p, s in
        BackwardSetup(
          durations: f.0, unit: f.1, lower: f.2.0, upper: f.2.1, loops: p.0, direction: p.1, rate: max(p.2, 1), start: s)
      },
      unmap: { s in ((s.durations, s.unit, (s.lower, s.upper)), (s.loops, s.direction, s.rate), s.start) })
  }
}
