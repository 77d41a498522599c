import Foundation
import Testing
@testable import TimelineCommands

/// The subcommand contract: `--help` everywhere, one exit-status rule, and
/// errors on standard error only.
@Suite struct CommandLineTests {
  static let subcommands = ["info", "frames", "frame", "play", "sheet", "bench"]

  @Test func helpOnEverySubcommand() {
    for words in Self.subcommands.map({ [$0, "--help"] }) + [["--ticks", "5", "--help"], ["--script", "a.tl", "-h"]] {
      let run = CommandRun(words)
      #expect(run.status == 0, "\(words)")
      #expect(run.error.isEmpty, "\(words)")
      #expect(run.outputText.hasPrefix("usage: timeline-demo "), "\(words)")
      #expect(run.outputText.contains("Exit status: 0 success"), "\(words)")
    }
    #expect(CommandRun(["--script", "a.tl", "--help"]).outputText.contains("2 on every error"))
    #expect(CommandRun(["help", "frame"]).outputText == CommandRun(["frame", "--help"]).outputText)
    #expect(CommandRun(["help", "--ticks"]).outputText == CommandRun(["--ticks", "1", "--help"]).outputText)
    for words in [["--help"], ["-h"], ["help"]] {
      let run = CommandRun(words)
      #expect(run.status == 0 && run.outputText.hasPrefix("timeline-demo: simulate"), "\(words)")
    }
  }

  @Test func helpCitesTheShippedFormatDocument() {
    for text in [Help.text, ScriptFileCommand.help, TicksCommand.help] {
      #expect(!text.contains("spec/") && !text.contains("spec section") && !text.contains("shared/"))
    }
    #expect(Help.text.contains("Docs/ScriptFormat.md"))
  }

  @Test func usageErrorsExitWith2() {
    let cases: [[String]] = [
      ["--bogus"], ["--ticks"], ["--ticks", "x"], ["--ticks", "5", "--frames", "10ms,x"],
      ["--ticks", "5", "--loops", "0"], ["--ticks", "5", "--script", "x.tl"], ["--ticks", "5", "--hz", "0"],
      ["info"], ["info", "a.gif", "--bogus"], ["info", "a.gif", "b.gif"],
      ["frame", "a.gif", "--index", "0", "--out"], ["frame", "a.gif", "--index", "1", "--at", "1s", "--out", "x.png"],
      ["frames", "a.gif", "--out", "d", "--format", "bmp"],
      ["play"], ["play", "a.gif", "--bogus"], ["play", "a.gif", "--duration", "x"],
      ["bench"], ["bench", "nope"], ["bench", "tick", "--bogus"], ["bench", "tick", "--count", "0"],
      ["bench", "tick", "--count", "5", "--count", "6", "--allow-debug"],
    ]
    for words in cases {
      let run = CommandRun(words)
      #expect(run.status == 2, "\(words)")
      #expect(run.output.isEmpty, "\(words)")
      #expect(run.errorText.hasPrefix("error: "), "\(words): \(run.errorText)")
    }
  }

  /// Point 4 of issue 12: a missing file is one failure, whatever reads
  /// it: `error: PATH: No such file or directory` and status 2, as for
  /// every other error (and as `--script` must, Docs/ScriptFormat.md).
  @Test func aMissingFileIsTheSameErrorEverywhere() throws {
    let missing = "/nonexistent/a.gif"
    let commands: [[String]] = [
      ["info", missing], ["info", missing, "--json", "--crc"],
      ["frame", missing, "--index", "0", "--out", "/nonexistent/x.png"],
      ["frame", missing, "--at", "1s", "--out", "/nonexistent/x.pam"],
      ["frames", missing, "--out", "/nonexistent/frames"],
      ["play", missing], ["play", missing, "--duration", "1s"],
      ["bench", "decode", missing, "--allow-debug"], ["bench", "access", missing, "--allow-debug"],
      ["--ticks", "5", "--gif", missing], ["--gif", missing, "--ticks", "5", "--json"],
      ["--script", missing, "--frames", "10ms"],
    ]
    for words in commands {
      let run = CommandRun(words)
      #expect(run.status == 2, "\(words)")
      #expect(run.output.isEmpty, "\(words)")
      #expect(run.errorText == "error: /nonexistent/a.gif: No such file or directory\n", "\(words): \(run.errorText)")
    }
    // --script reads its script first.
    let script = CommandRun(["--script", "/nonexistent/a.tl", "--gif", missing])
    #expect(script.status == 2 && script.errorText == "error: /nonexistent/a.tl: No such file or directory\n")
    // An existing script and a missing GIF: the GIF's error.
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    try FileSystem.createFile(FilePath(directory.file("a.tl")), contents: Array("play\n".utf8))
    let run = CommandRun(["--script", directory.file("a.tl"), "--gif", missing])
    #expect(run.status == 2 && run.errorText == "error: /nonexistent/a.gif: No such file or directory\n")
  }

