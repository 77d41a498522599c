@testable import AnimTimeline

/// Helpers shared by the section 8 rule tests (`RangeRuleTests`,
/// `QueueRuleTests`, `CueRuleTests`) and `RangePropertyTests`.
enum RangeRules {
  typealias Engine = Timeline<SyntheticFrameProvider>

  static func ms(_ x: Int64) -> Int64 { x * 1_000_000 }

  /// A timeline over `durations` ns with `loops` plays (`nil` = infinite),
  /// configured by `configure`.
  static func make(
    _ durations: [Int64], loops: Int64? = nil,
    _ configure: (inout TimelineConfiguration) throws -> Void = { _ in }
  ) throws -> Engine {
    var configuration = TimelineConfiguration()
    try configure(&configuration)
    let provider = try SyntheticFrameProvider(durations: durations, loopCount: try loopCount(loops))
    return try Timeline(provider: provider, configuration: configuration)
  }

  /// `nil` is infinite.
  static func loopCount(_ plays: Int64?) throws -> LoopCount {
    try plays.map { try LoopCount.plays($0) } ?? .infinite
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
    a.count == b.count && zip(a, b).allSatisfy { x, y in
      switch (x, y) {
      case let (.cue(p), .cue(q)):
        return p.name.utf8.elementsEqual(q.name.utf8) && p.frame == q.frame && p.count == q.count
      default:
        return x == y
      }
    }
  }
}

/// A cue as the spec sees it: a name's UTF-8 bytes and a provider frame.
struct CueKey: Hashable, CustomStringConvertible {
  var name: [UInt8]
  var frame: Int

  init(_ name: String, _ frame: Int) {
    self.name = Array(name.utf8)
    self.frame = frame
  }

  var description: String { "\(String(decoding: name, as: UTF8.self))@\(frame)" }
}

/// Everything observable about a timeline that section 8's rules talk
/// about, and the carry, so that "changes nothing" and "stays" can be
/// checked in one comparison.
struct RangeSnapshot: Equatable, CustomStringConvertible {
  var state: PlaybackState
  var position: Int64
  var frame: Int
  var iteration: Int64
  var slot: Int64
  var suspended: Bool
  var range: ClosedRange<Int>
  var queued: Clip?
  var loops: LoopCount
  var direction: PlaybackDirection
  var rate: Rate
  var maxStep: MaxStep
  var policy: SkipPolicy
  var modes: RunModes
  var carry: Int64
  var cues: [CueKey]

  init(_ timeline: Timeline<SyntheticFrameProvider>) {
    state = timeline.state
    position = timeline.position
    frame = timeline.currentFrame
    iteration = timeline.iteration
    slot = timeline.slot
    suspended = timeline.isSuspended
    range = timeline.range
    queued = timeline.queued
    loops = timeline.loops
    direction = timeline.direction
    rate = timeline.rate
    maxStep = timeline.maxStep
    policy = timeline.policy
    modes = timeline.modes
    carry = timeline.core.carry
    cues = timeline.cues.map { CueKey($0.name, $0.frame) }
  }

  var description: String {
    let queue = queued.map { "\($0.frames) x\($0.loops) \($0.direction.map(\.rawValue) ?? "-")" } ?? "none"
    return "state=\(state) t=\(position) frame=\(frame) iteration=\(iteration) slot=\(slot) "
      + "suspended=\(suspended) range=\(range) queued=\(queue) loops=\(loops) direction=\(direction.rawValue) "
      + "rate=\(rate) maxStep=\(maxStep) policy=\(policy.rawValue) modes=\(modes) carry=\(carry) cues=\(cues)"
  }
}
