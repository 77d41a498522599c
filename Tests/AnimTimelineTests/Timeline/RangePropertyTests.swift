import Testing
import TimelineScript
@testable import AnimTimeline

/// Properties of spec section 8 (ranges, the queued range, cues) over
/// thousands of generated cases. A failure prints the seed, the replay
/// command (`PBT_SEED=<seed> swift test --filter <name>`) and the shrunk
/// counterexample; `PBT_ITERATIONS` scales the case counts.
///
/// Expectations come from the spec: a timeline compared with itself under
/// another split of time, with a provider cut down to the range, or with
/// a few lines of arithmetic (a one-frame range, slots enumerated one by
/// one), never from the engine's own helpers.
@Suite struct RangePropertyTests {
  typealias Engine = RangeRules.Engine

  // MARK: (a) Tick additivity across a switch

  /// Spec 6.3 makes ticks additive "between commands, at any rate": the
  /// carry keeps the remainder of every division, so `D1` then `D2`
  /// advance exactly as far as `D1 + D2`. 8.2 keeps that across a switch:
  /// under skip the leftover `X = T + adv - E` is exact and `carry` is
  /// kept, so one tick of `D1 + D2` and two ticks `D1`, `D2` land on the
  /// same position, state, frame, slot, iteration, range, loop count,
  /// direction, queue and carry.
  ///
  /// Preconditions (without any one of them the spec itself makes ticks
  /// non-additive):
  /// - policy skip: noskip drops the time past the next slot, and a
  ///   noskip switch drops the leftover (`X = 0`);
  /// - no clamp by max-step: max-step none (or `D1 + D2 <= max-step`),
  ///   since `min(D1, M) + min(D2, M) != min(D1 + D2, M)`;
  /// - every tick active (an inactive tick drops its time);
  /// - no command between `D1` and `D2` (`rate`, `seek`, `stop`, `play`
  ///   from finished reset the carry; a `then` between them could be
  ///   used by `D1`'s switch but not by `D1 + D2`'s, and vice versa).
  /// And the carry is compared only while the timeline is not finished
  /// (see ``Observation/sameButCarryWhenFinished(_:)``).
  /// Commands applied to both timelines between pairs are fine: here a
  /// pair may first queue the clip again, so a case can switch twice.
  @Test func tickAdditivityAcrossASwitch() {
    let piece = zip(
      Gen<Int64>.frequency([(8, .int64(in: 0...40_000)), (1, .int64(in: (Int64.max / 2)...Int64.max))]),
      .int64(in: 0...1_000), .bool)
    let gen = zip(SwitchSetup.gen, .array(of: piece, count: 1...10))
    var cases = 0
    var switched = 0
    var twice = 0
    forAll("RangePropertyTests.tickAdditivityAcrossASwitch", gen: gen, iterations: 10_000) { setup, pieces in
      guard let built = try setup.make() else { return true }
      var whole = built.timeline
      var split = built.timeline
      cases += 1
      var switches = 0
      for (raw, cut, requeue) in pieces {
        if requeue, let clip = built.clip {
          try whole.queue(clip)
          try split.queue(clip)
        }
        let d = setup.tickLength(raw)
        let first = Int64(Int128(d) * Int128(cut) / 1_000)
        let before = Observation(whole)
        let a = try whole.tick(by: d)
        let b1 = try split.tick(by: first)
        let b2 = try split.tick(by: d - first)
        if a.rangeSwitch != nil { switches += 1 }
        try ensure(
          Observation(whole).sameButCarryWhenFinished(Observation(split)),
          """
          from \(before)
          one tick of \(d) ns: \(Observation(whole)) \(Array(a))
          ticks of \(first) and \(d - first) ns: \(Observation(split)) \(Array(b1)) \(Array(b2))
          """)
        // A tick switches at most once, and only into a clip that was queued.
        try ensure(a.rangeSwitch == nil || before.queued != nil, "switched without a queue: \(Array(a))")
      }
      if switches > 0 { switched += 1 }
      if switches > 1 { twice += 1 }
      return true
    }
    print("tickAdditivityAcrossASwitch: \(cases) timelines, \(switched) switched, \(twice) twice")
    #expect(switched * 4 > cases, "too few cases switch: \(switched) of \(cases)")
  }

