import Testing
@testable import AnimTimeline

/// Properties of spec sections 4 to 6 over thousands of generated cases
/// (moving backward, section 9: `ReversePropertyTests`).
@Suite struct TimelinePropertyTests {
  typealias Engine = Timeline

  /// Setups moving forward: properties (a), (b), (d), (e) and (f) are
  /// those of a rate `>= 0`.
  static var setups: Gen<GeneratedScript> { ScriptGen.scripts(maxCommands: 0, profile: .forward) }

  /// A setup with a tame rate (at most 3x) and no commands.
  static func tame(_ script: GeneratedScript) -> GeneratedScript {
    var copy = script
    copy.commands = []
    if copy.rate > 3_000_000 { copy.rate = copy.rate % 3_000_001 }
    copy.modes = ["default"]
    return copy
  }

  // (a)
  @Test func tickAdditivity() {
    let gen = zip(Self.setups, .array(of: zip(.int64(in: 0...80_000_000), .int64(in: 0...1_000)), count: 0...25))
    forAll("TimelinePropertyTests.tickAdditivity", gen: gen, iterations: 2_000) { setup, pieces in
      var script = Self.tame(setup)
      script.policy = .skip
      let maxStep = script.maxStep ?? Int64.max
      guard var whole = try? script.makeEngine(), var split = try? script.makeEngine() else { return true }
      whole.play()
      split.play()
      var span: Int64 = 0
      for (piece, cut) in pieces {
        let d = min(piece, maxStep)
        span += d
        _ = try whole.tick(by: d)
        let first = d * cut / 1_000
        _ = try split.tick(by: first)
        _ = try split.tick(by: d - first)
      }
      try ensure(Observation(whole).sameButCarryWhenFinished(Observation(split)),
                 "splits differ: \(Observation(whole)) vs \(Observation(split))")
      if whole.isStatic { return whole.position == 0 }
      // Spec 6.3: the total advance is floor(span * R / 1e6), clamped at E.
      var expected = Int128(span) * Int128(script.rate) / 1_000_000
      if let end = whole.totalDuration { expected = min(expected, Int128(end)) }
      try ensure(Int128(whole.position) == expected, "position \(whole.position), expected \(expected)")
      let location = try whole.location(at: whole.position)
      try ensure(location == whole.location, "location \(whole.location) vs location(at:) \(location)")
      return true
    }
  }

  // (b)
  @Test func pauseResumeIsTheIdentity() {
    let gen = zip(Self.setups, PropertySupport.ticks(), zip(PropertySupport.ticks(count: 0...5), PropertySupport.ticks()))
    forAll("TimelinePropertyTests.pauseResumeIsTheIdentity", gen: gen, iterations: 2_000) { setup, before, rest in
      let (whilePaused, after) = rest
      var script = Self.tame(setup)
      script.configLoops = .some(nil)  // never finishes, so play() resumes rather than restarts
      guard var straight = try? script.makeEngine(), var paused = try? script.makeEngine() else { return true }
      straight.play()
      paused.play()
      for d in before {
        _ = try straight.tick(by: d)
        _ = try paused.tick(by: d)
      }
      paused.pause()
      let held = Observation(paused)
      for d in whilePaused {
        try ensure(try paused.tick(by: d).isEmpty, "a paused tick emitted events")
        try ensure(Observation(paused) == held, "a paused tick moved: \(Observation(paused)) vs \(held)")
      }
      paused.play()
      try ensure(paused.position == straight.position, "pause/play moved the position")
      for d in after {
        let a = Array(try straight.tick(by: d))
        let b = Array(try paused.tick(by: d))
        try ensure(a == b, "events differ after resuming: \(a) vs \(b)")
      }
      try ensure(Observation(straight) == Observation(paused), "\(Observation(straight)) vs \(Observation(paused))")
      return straight.core.carry == paused.core.carry
    }
  }

