#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import AnimTimeline
import Foundation
import Testing
import TimelineScript
@testable import TimelineCommands

/// The command line's answers to the mistakes and surprises of issue #21:
/// file names that are not UTF-8, bytes echoed to the terminal, silent
/// fallbacks, long runs, `--version`, `--out -`.
@Suite struct NoSurpriseCommandLineTests {
  /// `name` as the bytes of a path inside `directory`.
  static func bytes(_ directory: TemporaryDirectory, _ name: [UInt8]) -> [UInt8] {
    Array(directory.path.utf8) + [0x2F] + name
  }

  @Test func aFileNameThatIsNotUTF8IsReadByteForByte() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let name = Self.bytes(directory, [0xFF, 0xFE] + Array(".gif".utf8))
    try FileSystem.createFile(FilePath(bytes: name), contents: SampleGIF.bytes)
    let run = CommandRun(bytes: [Array("info".utf8), name])
    #expect(run.status == 0, "\(run.errorText)")
    #expect(run.outputText.contains(#"\xFF\xFE.gif: GIF, 32x32, 10 frames"#))
    // A name differing in one byte is another file, and the message shows
    // the bytes as they were given.
    let missing = CommandRun(bytes: [Array("info".utf8), Self.bytes(directory, [0xFF, 0xFD] + Array(".gif".utf8))])
    #expect(missing.status == 2)
    #expect(missing.errorText.contains(#"\xFF\xFD.gif: No such file or directory"#))
    #expect(!missing.error.contains(0xFF))
    for words in [[Array("--ticks".utf8), Array("3".utf8), Array("--gif".utf8), name],
                  [Array("frames".utf8), name, Array("--out".utf8), Array(directory.file("d").utf8), Array("-q".utf8)]] {
      let run = CommandRun(bytes: words)
      #expect(run.status == 0, "\(run.errorText)")
    }
  }

  @Test func outputNamesThatAreNotUTF8AreWrittenByteForByte() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let folder = Self.bytes(directory, Array("dir".utf8) + [0xFF])
    let run = CommandRun(bytes: [Array("frames".utf8), Array(directory.gif.utf8), Array("--out".utf8), folder, Array("-q".utf8)])
    #expect(run.status == 0, "\(run.errorText)")
    let written = FilePath(bytes: folder).appending("frame-009.png".utf8)
    #expect(try FileSystem.contents(ofFile: written).starts(with: [0x89, 0x50, 0x4E, 0x47]))
    // Not into a folder named with U+FFFD.
    #expect(throws: CommandError.self) {
      try FileSystem.contents(ofFile: FilePath(directory.file("dir\u{FFFD}/frame-009.png")))
    }
    let file = Self.bytes(directory, Array("poster".utf8) + [0xE9] + Array(".png".utf8))
    let poster = CommandRun(bytes: [Array("frame".utf8), Array(directory.gif.utf8), Array("--index".utf8), Array("2".utf8),
                                    Array("--out".utf8), file])
    #expect(poster.status == 0, "\(poster.errorText)")
    #expect(poster.outputText.hasPrefix(#"wrote "#) && poster.outputText.contains(#"poster\xE9.png: frame 2"#))
    #expect(try FileSystem.contents(ofFile: FilePath(bytes: file)).count > 8)
  }

  @Test func valuesOtherThanFileNamesMustBeUTF8() {
    // A cue name that is not UTF-8 is refused by --ticks as by a script.
    let run = CommandRun(bytes: [Array("--ticks".utf8), Array("3".utf8), Array("--cue".utf8), [0x61, 0xFF] + Array("@0".utf8)])
    #expect(run.status == 2)
    #expect(run.firstErrorLine == #"error: --cue: 'a\xFF@0' is not valid UTF-8"#)
  }

  @Test func messagesNeverWriteControlBytes() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    // A script line with an escape sequence, a file name with one, an
    // unknown option with one: each shown escaped.
    try FileSystem.createFile(FilePath(directory.file("esc.tl")), contents: Array("pl\u{1B}[31may\n".utf8))
    let script = CommandRun(["--script", directory.file("esc.tl"), "--frames", "100ms"])
    #expect(script.status == 2)
    #expect(script.errorText == #"error: line 1: unknown command 'pl\x1B[31may'"# + "\n")
    for words in [["info", "a\u{1B}]0;x\u{7}.gif"], ["info", "a.gif", "--b\u{1B}c"], ["--ticks", "1", "--loops", "\u{9B}2"]] {
      let run = CommandRun(words)
      #expect(run.status == 2)
      #expect(!run.error.contains(0x1B) && !run.error.contains(0x07) && !run.errorText.contains("\u{9B}"), "\(run.errorText)")
    }
  }

  @Test func aScriptStartingWithAByteOrderMarkSaysSo() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    try FileSystem.createFile(FilePath(directory.file("bom.tl")), contents: [0xEF, 0xBB, 0xBF] + Array("play\ntick 1s\n".utf8))
    let run = CommandRun(["--script", directory.file("bom.tl"), "--frames", "100ms,100ms"])
    #expect(run.status == 2)
    #expect(run.errorText.contains(#"unknown command '\u{FEFF}play'"#))
    #expect(run.errorText.contains("byte order mark (U+FEFF)"))
  }

  @Test func noWordsIsAUsageErrorAndVersionIsAnswered() {
    let none = CommandRun([])
    #expect(none.status == 2 && none.output.isEmpty)
    #expect(none.errorText.hasPrefix("usage: timeline-demo SUBCOMMAND"))
    #expect(none.errorText.contains("timeline-demo --help"))
    let version = CommandRun(["--version"])
    #expect(version.status == 0 && version.outputText == "timeline-demo \(Help.version)\n")
    #expect(CommandRun(["--version", "x"]).status == 2)
    #expect(Help.text.contains("--version"))
  }

  @Test func outDashWritesTheImageToStandardOutput() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let run = CommandRun(["frame", directory.gif, "--index", "3", "--out", "-", "--format", "png"])
    #expect(run.status == 0, "\(run.errorText)")
    let image = try RGBAImage(pngData: run.output)
    let provider = try GIFFrameProvider(bytes: SampleGIF.bytes)
    #expect(image == (try provider.frame(at: 3)))
    #expect(run.errorText.hasPrefix("wrote -: frame 3, 32x32 pixels, PNG"))
    #expect(CommandRun(["frame", directory.gif, "--index", "3", "--out", "-", "--format", "png", "-q"]).error.isEmpty)
    let pam = CommandRun(["frame", directory.gif, "--index", "0", "--out", "-", "--format", "pam", "-q"])
    #expect(pam.status == 0 && pam.output.starts(with: Array("P7\n".utf8)))
    let noFormat = CommandRun(["frame", directory.gif, "--index", "3", "--out", "-"])
    #expect(noFormat.status == 2 && noFormat.output.isEmpty)
    #expect(noFormat.firstErrorLine == "error: --out -: give --format png|pam (standard output has no extension)")
  }

  @Test func benchOptionsOfTheWrongKindAreErrors() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    for (words, message) in [
      (["bench", "seek", "--frames", "250ms"], "error: --frames: expected a count of at least 1, got '250ms'"),
      (["bench", "seek", "--frames", "0"], "error: --frames: expected a count of at least 1, got '0'"),
      (["bench", "seek", "--frames", "1.5"], "error: --frames: expected a count of at least 1, got '1.5'"),
      (["bench", "seek", "--cues", "5"], "error: bench --cues: not an option of bench seek (it takes --frames, --count, --zero-every, --seed, --json)"),
      (["bench", "tick", "--count", "5", "--seed", "2"], "error: bench --seed: not an option of bench tick (it takes --count, --frames, --step, --cues, --rate, --json)"),
      (["bench", "decode", directory.gif, "--count", "5"], "error: bench --count: not an option of bench decode (it takes --repeat, --borrow, --reopen, --json)"),
      (["bench", "tick", "x.gif"], "error: bench tick reads no file, got 'x.gif'"),
      (["bench", "tick", "--json", "--json"], "error: --json is given twice"),
    ] {
      let run = CommandRun(words + ["--allow-debug"])
      #expect(run.status == 2 && run.firstErrorLine == message, "\(words): \(run.errorText)")
    }
  }

  @Test func benchAccessExplainsItsTarget() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    // Ten random accesses to a cold cache: the mean decodes a access is
    // above the steady-state target, and the line says why.
    let run = CommandRun(["bench", "access", directory.gif, "--count", "10", "--allow-debug"])
    #expect(run.status == 0, "\(run.errorText)")
    let line = run.outputText
    #expect(line.contains(#"target=mean_decodes_per_access<=keyframe_interval,peak_bytes<=budget+working_bytes"#))
    if line.contains("target_met=false") {
      #expect(line.contains(#"target_missed=""#) && line.contains("cold start: 10 accesses over 10 frames"))
    } else {
      #expect(line.contains("target_met=true") && !line.contains("target_missed"))
    }
    let json = CommandRun(["bench", "access", directory.gif, "--count", "10", "--allow-debug", "--json"])
    #expect(json.outputText.hasPrefix("{") && json.outputText.contains(#""target":"mean_decodes_per_access"#))
  }

  @Test func theSummarySaysWhyThereIsNoDrift() {
    let finite = CommandRun(["--ticks", "60", "--frames", "100ms,100ms", "--loops", "2", "--summary"])
    #expect(finite.outputText.contains("no drift measured (the loop count is finite, so the timeline can finish)"))
    #expect(!finite.outputText.contains("n/a"))
    let endless = CommandRun(["--ticks", "60", "--frames", "100ms,100ms", "--summary"])
    #expect(endless.outputText.contains("drift 0 ns;"))
  }

  @Test func infoJSONGivesEachFrameItsRectangle() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let run = CommandRun(["info", directory.gif, "--json"])
    #expect(run.status == 0)
    let provider = try GIFFrameProvider(bytes: SampleGIF.bytes)
    let lines = run.outputText.split(separator: "\n").filter { $0.contains("delay_cs") }
    #expect(lines.count == provider.frameCount)
    for (info, line) in zip(provider.frameInfo, lines) {
      #expect(line.contains(#""x": \#(info.x), "y": \#(info.y), "width": \#(info.width), "height": \#(info.height)"#))
    }
  }

  @Test func ticksHaveAnUpperBoundAndASummaryWhenStopped() throws {
    let tooMany = CommandRun(["--ticks", "1000000000000", "--summary"])
    #expect(tooMany.status == 2)
    #expect(tooMany.firstErrorLine == "error: --ticks 1000000000000: at 60.0 Hz the clock would pass Int64.max ns (about 292 years); give at most 553402322211 ticks")
    let simulation = TickSimulation(ticks: 553_402_322_211)
    #expect(simulation.nominalInstant(simulation.maxTicks) < .max)
    #expect(simulation.nominalInstant(simulation.maxTicks + 1) == .max)
    // A run asked to stop at its first check covers the ticks before it.
    let timeline = try Timeline(provider: SyntheticFrameProvider(durations: [100_000_000, 100_000_000]))
    let summary = TickSimulation(ticks: 1_000_000).simulate(timeline, write: { _ in }, shouldStop: { _ in true })
    #expect(summary.ticksRun == 65_535)
  }

  @Test func anInterruptedRunPrintsItsSummaryAndExits130() throws {
    // SIGINT is blocked on this thread, then raised: it stays pending, as
    // Ctrl-C would be once the run blocks it, and the run stops at its
    // first check (tick 65,536) with the summary of what ran.
    var interrupt = sigset_t()
    sigemptyset(&interrupt)
    sigaddset(&interrupt, SIGINT)
    var previous = sigset_t()
    pthread_sigmask(SIG_BLOCK, &interrupt, &previous)
    defer { pthread_sigmask(SIG_SETMASK, &previous, nil) }
    pthread_kill(pthread_self(), SIGINT)
    let run = CommandRun(["--ticks", "1000000", "--frames", "100ms,100ms", "--summary"])
    #expect(run.status == 130)
    #expect(run.outputText.hasPrefix("summary: 1000000 ticks (interrupted after 65535) over 1092.250s simulated;"))
    #expect(run.errorText == "error: interrupted after tick 65535 of 1000000; the summary above covers those\n")
    var pending = sigset_t()
    sigpending(&pending)
    #expect(sigismember(&pending, SIGINT) == 0)  // taken by the run
  }

  @Test func progressLinesReadWell() {
    #expect(ProgressMeter.line(done: 12_582_912, total: 1_000_000_000, unit: "ticks", elapsed: .seconds(2))
      == "12,582,912 of 1,000,000,000 ticks (1.26%), 6.3 M ticks/s, about 2m 37s left")
    #expect(ProgressMeter.duration(3 * 86_400 + 7_200) == "3d 2h")
    #expect(ProgressMeter.grouped(0) == "0" && ProgressMeter.grouped(1_000) == "1,000")
    // Shown only on a terminal, and never in a run's first second.
    var written: [UInt8] = []
    var console = Console(errorIsTerminal: true, output: { _ in }, error: { written += $0 })
    var meter = ProgressMeter(total: 10, unit: "ticks", enabled: true)
    meter.update(5, on: &console)
    #expect(written.isEmpty)
    console.progress("x")
    console.errorLine("error: y")
    #expect(String(decoding: written, as: UTF8.self) == "\rx\u{1B}[K\r\u{1B}[Kerror: y\n")
  }

  /// "attack" plays sheet frames 3,2,1,2,3 (120, 80, 50, 80, 120 ms): the
  /// readable lines name those, not the display-list entries 4...8.
  @Test func sheetTicksNameAsepriteFrames() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = try DemoSheet.write(in: directory)
    let run = CommandRun(["--ticks", "60", "--aseprite", path, "--clip", "attack"])
    #expect(run.status == 0, "\(run.errorText)")
    let lines = run.outputText.split(separator: "\n").map(String.init)
    #expect(Array(lines.prefix(4)) == [
      "tick 8 at 0.133s: frame 3 -> 2", "tick 12 at 0.200s: frame 2 -> 1",
      "tick 15 at 0.250s: frame 1 -> 2", "tick 20 at 0.333s: frame 2 -> 3",
    ])
    #expect(lines.last?.contains("final state finished at t=450000000 ns, frame 3;") == true)
  }

  /// Two tags named "walk": the name alone is refused with the choices,
  /// and `#N` picks one.
  @Test func aSharedTagNameIsPickedByIndex() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let json = DemoSheet.json.replacingOccurrences(of: #""name": "idle""#, with: #""name": "walk""#)
    try FileSystem.createFile(FilePath(directory.file("twice.json")), contents: Array(json.utf8))
    let ambiguous = CommandRun(["--ticks", "5", "--aseprite", directory.file("twice.json"), "--clip", "walk"])
    #expect(ambiguous.status == 2)
    #expect(ambiguous.firstErrorLine.hasSuffix("tags 0, 2 are all named 'walk'; pick one with --clip #0 or --clip #2"))
    let picked = CommandRun(["--ticks", "60", "--aseprite", directory.file("twice.json"), "--clip", "#2", "--json"])
    #expect(picked.status == 0, "\(picked.errorText)")
    // Tag 2 is the ping-pong over frames 0 and 1.
    #expect(picked.outputText.contains(#""sheet_frame":1"#) && !picked.outputText.contains(#""sheet_frame":3"#))
    let outOfRange = CommandRun(["--ticks", "5", "--aseprite", directory.file("twice.json"), "--clip", "#7"])
    #expect(outOfRange.status == 2 && outOfRange.firstErrorLine.contains("tag index 7 is out of range 0..<3"))
  }
}
