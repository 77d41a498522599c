import AnimTimeline

/// `timeline-demo bench ...`: release-mode benchmarks. Each prints one
/// closing line of `key=value` figures (or one JSON object with `--json`),
/// with a baseline measured in the same run so ratios survive noisy machines.
enum Bench {
  static func run(_ args: inout Arguments) throws(UsageError) -> Int32 {
    guard let which = args.next() else { throw UsageError("bench needs one of: tick, many, seek, decode, access") }
    var options = BenchOptions()
    while let name = args.next() {
      if try options.parse(name, &args) { continue }
      throw UsageError("bench: unknown option '\(name)'")
    }
    let figures: [(String, String)]
    switch which {
    case "tick": figures = try tick(options)
    case "many": figures = try many(options)
    case "seek": figures = try seek(options)
    case "decode": figures = try decode(options)
    case "access": figures = try access(options)
    default:
      throw UsageError("bench: unknown benchmark '\(which)' (tick, many, seek, decode, access)")
    }
    print(format(figures, json: options.json))
    return 0
  }

  static func format(_ figures: [(String, String)], json: Bool) -> String {
    if json {
      return "{" + figures.map { key, value in
        let isLiteral = Double(value) != nil || value == "true" || value == "false"
        return "\"\(key)\":" + (isLiteral ? value : "\"\(value)\"")
      }.joined(separator: ",") + "}"
    }
    return figures.map { "\($0)=\($1)" }.joined(separator: " ")
  }

  /// Nanoseconds elapsed while running `body`.
  static func time(_ body: () -> Void) -> Int64 {
    let clock = ContinuousClock()
    let start = clock.now
    body()
    return (try? Nanoseconds.from(start.duration(to: clock.now))) ?? 0
  }

  static func ratio(_ a: Double, _ b: Double) -> String {
    b > 0 ? String(Double(Int(a / b * 100)) / 100) : "n/a"
  }

  static func perItem(_ nanos: Int64, _ count: Int64) -> String {
    String(Double(Int(Double(nanos) / Double(max(count, 1)) * 1000)) / 1000)
  }

  /// One playing timeline ticked `count` times at a fixed step.
  static func tick(_ options: BenchOptions) throws(UsageError) -> [(String, String)] {
    let count = options.count ?? 10_000_000
    let frames = options.frames ?? defaultFrames
    var timeline: Timeline<SyntheticFrameProvider>
    do {
      timeline = try Timeline(provider: SyntheticFrameProvider(durations: frames))
    } catch {
      throw UsageError("\(error)")
    }
    // `--cues N`: N cues, on every frame in turn.
    for i in 0..<options.cues {
      do {
        try timeline.addCue("cue\(i)", frame: Int(i % Int64(frames.count)))
      } catch {
        throw UsageError("--cues: \(error)")
      }
    }
    timeline.play()
    let step = options.step
    var changes: Int64 = 0
    var hits: Int64 = 0
    let elapsed = time {
      for _ in 0..<count {
        if let events = try? timeline.tick(by: step), events.frameChange != nil {
          changes &+= 1
          if events.reachedCue { for hit in timeline.cueHits(in: events) { hits &+= hit.count } }
        }
      }
    }
    // Baseline: a fixed million rounds of a loop with an opaque call in
    // place of the tick (fixed, so that callgrind's Ir difference between
    // two counts is the tick's cost alone).
    let baselineCount: Int64 = 1_000_000
    var sink = opaque(Int64(0))
    let baseline = time {
      for _ in 0..<baselineCount { sink = opaque(sink &+ step) }
    }
    return [
      ("bench", "tick"), ("count", "\(count)"), ("step_ns", "\(step)"),
      ("ns_per_tick", perItem(elapsed, count)), ("baseline_ns_per_iter", perItem(baseline, baselineCount)),
      ("ratio_to_baseline", ratio(Double(elapsed) / Double(count), Double(baseline) / Double(baselineCount))),
      ("frame_changes", "\(changes)"), ("cue_hits", "\(hits)"), ("position", "\(timeline.position)"), ("sink", "\(sink & 1)"),
    ]
  }
}

/// Keeps the optimizer from folding a value away.
@inline(never)
func opaque<T>(_ value: T) -> T { value }

struct BenchOptions {
  var count: Int64?
  var frames: [Int64]?
  var step: Int64 = 16_666_667
  var timelines: Int64 = 1000
  var ticks: Int64 = 600
  var frameCount: Int64 = 100
  var seed: UInt64 = 1
  var repeats: Int64 = 1
  var file: String?
  var json = false
  var separateTables = false
  var zeroEvery: Int64?
  var cues: Int64 = 0

  mutating func parse(_ name: String, _ args: inout Arguments) throws(UsageError) -> Bool {
    func int(_ name: String) throws(UsageError) -> Int64 {
      let text = try args.value(for: name)
      guard let value = NumberSyntax.integer(Substring(text)), value > 0 else {
        throw UsageError("\(name): expected a positive count, got '\(text)'")
      }
      return value
    }
    switch name {
    case "--count": count = try int(name)
    case "--timelines": timelines = try int(name)
    case "--ticks": ticks = try int(name)
    case "--frames":
      let text = try args.value(for: name)
      if let n = NumberSyntax.integer(Substring(text)), n > 0 {
        frameCount = n
      } else {
        var parsed: [Int64] = []
        for item in text.split(separator: ",", omittingEmptySubsequences: false) {
          guard let value = NumberSyntax.duration(item) else { throw UsageError("--frames: bad duration '\(item)'") }
          parsed.append(value)
        }
        frames = parsed
      }
    case "--step":
      let text = try args.value(for: name)
      guard let value = NumberSyntax.duration(Substring(text)) else { throw UsageError("--step: bad duration '\(text)'") }
      step = value
    case "--seed": seed = UInt64(try int(name))
    case "--repeat": repeats = try int(name)
    case "--json": json = true
    case "--separate-tables": separateTables = true
    case "--zero-every": zeroEvery = try int(name)
    case "--cues": cues = try int(name)
    default:
      if !name.hasPrefix("-"), file == nil {
        file = name
        return true
      }
      return false
    }
    return true
  }
}
