import Testing
import TimelineScript
@testable import AnimTimeline

/// The reference model against the spec's section 9 (negative rates,
/// `reverse`): every worked example of `examples/reverse`, driven line by
/// line, a brute-force check of the cues a backward tick reaches, and the
/// rules of 9.3 worked out by hand.
@Suite struct ReferenceTimelineReverseTests {
  @Test(arguments: SpecExample.reverse)
  func workedExample(_ example: SpecExample) throws {
    try ReferenceTimelineRangesTests.check(example)
  }

  /// On small random timelines (durations 0-5 ns, ticks 0-40 ns, every
  /// direction and policy, rates of either sign, ranges, queues, `reverse`
  /// and the commands of 9.3), every backward tick's cue events are those
  /// of an explicit, nanosecond-by-nanosecond enumeration: each `τ` with
  /// `T1 < τ <= T0` at which a slot `u` begins (`place(τ).slot` differs
  /// from `place(τ - 1).slot`) reaches the slot before it, `place(τ - 1)`,
  /// highest `τ` first; and the number of reached slots is `-slots`.
  /// Moving backward, the position never grows, noskip moves at most one
  /// slot, and the tick finishes exactly when it lands on 0.
  @Test func backwardCueCountsMatchAnExplicitEnumeration() throws {
    var rng = SplitMix64(seed: 0x9_2_2024)
    var ticks = 0, finished = 0, multiple = 0, jumped = 0, loopsDown = 0, noSkipClamped = 0, fromEnd = 0
    let cases = PBTEnvironment.cases(1_500, atLeast: 150)
    func floor(_ minimum: Int) -> Int { PBTEnvironment.floor(minimum, of: 1_500, running: cases) }
    for _ in 0..<cases {
      let n = rng.int(in: 1...5)
      let durations = (0..<n).map { _ in rng.int64(in: 0...5) }
      let loops: Int64? = rng.chance(1, in: 4) ? nil : rng.int64(in: 1...4)
      guard var model = try? ReferenceTimeline(
        durations: durations, loops: loops, direction: rng.element(of: PlaybackDirection.allCases),
        rate: rng.element(of: [-1_000_000, -1_000_000, -500_000, -2_500_000, 1_000_000]),
        policy: rng.element(of: SkipPolicy.allCases))
      else { continue }
      for j in durations.indices where durations[j] > 0 {
        try model.cue(name: Array("f\(j)".utf8), frame: j)
        if rng.chance(1, in: 3) { try model.cue(name: Array("F\(j)".utf8), frame: j) }
      }
      model.play()
      for _ in 0..<40 {
        switch rng.weighted([14, 1, 2, 1, 1, 1, 6, 2, 1, 2]) {
        case 0:
          let before = model
          let d = rng.int64(in: 0...40)
          let events = try model.tickEvents(d)
          guard before.isBackward, !before.isStatic, before.state == .playing else { continue }
          ticks += 1
          let t0 = Int128(before.position), t1 = Int128(model.position)
          let magnitude = before.rate < 0 ? -Int128(before.rate) : Int128(before.rate)
          let advance = (Int128(min(d, before.maxStep ?? d)) * magnitude + Int128(before.carry)) / 1_000_000
          // 0 is the end: any tick with A > 0 that lands there finishes (from 0 too).
          #expect((model.state == .finished) == (advance > 0 && t1 == 0), "\(before) -> \(model): \(events)")
          #expect(t1 <= t0, "\(before) -> \(model)")
          #expect(!events.contains { if case .range = $0 { true } else { false } }, "a backward tick switched")
          // Completed iterations: T / L, k at E; a `loop` event whenever they change.
          func completed(_ t: Int128) -> Int128 { t == before.end ? Int128(before.loops!) : t / before.loopDuration }
          let loopEvents = events.compactMap { if case let .loop(c) = $0 { c } else { nil } }
          #expect(loopEvents == (completed(t1) != completed(t0) ? [Int64(completed(t1))] : []), "\(before) -> \(events)")
          #expect(events.contains(.finished) == (model.state == .finished), "\(events)")
          let (want, reachedSlots) = Self.enumerated(before: before, t0: t0, t1: t1)
          let got = events.filter { if case .cue = $0 { true } else { false } }
          #expect(got == want, "\(before) -> \(model): \(events)")
          #expect(ReferenceTimelineRangesTests.inSpecOrder(events), "\(events)")
          let slotDrop = before.current.slot - model.current.slot
          #expect(reachedSlots == slotDrop, "reached \(reachedSlots), slots \(slotDrop): \(before) -> \(events)")
          for case let .frame(_, _, slots) in events { #expect(Int128(slots) == -slotDrop) }
          if before.policy == .noSkip { #expect(slotDrop <= 1, "noskip: \(before) -> \(model)") }
          // Stopped short of T - A: only a noskip clamp does that.
          if t0 - t1 < advance, model.state != .finished {
            #expect(before.policy == .noSkip && Int128(model.position) == before.start(ofSlot: before.current.slot - 1),
                    "\(before) -> \(model)")
            noSkipClamped += 1
          }
          if model.state == .finished { finished += 1 }
          if got.contains(where: { if case let .cue(_, _, count) = $0 { count > 1 } else { false } }) { multiple += 1 }
          if reachedSlots > 1 { jumped += 1 }
          if events.contains(where: { if case .loop = $0 { true } else { false } }) { loopsDown += 1 }
          if before.end == t0 { fromEnd += 1 }
        case 1: try? model.setRange(rng.int(in: 0...(n - 1)), rng.int(in: 0...(n - 1)))
        case 2:
          try? model.queue(
            rng.int(in: 0...(n - 1)), rng.int(in: 0...(n - 1)), loops: rng.chance(1, in: 4) ? nil : rng.int64(in: 1...3))
        case 3: model.direction = rng.element(of: PlaybackDirection.allCases)
        case 4: model.policy = rng.element(of: SkipPolicy.allCases)
        case 5: model.reverse()
        case 6: model.play()
        case 7: _ = try? model.seek(to: rng.int64(in: 0...60))
        case 8: try model.setRate(rng.element(of: [-1_000_000, -3_000_000, -333_333, 1_000_000]))
        default: _ = try? model.setLoops(rng.chance(1, in: 4) ? nil : rng.int64(in: 1...4))
        }
      }
    }
    print("backwardCueCountsMatchAnExplicitEnumeration: \(ticks) backward ticks, \(finished) finished, \(noSkipClamped) clamped")
    #expect(ticks > floor(5_000) && finished > floor(1_500) && multiple > floor(500) && jumped > floor(1_000)
              && loopsDown > floor(2_000) && noSkipClamped > floor(1_000) && fromEnd > floor(1_000),
            """
            ticks \(ticks), finished \(finished), multiple \(multiple), jumped \(jumped), loop events \(loopsDown), \
            noskip clamped \(noSkipClamped), from E \(fromEnd)
            """)
  }

  /// The cue events a backward tick of `before` from `t0` down to `t1`
  /// must emit, found by scanning every nanosecond, and the number of
  /// reached slots.
  static func enumerated(before: ReferenceTimeline, t0: Int128, t1: Int128) -> (events: [ModelEvent], reached: Int128) {
    var frames: [Int: (count: Int128, time: Int128)] = [:]
    var reached: Int128 = 0
    var tau = t0
    while tau > t1 {
      let below = before.place(at: tau - 1)
      if before.place(at: tau).slot != below.slot {
        frames[below.frame, default: (0, tau)].count += 1
        reached += 1
      }
      tau -= 1
    }
    let cues = before.cues.filter { frames[$0.frame] != nil }.sorted { a, b in
      let x = frames[a.frame]!, y = frames[b.frame]!
      if x.time != y.time { return x.time > y.time }
      return a.name.lexicographicallyPrecedes(b.name)
    }
    return (cues.map { .cue(name: $0.name, frame: $0.frame, count: Int64(frames[$0.frame]!.count)) }, reached)
  }
}
