@testable import AnimTimeline
import TimelineScript

/// Helpers shared by the timeline property tests.
enum PropertySupport {
  /// The displayed frames (`d > 0`) of `durations`, computed by hand.
  static func displayed(_ durations: [Int64]) -> [Int] {
    durations.indices.filter { durations[$0] > 0 }
  }

  /// Runs `script`'s commands on a fresh engine. `nil` if the script's
  /// timeline cannot be made.
  static func run(_ script: GeneratedScript) -> Timeline? {
    guard var engine = try? script.makeEngine() else { return nil }
    for command in script.commands {
      _ = try? command.apply(to: &engine)
    }
    return engine
  }

  /// Tick lengths, shrinking towards fewer and shorter ticks.
  static func ticks(max: Int64 = 60_000_000, count: ClosedRange<Int> = 0...20) -> Gen<[Int64]> {
    let one = Gen<Int64>.frequency([
      (3, .int64(in: 0...max)),
      (2, .int64(in: 0...5)),
      (1, .element(of: [1_000_000, 10_000_000, 16_666_667])),
    ])
    return .array(of: one, count: count)
  }
}
