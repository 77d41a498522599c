import Testing
@testable import TimelineCommands

/// The rules every option follows (``Arguments``): a word starting with
/// `--` is never a value, each option is given once, and a number too
/// large is called that.
@Suite struct OptionParsingTests {
  /// Point 5 of issue 12: `--at --out p.png` lacks --at's value; `p.png`
  /// is not an unexpected argument.
  @Test func aWordStartingWithTwoDashesIsNeverAValue() {
    for (words, option) in [
      (["frame", "a.gif", "--at", "--out", "p.png"], "--at"),
      (["frame", "a.gif", "--index", "--out", "p.png"], "--index"),
      (["frame", "a.gif", "--index", "0", "--out", "--format", "png"], "--out"),
      (["frames", "a.gif", "--out", "--format", "pam"], "--out"),
      (["--ticks", "--json"], "--ticks"),
      (["--ticks", "5", "--loops", "--json"], "--loops"),
      (["--script", "--frames", "10ms"], "--script"),
      (["--ticks", "5", "--gif", "--"], "--gif"),
      (["play", "a.gif", "--duration", "--loops", "2"], "--duration"),
      (["frame", "a.gif", "--index", "0", "--out"], "--out"),
    ] {
      let run = CommandRun(words)
      #expect(run.status == 2, "\(words)")
      #expect(run.firstErrorLine == "error: missing value for \(option)", "\(words): \(run.errorText)")
    }
    // A word with one dash is a value, which a number reader judges.
    let negative = CommandRun(["frame", "a.gif", "--index", "-5", "--out", "p.png"])
    #expect(negative.firstErrorLine == "error: --index: expected a count (digits, from 0), got '-5'")
    var arguments = Arguments(["a.gif", "--out", "-", "--index", "0"])
    #expect((try? FrameCommand(parsing: &arguments)) == nil)  // '-' has no image extension
    arguments = Arguments(["a.gif", "--out", "-x.png", "--index", "0"])
    #expect((try? FrameCommand(parsing: &arguments))?.output == "-x.png")
  }

  @Test func anOptionGivenTwiceIsAnError() {
    for (words, option) in [
      (["frame", "a.gif", "--at", "1s", "--at", "2s", "--out", "p.png"], "--at"),
      (["frame", "a.gif", "--index", "0", "--index", "1", "--out", "p.png"], "--index"),
      (["frame", "a.gif", "--index", "0", "--out", "p.png", "-q", "--quiet"], "--quiet"),
      (["info", "a.gif", "--json", "--json"], "--json"),
      (["frames", "a.gif", "--out", "d", "--format", "png", "--format", "pam"], "--format"),
      (["--ticks", "5", "--ticks", "6"], "--ticks"),
      (["--ticks", "5", "--summary", "--summary"], "--summary"),
      (["--ticks", "5", "--rate", "1", "--rate", "2"], "--rate"),
      (["play", "a.gif", "--loops", "2", "--loops", "3"], "--loops"),
    ] {
      let run = CommandRun(words)
      #expect(run.status == 2, "\(words)")
      #expect(run.firstErrorLine == "error: \(option) is given twice", "\(words): \(run.errorText)")
    }
    // --cue is the one repeatable option.
    let cues = CommandRun(["--ticks", "30", "--frames", "100ms,100ms,100ms", "--cue", "a@1", "--cue", "b@2"])
    #expect(cues.status == 0)
    #expect(cues.outputText.contains("cue a on frame 1") && cues.outputText.contains("cue b on frame 2"))
  }

  @Test func numbersTooLargeAndOtherClearMessages() {
    for (words, message) in [
      (["--ticks", "99999999999999999999"], "error: --ticks: 99999999999999999999 is too large"),
      (["frame", "a.gif", "--at", "99999999999999999999s", "--out", "p.png"], "error: --at: 99999999999999999999s is too large"),
      (["--ticks", "5", "--rate", "99999999999999"], "error: --rate: 99999999999999 is too large"),
      (["--ticks", "5", "--rate", "-99999999999999"], "error: --rate: -99999999999999 is too large"),
      (["--ticks", "5", "--rate", "-x"], "error: --rate: expected a rate ([-]digits[.digits], e.g. 1.5 or -1), got '-x'"),
      (["--ticks", "5", "--hz", "-1"], "error: --hz: expected a rate (digits[.digits], e.g. 1.5), got '-1'"),
      (["--ticks", "5", "--hz", "0"], "error: --hz: ticks per second must be above 0"),
      (["--ticks=5"], "error: unknown option '--ticks=5' (an option's value is the next word: --ticks 5)"),
      (["info", "a.gif", "--crc=yes"], "error: unknown option '--crc=yes' (an option's value is the next word: --crc yes)"),
      (["info", "a.gif", "b.gif"], "error: unexpected argument 'b.gif' (one file only; it is 'a.gif')"),
      (["play", "a.gif", "--frames", "10ms"], "error: --frames is an option of --ticks and --script; play plays FILE (GIF, APNG, PNG or WebP)"),
      (["--ticks", "5", "--frames", "10ms,10ms", "--range", "0-9"], "error: --range 0-9: "),
      (["--ticks", "5", "--frames", "10ms,10ms", "--cue", "x@9"], "error: --cue x@9: "),
      (["info", ""], "error: the file name is empty"),
    ] {
      let run = CommandRun(words)
      #expect(run.status == 2, "\(words)")
      #expect(run.firstErrorLine.hasPrefix(message), "\(words): \(run.errorText)")
    }
  }
}
