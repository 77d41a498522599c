import TimelineScript
import AnimTimeline

/// The benchmarks of `timeline-demo bench` (``BenchCommand``) and what
/// they share: timing, baselines and figure formatting.
enum Bench {
  /// The frames `bench tick` uses unless told otherwise.
  static let defaultFrames: [Int64] = [100_000_000, 80_000_000, 60_000_000, 80_000_000, 120_000_000]

  /// The figures as `key=value` pairs, or one JSON object.
  static func format(_ figures: [(String, String)], json: Bool) -> String {
    if json {
      return "{" + figures.map { key, value in
        let isLiteral = Double(value) != nil || value == "true" || value == "false"
        return "\"\(key)\":" + (isLiteral ? value : EventText.jsonString(value))
      }.joined(separator: ",") + "}"
    }
    // A value with a space (an explanation) is quoted, so that the line
    // still splits into key=value pairs at its spaces.
    return figures.map { key, value in
      value.contains(" ") ? "\(key)=\(EventText.jsonString(value))" : "\(key)=\(value)"
    }.joined(separator: " ")
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

  /// Keeps the optimizer from folding a value away.
  @inline(never)
  static func opaque<T>(_ value: T) -> T { value }
}
