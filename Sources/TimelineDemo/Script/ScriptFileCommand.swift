/// `timeline-demo --script FILE`: runs a timeline script (Docs/ScriptFormat.md)
/// over the frames and configuration the options give, one output line
/// per command line (``ScriptJob``).
///
/// Every error exits with status 2, as the script format fixes: a bad
/// option or value, a script that cannot be read, a bad line.
struct ScriptFileCommand: TimelineSubcommand {
  static let usage = "timeline-demo --script FILE [options]    run a timeline script (Docs/ScriptFormat.md)"

  /// The options only `--script` has.
  static let options = """
  --script
    --json               one JSON object per command line
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

  /// 2, whatever the error.
  static func exitStatus(for error: CommandError) -> Int32 { 2 }
}