  // (c)
  @Test func seekShowsTheFrameAtTheTarget() {
    let gen = zip(ScriptGen.scripts(maxCommands: 12), .int64(in: 0...400_000_000), .element(of: [0, 1, 2, 3]))
    forAll("TimelinePropertyTests.seekShowsTheFrameAtTheTarget", gen: gen, iterations: 2_000) { script, raw, kind in
      guard var engine = PropertySupport.run(script) else { return true }
      // Mix arbitrary times with exact boundaries and the end.
      let length = engine.loopDuration
      var t = raw
      if kind == 1, length > 0 { t = raw / length * length }
      if kind == 2, let end = engine.totalDuration { t = end }
      if kind == 3, let end = engine.totalDuration, end > 0 { t = end - 1 }
      let frame = try engine.frameIndex(at: t)
      let location = try engine.location(at: t)
      let wasFinished = engine.state == .finished
      let events = Array(try engine.seek(to: t))
      try ensure(engine.currentFrame == frame, "frame \(engine.currentFrame) after seek(\(t)), frameIndex said \(frame)")
      try ensure(engine.location == location, "location \(engine.location), expected \(location)")
      let expectedPosition = engine.isStatic ? 0 : min(t, engine.totalDuration ?? .max)
      try ensure(engine.position == expectedPosition, "position \(engine.position), expected \(expectedPosition)")
      // The end in the direction of motion (section 9.3): E moving
      // forward, 0 moving backward.
      let atEnd = !engine.isStatic
        && (engine.rate.millionths < 0 ? expectedPosition == 0 : engine.totalDuration == expectedPosition)
      try ensure(events == (atEnd && !wasFinished ? [.finished] : []), "seek emitted \(events)")
      return true
    }
  }

  // (d)
  @Test func forwardPlayVisitsSlotsInOrder() {
    let gen = zip(Self.setups, PropertySupport.ticks(count: 0...40), .bool)
    forAll("TimelinePropertyTests.forwardPlayVisitsSlotsInOrder", gen: gen, iterations: 2_000) { setup, ticks, noSkip in
      var script = Self.tame(setup)
      script.direction = .forward
      script.policy = noSkip ? .noSkip : .skip
      guard var engine = try? script.makeEngine(), !engine.isStatic else { return true }
      let shown = PropertySupport.displayed(script.durations)
      engine.play()
      for d in ticks {
        let before = engine.location
        let events = Array(try engine.tick(by: d))
        let after = engine.location
        try ensure(after.slot >= before.slot, "slot went back from \(before.slot) to \(after.slot)")
        if noSkip { try ensure(after.slot - before.slot <= 1, "noskip moved \(after.slot - before.slot) slots") }
        for case let .frameChanged(from, to, slots) in events {
          try ensure(from == before.frame && slots == after.slot - before.slot, "bad frame event \(events) for \(before) -> \(after)")
          if noSkip { try ensure(slots == 1, "noskip skipped: \(events)") }
          // Forward: `slots` steps along the displayed frames, cyclically.
          let place = shown.firstIndex(of: from)!
          try ensure(to == shown[(place + Int(slots % Int64(shown.count))) % shown.count], "frame \(to) is not \(slots) slot(s) after \(from)")
        }
        if after.frame == before.frame {
          try ensure(!events.contains { if case .frameChanged = $0 { true } else { false } }, "frame event without a change")
        }
      }
      return true
    }
  }

  // (e)
  @Test func loopEventsCountCompletedIterations() {
    let gen = zip(Self.setups, PropertySupport.ticks(max: 200_000_000, count: 0...30))
    forAll("TimelinePropertyTests.loopEventsCountCompletedIterations", gen: gen, iterations: 2_000) { setup, ticks in
      var script = Self.tame(setup)
      script.modes = ["default"]
      guard var engine = try? script.makeEngine(), !engine.isStatic else { return true }
      let length = engine.loopDuration
      engine.play()
      var last: Int64 = 0
      for d in ticks {
        let events = Array(try engine.tick(by: d))
        let completed = engine.state == .finished ? engine.loops.plays! : engine.position / length
        let loops = events.compactMap { if case let .loopCompleted(c) = $0 { c } else { nil } }
        try ensure(loops.count <= 1, "several loop events: \(events)")
        if let value = loops.first {
          try ensure(value == completed && value > last, "loop event \(value), completed \(completed), previous \(last)")
          last = value
        } else {
          try ensure(completed == last, "completed grew to \(completed) without a loop event")
        }
      }
      let expected = engine.state == .finished ? engine.loops.plays! : engine.position / length
      return last == expected && engine.completedIterations == expected
    }
  }

