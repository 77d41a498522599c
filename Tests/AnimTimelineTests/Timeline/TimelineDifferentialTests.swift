import Testing
@testable import AnimTimeline
import TimelineScript

/// The engine against the independent reference model (`Support/ReferenceTimeline`),
/// compared after every command of thousands of random scripts.
@Suite struct TimelineDifferentialTests {
  @Test func randomScriptsMatchTheReferenceModel() {
    Differential.check("TimelineDifferentialTests.randomScriptsMatchTheReferenceModel",
                       ScriptGen.scripts(maxCommands: 30), iterations: 4_000)
  }

  @Test func longScriptsMatchTheReferenceModel() {
    Differential.check("TimelineDifferentialTests.longScriptsMatchTheReferenceModel",
                       ScriptGen.scripts(maxCommands: 200), iterations: 300)
  }

  @Test func staticScriptsMatchTheReferenceModel() {
    Differential.check("TimelineDifferentialTests.staticScriptsMatchTheReferenceModel",
                       ScriptGen.scripts(maxCommands: 30, profile: .staticOnly), iterations: 1_000)
  }

  /// The generator must actually reach the interesting situations; a
  /// differential test over boring scripts proves little.
  @Test func generatedScriptsCoverTheInterestingCases() {
    var rng = SplitMix64(seed: 2024)
    var finished = 0, loopEvents = 0, skips = 0, rejections = 0, suspends = 0, reversedFrames = 0, statics = 0
    var cueEvents = 0, switches = 0
    let gen = ScriptGen.scripts(maxCommands: 30)
    for _ in 0..<500 {
      let script = gen.generate(&rng)
      guard var model = try? script.makeModel() else { continue }
      if model.isStatic { statics += 1 }
      for command in script.commands {
        switch model.result(of: command) {
        case .rejected, .inconsistent: rejections += 1
        case let .events(events):
          for event in events {
            switch event {
            case .finished: finished += 1
            case .loop: loopEvents += 1
            case let .frame(from, to, slots):
              if slots > 1 { skips += 1 }
              if to < from, slots == 1 { reversedFrames += 1 }
            case .suspended: suspends += 1
            case .resumed: break
            case .cue: cueEvents += 1
            case .range: switches += 1
            }
          }
        }
      }
    }
    print("""
      generatedScriptsCoverTheInterestingCases: \(finished) finished, \(loopEvents) loop, \(skips) skipping frame, \
      \(reversedFrames) reversed frame, \(suspends) suspended, \(cueEvents) cue events, \(switches) switches, \
      \(rejections) rejections, \(statics) static timelines
      """)
    #expect(finished > 50)
    #expect(loopEvents > 100)
    #expect(skips > 50)
    #expect(rejections > 50)
    #expect(suspends > 50)
    #expect(reversedFrames > 25)
    #expect(statics > 10)
    #expect(cueEvents > 20)
    #expect(switches > 10)
  }
}
