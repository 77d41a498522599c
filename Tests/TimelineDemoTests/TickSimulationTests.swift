import Testing
import AnimTimeline
@testable import TimelineDemo

@Suite struct TickSimulationTests {
  func timeline() throws -> Timeline<GIFFrameProvider> {
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
