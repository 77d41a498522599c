import Testing
@testable import TimelineCommands

/// `play` draws on a terminal only (point 8 of issue 12).
@Suite struct PlayCommandTests {
  /// Standard output that is a file or a pipe: a clear error, status 2,
  /// and not one byte on standard output (no escape code).
  @Test func refusesAnOutputThatIsNotATerminal() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    // With --duration, so that a regression that plays ends instead of hanging.
    for words in [["play", directory.gif, "--duration", "10ms"], ["play", directory.gif, "--loops", "1", "--duration", "10ms"]] {
      let run = CommandRun(words, isTerminal: false)
      #expect(run.status == 2)
      #expect(run.output.isEmpty)
      #expect(!run.error.contains(0x1B))
      #expect(run.errorText == "error: play draws on a terminal, and standard output is not one (for image files, use frame or frames)\n")
    }
  }

  /// On a terminal it draws: the alternate screen, the picture and the
  /// status line, frames numbered from 0; then it restores the screen.
  @Test func drawsOnATerminal() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let run = CommandRun(["play", directory.gif, "--duration", "30ms"], isTerminal: true)
    #expect(run.status == 0 && run.error.isEmpty)
    #expect(run.output.starts(with: Terminal.enterSequence))
    #expect(run.output.suffix(Terminal.leaveSequence.count).elementsEqual(Terminal.leaveSequence))
    #expect(run.outputText.contains("frame 0 (0-9)  t="))
    #expect(!run.outputText.contains("frame 1/"))
  }
}
