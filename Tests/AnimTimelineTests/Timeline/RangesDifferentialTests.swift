import Testing
import TimelineScript
@testable import AnimTimeline

/// The engine against the independent reference model over every command of
/// spec sections 5 to 8 (ranges, the queued clip, cues included), and with
/// section 9's negative rates and `reverse` lines in the long, extreme and
/// wide scripts: random scripts in the section 8 profiles of
/// `Support/ScriptGen.swift`, run by
/// the one differential harness (`Support/Differential.swift`), which
/// compares after each command the result (the exact event list, cue hits
/// and range switches included, or the rejection) and everything
/// observable (`Observation`: range, loop count, direction, queued clip,
/// `L`, `E`, cues, completed iterations, `location(at:)`).
///
/// `DIFF_TRACE=<file>` writes each script to that file before it runs, so
/// that the script behind an engine trap can be recovered.
@Suite struct RangesDifferentialTests {
  @Test func randomScriptsMatchTheReferenceModel() {
    Differential.check("RangesDifferentialTests.randomScriptsMatchTheReferenceModel",
                       ScriptGen.scripts(maxCommands: 40, profile: .ranges), iterations: 3_000)
  }

  @Test func extremeScriptsMatchTheReferenceModel() {
    Differential.check("RangesDifferentialTests.extremeScriptsMatchTheReferenceModel",
                       ScriptGen.scripts(maxCommands: 30, profile: .extreme), iterations: 1_000)
  }

  @Test func wideScriptsMatchTheReferenceModel() {
    Differential.check("RangesDifferentialTests.wideScriptsMatchTheReferenceModel",
                       ScriptGen.scripts(maxCommands: 25, profile: .wide), iterations: 150)
  }

  @Test func longScriptsMatchTheReferenceModel() {
    Differential.check("RangesDifferentialTests.longScriptsMatchTheReferenceModel",
                       ScriptGen.scripts(maxCommands: 200, profile: .rangesBackward), iterations: 250)
  }

  /// Regression (the model accepted these): a loop count below 1 and a
  /// max-step of 0 are invalid (section 3: `k >= 1`, max-step `> 0`), as a
  /// command and, for the loop count, when the timeline is made (section 7:
  /// `--loops 0`). Shrunk from `--frames 0ns --loops inf` + `loops 0` (and
  /// `max-step 0ns`, and `--loops 0`).
  @Test func zeroLoopsAndZeroMaxStepAreRejected() throws {
    #expect(Differential.firstMismatch(GeneratedScript(durations: [0], providerLoops: 0)) == nil)
    #expect(throws: ReferenceTimeline.Rejection.loopsNotPositive) { try ReferenceTimeline(durations: [1, 2], loops: 0) }
    #expect(throws: ReferenceTimeline.Rejection.maxStepNotPositive) { try ReferenceTimeline(durations: [1, 2], loops: nil, maxStep: 0) }
    var engine = try Timeline(provider: SyntheticFrameProvider(durations: [1, 2]))
    var model = try ReferenceTimeline(durations: [1, 2], loops: nil)
    for command: ScriptCommand in [.loops(0), .maxStep(0)] {
      #expect(engine.result(of: command) == .rejected)
      #expect(model.result(of: command) == .rejected)
    }
    #expect(model.loops == nil && model.maxStep == 1_000_000_000)
    for durations: [Int64] in [[0], [1, 2]] {
      var script = GeneratedScript(durations: durations, providerLoops: nil)
      script.commands = [.play, .loops(0), .maxStep(0), .tick(5, mode: nil)]
      #expect(Differential.firstMismatch(script) == nil)
    }
  }