  /// Why (a) leaves the carry of a finished timeline out: d = 10, 10 ns,
  /// 1 play (E = 20), rate 0.5. One 45 ns tick divides all of it
  /// (22.5 ns: T = E, carry 500_000); 40 then 5 ns finishes on the first
  /// (20 ns, carry 0) and the second, not playing, divides nothing. Both
  /// stand at E, finished; after `loops 2` (finished to paused, carry
  /// kept) and `play`, a 1 ns tick moves one of them and not the other.
  @Test func ticksAfterTheEndLeaveTheCarryAlone() throws {
    func timeline() throws -> Engine {
      var t = try RangeRules.make([10, 10], loops: 1) { $0.rate = try Rate(millionths: 500_000) }
      t.play()
      return t
    }
    var whole = try timeline()
    var split = try timeline()
    _ = try whole.tick(by: 45)
    _ = try split.tick(by: 40)
    _ = try split.tick(by: 5)
    #expect(whole.position == 20 && split.position == 20 && whole.state == .finished && split.state == .finished)
    #expect(whole.core.carry == 500_000 && split.core.carry == 0)
    for index in 0..<2 {
      var t = index == 0 ? whole : split
      try t.setLoops(.plays(2))
      #expect(t.state == .paused)
      t.play()
      _ = try t.tick(by: 1)
      #expect(t.position == (index == 0 ? 21 : 20))
    }
  }

  // MARK: (c) No cue lost or doubled

  /// For any split of a span into ticks (skip, max-step none, so the
  /// ticks are additive), each cue's counts over the ticks add up to its
  /// count in one tick of the whole span, across a switch too; and every
  /// tick's hits are exactly the slots the spec says it reaches,
  /// enumerated one by one (`T0 < start(s) <= T1`; under a switch the old
  /// range's `T0 < start(s) < E`, then the new range's `0 <= start(s) <= T`),
  /// in the order of the first reached slot, then the name's bytes.
  @Test func noCueLostOrDoubled() {
    let cues = Gen<[(Int, Int)]>.array(of: zip(.int(in: 0...2), .int(in: 0...5)), count: 0...5)
    let gen = zip(SwitchSetup.gen, cues, .array(of: .int64(in: 0...40_000), count: 1...8))
    var cases = 0
    var switched = 0
    var hitCases = 0
    forAll("RangePropertyTests.noCueLostOrDoubled", gen: gen, iterations: 5_000) { setup, cues, pieces in
      guard let built = try setup.make() else { return true }
      var whole = built.timeline
      for (name, frame) in cues {
        let j = frame % setup.durations.count
        if setup.durations[j] > 0 { try whole.addCue(["a", "b", "c"][name], frame: j) }
      }
      var split = whole
      cases += 1
      let ns = setup.nanoseconds
      let ticks = pieces.map(setup.tickLength)
      let span = ticks.reduce(0, +)

      let before = whole
      let events = try whole.tick(by: span)
      let hits = Array(whole.cueHits(in: events))
      let expected = CueOracle.hits(durations: ns, before: before, after: whole, switched: events.rangeSwitch != nil)
      try ensure(sameHits(hits, expected), "one tick of \(span) ns from \(Observation(before)): hits \(hits), expected \(expected)")
      if events.rangeSwitch != nil { switched += 1 }
      if !hits.isEmpty { hitCases += 1 }

      var sums: [CueKey: Int64] = [:]
      for d in ticks {
        let previous = split
        let e = try split.tick(by: d)
        let h = Array(split.cueHits(in: e))
        let x = CueOracle.hits(durations: ns, before: previous, after: split, switched: e.rangeSwitch != nil)
        try ensure(sameHits(h, x), "tick of \(d) ns from \(Observation(previous)): hits \(h), expected \(x)")
        // The faster form reports the same hits (one-slot ticks included).
        var each: [CueHit] = []
        split.forEachCueHit(in: e) { each.append($0) }
        try ensure(each == h, "tick of \(d) ns: forEachCueHit \(each), cueHits \(h)")
        for hit in h { sums[CueKey(hit.name, hit.frame), default: 0] += hit.count }
      }
      var total: [CueKey: Int64] = [:]
      for hit in hits { total[CueKey(hit.name, hit.frame), default: 0] += hit.count }
      try ensure(sums == total, "split \(ticks) counted \(sums), one tick of \(span) ns counted \(total)")
      try ensure(Observation(whole).sameButCarryWhenFinished(Observation(split)), "\(Observation(whole)) vs \(Observation(split))")
      return true
    }
    print("noCueLostOrDoubled: \(cases) timelines, \(switched) switched, \(hitCases) with hits")
    #expect(switched * 5 > cases && hitCases * 2 > cases, "weak coverage: \(switched) switched, \(hitCases) hit, of \(cases)")
  }

