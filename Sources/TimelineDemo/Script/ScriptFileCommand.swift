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
    policy skip|noskip | modes A,B,...
    range A B | range all            play provider frames A..B only
    then A B K|inf [DIRECTION]       at the end of the range, switch to A..B
    then all K|inf [DIRECTION] | then none
    cue NAME J | uncue NAME          report each slot of frame J reached
  Events (JSON): frame, cue, loop, range, finished, suspended, resumed.

  Example: an intro played once, then a loop with a footstep on frame 3:
    timeline-demo --script walk.tl --json --frames 100ms,100ms,100ms,100ms --loops 1
    with walk.tl:
      range 0 1
      then 2 3 inf
      cue step 3
      play
      tick 250ms     # switches at 200 ms: frame 2, loop 1, range 2-3
      tick 100ms     # frame 3: {"type":"cue","name":"step","frame":3,"count":1}
  """

  static let help = Help.subcommand(
    usage: usage, [options, Help.frameOptions, Help.timelineOptions],
    exitStatuses: """
    Exit status: 0 success; 2 on every error (Docs/ScriptFormat.md): a bad option or
    value, a script file that cannot be read, a malformed or invalid line
    ('error: line N: ...', after the output of every line before it).
    """)

  var options: TimelineOptions
  var path: String
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
