/// Picks the subcommand the words call for and runs it (the whole of
/// `timeline-demo`; `main.swift` only hands it the process's words and
/// console).
enum Dispatcher {
  /// The subcommand named `name` (its first word), if any.
  static func subcommand(named name: String) -> (any Subcommand.Type)? {
    switch name {
    case "info": InfoCommand.self
    case "frames": FramesCommand.self
    case "frame": FrameCommand.self
    case "play": PlayCommand.self
    case "bench": BenchCommand.self
    default: nil
    }
  }

  /// The help text of the subcommand `name` names (`info`, `--ticks`,
  /// ...), or the overview.
  static func help(for name: String?) -> String {
    switch name {
    case "--ticks": TicksCommand.help
    case "--script": ScriptFileCommand.help
    case let name?: subcommand(named: name)?.help ?? Help.text
    case nil: Help.text
    }
  }

  /// Runs the command line `words` (without the program's name), writing
  /// to `console`; returns the exit status.
  static func run(_ words: [String], console: inout Console) -> Int32 {
    var arguments = Arguments(words)
    switch arguments.peek() {
    case nil, "--help", "-h":
      console.line(Help.text)
      return 0
    case "help":
      _ = arguments.next()
      console.line(help(for: arguments.next()))
      return 0
    case let first? where subcommand(named: first) != nil:
      _ = arguments.next()
      return subcommand(named: first)!.main(&arguments, console: &console)
    default:
      return runTimelineCommand(&arguments, console: &console)
    }
  }

  /// `--ticks` and `--script`, whose options come in any order.
  static func runTimelineCommand(_ arguments: inout Arguments, console: inout Console) -> Int32 {
    if arguments.asksForHelp {
      let words = sequence(state: arguments) { $0.next() }
      console.line(help(for: words.first { $0 == "--ticks" || $0 == "--script" }))
      return 0
    }
    let commandLine: TimelineCommandLine
    do throws(CommandError) {
      commandLine = try TimelineCommandLine(parsing: &arguments)
    } catch {
      console.error(error.message)
      return 2  // a usage error, for --ticks and --script alike
    }
    switch commandLine.mode {
    case .ticks: return TicksCommand.execute(console: &console) { () throws(CommandError) in try .make(commandLine) }
    case .script: return ScriptFileCommand.execute(console: &console) { () throws(CommandError) in try .make(commandLine) }
    }
  }
}