  func sameHits(_ a: [CueHit], _ b: [CueHit]) -> Bool {
    RangeRules.sameBytes(a.map(TimelineEvent.cue), b.map(TimelineEvent.cue))
  }

  // MARK: (d) A range is a provider of its frames

  /// Spec 8.1: "sections 2 to 7 apply to the range as if the provider had
  /// only frames A..B", frame numbers shifted by A. A range with at least
  /// two displayed frames (so the cut provider is not static) behaves
  /// exactly like a timeline over `SyntheticFrameProvider(durations:
  /// Array(d[A...B]))`, under random commands: the same observation
  /// (``Observation/cut(to:)``: state, position, frame - A, iteration,
  /// slot, suspension, carry, completed iterations, loop count, `L`, `E`,
  /// direction, settings, the cues of the range), the same events (frames
  /// shifted, cue hits included) and the same rejections. The range is set after a random prefix of commands (it
  /// keeps the settings, the state but finished, and the suspension; it
  /// resets T and the carry), and the cut timeline is given the same
  /// settings, state and cues.
  @Test func aRangeIsAProviderOfItsFrames() {
    let command = zip(
      Gen<Int>.frequency([(6, .constant(12)), (2, .constant(0)), (4, .int(in: 0...13))]), .int64(in: 0...40_000), .int64(in: 0...7))
      .map({ RangeCommand(kind: $0.0, a: $0.1, b: $0.2) }, unmap: { ($0.kind, $0.a, $0.b) })
    let setup = zip(
      Gen<[Int64]>.array(of: .frequency([(1, .constant(0)), (5, .int64(in: 1...5))]), count: 2...7),
      Gen<Int64>.element(of: [1_000_000, 1, 1_000]),
      zip(Gen<Int>.int(in: 0...6), Gen<Int>.int(in: 0...6), Gen<Int64>.int64(in: 0...3)))
    let cues = Gen<[(Int, Int)]>.array(of: zip(.int(in: 0...2), .int(in: 0...6)), count: 0...4)
    let gen = zip(zip(setup, cues), .array(of: command, count: 0...4), .array(of: command, count: 0...30))
    var cases = 0
    var frameEvents = 0
    var cueEvents = 0
    var finishes = 0
    forAll("RangePropertyTests.aRangeIsAProviderOfItsFrames", gen: gen, iterations: 5_000) { setupAndCues, prefix, commands in
      let ((units, unit, (rawA, rawB, loops)), cues) = setupAndCues
      let d = units.map { $0 * unit }
      let n = d.count
      let lower = min(rawA % n, rawB % n)
      let upper = max(rawA % n, rawB % n)
      guard d[lower...upper].filter({ $0 > 0 }).count >= 2 else { return true }
      cases += 1
      let loopCount = try LoopCount.count(loops == 0 ? nil : loops)
      var ranged = try Timeline(provider: SyntheticFrameProvider(durations: d, loopCount: loopCount))
      for (name, frame) in cues where d[frame % n] > 0 { try ranged.addCue(["a", "b", "c"][name], frame: frame % n) }
      for c in prefix { _ = c.apply(to: &ranged, unit: unit, shift: 0) }
      try ranged.setRange(lower...upper)
      try ensure(ranged.position == 0 && ranged.core.carry == 0 && ranged.state != .finished, "range: \(Observation(ranged))")

      var cut = try Timeline(provider: SyntheticFrameProvider(durations: Array(d[lower...upper]), loopCount: loopCount))
      try cut.setLoops(ranged.loops)
      cut.direction = ranged.direction
      cut.rate = ranged.rate
      cut.maxStep = ranged.maxStep
      cut.policy = ranged.policy
      cut.modes = ranged.modes
      for (name, frame) in ranged.cues where (lower...upper).contains(frame) { try cut.addCue(name, frame: frame - lower) }
      if ranged.state == .playing { cut.play() }
      if ranged.state == .paused { cut.pause() }
      if ranged.isSuspended { _ = try cut.tick(by: 0, mode: "never") }

      var log: [String] = []
      try ensure(
        Observation(ranged).cut(to: lower...upper) == Observation(cut),
        "after the range: \(Observation(ranged).cut(to: lower...upper)) vs \(Observation(cut))")
      for c in commands {
        let r = c.apply(to: &ranged, unit: unit, shift: 0)
        let s = c.apply(to: &cut, unit: unit, shift: lower)
        log.append("\(c) -> \(r.map { "\($0)" } ?? "rejected")")
        let shifted = r.map { $0.map { RangePropertyTests.shift($0, by: lower) } }
        // A cue outside the range exists only on the ranged timeline.
        let outside = c.kind == 11 && !(lower...upper).contains(Int(c.a % 8))
        for event in r ?? [] {
          switch event {
          case .frameChanged: frameEvents += 1
          case .cue: cueEvents += 1
          case .finished: finishes += 1
          default: break
          }
        }
        try ensure(
          (outside || shifted == s) && Observation(ranged).cut(to: lower...upper) == Observation(cut),
          """
          range \(lower)...\(upper) of \(d); \(log.joined(separator: "; "))
          ranged: \(Observation(ranged).cut(to: lower...upper)) \(shifted.map { "\($0)" } ?? "rejected")
          cut:    \(Observation(cut)) \(s.map { "\($0)" } ?? "rejected")
          """)
      }
      return true
    }
    print("aRangeIsAProviderOfItsFrames: \(cases) ranges, \(frameEvents) frame, \(cueEvents) cue, \(finishes) finished events")
    // The floors scale with PBT_ITERATIONS (CI runs the sanitizers at 0.25).
    let scale = min(1, PBTEnvironment.iterationScale)
    let floor = { (count: Int) in Int(Double(count) * scale) }
    #expect(
      cases > floor(1_000) && frameEvents > floor(1_000) && cueEvents > floor(1_000) && finishes > floor(100),
      "weak coverage")
  }

  static func shift(_ event: TimelineEvent, by a: Int) -> TimelineEvent {
    switch event {
    case let .frameChanged(from, to, slots): return .frameChanged(from: from - a, to: to - a, slots: slots)
    case let .cue(hit): return .cue(CueHit(name: hit.name, frame: hit.frame - a, count: hit.count))
    case let .rangeSwitched(frames): return .rangeSwitched(to: (frames.lowerBound - a)...(frames.upperBound - a))
    default: return event
    }
  }

  // MARK: (e) One-frame ranges and static timelines

  /// Spec 8.1: "a range with one frame of d > 0 shows it for L each
  /// iteration, emits loop and finished as usual, and no frame event".
  /// (A one-frame provider is static, so it is no model here.) Worked out
  /// directly: slot s starts at s * L, the frame never changes, a `loop`
  /// event comes whenever `T / L` grows (k at E), `finished` at `k * L`,
  /// the cue on the frame counts the iteration starts reached, and noskip
  /// moves at most one iteration a tick (`T' = (s + 2) * L - 1`). After
  /// finishing, `play` restarts it.
  @Test func aOneFrameRangePlaysLoopsAndFinishesLikeAnyOther() {
    let setup = zip(
      zip(
        Gen<[Int64]>.array(of: .frequency([(1, .constant(0)), (3, .int64(in: 1...5))]), count: 1...6),
        Gen<Int64>.element(of: [1_000_000, 1, 1_000]),
        zip(Gen<Int>.int(in: 0...5), Gen<Int>.int(in: 0...5), Gen<Int>.int(in: 0...5))),
      zip(
        Gen<Int64>.int64(in: 0...4), Gen<Bool>.bool,
        Gen<Int64>.frequency([(2, .constant(1_000_000)), (2, .int64(in: 0...3_000_000)), (1, .constant(1))])),
      zip(Gen<Int64>.int64(in: 0...30), Gen<Int>.int(in: 0...3)))
    let tick = Gen<Int64>.frequency([(10, .int64(in: 0...60_000)), (1, .int64(in: (Int64.max / 2)...Int64.max))])
    let gen = zip(setup, .array(of: tick, count: 0...30))
    var finishedCases = 0
    forAll("RangePropertyTests.aOneFrameRangePlaysLoopsAndFinishesLikeAnyOther", gen: gen, iterations: 6_000) { setup, ticks in
      let ((units, unit, (rawA, rawB, rawJ)), (loops, noSkip, rate), (rawMaxStep, direction)) = setup
      // The range A...B holds one displayed frame J; some frame outside it
      // is displayed too, so the provider is not static.
      var d = units.map { $0 * unit }
      let lower = min(rawA % d.count, rawB % d.count)
      let upper = max(rawA % d.count, rawB % d.count)
      let j = lower + rawJ % (upper - lower + 1)
      for x in lower...upper { d[x] = x == j ? max(d[x], unit) : 0 }
      if !d.indices.contains(where: { !(lower...upper).contains($0) && d[$0] > 0 }) { d.append(unit) }
      let length = d[j]
      let plays: Int64? = loops == 0 ? nil : loops
      let maxStep: Int64? = rawMaxStep == 0 ? nil : rawMaxStep * unit
      var t = try RangeRules.make(d, loops: plays) {
        $0.direction = PlaybackDirection.allCases[direction]
        $0.rate = try Rate(millionths: rate)
        $0.maxStep = try maxStep.map { try MaxStep.nanoseconds($0) } ?? .unlimited
        $0.policy = noSkip ? .noSkip : .skip
      }
      try t.setRange(lower...upper)
      try t.addCue("c", frame: j)
      try ensure(!t.isStatic && t.loopDuration == length, "L = \(t.loopDuration), expected \(length)")
      t.play()
      // The model: T, carry, state.
      var position: Int64 = 0
      var carry: Int64 = 0
      var finished = false
      var log: [String] = []
      for raw in ticks {
        let d = raw <= 60_000 ? raw * unit / 1_000 : raw
        if finished {
          t.play()
          (position, carry, finished) = (0, 0, false)
          log.append("play")
        }
        let events = try RangeRules.run(&t) { try $0.tick(by: d) }
        log.append("tick \(d)")
        // Spec 6.3 to 6.5 for m = 1.
        let clamped = min(d, maxStep ?? .max)
        let total = Int128(clamped) * Int128(rate) + Int128(carry)
        let advance = total / 1_000_000
        carry = Int64(total % 1_000_000)
        var expected: [TimelineEvent] = []
        if advance > 0 {
          let end = plays.map { Int128($0) * Int128(length) }
          var target = Int128(position) + advance
          if noSkip {
            let s = Int128(position) / Int128(length)
            let reached = end.map { target >= $0 } == true ? Int128(plays! - 1) : target / Int128(length)
            if reached > s + 1 { target = (s + 2) * Int128(length) - 1 }
          }
          if let end, target >= end { target = end; finished = true }
          target = min(target, Int128(Int64.max))
          // Slots (iterations) reached: those i with T < i * L <= T', i < k.
          var last = target / Int128(length)
          if let plays { last = min(last, Int128(plays - 1)) }
          let count = last - Int128(position) / Int128(length)
          if count > 0 { expected.append(RangeRules.cue("c", j, Int64(count))) }
          let completedBefore = Int128(position) / Int128(length)
          let completedAfter = finished ? Int128(plays!) : target / Int128(length)
          if completedAfter > completedBefore { expected.append(.loopCompleted(completed: Int64(completedAfter))) }
          if finished {
            expected.append(.finished)
            finishedCases += 1
          }
          position = Int64(target)
        }
        let iteration = finished ? plays! - 1 : position / length
        try ensure(
          events == expected && t.position == position && t.state == (finished ? .finished : .playing)
            && t.location == TimelineLocation(frame: j, slot: iteration, iteration: iteration),
          """
          d = \(d), range \(lower)...\(upper), L = \(length); \(log.joined(separator: "; "))
          engine: \(Observation(t)) \(events)
          model:  t=\(position) finished=\(finished) iteration=\(iteration) \(expected)
          """)
      }
      return true
    }
    #expect(finishedCases > 300, "only \(finishedCases) ticks finished")
  }

  /// Spec 8.1: static is the provider's (`m <= 1` over all its frames);
  /// on a static timeline every `range` and `then` line is invalid,
  /// `range all` and `then none` included, and changes nothing.
  @Test func aStaticTimelineRejectsEveryRangeAndQueue() {
    let op = zip(Gen<Int>.int(in: 0...6), Gen<Int>.int(in: -1...6), Gen<Int>.int(in: 0...6))
    let gen = zip(
      Gen<Int>.int(in: 1...5), zip(Gen<Int>.int(in: 0...5), Gen<Int64>.int64(in: 0...3), Gen<Int64>.int64(in: 0...4)),
      .array(of: op, count: 1...20))
    forAll("RangePropertyTests.aStaticTimelineRejectsEveryRangeAndQueue", gen: gen, iterations: 2_000) { n, shape, ops in
      let (place, value, loops) = shape
      // At most one frame lasts more than 0 ns.
      var d = [Int64](repeating: 0, count: n)
      d[place % n] = value * 1_000_000
      var t = try RangeRules.make(d, loops: loops == 0 ? nil : loops)
      try ensure(t.isStatic, "not static: \(d)")
      for (kind, a, b) in ops {
        let lower = min(a, b)
        let upper = max(a, b)
        let clip = Clip(frames: lower...upper, loops: b == 0 ? .infinite : try .plays(Int64(b)), direction: b == 3 ? .reverse : nil)
        let before = Observation(t)
        let outcome: Result<Void, TimelineError>
        switch kind {
        case 0: outcome = Result { () throws(TimelineError) in try t.setRange(lower...upper) }
        case 1: outcome = Result { () throws(TimelineError) in try t.resetRange() }
        case 2: outcome = Result { () throws(TimelineError) in try t.queue(clip) }
        case 3: outcome = Result { () throws(TimelineError) in try t.queue(nil) }
        case 4:
          t.play()
          continue
        case 5:
          _ = try t.tick(by: Int64(a + 1) * 7_000_000)
          continue
        default:
          _ = try t.seek(to: Int64(b) * 1_000_000)
          continue
        }
        guard case .failure(.staticTimeline) = outcome else {
          throw PropertyFailure(message: "op \(kind) on \(lower)...\(upper) of \(d): \(outcome)")
        }
        try ensure(Observation(t) == before, "a rejected op changed \(before) to \(Observation(t))")
      }
      return true
    }
  }
}

