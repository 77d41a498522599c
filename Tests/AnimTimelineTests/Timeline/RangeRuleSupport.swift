@testable import AnimTimeline

/// Helpers shared by the section 8 rule tests (`RangeRuleTests`,
/// `QueueRuleTests`, `CueRuleTests`) and `RangePropertyTests`.
enum RangeRules {
  typealias Engine = Timeline

  static func ms(_ x: Int64) -> Int64 { x * 1_000_000 }

  /// A timeline over `durations` ns with `loops` plays (`nil` = infinite),
  /// configured by `configure`.
  static func make(
    _ durations: [Int64], loops: Int64? = nil,
    _ configure: (inout TimelineConfiguration) throws -> Void = { _ in }
  ) throws -> Engine {
    var configuration = TimelineConfiguration()
    try configure(&configuration)
    let provider = try SyntheticFrameProvider(durations: durations, loopCount: try .count(loops))
    return try Timeline(provider: provider, configuration: configuration)
  }

  /// Every event of the tick or command that returned `events`, cue hits
  /// included, in the order the timeline gives them. `timeline` must be
  /// the timeline as that tick left it: `all(t, try t.tick(by: d))` would
  /// pass the copy taken before the tick (arguments are evaluated left to
  /// right) and lose its cue hits; use ``run(_:_:)``.
  static func all(_ timeline: Engine, _ events: TickEvents) -> [TimelineEvent] {
    Array(timeline.events(in: events))
  }

  /// Runs `command` on `timeline`, then returns all its events.
  static func run(_ timeline: inout Engine, _ command: (inout Engine) throws -> TickEvents) rethrows -> [TimelineEvent] {
    let events = try command(&timeline)
    return all(timeline, events)
  }

  /// Ticks `timeline` by `d` ns in `mode` and returns all the events.
  static func tick(_ timeline: inout Engine, _ d: Int64, mode: RunMode = .default) throws -> [TimelineEvent] {
    let events = try timeline.tick(by: d, mode: mode)
    return all(timeline, events)
  }

  /// The cue event for `name` on `frame`, reached `count` times.
  static func cue(_ name: String, _ frame: Int, _ count: Int64) -> TimelineEvent {
    .cue(CueHit(name: name, frame: frame, count: count))
  }

  /// Whether two event lists are the same, comparing cue names by their
  /// UTF-8 bytes (`String`'s `==` treats canonically equivalent names as
  /// equal, the spec does not).
  static func sameBytes(_ a: [TimelineEvent], _ b: [TimelineEvent]) -> Bool {
    a.map(ModelEvent.init) == b.map(ModelEvent.init)
  }
}
