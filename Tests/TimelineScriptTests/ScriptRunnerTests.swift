import AnimTimeline
import Testing
import TimelineScript

/// The `--script` contract (Docs/ScriptFormat.md), through the runner the
/// demo's `--script` uses.
@Suite struct ScriptRunnerTests {
  func run(
    _ script: some Sequence<UInt8>, frames: [Int64], loops: LoopCount? = nil, json: Bool = true
  ) throws -> (lines: [String], failure: ScriptFailure?) {
    let provider = try SyntheticFrameProvider(durations: frames)
    var runner = ScriptRunner(timeline: try Timeline(provider: provider, configuration: .init(loops: loops)), json: json)
    var lines: [String] = []
    let failure = runner.run(Array(script)) { lines.append($0) }
    return (lines, failure)
  }

  func run(_ script: String, frames: [Int64], loops: LoopCount? = nil, json: Bool = true) throws -> (lines: [String], failure: ScriptFailure?) {
    try run(script.utf8, frames: frames, loops: loops, json: json)
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
      ("rate --1\n", 1),  // one sign at most (section 9.4)
      ("rate -9223372036854.775808\n", 1),  // magnitude above Int64.max millionths
      ("rate 1\nreverse now\n", 2),
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

  @Test func crRulesAtTheEndOfLinesAndOfTheFile() throws {
    // One CR before an LF, or at the very end, is dropped; a stray CR is
    // part of a word, so a line holding only one is not blank.
    let (lines, failure) = try run("play\r\ntick 10ms\r", frames: [100_000_000, 50_000_000], json: false)
    #expect(failure == nil)
    #expect(lines == ["1: play -> playing t=0 iteration=0 frame=0", "2: tick 10ms -> playing t=10000000 iteration=0 frame=0"])
    let (_, stray) = try run("play\n\r\r\n", frames: [100_000_000])
    // Messages show the CR escaped, never as a byte that moves the cursor.
    #expect(stray == ScriptFailure(line: 2, reason: #"unknown command '\r'"#))
    let (_, inside) = try run("tick 10ms\rx\n", frames: [100_000_000])
    #expect(inside?.reason == #"bad duration '10ms\rx'"#)
  }

  @Test func wordsAreBytesAndNamesNeedNotBeUTF8() throws {
    // A mode name that is not UTF-8 is a mode like any other (it is not
    // active, so the tick suspends); the text output shows its bytes
    // escaped, as every message does (TextEscaping).
    let script: [UInt8] = Array("play\ntick 10ms ".utf8) + [0xFF, 0xFE] + Array("\n# caf\u{E9} \u{FF}\n".utf8)
    let (lines, failure) = try run(script, frames: [100_000_000], json: false)
    #expect(failure == nil)
    #expect(lines.last == #"2: tick 10ms \xFF\xFE -> playing t=0 iteration=0 frame=0 (suspended) [suspended]"#)
    let (_, bad) = try run([0x70, 0x6C, 0x61, 0xC3, 0x0A], frames: [100_000_000])
    #expect(bad == ScriptFailure(line: 1, reason: #"unknown command 'pla\xC3'"#))
  }

  @Test func linesAreNumberedFromOneCountingBlankAndCommentLines() {
    let lines = Array(ScriptLines(Array("a\n\n# c\n b \t c \n".utf8)))
    #expect(lines.map(\.number) == [1, 2, 3, 4, 5])
    #expect(lines.map(\.isBlank) == [false, true, true, false, true])
    #expect(lines[3].words.map { Array($0) } == [[0x62], [0x63]])
    #expect(Array(ScriptLines([])).count == 1)
  }

  @Test func textOutputListsStateAndEvents() throws {
    let (lines, failure) = try run("play\ntick 120ms\nmodes tracking\ntick 1ms\n", frames: [100_000_000, 50_000_000], json: false)
    #expect(failure == nil)
    #expect(lines == [
      "1: play -> playing t=0 iteration=0 frame=0",
      "2: tick 120ms -> playing t=120000000 iteration=0 frame=1 [frame 0 -> 1]",
      "3: modes tracking -> playing t=120000000 iteration=0 frame=1",
      "4: tick 1ms -> playing t=120000000 iteration=0 frame=1 (suspended) [suspended]",
    ])
  }

  @Test func failuresSayWhatIsWrong() throws {
    let cases: [(String, String)] = [
      ("jump 5", "unknown command 'jump'"),
      ("tick", "'tick' needs an argument"),
      ("play now", "too many arguments for 'play'"),
      ("seek-frame 9", "frame 9 out of range"),
      ("seek-frame 1", "frame 1 has zero duration"),
      ("seek-frame 0 2", "iteration 2 out of range"),
      ("loops 0", "loop count must be at least 1"),
      ("max-step 0", "max-step must be positive"),
      ("modes a,,b", "empty mode name"),
      ("rate x", "bad rate 'x'"),
    ]
    for (line, reason) in cases {
      let (_, failure) = try run(line, frames: [100_000_000, 0, 50_000_000], loops: .plays(2))
      #expect(failure == ScriptFailure(line: 1, reason: reason), "\(line)")
      #expect(failure?.message == "line 1: \(reason)")
    }
  }
}