// MARK: - Generators and oracles

/// A timeline with a finite range (usually) and a clip (usually) queued,
/// positioned by a seek and playing, under skip with max-step none: the
/// setting of properties (a) and (c).
struct SwitchSetup: CustomStringConvertible {
  /// Frame durations in units of `unit` ns.
  var durations: [Int64]
  var unit: Int64
  /// The range, as raw picks (normalized by `range(_:_:)`).
  var lower: Int
  var upper: Int
  /// Plays of the range (0 = infinite).
  var loops: Int64
  var direction: Int
  var rate: Int64
  /// The clip: `clipLoops` 0 = none, 1...3 plays, 4 = infinite;
  /// `clipDirection` 4 = keep the timeline's.
  var clipLower: Int
  var clipUpper: Int
  var clipLoops: Int
  var clipDirection: Int
  /// Where to seek before playing, in tenths of a unit.
  var start: Int64

  var nanoseconds: [Int64] { durations.map { $0 * unit } }

  /// A raw tick length: up to 40 units (in thousandths of a unit), or a
  /// huge number of ns as it is.
  func tickLength(_ raw: Int64) -> Int64 { raw <= 40_000 ? raw * unit / 1_000 : raw }

  /// `a...b` (in either order, modulo n) if it holds a displayed frame.
  func range(_ a: Int, _ b: Int) -> ClosedRange<Int>? {
    let n = durations.count
    let frames = min(a % n, b % n)...max(a % n, b % n)
    return frames.contains { durations[$0] > 0 } ? frames : nil
  }

