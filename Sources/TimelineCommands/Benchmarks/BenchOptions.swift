import TimelineScript

/// The options of `timeline-demo bench` (``BenchCommand``), read with the
/// demo's one option parser.
struct BenchOptions {
  var count: Int64?
  var frames: [Int64]?
  var step: Int64 = 16_666_667
  var timelines: Int64 = 1000
  /// `--threads N` (`bench share`): the timelines' requests from `N`
  /// threads at once.
  var threads: Int64 = 1
  /// `--ticks`: 600 for `bench many`, 60 for `bench share` when not given.
  var ticks: Int64?
  var frameCount: Int64 = 100
  var seed: UInt64 = 1
  var repeats: Int64 = 1
  var file: FilePath?
  var json = false
  var separateTables = false
  var zeroEvery: Int64?
  var cues: Int64 = 0
  var borrow = false
  /// `--reopen` (`bench decode`): each repeat opens a fresh provider from
  /// the file's bytes, and the opening is timed with the frames.
  var reopen = false
  /// `--format gif|png` (`bench encode`): the encoder to time.
  var format = "gif"
  /// `--rate R` (`bench tick`): the rate in millionths, negative to
  /// measure the tick moving backward.
  var rate: Int64 = 1_000_000
  /// The options given, in order (``BenchCommand`` checks that the
  /// benchmark takes each).
  private(set) var given: [String] = []
  /// `--frames` as given: a count for `bench seek`, durations for `bench
  /// tick` (``resolveFrames(for:)``).
  private var framesText: String?

  /// Reads option `name` (its value from `arguments`) if it is one of
  /// these; `false` if it is not.
  mutating func parse(_ name: String, _ arguments: inout Arguments) throws(CommandError) -> Bool {
    switch name {
    case "--count": count = try arguments.count(for: name, atLeast: 1)
    case "--timelines": timelines = try arguments.count(for: name, atLeast: 1)
    case "--threads":
      threads = try arguments.count(for: name, atLeast: 1)
      guard threads <= 64 else { throw .usage("--threads: at most 64, got \(threads)") }
    case "--ticks": ticks = try arguments.count(for: name, atLeast: 1)
    case "--frames":
      // A frame count (`bench seek`) or a list of durations (`bench tick`):
      // read once the benchmark is known.
      framesText = try arguments.value(for: name)
    case "--step": step = try arguments.duration(for: name)
    case "--seed": seed = UInt64(try arguments.count(for: name, atLeast: 1))
    case "--repeat": repeats = try arguments.count(for: name, atLeast: 1)
    case "--format":
      let value = try arguments.value(for: name)
      guard value == "gif" || value == "png" else { throw .usage("--format: gif or png, got '\(value)'") }
      format = value
    case "--json":
      try arguments.flag(name)
      json = true
    case "--borrow":
      try arguments.flag(name)
      borrow = true
    case "--reopen":
      try arguments.flag(name)
      reopen = true
    case "--separate-tables":
      try arguments.flag(name)
      separateTables = true
    case "--zero-every": zeroEvery = try arguments.count(for: name, atLeast: 1)
    case "--cues": cues = try arguments.count(for: name, atLeast: 0)
    case "--rate": rate = try arguments.signedRate(for: name)
    default: return false
    }
    given.append(name)
    return true
  }

  /// Reads `--frames` as `benchmark` takes it: a frame count of at least
  /// 1 for `bench seek` (`--frames 250ms`, `0` and `1.5` are errors, not
  /// the default), a list of durations for `bench tick`.
  ///
  /// - Throws: a usage error for a value of the wrong kind.
  mutating func resolveFrames(for benchmark: BenchCommand.Benchmark) throws(CommandError) {
    guard let text = framesText else { return }
    switch benchmark {
    case .seek:
      frameCount = try Arguments.count(in: text, for: "--frames", atLeast: 1)
    default:
      frames = try Arguments.durations(in: text, for: "--frames")
    }
  }
}
