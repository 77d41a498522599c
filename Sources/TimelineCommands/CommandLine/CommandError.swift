/// Why a subcommand stopped: printed as `error: <message>` on standard
/// error, and the process exits with ``exitStatus`` whatever the kind.
struct CommandError: Error, Equatable {
  /// The kinds of failure; they differ only in what is printed after the
  /// message (a usage error adds the subcommand's usage line).
  enum Kind: Equatable {
    /// A bad command line: an unknown option, a missing or bad value.
    case usage
    /// Anything else: a file that cannot be read, decoded or written, a
    /// bad script line, an output that is not a terminal.
    case input
    /// Stopped by SIGINT (Ctrl-C) or SIGTERM after printing what it had
    /// (``interruptedStatus``).
    case interrupted
  }

  var kind: Kind
  /// What went wrong, printed as `error: <message>`.
  var message: String

  /// The exit status of every error, of every subcommand: 2. (The script
  /// format fixes 2 for `--script`, Docs/ScriptFormat.md; one status for
  /// all keeps a missing file the same failure in every subcommand.)
  static let exitStatus: Int32 = 2

  /// The exit status of a run stopped by a signal: 130, as shells report
  /// a command ended by SIGINT.
  static let interruptedStatus: Int32 = 130

  /// The status the process exits with after this error.
  var status: Int32 { kind == .interrupted ? Self.interruptedStatus : Self.exitStatus }

  /// A run stopped by a signal.
  static func interrupted(_ message: String) -> CommandError { CommandError(kind: .interrupted, message: message) }

  /// A bad command line.
  static func usage(_ message: String) -> CommandError { CommandError(kind: .usage, message: message) }

  /// A file that cannot be read, decoded or written, or another failure.
  static func input(_ message: String) -> CommandError { CommandError(kind: .input, message: message) }
}