  /// The playing timeline and the clip it queued, or `nil` when the
  /// provider is static.
  func make() throws -> (timeline: Timeline, clip: Clip?)? {
    guard durations.filter({ $0 > 0 }).count >= 2 else { return nil }
    var t = try RangeRules.make(nanoseconds, loops: loops == 0 ? nil : loops) {
      $0.direction = PlaybackDirection.allCases[direction]
      $0.rate = try Rate(millionths: rate)
      $0.maxStep = .unlimited
      $0.policy = .skip
    }
    try t.setRange(range(lower, upper) ?? 0...(durations.count - 1))
    var clip: Clip?
    if clipLoops > 0 {
      clip = Clip(
        frames: range(clipLower, clipUpper) ?? 0...(durations.count - 1),
        loops: clipLoops == 4 ? .infinite : try .plays(Int64(clipLoops)),
        direction: clipDirection == 4 ? nil : PlaybackDirection.allCases[clipDirection])
      try t.queue(clip)
    }
    try t.seek(to: start * unit / 10)
    t.play()
    return (t, clip)
  }

  var description: String {
    let clip = clipLoops == 0 ? "none" : "\(clipLower)-\(clipUpper) x\(clipLoops == 4 ? "inf" : String(clipLoops)) dir\(clipDirection)"
    return "durations \(durations) x \(unit) ns, range \(lower)-\(upper), loops \(loops == 0 ? "inf" : String(loops)), "
      + "\(PlaybackDirection.allCases[direction]), rate \(rate), clip \(clip), start \(start * unit / 10) ns"
  }

