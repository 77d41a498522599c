import AnimTimeline

/// A cursor over the command line's words, for hand-written parsing.
struct Arguments {
  private var words: [String]
  private var index = 0

  init(_ words: some Sequence<String>) { self.words = Array(words) }

  var isEmpty: Bool { index >= words.count }

  mutating func next() -> String? {
    guard index < words.count else { return nil }
    defer { index += 1 }
    return words[index]
  }

  /// The value after option `name`.
  mutating func value(for name: String) throws(UsageError) -> String {
    guard let value = next() else { throw UsageError("\(name) needs a value") }
    return value
  }
}

/// The options shared by `--ticks` and `--script`: where frames come
/// from and the timeline's starting configuration.
struct TimelineOptions {
  var frames: [Int64]?
  var gifPath: String?
  var loops: LoopCount?
  var configuration = TimelineConfiguration()

  /// Parses `name` if it is one of these options; `false` if it is not.
  mutating func parse(_ name: String, _ args: inout Arguments) throws(UsageError) -> Bool {
    switch name {
    case "--frames":
      let text = try args.value(for: name)
      let items = text.split(separator: ",", omittingEmptySubsequences: false)
      guard !text.isEmpty else { throw UsageError("--frames: no frames") }
      var durations: [Int64] = []
      for item in items {
        guard let value = NumberSyntax.duration(item) else {
          throw UsageError("--frames: bad duration '\(item)'")
        }
        durations.append(value)
      }
      frames = durations
    case "--gif":
      gifPath = try args.value(for: name)
    case "--loops":
      let text = try args.value(for: name)
      if text == "inf" {
        loops = .infinite
      } else {
        guard let count = NumberSyntax.integer(Substring(text)), count >= 1 else {
          throw UsageError("--loops: expected a count of at least 1 or 'inf', got '\(text)'")
        }
        loops = try? LoopCount.plays(count)
      }
    case "--rate":
      let text = try args.value(for: name)
      guard let millionths = NumberSyntax.rate(Substring(text)), let rate = try? Rate(millionths: millionths) else {
        throw UsageError("--rate: bad rate '\(text)'")
      }
      configuration.rate = rate
    case "--direction":
      let text = try args.value(for: name)
      guard let direction = PlaybackDirection(rawValue: text) else {
        throw UsageError("--direction: expected forward, reverse, alternate or alternate-reverse, got '\(text)'")
      }
      configuration.direction = direction
    case "--max-step":
      let text = try args.value(for: name)
      if text == "none" {
        configuration.maxStep = .unlimited
      } else {
        guard let nanos = NumberSyntax.duration(Substring(text)), let step = try? MaxStep.nanoseconds(nanos) else {
          throw UsageError("--max-step: expected a positive duration or 'none', got '\(text)'")
        }
        configuration.maxStep = step
      }
    case "--policy":
      let text = try args.value(for: name)
      guard let policy = SkipPolicy(rawValue: text) else {
        throw UsageError("--policy: expected skip or noskip, got '\(text)'")
      }
      configuration.policy = policy
    case "--modes":
      let text = try args.value(for: name)
      let names = text.split(separator: ",", omittingEmptySubsequences: false)
      guard names.allSatisfy({ !$0.isEmpty }) else { throw UsageError("--modes: empty mode name in '\(text)'") }
      configuration.modes = RunModes(names.map(String.init))
    default:
      return false
    }
    return true
  }
}
