import AnimTimeline
import Testing
@testable import TimelineCommands

/// The timeline benchmarks on tiny inputs: they run, report what they
/// claim, and the layouts they compare behave the same. (No timing is
/// checked here: speed is measured in release builds, Docs/Design.md.)
@Suite struct BenchTests {
  /// The figures of `timeline-demo bench WORDS --allow-debug` (tests run
  /// from debug builds), run through the command line.
  func figures(_ words: [String]) throws -> [String: String] {
    let run = CommandRun(["bench"] + words + ["--allow-debug"])
    #expect(run.status == 0, "\(words): \(run.errorText)")
    let line = try #require(run.outputText.split(separator: "\n").last)
    let pairs = line.split(separator: " ").map { $0.split(separator: "=", maxSplits: 1).map(String.init) }
    return Dictionary(pairs.map { ($0[0], $0.count > 1 ? $0[1] : "") }, uniquingKeysWith: { $1 })
  }

  /// Point 10 of issue 12: a debug build's timings mean nothing, so
  /// `bench` refuses to run from one unless told `--allow-debug`.
  @Test func refusesADebugBuildUnlessAllowed() {
    let run = CommandRun(["bench", "tick", "--count", "10"])
    #if DEBUG
    #expect(run.status == 2 && run.output.isEmpty)
    #expect(run.errorText == "error: bench: this is a debug build, whose timings would be meaningless; build with -c release (or pass --allow-debug)\n")
    #else
    #expect(run.status == 0 && run.outputText.hasPrefix("bench=tick "))
    #endif
    let allowed = CommandRun(["bench", "tick", "--allow-debug", "--count", "10"])
    #expect(allowed.status == 0 && allowed.outputText.hasPrefix("bench=tick count=10 "))
    #expect(CommandRun(["bench", "tick", "--allow-debug", "--allow-debug"]).firstErrorLine == "error: --allow-debug is given twice")
    #expect(BenchCommand.help.contains("--allow-debug"))
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

  /// `bench share --threads K` makes the same requests from `K` threads,
  /// shared out in chunks each tick: the same frames, so the same
  /// checksum, as one thread; and it reports the speedup.
  @Test func shareFromThreadsSeesTheSameFrames() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = directory.file("sample.gif")
    try FileSystem.createFile(FilePath(path), contents: SampleGIF.bytes)
    let words = ["share", path, "--timelines", "50", "--ticks", "12"]
    let one = try figures(words)
    let three = try figures(words + ["--threads", "3"])
    #expect(one["failures"] == "0" && three["failures"] == "0")
    #expect(one["requests"] == "600" && three["requests"] == "600")
    #expect(one["checksum"] != nil && one["checksum"] == three["checksum"])
    #expect(one["speedup_vs_1_thread"] == nil)
    #expect(three["threads"] == "3" && three["speedup_vs_1_thread"].flatMap(Double.init) != nil)
  }

  /// `bench share` counts every decode of the provider: a GIF's frames
  /// are drawn by the requests, an APNG's (all fitting the budget) by its
  /// opening, which keeps them; either way 100 timelines decode each
  /// frame once.
  @Test func shareCountsTheOpeningsDecodesToo() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let gif = directory.file("sample.gif")
    try FileSystem.createFile(FilePath(gif), contents: SampleGIF.bytes)
    let frames = (0..<3).map { shade in
      AnimationSequence.Frame(
        image: RGBAImage(width: 6, height: 4, pixels: (0..<96).map { UInt8(truncatingIfNeeded: $0 * 7 + shade * 50) }),
        duration: 40_000_000)
    }
    let apng = directory.file("three.png")
    try FileSystem.createFile(FilePath(apng), contents: try APNGEncoder.encode(try AnimationSequence(frames: frames)))
    for (path, openingDraws) in [(gif, false), (apng, true)] {
      let result = try figures(["share", path, "--timelines", "100", "--ticks", "30"])
      let opening = try #require(result["opening_frame_decodes"].flatMap { Int($0) })
      let requests = try #require(result["frame_decodes"].flatMap { Int($0) })
      let count = try #require(result["frames"].flatMap { Int($0) })
      #expect(opening + requests == count, "\(path): \(opening) + \(requests)")
      #expect((opening == count) == openingDraws && result["failures"] == "0")
    }
  }
}