  static var gen: Gen<SwitchSetup> {
    let frames = zip(
      Gen<[Int64]>.array(of: .frequency([(1, .constant(0)), (4, .int64(in: 1...5))]), count: 1...6),
      Gen<Int64>.element(of: [1_000_000, 1, 1_000]),
      zip(Gen<Int>.int(in: 0...5), Gen<Int>.int(in: 0...5)))
    let play = zip(
      Gen<Int64>.frequency([(5, .int64(in: 1...3)), (1, .constant(0))]),
      Gen<Int>.int(in: 0...3),
      Gen<Int64>.frequency([
        (3, .constant(1_000_000)), (3, .int64(in: 0...3_000_000)),
        (1, .element(of: [1, 333_333, 500_000, 999_999, 2_000_000])),
      ]))
    let clip = zip(
      zip(Gen<Int>.int(in: 0...5), Gen<Int>.int(in: 0...5)),
      zip(Gen<Int>.frequency([(1, .constant(0)), (6, .int(in: 1...4))]), Gen<Int>.int(in: 0...4)),
      Gen<Int64>.int64(in: 0...300))
    return zip(frames, play, clip).map(
      { f, p, c in
        SwitchSetup(
          durations: f.0, unit: f.1, lower: f.2.0, upper: f.2.1, loops: p.0, direction: p.1, rate: p.2,
          clipLower: c.0.0, clipUpper: c.0.1, clipLoops: c.1.0, clipDirection: c.1.1, start: c.2)
      },
      unmap: { s in
        (
          (s.durations, s.unit, (s.lower, s.upper)), (s.loops, s.direction, s.rate),
          ((s.clipLower, s.clipUpper), (s.clipLoops, s.clipDirection), s.start)
        )
      })
  }
}

