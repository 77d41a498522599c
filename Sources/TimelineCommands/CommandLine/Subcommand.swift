/// A subcommand of `timeline-demo`, and the contract every one follows:
///
/// - `timeline-demo SUBCOMMAND --help` (or `-h`, anywhere among its words)
///   prints ``help`` and exits 0.
/// - Output goes to the ``Console``; an error prints `error: <message>`
///   on standard error (a usage error also its ``usage``) and exits with
///   status 2 (``CommandError/exitStatus``), whatever went wrong: an
///   unknown option, a missing or bad value, a file that cannot be read,
///   decoded or written.
protocol Subcommand {
  /// How to call it, one line per form (`timeline-demo info FILE.gif ...`).
  static var usage: String { get }

  /// Everything `--help` prints: the usage, each option with an example,
  /// and the exit statuses.
  static var help: String { get }

  /// Reads the words after the subcommand's name.
  init(parsing arguments: inout Arguments) throws(CommandError)

  /// Does the work, writing to `console`.
  func run(_ console: inout Console) throws(CommandError)
}

extension Subcommand {
  /// The exit statuses, as ``help`` states them.
  static var standardExitStatuses: String { Help.exitStatuses }

  /// Runs the subcommand on the words after its name: its help, or parse
  /// and run. Returns the exit status.
  static func main(_ arguments: inout Arguments, console: inout Console) -> Int32 {
    if arguments.asksForHelp {
      console.line(help)
      return 0
    }
    return execute(console: &console) { () throws(CommandError) in try Self(parsing: &arguments) }
  }

  /// Makes the subcommand with `make` and runs it; reports an error as the
  /// contract says. Returns the exit status.
  static func execute(console: inout Console, _ make: () throws(CommandError) -> Self) -> Int32 {
    do throws(CommandError) {
      try make().run(&console)
      return 0
    } catch {
      console.error(error.message)
      if error.kind == .usage { console.errorLine("usage: " + usage.split(separator: "\n").joined(separator: "\n       ")) }
      return error.status
    }
  }
}
