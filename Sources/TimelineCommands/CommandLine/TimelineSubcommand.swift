/// `--ticks` and `--script`: the subcommands made from the
/// ``TimelineCommandLine`` their words give (options in any order).
protocol TimelineSubcommand: Subcommand {
  /// The subcommand `commandLine` calls for, or `nil` when it calls for
  /// the other one.
  init?(_ commandLine: TimelineCommandLine)
}

extension TimelineSubcommand {
  init(parsing arguments: inout Arguments) throws(CommandError) {
    self = try .make(try TimelineCommandLine(parsing: &arguments))
  }

  /// This subcommand, from `commandLine`.
  ///
  /// - Throws: a usage error when `commandLine` calls for the other one.
  static func make(_ commandLine: TimelineCommandLine) throws(CommandError) -> Self {
    guard let command = Self(commandLine) else { throw .usage("expected \(usage)") }
    return command
  }
}
