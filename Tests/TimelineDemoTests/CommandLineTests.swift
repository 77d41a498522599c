import Foundation
import Testing
@testable import TimelineDemo

/// The subcommand contract: `--help` everywhere, one exit-status rule, and
/// errors on standard error only.
@Suite struct CommandLineTests {
  static let subcommands = ["info", "frames", "frame", "play", "bench"]

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
    for words in [[], ["--help"], ["-h"], ["help"]] {
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
    ]
    for words in cases {
      let run = CommandRun(words)
      #expect(run.status == 2, "\(words)")
      #expect(run.output.isEmpty, "\(words)")
      #expect(run.errorText.hasPrefix("error: "), "\(words): \(run.errorText)")
    }
  }

  @Test func unreadableInputExitsWith1ButScriptsExit2() {
    for words in [
      ["info", "/nonexistent/a.gif"], ["play", "/nonexistent/a.gif"], ["bench", "decode", "/nonexistent/a.gif"],
      ["--ticks", "5", "--gif", "/nonexistent/a.gif"],
    ] {
      let run = CommandRun(words)
      #expect(run.status == 1, "\(words)")
      #expect(run.errorText.hasPrefix("error: /nonexistent/a.gif: "), "\(words): \(run.errorText)")
    }
    // --script: every error exits 2 (the script format fixes it).
    #expect(CommandRun(["--script", "/nonexistent/file.tl", "--frames", "10ms"]).status == 2)
    #expect(CommandRun(["--script", "/nonexistent/file.tl", "--gif", "/nonexistent/a.gif"]).status == 2)
  }

  @Test func scriptPrintsItsLinesThenTheFailure() throws {
    let path = NSTemporaryDirectory() + "animtimeline-demo-\(UInt32.random(in: 0...UInt32.max)).tl"
    defer { try? FileManager.default.removeItem(atPath: path) }
    try FileSystem.createFile(path, contents: Array("play\r\ntick 50ms\nseek-frame 7\ntick 1ms\n".utf8))
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
    #expect(json.outputText.hasPrefix(#"{"summary":{"ticks":60,"frames_shown":0,"#))
  }
}
