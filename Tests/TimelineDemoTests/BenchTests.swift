import Testing
@testable import TimelineDemo

/// The timeline benchmarks on tiny inputs: they run, report what they
/// claim, and the layouts they compare behave the same. (No timing is
/// checked here: speed is measured in release builds, Docs/Design.md.)
@Suite struct BenchTests {
  func figures(_ words: [String]) throws -> [String: String] {
    var options = BenchOptions()
    var args = Arguments(words.dropFirst())
    while let name = args.next() {
      #expect(try options.parse(name, &args), "unknown option \(name)")
    }
    let pairs: [(String, String)]
    switch words[0] {
    case "many": pairs = try Bench.many(options)
    case "seek": pairs = try Bench.seek(options)
    default: pairs = try Bench.tick(options)
    }
    return Dictionary(uniqueKeysWithValues: pairs)
  }

  /// Timelines copied from a prototype share its frame table; that must
  /// not change a single event.
  @Test func manyGivesTheSameEventsWithSharedAndSeparateTables() throws {
    let shared = try figures(["many", "--timelines", "300", "--ticks", "40"])
    let separate = try figures(["many", "--timelines", "300", "--ticks", "40", "--separate-tables"])
    #expect(shared["tables"] == "shared" && separate["tables"] == "separate")
    let events = try #require(shared["events"].flatMap { Int($0) })
    #expect(events > 300)  // every timeline plays: frames of 20-110 ms, 40 ticks
    #expect(shared["events"] == separate["events"])
    #expect(shared["ratio_to_1000"] != nil && shared["ns_per_timeline_tick_at_1000"] != nil)
  }

  @Test func seekRunsWithAndWithoutHiddenFrames() throws {
    for extra in [[], ["--zero-every", "3"]] {
      let result = try figures(["seek", "--frames", "5000", "--count", "2000"] + extra)
      #expect(result["frames"] == "5000")
      #expect(result["ratio_to_100_frames"].flatMap(Double.init) != nil)
    }
  }

  @Test func tickCountsFrameChanges() throws {
    let result = try figures(["tick", "--count", "600", "--frames", "100ms", "--step", "50ms"])
    // One frame of 100 ms, so no frame ever changes...
    #expect(result["frame_changes"] == "0")
    let two = try figures(["tick", "--count", "600", "--frames", "100ms,100ms", "--step", "50ms"])
    // ...and with two, every other tick of 50 ms changes it.
    #expect(two["frame_changes"] == "300")
    #expect(two["position"] == "30000000000")
  }
}