  /// "\u{E9}" and "e\u{301}" are the same text to `String` but different
  /// cue names to the spec (names match and order by their UTF-8 bytes):
  /// both fire, "e\u{301}" (0x65 ...) first, and removing one keeps the other.
  @Test func canonicallyEquivalentNamesAreDifferentCues() throws {
    var engine = try Timeline(provider: SyntheticFrameProvider(durations: [2, 3]))
    var model = try ReferenceTimeline(durations: [2, 3], loops: nil)
    for command: ScriptCommand in [.cue("\u{E9}", frame: 1), .cue("e\u{301}", frame: 1), .cue("\u{E9}", frame: 1), .play] {
      #expect(engine.result(of: command) == model.result(of: command))
    }
    #expect(engine.cues.count == 2)
    let both = engine.result(of: .tick(2, mode: nil))
    #expect(both == .events([
      .frame(from: 0, to: 1, slots: 1),
      .cue(name: [0x65, 0xCC, 0x81], frame: 1, count: 1), .cue(name: [0xC3, 0xA9], frame: 1, count: 1),
    ]))
    #expect(both == model.result(of: .tick(2, mode: nil)))
    #expect(engine.result(of: .uncue("\u{E9}")) == model.result(of: .uncue("\u{E9}")))
    // From 2 to 7 (L = 5): frame 0 at 5, frame 1 again at 7; only "e\u{301}" is left.
    let one = engine.result(of: .tick(5, mode: nil))
    #expect(one == .events([.cue(name: [0x65, 0xCC, 0x81], frame: 1, count: 1), .loop(completed: 1)]))
    #expect(one == model.result(of: .tick(5, mode: nil)))
    #expect(engine.cues.map { Array($0.name.utf8) } == [[0x65, 0xCC, 0x81]])
    #expect(Observation(engine) == Observation(model))
  }

  /// The model's events of every command of `count` scripts from `gen`
  /// (seeded by `seed`), with the policy and the model as the command
  /// left it; `nil` events for a rejected command.
  static func outcomes(
    _ gen: Gen<GeneratedScript>, count: Int, seed: UInt64,
    _ body: (_ command: ScriptCommand, _ events: [ModelEvent]?, _ policy: SkipPolicy, _ model: ReferenceTimeline) -> Void
  ) {
    var rng = SplitMix64(seed: seed)
    for _ in 0..<count {
      let script = gen.generate(&rng)
      guard var model = try? script.makeModel() else { continue }
      for command in script.commands {
        let policy = model.policy
        guard case let .events(events) = model.result(of: command) else {
          body(command, nil, policy, model)
          continue
        }
        body(command, events, policy, model)
      }
    }
  }

  /// The generator must reach the interesting situations of section 8: a
  /// differential test over scripts that never switch proves little.
  @Test func generatedScriptsCoverSection8() {
    var switches = 0, noSkipSwitches = 0, finishedSwitches = 0, cueHits = 0, multiCounts = 0
    var twoPhaseCues = 0, rejections = 0, rangeChanges = 0, distinctAccents = 0
    Self.outcomes(ScriptGen.scripts(maxCommands: 40, profile: .ranges), count: 600, seed: 8_008) { command, events, policy, _ in
      guard let events else {
        rejections += 1
        return
      }
      if case .range = command { rangeChanges += 1 }
      let switched = events.contains { if case .range = $0 { true } else { false } }
      if switched, events.contains(.finished) { finishedSwitches += 1 }
      var names: Set<[UInt8]> = []
      var frames: [Int] = []
      for event in events {
        switch event {
        case .range:
          switches += 1
          if policy == .noSkip { noSkipSwitches += 1 }
        case let .cue(name, frame, count):
          cueHits += 1
          if count > 1 { multiCounts += 1 }
          names.insert(name)
          frames.append(frame)
        default: break
        }
      }
      if names.contains(Array("\u{E9}".utf8)) && names.contains(Array("e\u{301}".utf8)) { distinctAccents += 1 }
      if switched, frames.count > 1 { twoPhaseCues += 1 }
    }
    print("""
      generatedScriptsCoverSection8: \(switches) switches (\(noSkipSwitches) noskip, \(finishedSwitches) finishing), \
      \(cueHits) cue hits (\(multiCounts) counted more than once, \(twoPhaseCues) ticks with hits in both ranges, \
      \(distinctAccents) with both spellings of "\u{E9}"), \(rejections) rejections, \(rangeChanges) range commands
      """)
    #expect(switches > 150)
    #expect(noSkipSwitches > 15)
    #expect(finishedSwitches > 40)
    #expect(cueHits > 400)
    #expect(multiCounts > 100)
    #expect(twoPhaseCues > 30)
    #expect(rejections > 1_000)
    #expect(rangeChanges > 80)
    #expect(distinctAccents > 10)
  }

  /// The extreme scripts must reach the limits: positions at `Int64.max`,
  /// saturated cue counts and `slots`, switches whose leftover saturates.
  @Test func extremeScriptsReachTheLimits() {
    var saturatedCounts = 0, saturatedSlots = 0, cuesAtMax = 0, switchesToMax = 0
    Self.outcomes(ScriptGen.scripts(maxCommands: 30, profile: .extreme), count: 1_000, seed: 8_009) { _, events, _, model in
      var switched = false, cue = false
      for event in events ?? [] {
        switch event {
        case let .cue(_, _, count):
          cue = true
          if count == .max { saturatedCounts += 1 }
        case let .frame(_, _, slots): if slots == .max { saturatedSlots += 1 }
        case .range: switched = true
        default: break
        }
      }
      if model.position == .max, cue { cuesAtMax += 1 }
      if model.position == .max, switched { switchesToMax += 1 }
    }
    print("""
      extremeScriptsReachTheLimits: \(saturatedCounts) saturated cue counts, \(saturatedSlots) saturated slots, \
      \(cuesAtMax) cue hits and \(switchesToMax) switches at Int64.max
      """)
    #expect(saturatedCounts > 10)
    #expect(saturatedSlots > 10)
    #expect(cuesAtMax > 20)
    #expect(switchesToMax > 10)
  }
}
