import Testing
import AnimTimeline
@testable import TimelineCommands

@Suite struct TickSimulationTests {
  func timeline() throws -> Timeline {
    try Timeline(provider: GIFFrameProvider(bytes: SampleGIF.bytes))
  }

  @Test func instantsAreRoundedPerTickNotAccumulated() {
    let sixty = TickSimulation(ticks: 0)
    #expect(sixty.nominalInstant(1) == 16_666_667)
    #expect(sixty.nominalInstant(2) == 33_333_333)
    #expect(sixty.nominalInstant(3) == 50_000_000)
    #expect(sixty.nominalInstant(5_184_000) == 86_400_000_000_000)  // one day, exactly
    var odd = TickSimulation(ticks: 0)
    odd.hzMillionths = 59_940_060  // 59.94006 Hz
    #expect(odd.nominalInstant(59_940_060) == 1_000_000_000_000_000)  // 10^6 s
    #expect(odd.nominalInstant(1) == 16_683_333)  // 10^9 / 59.94006 = 16683333.3
  }

  @Test func jitteredRunHasNoDriftAndReplays() throws {
    let simulation = TickSimulation(ticks: 30_000, jitterSeed: 7, summaryOnly: true)
    let first = simulation.simulate(try timeline()) { _ in }
    #expect(first.drift == 0)
    #expect(first.stats.longestTick > 100_000_000)  // the seeded stalls happened
    #expect(first.position == first.stats.clampedSum)  // rate 1: no drift
    #expect(simulation.simulate(try timeline()) { _ in } == first)  // same seed, same run
    let other = TickSimulation(ticks: 30_000, jitterSeed: 8, summaryOnly: true)
    #expect(other.simulate(try timeline()) { _ in } != first)
  }

  @Test func maxStepClampsStallsInTheSum() throws {
    var configured = try timeline()
    configured.maxStep = try .nanoseconds(50_000_000)
    let summary = TickSimulation(ticks: 20_000, jitterSeed: 3, summaryOnly: true).simulate(configured) { _ in }
    #expect(summary.drift == 0)
    #expect(summary.stats.clampedSum < summary.simulated)  // the stalls were cut
  }

  @Test func perTickJSONLines() throws {
    var lines: [String] = []
    _ = TickSimulation(ticks: 3, json: true).simulate(try timeline()) { lines.append($0) }
    #expect(lines.count == 3)
    #expect(lines[0].hasPrefix(#"{"tick":1,"at":16666667,"dt":16666667,"state":"playing","t":16666667,"#))
  }
}

/// `--ticks` with `--range`, `--then` and `--cue`: an intro played once,
/// then a loop, with a footstep cue named in the readable output.
@Suite struct TickRangeOptionsTests {
  @Test func introThenLoopWithAFootstep() {
    // Six 100 ms frames; the intro 0-1 once, then 2-5 forever; a cue on 3.
    let run = CommandRun([
      "--ticks", "60", "--frames", "100ms,100ms,100ms,100ms,100ms,100ms", "--loops", "1",
      "--range", "0-1", "--then", "2-5", "--cue", "step@3",
    ])
    #expect(run.status == 0)
    let lines = run.outputText.split(separator: "\n").map(String.init)
    // At 200 ms (tick 12) the intro ends and the loop starts; frame 3 is
    // on screen at 300 and 700 ms (ticks 18 and 42).
    #expect(lines.contains("tick 12 at 0.200s: frame 1 -> 2, loop 1 completed, range 2-5 starts"))
    #expect(lines.contains("tick 18 at 0.300s: frame 2 -> 3, cue step on frame 3"))
    #expect(lines.contains("tick 42 at 0.700s: frame 2 -> 3, cue step on frame 3"))
    #expect(lines.last?.contains("cue hits 2; range switches 1;") == true)
  }

  @Test func badRangeOptionsAreUsageErrors() {
    for words in [
      ["--range", "3"], ["--range", "a-b"], ["--then", "1-2:0"], ["--cue", "step"], ["--cue", "@3"],
      ["--range", "5-2"], ["--cue", "x@99"],
    ] {
      let run = CommandRun(["--ticks", "10"] + words)
      #expect(run.status == 2, "\(words)")
      #expect(run.errorText.hasPrefix("error: "), "\(words)")
    }
  }
}
