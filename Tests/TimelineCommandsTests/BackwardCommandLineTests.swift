import Testing
import AnimTimeline
@testable import TimelineCommands

/// Playing backward on the command line (spec section 9): how the options
/// read a signed `--rate`, `--reverse-at` and `bench tick --rate`, and
/// what the help says. Nothing here ticks a timeline backward.
@Suite struct BackwardOptionParsingTests {
  /// The command line `words` of `--ticks` or `--script`, parsed.
  func commandLine(_ words: [String]) throws -> TimelineCommandLine {
    var arguments = Arguments(words)
    return try TimelineCommandLine(parsing: &arguments)
  }

  /// `--rate` takes a leading `-`, rounded as spec 9.4 rounds `rate -R`:
  /// the magnitude half up to millionths, then negated.
  @Test func rateTakesASign() throws {
    for (text, millionths) in [
      ("-1", Int64(-1_000_000)), ("-0.5", -500_000), ("-0", 0), ("-0.0000015", -2), ("0.0000015", 2),
      ("1.5", 1_500_000), ("-9223372036854.775807", -Int64.max),
    ] {
      let parsed = try commandLine(["--ticks", "1", "--rate", text])
      #expect(parsed.options.configuration.rate.millionths == millionths, "\(text)")
    }
    // play shares the option.
    var arguments = Arguments(["a.gif", "--rate", "-2"])
    #expect(try PlayCommand(parsing: &arguments).options.configuration.rate.millionths == -2_000_000)
  }

  @Test func badSignedRatesAreUsageErrors() {
    for (words, message) in [
      (["--rate", "-x"], "error: --rate: expected a rate ([-]digits[.digits], e.g. 1.5 or -1), got '-x'"),
      (["--rate", "-"], "error: --rate: expected a rate ([-]digits[.digits], e.g. 1.5 or -1), got '-'"),
      (["--rate", "--1"], "error: missing value for --rate"),
      (["--rate", "+1"], "error: --rate: expected a rate ([-]digits[.digits], e.g. 1.5 or -1), got '+1'"),
      (["--rate", "-1.5.0"], "error: --rate: expected a rate ([-]digits[.digits], e.g. 1.5 or -1), got '-1.5.0'"),
      (["--rate", "1-"], "error: --rate: expected a rate ([-]digits[.digits], e.g. 1.5 or -1), got '1-'"),
      (["--rate", "-9223372036854.775808"], "error: --rate: -9223372036854.775808 is too large"),
      (["--rate", "-1", "--rate", "1"], "error: --rate is given twice"),
      // No other number takes a sign.
      (["--hz", "-60"], "error: --hz: expected a rate (digits[.digits], e.g. 1.5), got '-60'"),
    ] {
      let run = CommandRun(["--ticks", "5"] + words)
      #expect(run.status == 2 && run.output.isEmpty, "\(words)")
      #expect(run.errorText == message + "\n", "\(words): \(run.errorText)")
    }
  }

