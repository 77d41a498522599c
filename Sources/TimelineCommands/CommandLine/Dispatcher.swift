/// Picks the subcommand the words call for and runs it (the whole of
/// `timeline-demo`; `main.swift` only calls ``runProcess()``).
public enum Dispatcher {
  /// The subcommand named `name` (its first word), if any.
  static func subcommand(named name: String) -> (any Subcommand.Type)? {
    switch name {
    case "info": InfoCommand.self
    case "frames": FramesCommand.self
    case "frame": FrameCommand.self
    case "convert": ConvertCommand.self
    case "play": PlayCommand.self
    case "sheet": SheetCommand.self
    case "bench": BenchCommand.self
    default: nil
    }
  }

  /// The help text of the subcommand `name` names (`info`, `--ticks`,
  /// ...), the overview for `nil` or `help`, or `nil` for an unknown name.
  static func help(for name: String?) -> String? {
    switch name {
    case "--ticks": TicksCommand.help
    case "--script": ScriptFileCommand.help
    case nil, "help", "--help", "-h": Help.text
    case let name?: subcommand(named: name)?.help
    }
  }

  /// The subcommands, as an error message lists them.
  static let names = "info, frames, frame, convert, play, sheet, bench, --ticks N, --script FILE"

  /// Runs the command line `words` (without the program's name), writing
  /// to `console`; returns the exit status.
  static func run(_ words: [String], console: inout Console) -> Int32 {
    run(Arguments(words), console: &console)
  }

  /// Runs the command line `arguments` (the process's words, without the
  /// program's name), writing to `console`; returns the exit status.
  static func run(_ arguments: Arguments, console: inout Console) -> Int32 {
    var arguments = arguments
    switch arguments.peek() {
    case nil:
      // No words is a mistake, not a request for help: a short usage on
      // standard error and status 2, as for any other usage error.
      console.errorLine(Help.shortUsage)
      return CommandError.exitStatus
    case "--help", "-h":
      console.line(Help.text)
      return 0
    case "--version":
      _ = arguments.next()
      if let extra = arguments.next() {
        console.error("--version: unexpected argument '\(extra)'")
        return CommandError.exitStatus
      }
      console.line("timeline-demo \(Help.version)")
      return 0
    case "help":
      _ = arguments.next()
      let name = arguments.next()
      if let extra = arguments.next() {
        console.error("help: unexpected argument '\(extra)' (timeline-demo help [SUBCOMMAND])")
        return CommandError.exitStatus
      }
      guard let text = help(for: name) else {
        console.error("help: no subcommand '\(name ?? "")' (\(names))")
        return CommandError.exitStatus
      }
      console.line(text)
      return 0
    case let first?:
      if let command = subcommand(named: first) {
        _ = arguments.next()
        return command.main(&arguments, console: &console)
      }
      guard first.hasPrefix("-") else {
        // `timeline-demo ticks 5`, `timeline-demo anim.gif`: not a subcommand.
        console.error("unknown subcommand '\(first)' (\(names); see --help)")
        return CommandError.exitStatus
      }
      return runTimelineCommand(&arguments, console: &console)
    }
  }

  /// `--ticks` and `--script`, whose options come in any order.
  static func runTimelineCommand(_ arguments: inout Arguments, console: inout Console) -> Int32 {
    if arguments.asksForHelp {
      let words = sequence(state: arguments) { $0.next() }
      console.line(help(for: words.first { $0 == "--ticks" || $0 == "--script" }) ?? Help.text)
      return 0
    }
    let commandLine: TimelineCommandLine
    do throws(CommandError) {
      commandLine = try TimelineCommandLine(parsing: &arguments)
    } catch {
      console.error(error.message)
      return CommandError.exitStatus
    }
    switch commandLine.mode {
    case .ticks: return TicksCommand.execute(console: &console) { () throws(CommandError) in try .make(commandLine) }
    case .script: return ScriptFileCommand.execute(console: &console) { () throws(CommandError) in try .make(commandLine) }
    }
  }
}
