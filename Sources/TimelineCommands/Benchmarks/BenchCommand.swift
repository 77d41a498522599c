/// `timeline-demo bench ...`: release-mode benchmarks (``Bench``). Each
/// prints one closing line of `key=value` figures (or one JSON object with
/// `--json`), with a baseline measured in the same run so ratios survive
/// noisy machines.
struct BenchCommand: Subcommand {
  static let usage = "timeline-demo bench tick|many|seek|decode|access|share|encode ...   (release builds)"

  /// The benchmarks and their options.
  static let options = """
  bench (each prints one key=value line; --json for one JSON object)
    bench tick --count N [--frames LIST] [--step D] [--cues N] [--rate R]
                                                  bench tick --count 10000000 --step 16.666667ms
                         --rate R: signed; a negative rate starts the timeline
                         far enough from 0 that every tick moves backward
                                                  bench tick --count 2000000 --rate -1
    bench many --timelines N --ticks T [--separate-tables]
                                                  bench many --timelines 1000000 --ticks 60
    bench seek --frames N --count K [--zero-every K]
                                                  bench seek --frames 1000000
    bench decode FILE --repeat N [--borrow] [--reopen]
                                                  bench decode anim.webp --repeat 20 --reopen
    bench access FILE --count K --seed S          bench access anim.png --count 2000 --seed 1
    bench share FILE --timelines N [--ticks T] [--seed S] [--threads K]   (FILE: GIF, PNG, APNG or WebP)
                                                  bench share anim.gif --timelines 1000 --ticks 60
    bench encode FILE --repeat N [--format gif|png]   (the encoder alone, frames in memory)
                                                  bench encode anim.gif --repeat 5
    --allow-debug        run from a debug build anyway (its timings mean nothing)
  """

  static let help = Help.subcommand(usage: usage, [options], exitStatuses: standardExitStatuses)

  /// The benchmarks, by name.
  enum Benchmark: String {
    case tick, many, seek, decode, access, share, encode

    /// The options this benchmark reads; any other is an error, not
    /// silently ignored.
    var options: [String] {
      switch self {
      case .tick: ["--count", "--frames", "--step", "--cues", "--rate", "--json"]
      case .many: ["--timelines", "--ticks", "--separate-tables", "--seed", "--json"]
      case .seek: ["--frames", "--count", "--zero-every", "--seed", "--json"]
      case .decode: ["--repeat", "--borrow", "--reopen", "--json"]
      case .access: ["--count", "--seed", "--json"]
      case .share: ["--timelines", "--ticks", "--seed", "--threads", "--json"]
      case .encode: ["--repeat", "--format", "--json"]
      }
    }

    /// Whether it reads a file (the positional argument).
    var takesFile: Bool { self == .decode || self == .access || self == .share || self == .encode }
  }

  var benchmark: Benchmark
  var options = BenchOptions()
  /// `--allow-debug`: run even from a debug build.
  var allowDebug = false

  init(parsing arguments: inout Arguments) throws(CommandError) {
    guard let name = arguments.next() else { throw .usage("bench needs one of: tick, many, seek, decode, access, share, encode") }
    guard let benchmark = Benchmark(rawValue: name) else {
      throw .usage("bench: unknown benchmark '\(name)' (tick, many, seek, decode, access, share, encode)")
    }
    self.benchmark = benchmark
    while let word = arguments.next() {
      if word == "--allow-debug" {
        try arguments.flag(word)
        allowDebug = true
        continue
      }
      if try options.parse(word, &arguments) { continue }
      try arguments.positional(word, into: &options.file)
    }
    for name in options.given where !benchmark.options.contains(name) {
      throw .usage("bench \(name): not an option of bench \(benchmark.rawValue) (it takes \(benchmark.options.joined(separator: ", ")))")
    }
    if let file = options.file, !benchmark.takesFile {
      throw .usage("bench \(benchmark.rawValue) reads no file, got '\(file)'")
    }
    try options.resolveFrames(for: benchmark)
  }

  func run(_ console: inout Console) throws(CommandError) {
    #if DEBUG  // SwiftPM defines DEBUG in debug builds only
    guard allowDebug else {
      throw .input("bench: this is a debug build, whose timings would be meaningless; build with -c release (or pass --allow-debug)")
    }
    #endif
    let figures: [(String, String)]
    switch benchmark {
    case .tick: figures = try Bench.tick(options)
    case .many: figures = try Bench.many(options)
    case .seek: figures = try Bench.seek(options)
    case .decode: figures = try Bench.decode(options)
    case .access: figures = try Bench.access(options)
    case .share: figures = try Bench.share(options)
    case .encode: figures = try Bench.encode(options)
    }
    console.line(Bench.format(figures, json: options.json))
  }
}