  /// `--reverse-at` is a comma list of increasing durations, given once.
  @Test func reverseAtReadsIncreasingDurations() throws {
    #expect(try commandLine(["--ticks", "9", "--reverse-at", "1.5s,2500ms,3"]).reverseTimes
      == [1_500_000_000, 2_500_000_000, 3_000_000_000])
    #expect(try commandLine(["--reverse-at", "0", "--ticks", "9"]).reverseTimes == [0])
    #expect(try commandLine(["--ticks", "9"]).reverseTimes.isEmpty)
    // It reaches the simulation.
    let command = try #require(TicksCommand(try commandLine(["--ticks", "9", "--reverse-at", "1ns,2us"])))
    #expect(command.simulation.reverseTimes == [1, 2_000])
  }

  @Test func badReverseTimesAreUsageErrors() {
    for (words, message) in [
      (["--reverse-at"], "error: missing value for --reverse-at"),
      (["--reverse-at", "--json"], "error: missing value for --reverse-at"),
      (["--reverse-at", ""], "error: --reverse-at: no durations"),
      (["--reverse-at", "x"], "error: --reverse-at: bad duration 'x' (digits[.digits][ns|us|ms|s], e.g. 250ms)"),
      (["--reverse-at", "-1s"], "error: --reverse-at: bad duration '-1s' (digits[.digits][ns|us|ms|s], e.g. 250ms)"),
      (["--reverse-at", "1s,"], "error: --reverse-at: bad duration '' (digits[.digits][ns|us|ms|s], e.g. 250ms)"),
      (["--reverse-at", "2s,1s"], "error: --reverse-at: times must increase, got '2s,1s'"),
      (["--reverse-at", "1s,1000ms"], "error: --reverse-at: times must increase, got '1s,1000ms'"),
      (["--reverse-at", "99999999999s"], "error: --reverse-at: 99999999999s is too large"),
      (["--reverse-at", "1s", "--reverse-at", "2s"], "error: --reverse-at is given twice"),
    ] {
      let run = CommandRun(["--ticks", "5"] + words)
      #expect(run.status == 2 && run.output.isEmpty, "\(words)")
      #expect(run.errorText == message + "\n", "\(words): \(run.errorText)")
    }
    // A script reverses with its own line.
    let script = CommandRun(["--script", "a.tl", "--frames", "10ms", "--reverse-at", "1s"])
    #expect(script.status == 2 && script.output.isEmpty)
    #expect(script.errorText == "error: --reverse-at is an option of --ticks; a script reverses with its own 'reverse' line\n")
  }

  /// Several times reached by one tick reverse once each, in order, after
  /// that tick (here forward all along: two reversals cancel out).
  @Test func oneTickReachingTwoTimesReversesTwice() {
    let run = CommandRun(["--ticks", "2", "--frames", "100ms,100ms", "--reverse-at", "10ms,16666667ns"])
    #expect(run.status == 0 && run.error.isEmpty)
    #expect(run.outputText.split(separator: "\n").map(String.init) == [
      "reverse at 0.010s (tick 1 at 0.016s): rate -1.0, playing at t=16666667 ns, frame 0",
      "reverse at 0.016s (tick 1 at 0.016s): rate 1.0, playing at t=16666667 ns, frame 0",
      "summary: 2 ticks over 0.033s simulated; frames shown 0, skipped 0; cue hits 0; range switches 0; reversals 2; loops 0; final state playing at t=33333333 ns, frame 0; clamped tick sum 33333333 ns, no drift measured (--reverse-at turned the timeline around); longest tick 0.016s",
    ])
  }

  /// A reversal while playing forward, in JSON: one object after the
  /// tick that reached the time, before the next tick's.
  @Test func reverseObjectInJSON() {
    let run = CommandRun(["--ticks", "12", "--frames", "100ms,100ms,100ms", "--loops", "1", "--reverse-at", "0.2s", "--json"])
    #expect(run.status == 0)
    let lines = run.outputText.split(separator: "\n").map(String.init)
    #expect(lines.count == 14)
    #expect(lines[11].hasPrefix(#"{"tick":12,"at":200000000,"dt":16666667,"state":"playing","t":200000000,"iteration":0,"frame":2,"#))
    #expect(lines[12] == #"{"reverse":{"time":200000000,"tick":12,"at":200000000,"rate":-1000000,"play":false,"state":"playing","t":200000000,"iteration":0,"frame":2}}"#)
    #expect(lines[13].hasPrefix(#"{"summary":{"ticks":12,"#) && lines[13].contains(#""reversals":1,"#))
    #expect(lines[13].contains(#""drift_ns":null,"#))
    // --summary prints no reverse line, but counts it.
    let summary = CommandRun(["--ticks", "12", "--frames", "100ms,100ms", "--reverse-at", "0.2s", "--summary"])
    #expect(summary.outputText.hasPrefix("summary: 12 ticks") && summary.outputText.contains("; reversals 1;"))
    #expect(!summary.outputText.contains("reverse at"))
  }

  @Test func benchTickReadsASignedRate() throws {
    for (words, millionths) in [([], Int64(1_000_000)), (["--rate", "-1"], -1_000_000), (["--rate", "-0.25"], -250_000), (["--rate", "2"], 2_000_000)] {
      var arguments = Arguments(["tick", "--count", "10"] + words)
      #expect(try BenchCommand(parsing: &arguments).options.rate == millionths, "\(words)")
    }
    for (words, message) in [
      (["--rate"], "error: missing value for --rate"),
      (["--rate", "x"], "error: --rate: expected a rate ([-]digits[.digits], e.g. 1.5 or -1), got 'x'"),
      (["--rate", "-1", "--rate", "-2"], "error: --rate is given twice"),
      (["--rate", "-99999999999999"], "error: --rate: -99999999999999 is too large"),
    ] {
      let run = CommandRun(["bench", "tick", "--allow-debug", "--count", "10"] + words)
      #expect(run.status == 2 && run.output.isEmpty, "\(words)")
      #expect(run.firstErrorLine == message, "\(words): \(run.errorText)")
    }
    // A backward run that would have to start past Int64.max ns.
    let far = CommandRun(["bench", "tick", "--allow-debug", "--count", "9223372036854775807", "--step", "1s", "--rate", "-1"])
    #expect(far.status == 2 && far.output.isEmpty)
    #expect(far.errorText.hasPrefix("error: --rate -1.0: 9223372036854775807 ticks of 1000000000 ns"))
  }

  /// Where a backward `bench tick` starts: the ticks' exact advance (each
  /// tick clamped to max-step) plus one loop.
  @Test func backwardStartCoversEveryTick() throws {
    let timeline = try Timeline(provider: SyntheticFrameProvider(durations: [100_000_000, 100_000_000]))
    #expect(Bench.backwardStart(count: 600, step: 50_000_000, rate: -1, timeline) == 30_200_000_000)
    // Clamped to the 1 s max-step; at 0.5x, half as far.
    #expect(Bench.backwardStart(count: 10, step: 2_000_000_000, rate: -1, timeline) == 10_200_000_000)
    #expect(Bench.backwardStart(count: 3, step: 1, rate: try Rate(millionths: -500_000), timeline) == 200_000_001)  // floor(1.5)
    #expect(Bench.backwardStart(count: .max, step: 1, rate: -1, timeline) == nil)
  }

  /// The help texts name the backward options (spec 9.4's script lines).
  @Test func helpMentionsPlayingBackward() {
    let script = ScriptFileCommand.help
    #expect(script.contains("rate -R | reverse"))
    #expect(script.contains("'reverse' negates the rate"))
    #expect(script.contains("    reverse        # rate -1; still finished"))
    #expect(TicksCommand.help.contains("--reverse-at LIST"))
    #expect(TicksCommand.help.contains("--rate R             playback rate; negative plays backward"))
    #expect(Help.text.contains("--reverse-at") && Help.text.contains("rate -R | reverse"))
    #expect(BenchCommand.help.contains("[--rate R]") && BenchCommand.help.contains("bench tick --count 2000000 --rate -1"))
    #expect(CommandRun(["--script", "a.tl", "--help"]).outputText == script + "\n")
  }
}

