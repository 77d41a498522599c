/// `timeline-demo --script FILE`: runs a timeline script (Docs/ScriptFormat.md)
/// over the frames and configuration the options give, one output line
/// per command line (``ScriptJob``).
///
/// Every error exits with status 2, as the script format fixes (and as
/// every subcommand does): a bad option or value, a script that cannot be
/// read, a bad line.
struct ScriptFileCommand: TimelineSubcommand {
  static let usage = "timeline-demo --script FILE [options]    run a timeline script (Docs/ScriptFormat.md)"

  /// The options only `--script` has.
  static let options = """
  --script
    --json               one JSON object per command line

  SCRIPT LINES (one command a line; '#' starts a comment; Docs/ScriptFormat.md)
    tick D [MODE]        advance by D (16ms, 0.5, 100us, 7ns) in MODE
    play | pause | stop
    seek D | seek-frame J [I]
    rate R | loops K|inf | direction D | max-step D|none
    rate -R | reverse                play backward; turn the rate around
    policy skip|noskip | modes A,B,...
    range A B | range all            play provider frames A..B only
    then A B K|inf [DIRECTION]       at the end of the range, switch to A..B
    then all K|inf [DIRECTION] | then none
    cue NAME J | uncue NAME          report each slot of frame J reached
  Events (JSON): frame, cue, loop, range, finished, suspended, resumed.

  Backward (Docs/ScriptFormat.md, section 9): 'rate -1', 'rate -0.5' (-0 is
  0) move toward 0, where the timeline finishes, even with infinite loops
  (it never wraps; a --frames or --gif provider loops forever, so 'rate -1'
  then 'play' finishes at the first tick). 'reverse' negates the rate and
  does nothing else (no event, same state): follow it with 'play'. Moving
  backward, 'play' at 0 starts from the end (finite loops), and one
  finished at the end plays back from there. Moving backward, a frame
  event's slots are negative and loop counts fall.

  Example: an intro played once, then a loop with a footstep on frame 3:
    timeline-demo --script walk.tl --json --frames 100ms,100ms,100ms,100ms --loops 1
    with walk.tl:
      range 0 1
      then 2 3 inf
      cue step 3
      play
      tick 250ms     # switches at 200 ms: frame 2, loop 1, range 2-3
      tick 100ms     # frame 3: {"type":"cue","name":"step","frame":3,"count":1}

  Example: a door opens fully, then closes from the end:
    timeline-demo --script door.tl --json --frames 10ms,10ms,10ms,10ms --loops 1
    with door.tl:
      play
      tick 25ms      # opening: frame 2
      tick 30ms      # open: finished at the end, 40 ms
      reverse        # rate -1; still finished
      play           # plays back from 40 ms
      tick 15ms      # 25 ms: frame 3 -> 2 (slots -1), loop 0 completed
      tick 30ms      # past 0: finished at 0, frame 0
  """

  static let help = Help.subcommand(
    usage: usage, [options, Help.frameOptions, Help.timelineOptions],
    exitStatuses: """
    Exit status: 0 success; 2 on every error (Docs/ScriptFormat.md): a bad option or
    value, a script file that cannot be read, a malformed or invalid line
    ('error: line N: ...', after the output of every line before it).
    """)

  var options: TimelineOptions
  var path: FilePath
  var json: Bool

  /// The script run `commandLine` describes, if it gives `--script`.
  init?(_ commandLine: TimelineCommandLine) {
    guard case let .script(path) = commandLine.mode else { return nil }
    options = commandLine.options
    self.path = path
    json = commandLine.json
  }

  func run(_ console: inout Console) throws(CommandError) {
    let script = try FileSystem.contents(ofFile: path)
    try options.run(ScriptJob(script: script, json: json), useSample: false, console: &console)
  }
}