/// The cue hits of one tick, worked out by enumerating the slots it
/// reaches one by one (spec 4 and 8.3).
enum CueOracle {
  /// The frames of the slots of `range` (played `plays` times in
  /// `direction`) whose start lies in `(lower, upper]` (or `[lower,
  /// upper]`), in time order.
  static func slots(
    durations: [Int64], range: ClosedRange<Int>, direction: PlaybackDirection, plays: Int64?,
    lower: Int64, lowerIncluded: Bool, upper: Int64, upperIncluded: Bool
  ) -> [Int] {
    var b: [Int64] = [0]
    for x in range { b.append(b.last! + durations[x]) }
    let length = b.last!
    var out: [Int] = []
    var i = max(lower / length - 1, 0)
    while i * length <= upper, plays.map({ i < $0 }) ?? true {
      let reversed = direction.isReversed(iteration: i)
      let order = reversed ? Array((0..<range.count).reversed()) : Array(0..<range.count)
      for x in order where durations[range.lowerBound + x] > 0 {
        let start = i * length + (reversed ? length - b[x + 1] : b[x])
        let above = lowerIncluded ? start >= lower : start > lower
        let below = upperIncluded ? start <= upper : start < upper
        if above && below { out.append(range.lowerBound + x) }
      }
      i += 1
    }
    return out
  }

