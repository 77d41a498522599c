import Testing
import TimelineScript

/// Checks of the property-testing harness itself.
@Suite struct PropertyHarnessTests {
  @Test func boundedDrawsStayInRange() {
    var rng = SplitMix64(seed: 42)
    var seen = Set<Int64>()
    for _ in 0..<2_000 {
      let value = rng.int64(in: -3...3)
      #expect((-3...3).contains(value))
      seen.insert(value)
    }
    #expect(seen.count == 7)
    #expect(rng.int64(in: Int64.min...Int64.max) != rng.int64(in: Int64.min...Int64.max))
  }

  @Test func sameSeedSameValues() {
    let gen = Gen<[Int64]>.array(of: .int64(in: 0...1_000), count: 0...20)
    #expect(gen.sample(seed: 7) == gen.sample(seed: 7))
    #expect(gen.sample(seed: 7) != gen.sample(seed: 8))
  }

  @Test func shrinkTowardsIsOrderedAndExcludesTheValue() {
    #expect(Shrink.towards(0, from: 8) == [0, 4, 6, 7])
    #expect(Shrink.towards(0, from: -8) == [0, -4, -6, -7])
    #expect(Shrink.towards(5, from: 5).isEmpty)
    // No overflow at the extremes.
    #expect(Shrink.towards(0, from: Int64.min).first == 0)
    #expect(Shrink.towards(Int64.min, from: Int64.max).last == Int64.max - 1)
  }

  @Test func shrinkingFindsTheMinimalFailingInt() {
    let outcome = checkProperty("x<100", gen: .int64(in: 0...1_000_000), iterations: 1_000, seed: 1) { $0 < 100 }
    #expect(outcome.failure?.shrunk == 100)
    #expect(outcome.failure.map { $0.original >= 100 } == true)
  }

  @Test func shrinkingArraysDropsIrrelevantElements() {
    // Fails when the array holds a value >= 10: minimal is [10].
    let gen = Gen<[Int64]>.array(of: .int64(in: 0...1_000), count: 0...30)
    let outcome = checkProperty("all<10", gen: gen, iterations: 1_000, seed: 3) { $0.allSatisfy { $0 < 10 } }
    #expect(outcome.failure?.shrunk == [10])
  }

  @Test func thrownFailuresCarryTheirMessage() {
    let outcome = checkProperty("even", gen: .int64(in: 1...1_000), iterations: 100, seed: 5) { value in
      try ensure(value % 2 == 0, "\(value) is odd")
      return true
    }
    #expect(outcome.failure?.shrunk == 1)
    #expect(outcome.failure?.message == "1 is odd")
  }

  @Test func reportNamesPropertySeedReplayAndCounterexample() throws {
    let outcome = checkProperty("Suite.prop", gen: .int64(in: 0...1_000), iterations: 1_000, seed: 99) { $0 < 500 }
    let report = try #require(outcome.report)
    #expect(report.contains("Suite.prop"))
    #expect(report.contains("seed 99"))
    #expect(report.contains("PBT_SEED=99 swift test --filter Suite.prop"))
    #expect(report.contains("\n500\n"))
  }

  @Test func passingPropertyRunsEveryCase() {
    let outcome = checkProperty("ok", gen: .int64(in: 0...10), iterations: 321, seed: 0) { $0 <= 10 }
    #expect(outcome.failure == nil)
    #expect(outcome.casesRun == 321)
  }

  @Test func seedParsing() {
    #expect(PBTEnvironment.parseSeed("123") == 123)
    #expect(PBTEnvironment.parseSeed("0xff") == 255)
    #expect(PBTEnvironment.parseSeed("nope") == nil)
    // FNV-1a of the empty string is the offset basis.
    #expect(PBTEnvironment.defaultSeed(for: "") == 0xCBF2_9CE4_8422_2325)
  }

  @Test func forAllReportsAFailure() {
    var reports: [String] = []
    forAll("PropertyHarnessTests.forAllReportsAFailure", gen: .int64(in: 0...10), iterations: 50,
           fail: { report, _ in reports.append(report) }) { $0 < 0 }
    #expect(reports.count == 1)
    #expect(reports.first?.contains("PBT_SEED=") == true)
    forAll("PropertyHarnessTests.forAllReportsAFailure", gen: .int64(in: 0...10), iterations: 50,
           fail: { report, _ in reports.append(report) }) { $0 >= 0 }
    #expect(reports.count == 1)
  }
}