  // (f)
  @Test func finishedHappensExactlyAtTheEnd() {
    let gen = zip(Self.setups, PropertySupport.ticks(max: 100_000_000, count: 0...20), .int64(in: 1...4))
    forAll("TimelinePropertyTests.finishedHappensExactlyAtTheEnd", gen: gen, iterations: 2_000) { setup, ticks, k in
      var script = Self.tame(setup)
      script.configLoops = .some(k)
      if script.rate == 0 { script.rate = 1_000_000 }
      guard var engine = try? script.makeEngine(), !engine.isStatic else { return true }
      let shown = PropertySupport.displayed(script.durations)
      let end = k * engine.loopDuration
      engine.play()
      // The given ticks, then long ones until done (noskip needs one per slot).
      let finale = [Int64](repeating: Int64.max, count: Int(k) * shown.count + 1)
      var finishedSeen = 0
      for (index, d) in (ticks + finale).enumerated() where engine.state != .finished {
        if index == ticks.count { engine.maxStep = .unlimited }
        let events = Array(try engine.tick(by: d))
        let finished = events.contains(.finished)
        if finished { finishedSeen += 1 }
        try ensure(finished == (engine.position == end), "finished=\(finished) at t=\(engine.position), E=\(end)")
        try ensure(finished == (engine.state == .finished), "finished event vs state \(engine.state)")
        if finished { try ensure(events.last == .finished, "finished is not the last event: \(events)") }
      }
      try ensure(finishedSeen == 1 && engine.state == .finished, "finished \(finishedSeen) time(s), state \(engine.state)")
      // Spec 4: at E, iteration k-1, its last displayed frame, slot k*m-1.
      let reversed: Bool
      switch script.direction {
      case .forward: reversed = false
      case .reverse: reversed = true
      case .alternate: reversed = (k - 1) % 2 == 1
      case .alternateReverse: reversed = (k - 1) % 2 == 0
      }
      try ensure(engine.currentFrame == (reversed ? shown.first! : shown.last!), "frame \(engine.currentFrame) at E")
      try ensure(engine.iteration == k - 1 && engine.slot == k * Int64(shown.count) - 1, "\(engine.location) at E")
      // Finished is sticky for ticks.
      return try engine.tick(by: 1_000_000).isEmpty && engine.position == end
    }
  }

  // (g)
  @Test func suspendedTicksChangeOnlyTheSuspendedFlag() {
    let gen = zip(ScriptGen.scripts(maxCommands: 15), .int64(in: 0...Int64.max), .element(of: ["default", "tracking", "common", "modal", "other"]))
    forAll("TimelinePropertyTests.suspendedTicksChangeOnlyTheSuspendedFlag", gen: gen, iterations: 2_000) { script, d, mode in
      guard var engine = PropertySupport.run(script) else { return true }
      // Active per spec 6.1, worked out here from the names.
      let names = engine.modes.names
      let active = names.contains(mode) || (names.contains("common") && (mode == "default" || mode == "tracking"))
      if active { return true }
      let before = Observation(engine)
      let carry = engine.core.carry
      for round in 0..<2 {
        let events = Array(try engine.tick(by: d, mode: RunMode(mode)))
        let expected: [TimelineEvent] = round == 0 && !before.suspended ? [.suspended] : []
        try ensure(events == expected, "events \(events), expected \(expected)")
        var now = Observation(engine)
        try ensure(now.suspended, "not suspended after an inactive tick")
        now.suspended = before.suspended
        try ensure(now == before && engine.core.carry == carry, "inactive tick changed \(before) to \(Observation(engine))")
      }
      return true
    }
  }

  // (h)
  @Test func staticTimelinesNeverMove() {
    forAll("TimelinePropertyTests.staticTimelinesNeverMove", gen: ScriptGen.scripts(maxCommands: 30, profile: .staticOnly), iterations: 2_000) { script in
      guard var engine = try? script.makeEngine() else { return true }
      let frame = PropertySupport.displayed(script.durations).first ?? 0
      try ensure(engine.isStatic, "not static")
      for command in script.commands {
        let result = engine.result(of: command)
        if case let .events(events) = result {
          for event in events {
            switch event {
            case .frame, .loop, .finished, .cue, .range:
              throw PropertyFailure(message: "`\(command)` emitted \(event)")
            case .suspended, .resumed: break
            }
          }
        }
        try ensure(engine.position == 0 && engine.state != .finished, "`\(command)` moved it: \(Observation(engine))")
        try ensure(engine.location == TimelineLocation(frame: frame, slot: 0, iteration: 0), "`\(command)`: \(engine.location)")
      }
      return true
    }
  }
}