  /// The hits of the tick that took `before` to `after`.
  static func hits(durations: [Int64], before: Timeline, after: Timeline, switched: Bool) -> [CueHit] {
    var frames: [Int] = []
    if switched {
      let end = before.totalDuration!
      frames = slots(
        durations: durations, range: before.range, direction: before.direction, plays: before.loops.plays,
        lower: before.position, lowerIncluded: false, upper: end, upperIncluded: false)
      frames += slots(
        durations: durations, range: after.range, direction: after.direction, plays: after.loops.plays,
        lower: 0, lowerIncluded: true, upper: after.position, upperIncluded: true)
    } else if after.position > before.position {
      frames = slots(
        durations: durations, range: before.range, direction: before.direction, plays: before.loops.plays,
        lower: before.position, lowerIncluded: false, upper: after.position, upperIncluded: true)
    }
    // Cues by frame, names by bytes.
    var names: [Int: [String]] = [:]
    for (name, frame) in before.cues { names[frame, default: []].append(name) }
    for key in names.keys { names[key]!.sort { $0.utf8.lexicographicallyPrecedes($1.utf8) } }
    var order: [CueKey] = []
    var counts: [CueKey: Int64] = [:]
    for frame in frames {
      for name in names[frame] ?? [] {
        let key = CueKey(name, frame)
        if counts[key] == nil { order.append(key) }
        counts[key, default: 0] += 1
      }
    }
    return order.map { CueHit(name: String(decoding: $0.name, as: UTF8.self), frame: $0.frame, count: counts[$0]!) }
  }
}

/// One random command of property (d), on a timeline whose frame `j` of
/// the provider is frame `j - shift` of the timeline's own provider.
struct RangeCommand: CustomStringConvertible {
  var kind: Int
  var a: Int64
  var b: Int64

  static let modeSets: [[String]] = [["default"], ["tracking"], ["common"], ["other"], ["default", "other"]]

  var description: String {
    ["play", "pause", "stop", "seek", "seek-frame", "rate", "loops", "direction", "max-step", "policy", "modes", "cue", "tick", "uncue"][kind]
      + "(\(a), \(b))"
  }

  /// Applies the command: its events (`nil` when it was rejected).
  func apply(to t: inout Timeline, unit: Int64, shift: Int) -> [TimelineEvent]? {
    do {
      switch kind {
      case 0: t.play()
      case 1: t.pause()
      case 2: t.stop()
      case 3: return try RangeRules.run(&t) { try $0.seek(to: a * unit / 500) }
      case 4: return try RangeRules.run(&t) { try $0.seek(toFrame: Int(b) - shift, iteration: a % 4) }
      case 5: t.rate = try Rate(millionths: a % 7 == 0 ? 1_000_000 : a * 75)
      case 6:
        let loops: LoopCount = b == 0 ? .infinite : b == 6 ? try .plays(.max) : try .plays(b == 7 ? 1 : b)
        return try RangeRules.run(&t) { try $0.setLoops(loops) }
      case 7: t.direction = PlaybackDirection.allCases[Int(b % 4)]
      case 8: t.maxStep = a % 3 == 0 ? .unlimited : try .nanoseconds(a * unit / 1_000 + 1)
      case 9: t.policy = b % 2 == 0 ? .skip : .noSkip
      case 10: t.modes = RunModes(Self.modeSets[Int(b % 5)])
      case 11:
        // The cut timeline only knows the frames of the range.
        let frame = Int(a % 8) - shift
        guard shift == 0 || (0..<t.frameCount).contains(frame) else { return [] }
        try t.addCue(["a", "b", "c"][Int(b % 3)], frame: frame)
      case 12:
        let mode: RunMode = b == 5 ? "tracking" : b == 6 ? "other" : "default"
        let d = b == 7 ? Int64.max / 2 + a : a * unit / 1_000
        return try RangeRules.run(&t) { try $0.tick(by: d, mode: mode) }
      default: t.removeCue(["a", "b", "c"][Int(b % 3)])
      }
      return []
    } catch {
      return nil
    }
  }
}
