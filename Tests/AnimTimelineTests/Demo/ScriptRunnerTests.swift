import Testing
@testable import AnimTimeline
@testable import TimelineDemo

/// The `--script` contract (spec section 7), through the same runner the
/// executable uses.
@Suite struct ScriptRunnerTests {
  func run(_ script: String, frames: [Int64], loops: LoopCount? = nil) throws -> (lines: [String], failure: ScriptRunner<SyntheticFrameProvider>.Failure?) {
    let provider = try SyntheticFrameProvider(durations: frames)
    var runner = ScriptRunner(timeline: try Timeline(provider: provider, configuration: .init(loops: loops)), json: true)
    var lines: [String] = []
    let failure = runner.run(script) { lines.append($0) }
    return (lines, failure)
  }

  @Test func basicPlayJSON() throws {
    // Frames 100 ms and 50 ms (L = 150 ms), two plays (E = 300 ms).
    let (lines, failure) = try run("play\ntick 120ms\ntick 1s\n", frames: [100_000_000, 50_000_000], loops: .plays(2))
    #expect(failure == nil)
    #expect(lines == [
      #"{"line":1,"cmd":"play","state":"playing","t":0,"iteration":0,"frame":0,"suspended":false,"events":[]}"#,
      // 120 ms is inside frame 1 (100..150 ms): one slot on.
      #"{"line":2,"cmd":"tick","state":"playing","t":120000000,"iteration":0,"frame":1,"suspended":false,"events":[{"type":"frame","from":0,"to":1,"slots":1}]}"#,
      // 1 s (the default max-step) passes E: finished at E, iteration k-1 = 1,
      // showing the last frame, 1 — the same index as before, so no frame
      // event; 2 loops completed.
      #"{"line":3,"cmd":"tick","state":"finished","t":300000000,"iteration":1,"frame":1,"suspended":false,"events":[{"type":"loop","completed":2},{"type":"finished"}]}"#,
    ])
  }

  @Test func commentsBlankLinesAndCRLF() throws {
    let script = "# header\r\n\r\n  play  # start\r\n\ttick\t50ms\r\n"
    let (lines, failure) = try run(script, frames: [100_000_000, 50_000_000])
    #expect(failure == nil)
    try #require(lines.count == 2)
    #expect(lines[0].hasPrefix(#"{"line":3,"cmd":"play""#))
    #expect(lines[1].contains(#""line":4"#) && lines[1].contains(#""t":50000000"#))
  }

  @Test func badLinesStopWithTheirLineNumber() throws {
    let cases: [(String, Int)] = [
      ("play\ntick -5ms\n", 2),
      ("tick 5\ntick 1.ms\n", 2),
      ("jump 5\n", 1),
      ("play\n\nseek-frame 9\n", 3),
      ("seek-frame 0 2\n", 1),  // iteration 2 with 2 plays
      ("loops 0\n", 1),
      ("loops 9223372036854775807\n", 1),  // K * L overflows
      ("tick 9223372036854775808ns\n", 1),
      ("rate -1\n", 1),
      ("max-step 0\n", 1),
      ("modes a,,b\n", 1),
      ("direction sideways\n", 1),
      ("policy maybe\n", 1),
      ("play now\n", 1),
      ("seek-frame 1\n", 1),  // frame 1 has zero duration
    ]
    for (script, line) in cases {
      let (_, failure) = try run(script, frames: [100_000_000, 0, 50_000_000], loops: .plays(2))
      #expect(failure?.line == line, "script \(script.debugDescription)")
    }
  }

  @Test func rateAndDurationSyntaxIsExact() {
    #expect(NumberSyntax.duration("1.5") == 1_500_000_000)
    #expect(NumberSyntax.duration("16.666667ms") == 16_666_667)
    #expect(NumberSyntax.duration("0.0000000005") == 1)  // half a nanosecond rounds up
    #expect(NumberSyntax.duration("0.0000000004999") == 0)
    #expect(NumberSyntax.duration("1.2345ns") == 1)
    #expect(NumberSyntax.duration("9223372036854775807ns") == .max)
    #expect(NumberSyntax.duration("9223372036.854775808") == nil)
    #expect(NumberSyntax.duration("1.") == nil)
    #expect(NumberSyntax.duration(".5") == nil)
    #expect(NumberSyntax.duration("+1") == nil)
    #expect(NumberSyntax.duration("1e3") == nil)
    #expect(NumberSyntax.duration("5m") == nil)
    #expect(NumberSyntax.rate("0.333333") == 333_333)
    #expect(NumberSyntax.rate("0.0000015") == 2)
    #expect(NumberSyntax.rate("2") == 2_000_000)
  }

  @Test func commandLineErrorsExitWithStatus2() {
    #expect(runMain(["--bogus"]) == 2)
    #expect(runMain(["--ticks"]) == 2)
    #expect(runMain(["--ticks", "x"]) == 2)
    #expect(runMain(["--ticks", "5", "--frames", "10ms,x"]) == 2)
    #expect(runMain(["--ticks", "5", "--loops", "0"]) == 2)
    #expect(runMain(["--script", "/nonexistent/file.tl", "--frames", "10ms"]) == 2)
    #expect(runMain(["--ticks", "5", "--script", "x.tl"]) == 2)
  }
}
