/// Why a subcommand stopped, which decides its exit status
/// (``Subcommand/exitStatus(for:)``).
struct CommandError: Error, Equatable {
  /// The kinds of failure the exit status tells apart.
  enum Kind: Equatable {
    /// A bad command line: an unknown option, a missing or bad value.
    case usage
    /// A file that cannot be read, decoded or written.
    case input
  }

  var kind: Kind
  /// What went wrong, printed as `error: <message>`.
  var message: String

  /// A bad command line (exit status 2).
  static func usage(_ message: String) -> CommandError { CommandError(kind: .usage, message: message) }

  /// A file that cannot be read, decoded or written (exit status 1).
  static func input(_ message: String) -> CommandError { CommandError(kind: .input, message: message) }
}