  /// Every failure exits 2, not only usage errors: an undecodable GIF, a
  /// file that cannot be written, a bad script line.
  @Test func everyErrorExitsWith2() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    try FileSystem.createFile(FilePath(directory.file("bad.gif")), contents: Array("GIF89".utf8))
    try FileSystem.createFile(FilePath(directory.file("bad.tl")), contents: Array("play\nbogus\n".utf8))
    for words in [
      ["info", directory.file("bad.gif")],
      ["frame", directory.gif, "--index", "0", "--out", directory.file("missing/x.png")],
      ["frames", directory.gif, "--out", directory.gif],
      ["--script", directory.file("bad.tl"), "--frames", "10ms"],
      ["play", directory.gif, "--duration", "10ms"],
    ] {
      let run = CommandRun(words)
      #expect(run.status == 2, "\(words)")
      #expect(run.errorText.hasPrefix("error: "), "\(words): \(run.errorText)")
    }
    // --help states the one rule, everywhere.
    for text in [Help.text, InfoCommand.help, FrameCommand.help, FramesCommand.help, PlayCommand.help,
                 SheetCommand.help, BenchCommand.help, TicksCommand.help] {
      #expect(text.contains("Exit status: 0 success; 2 any\nerror"))
      #expect(!text.contains("1 a file"))
    }
  }

  /// Unknown subcommands and `help` with a bad name are errors, not the
  /// overview with status 0.
  @Test func unknownSubcommandsAreErrors() {
    for (words, message) in [
      (["ticks", "5"], "error: unknown subcommand 'ticks' ("),
      (["anim.gif"], "error: unknown subcommand 'anim.gif' ("),
      (["help", "bogus"], "error: help: no subcommand 'bogus' ("),
      (["help", "frame", "extra"], "error: help: unexpected argument 'extra'"),
    ] {
      let run = CommandRun(words)
      #expect(run.status == 2 && run.output.isEmpty, "\(words)")
      #expect(run.errorText.hasPrefix(message), "\(words): \(run.errorText)")
    }
    #expect(CommandRun(["help", "help"]).outputText == CommandRun(["--help"]).outputText)
  }

  @Test func scriptPrintsItsLinesThenTheFailure() throws {
    let path = NSTemporaryDirectory() + "animtimeline-demo-\(UInt32.random(in: 0...UInt32.max)).tl"
    defer { try? FileManager.default.removeItem(atPath: path) }
    try FileSystem.createFile(FilePath(path), contents: Array("play\r\ntick 50ms\nseek-frame 7\ntick 1ms\n".utf8))
    // Options in any order, before or after --script.
    let run = CommandRun(["--frames", "100ms,50ms", "--script", path, "--loops", "2"])
    #expect(run.status == 2)
    #expect(run.outputText == "1: play -> playing t=0 iteration=0 frame=0\n2: tick 50ms -> playing t=50000000 iteration=0 frame=0\n")
    #expect(run.errorText == "error: line 3: frame 7 out of range\n")
    let json = CommandRun(["--script", path, "--json", "--frames", "100ms,50ms"])
    #expect(json.outputText.hasPrefix(#"{"line":1,"cmd":"play","state":"playing","#))
  }

  @Test func ticksSimulatesTheSampleByDefault() {
    let run = CommandRun(["--ticks", "600"])
    #expect(run.status == 0 && run.error.isEmpty)
    #expect(run.outputText.split(separator: "\n").last?.hasPrefix("summary: 600 ticks over 10.000s simulated;") == true)
    let json = CommandRun(["--summary", "--json", "--ticks", "60", "--frames", "100ms", "--loops", "2"])
    #expect(json.outputText.hasPrefix(#"{"summary":{"ticks":60,"ticks_run":60,"frames_shown":0,"#))
  }
}