/// Playing backward end to end: `--ticks --rate -1`, `--reverse-at`,
/// `bench tick --rate -1` and a `--script` with `reverse`. The expected
/// values are worked out by hand from spec section 9 (frames of 100 ms,
/// ticks at 60 Hz: tick `k` at `round(k / 60 s)`, each advancing by its
/// exact clock time at a rate of -1 or 1).
@Suite struct BackwardPlaybackTests {
  func lines(_ run: CommandRun) -> [String] {
    run.outputText.split(separator: "\n").map(String.init)
  }

  /// Infinite loops (the sample GIF's) have no end to play back from:
  /// `play` leaves the timeline at 0 and the first tick finishes it there
  /// (9.2 step 5), with no frame or loop event.
  @Test func negativeRateWithInfiniteLoopsFinishesAtTheFirstTick() {
    let run = CommandRun(["--ticks", "3", "--rate", "-1"])
    #expect(run.status == 0 && run.error.isEmpty)
    #expect(lines(run) == [
      "tick 1 at 0.016s: finished",
      "summary: 3 ticks over 0.050s simulated; frames shown 0, skipped 0; cue hits 0; range switches 0; reversals 0; loops 0; final state finished at t=0 ns, frame 0; clamped tick sum 16666667 ns, no drift measured (the timeline plays backward); longest tick 0.016s",
    ])
  }

  /// With one loop, `play` starts from the end, 300 ms (9.3); the first
  /// tick reports `loop 0` (9.2 step 6), frames fall one slot at a time,
  /// and the tick at 0.300 s finishes at 0 on frame 0.
  @Test func negativeRateWithOneLoopPlaysBackFromTheEnd() {
    let run = CommandRun(["--ticks", "24", "--frames", "100ms,100ms,100ms", "--loops", "1", "--rate", "-1"])
    #expect(run.status == 0 && run.error.isEmpty)
    let out = lines(run)
    #expect(out.count == 5)
    #expect(out.first == "tick 1 at 0.016s: loop 0 completed")
    #expect(out.count == 5 && out[1].hasPrefix("tick 7 at 0.116s: frame 2 -> 1"))  // t = 300 - 116.7 ms
    #expect(out.count == 5 && out[2].hasPrefix("tick 13 at 0.216s: frame 1 -> 0"))
    #expect(out.count == 5 && out[3] == "tick 18 at 0.300s: finished")
    #expect(out.last == "summary: 24 ticks over 0.400s simulated; frames shown 2, skipped 0; cue hits 0; range switches 0; reversals 0; loops 0; final state finished at t=0 ns, frame 0; clamped tick sum 300000000 ns, no drift measured (the loop count is finite, so the timeline can finish); longest tick 0.016s")
    // In JSON, slots are negative.
    let json = CommandRun(["--ticks", "7", "--frames", "100ms,100ms,100ms", "--loops", "1", "--rate", "-1", "--json"])
    #expect(json.outputText.contains(#"{"tick":7,"at":116666667,"dt":16666667,"state":"playing","t":183333333,"iteration":0,"frame":1,"suspended":false,"events":[{"type":"frame","from":2,"to":1,"slots":-1}]}"#))
  }

  /// The door: it opens fully (finished at 300 ms), and at 0.5 s it is
  /// reversed and, being finished, played: it closes from the end. At
  /// 0.6 s, at 200 ms, it turns again and opens to the end at 0.7 s.
  @Test func aDoorThatOpenedFullyClosesAgain() {
    let run = CommandRun(["--ticks", "60", "--frames", "100ms,100ms,100ms", "--loops", "1", "--reverse-at", "0.5s,0.6s"])
    #expect(run.status == 0 && run.error.isEmpty)
    #expect(lines(run) == [
      "tick 6 at 0.100s: frame 0 -> 1",
      "tick 12 at 0.200s: frame 1 -> 2",
      "tick 18 at 0.300s: loop 1 completed, finished",
      "reverse at 0.500s (tick 30 at 0.500s): rate -1.0; it was finished, so play: playing at t=300000000 ns, frame 2",
      "tick 31 at 0.516s: loop 0 completed",
      "reverse at 0.600s (tick 36 at 0.600s): rate 1.0, playing at t=200000000 ns, frame 2",
      "tick 42 at 0.700s: loop 1 completed, finished",
      "summary: 60 ticks over 1.000s simulated; frames shown 2, skipped 0; cue hits 0; range switches 0; reversals 2; loops 1; final state finished at t=300000000 ns, frame 2; clamped tick sum 500000000 ns, no drift measured (the loop count is finite, so the timeline can finish); longest tick 0.016s",
    ])
  }

  /// Reversed while opening (at 200 ms), the door closes to 0 at 0.4 s;
  /// reversed again at 0.5 s, finished at 0, it is played and opens.
  @Test func aDoorReversedMidwayClosesThenOpens() {
    let run = CommandRun(["--ticks", "60", "--frames", "100ms,100ms,100ms", "--loops", "1", "--reverse-at", "0.2s,0.5s"])
    #expect(run.status == 0)
    let out = lines(run)
    #expect(out.count == 11)
    #expect(out.count == 11 && out[2] == "reverse at 0.200s (tick 12 at 0.200s): rate -1.0, playing at t=200000000 ns, frame 2")
    #expect(out.count == 11 && out[3].hasPrefix("tick 13 at 0.216s: frame 2 -> 1"))
    #expect(out.count == 11 && out[4].hasPrefix("tick 19 at 0.316s: frame 1 -> 0"))
    #expect(out.count == 11 && out[5] == "tick 24 at 0.400s: finished")
    #expect(out.count == 11 && out[6] == "reverse at 0.500s (tick 30 at 0.500s): rate 1.0; it was finished, so play: playing at t=0 ns, frame 0")
    #expect(out.count == 11 && out[9] == "tick 48 at 0.800s: loop 1 completed, finished")
    #expect(out.last?.contains("frames shown 6, skipped 0;") == true)
  }

  /// `bench tick --rate -1` starts one loop above the ticks' reach, so
  /// every tick moves: 600 ticks of 50 ms over two 100 ms frames change
  /// the frame every other tick, and end 200 ms above 0, still playing.
  @Test func benchTickBackwardMovesEveryTick() throws {
    let run = CommandRun(["bench", "tick", "--allow-debug", "--count", "600", "--frames", "100ms,100ms", "--step", "50ms", "--rate", "-1"])
    #expect(run.status == 0, "\(run.errorText)")
    #expect(run.outputText.hasPrefix("bench=tick count=600 step_ns=50000000 rate=-1.0 start=30200000000 "))
    let figures = Dictionary(
      run.outputText.split(separator: "\n").last!.split(separator: " ").map { pair in
        let parts = pair.split(separator: "=", maxSplits: 1).map(String.init)
        return (parts[0], parts.count > 1 ? parts[1] : "")
      }, uniquingKeysWith: { $1 })
    #expect(figures["frame_changes"] == "300")
    #expect(figures["position"] == "200000000")
    #expect(figures["state"] == "playing")
    // Steps above max-step (1 s) are clamped, in the start as in the ticks.
    let clamped = CommandRun(["bench", "tick", "--allow-debug", "--count", "10", "--frames", "100ms,100ms", "--step", "2s", "--rate", "-1"])
    #expect(clamped.outputText.contains(" start=10200000000 ") && clamped.outputText.contains(" position=200000000 state=playing "))
    // Forward runs start at 0, as before.
    let forward = CommandRun(["bench", "tick", "--allow-debug", "--count", "600", "--frames", "100ms,100ms", "--step", "50ms", "--rate", "2"])
    #expect(forward.outputText.contains(" rate=2.0 start=0 ") && forward.outputText.contains(" frame_changes=600 "))
    #expect(forward.outputText.contains(" position=60000000000 state=playing "))
  }

  /// The door of `--script --help`, whose output spec 9 fixes.
  @Test func scriptReverseLine() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    try FileSystem.createFile(FilePath(directory.file("door.tl")), contents: Array("play\ntick 25ms\ntick 30ms\nreverse\nplay\ntick 15ms\ntick 30ms\n".utf8))
    let run = CommandRun(["--script", directory.file("door.tl"), "--json", "--frames", "10ms,10ms,10ms,10ms", "--loops", "1"])
    #expect(run.status == 0 && run.error.isEmpty)
    let out = lines(run)
    #expect(out.count == 7)
    #expect(out.count == 7 && out[3] == #"{"line":4,"cmd":"reverse","state":"finished","t":40000000,"iteration":0,"frame":3,"suspended":false,"events":[]}"#)
    #expect(out.count == 7 && out[4] == #"{"line":5,"cmd":"play","state":"playing","t":40000000,"iteration":0,"frame":3,"suspended":false,"events":[]}"#)
    #expect(out.count == 7 && out[5] == #"{"line":6,"cmd":"tick","state":"playing","t":25000000,"iteration":0,"frame":2,"suspended":false,"events":[{"type":"frame","from":3,"to":2,"slots":-1},{"type":"loop","completed":0}]}"#)
    #expect(out.count == 7 && out[6] == #"{"line":7,"cmd":"tick","state":"finished","t":0,"iteration":0,"frame":0,"suspended":false,"events":[{"type":"frame","from":2,"to":0,"slots":-2},{"type":"finished"}]}"#)
  }
}
