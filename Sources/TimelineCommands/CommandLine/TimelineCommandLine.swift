/// The words of `timeline-demo --ticks N ...` and `--script FILE ...`.
///
/// Their options come in any order (`--frames 10ms --script a.tl` is
/// fine), so which of the two subcommands the words call for is known only
/// once all are read: ``TicksCommand`` or ``ScriptFileCommand``.
struct TimelineCommandLine {
  /// The two subcommands.
  enum Mode {
    /// `--ticks N`.
    case ticks(Int64)
    /// `--script FILE`.
    case script(path: FilePath)
  }

  var mode: Mode
  var options = TimelineOptions()
  /// `--json`.
  var json = false
  /// `--hz`, in millionths.
  var hzMillionths: Int64?
  /// `--jitter`.
  var jitterSeed: UInt64?
  /// `--summary`.
  var summaryOnly = false
  /// `--reverse-at T1,T2,...`: the clock times, in nanoseconds and
  /// increasing, at which `--ticks` reverses the timeline
  /// (``TickSimulation/reverseTimes``).
  var reverseTimes: [Int64] = []

  /// Reads every remaining word.
  ///
  /// - Throws: a usage error for an unknown option or a bad value, and
  ///   unless exactly one of `--ticks` and `--script` is given.
  init(parsing arguments: inout Arguments) throws(CommandError) {
    var ticks: Int64?
    var scriptPath: FilePath?
    var options = TimelineOptions()
    while let name = arguments.next() {
      if try options.parse(name, &arguments) { continue }
      switch name {
      case "--ticks":
        ticks = try arguments.count(for: name)
      case "--script":
        scriptPath = try arguments.path(for: name)
      case "--hz":
        let hz = try arguments.rate(for: name)
        guard hz > 0 else { throw .usage("--hz: ticks per second must be above 0") }
        hzMillionths = hz
      case "--jitter":
        jitterSeed = UInt64(try arguments.count(for: name))
      case "--json":
        try arguments.flag(name)
        json = true
      case "--summary":
        try arguments.flag(name)
        summaryOnly = true
      case "--reverse-at":
        reverseTimes = try Self.reverseTimes(try arguments.value(for: name), for: name)
      default:
        throw name.hasPrefix("-") ? Arguments.unknownOption(name) : .usage("unexpected argument '\(name)'")
      }
    }
    switch (ticks, scriptPath) {
    case (nil, nil): throw .usage("give --ticks N or --script FILE (see --help)")
    case (_?, _?): throw .usage("give --ticks or --script, not both")
    case let (count?, nil): mode = .ticks(count)
    case let (nil, path?):
      if !reverseTimes.isEmpty {
        throw .usage("--reverse-at is an option of --ticks; a script reverses with its own 'reverse' line")
      }
      mode = .script(path: path)
    }
    self.options = options
  }

  /// The times of `--reverse-at` (`name`) in `text`: a comma-separated
  /// list of durations (`1.5s,250ms`), each later than the one before.
  ///
  /// - Throws: a usage error for an empty list, a bad or too large
  ///   duration, or a time not later than the one before it.
  static func reverseTimes(_ text: String, for name: String) throws(CommandError) -> [Int64] {
    let times = try Arguments.durations(in: text, for: name)
    for (earlier, later) in zip(times, times.dropFirst()) where later <= earlier {
      throw .usage("\(name): times must increase, got '\(text)'")
    }
    return times
  }
}
