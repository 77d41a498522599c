/// Many timelines ticked together, laid out for a game or server loop that
/// ticks thousands to millions of them every frame.
///
/// A group keeps the two numbers an ordinary tick changes, the time left in
/// the displayed slot and the rate's carried remainder (with the rate), in
/// two dense arrays, and everything else in an array of ``Timeline``s that a
/// common tick never touches. A default-mode tick then streams 16 bytes per
/// timeline: one multiply-add, one division by a constant, one subtraction
/// and one comparison. Timelines whose tick would do more (cross into
/// another slot, change suspension, finish, run at a rate above 4294×) take
/// the ordinary ``Timeline/tick(by:mode:)`` path, so a group behaves exactly
/// like ticking each timeline on its own, events included.
///
/// Read and change members through the subscript; `group[i].pause()` works.
public struct TimelineGroup<Provider: FrameProvider> {
  /// The members. While a member is *streaming* (see `isStreaming`), its
  /// `position` and `carry` are held by `remaining` and `rateAndCarry`.
  @usableFromInline var members: [Timeline<Provider>] = []
  /// The dense per-member numbers of the common tick.
  @usableFromInline var lanes = StreamLanes()
  /// The smallest max-step of any member (never above 2^32 - 1): ticks up
  /// to it cannot be clamped, and their products fit in 64 bits.
  @usableFromInline var streamLimit: Int64 = Int64(UInt32.max)

  /// An empty group.
  public init() {}

  /// A group of `timelines`, in order.
  ///
  /// - Complexity: O(*n*).
  public init(_ timelines: some Sequence<Timeline<Provider>>) {
    for timeline in timelines { append(timeline) }
  }

  /// The number of timelines.
  public var count: Int { members.count }

  /// Adds `timeline` at index `count`.
  ///
  /// - Complexity: amortized O(1).
  public mutating func append(_ timeline: Timeline<Provider>) {
    members.append(timeline)
    lanes.remaining.append(0)
    lanes.rateAndCarry.append(0)
    stream(members.count - 1)
  }

  /// The timeline at `index`, as if it had been ticked on its own.
  public subscript(index: Int) -> Timeline<Provider> {
    get {
      var timeline = members[index]
      Self.unstream(&timeline, lanes.remaining[index], lanes.rateAndCarry[index])
      return timeline
    }
    set {
      members[index] = newValue
      stream(index)
    }
  }

  /// Ticks every timeline by `nanoseconds` in `mode`, calling `onEvents`
  /// with the index and events of each timeline that reported any.
  ///
  /// The same as `for i in indices { events = try group[i].tick(by:mode:) }`.
  ///
  /// - Throws: ``TimelineError/invalidTime(_:)`` when `nanoseconds < 0`
  ///   (before any timeline changes).
  /// - Complexity: O(*n*).
  @inlinable
  public mutating func tick(
    by nanoseconds: Int64, mode: RunMode = .default,
    onEvents: (Int, TickEvents) -> Void = { _, _ in }
  ) throws(TimelineError) {
    guard nanoseconds >= 0 else { throw .invalidTime("tick of \(nanoseconds) ns is negative") }
    if mode.bit == RunModes.defaultBit, nanoseconds <= streamLimit {
      streamTick(UInt64(nanoseconds), onEvents: onEvents)
    } else {
      for index in members.indices { fullTick(index, nanoseconds, mode, onEvents) }
    }
  }

  /// The common tick over the dense arrays: the non-generic `StreamLanes`
  /// advance until a member needs the full path, which is taken here.
  @inlinable
  mutating func streamTick(_ step: UInt64, onEvents: (Int, TickEvents) -> Void) {
    var index = 0
    while true {
      index = lanes.advance(by: step, from: index)
      guard index < members.count else { return }
      fullTick(index, Int64(step), .default, onEvents)
      index += 1
    }
  }

  /// Ticks member `index` by the ordinary path and streams it again.
  @inlinable
  mutating func fullTick(_ index: Int, _ nanoseconds: Int64, _ mode: RunMode, _ onEvents: (Int, TickEvents) -> Void) {
    let events = members[index].core.laneTick(
      nanoseconds: nanoseconds, mode: mode,
      remaining: &lanes.remaining[index], rateAndCarry: &lanes.rateAndCarry[index])
    streamLimit = min(streamLimit, members[index].core.maxStep)
    if !events.isEmpty { onEvents(index, events) }
  }

  /// Moves member `index`'s position and carry into the dense arrays.
  @inlinable
  mutating func stream(_ index: Int) {
    streamLimit = min(streamLimit, members[index].core.maxStep)
    let lane = members[index].core.laneValues()
    lanes.remaining[index] = lane.remaining
    lanes.rateAndCarry[index] = lane.rateAndCarry
  }

  /// Writes a streaming member's position and carry back.
  @inlinable
  static func unstream(_ timeline: inout Timeline<Provider>, _ remaining: Int64, _ packed: UInt64) {
    timeline.core.restoreLane(remaining: remaining, rateAndCarry: packed)
  }
}

extension TimelineCore {
  /// Whether a default-mode tick only advances position and carry (a
  /// streaming playing member) or changes nothing (a streaming idle one).
  var laneKind: (streams: Bool, playing: Bool) {
    guard modes.isActiveInDefault, !isSuspended else { return (false, false) }
    if state == .playing, !isStatic { return (rate <= Int64(UInt32.max), true) }
    return (true, false)
  }

  /// This timeline's numbers in a `TimelineGroup`'s lanes.
  @usableFromInline
  func laneValues() -> (remaining: Int64, rateAndCarry: UInt64) {
    switch laneKind {
    case (true, true): return (cursor.end - position, UInt64(rate) << 32 | UInt64(carry))
    case (true, false): return (.max, 0)
    default: return (0, 0)
    }
  }

  /// A full tick of a `TimelineGroup` member: takes position and carry
  /// back from its lanes, ticks (`nanoseconds >= 0`), and writes the lanes
  /// anew.
  @usableFromInline
  mutating func laneTick(
    nanoseconds: Int64, mode: RunMode, remaining: inout Int64, rateAndCarry: inout UInt64
  ) -> TickEvents {
    restoreLane(remaining: remaining, rateAndCarry: rateAndCarry)
    let events = (try? tick(nanoseconds: nanoseconds, active: modes.isActive(in: mode))) ?? TickEvents()
    (remaining, rateAndCarry) = laneValues()
    return events
  }

  /// Takes position and carry back from a `TimelineGroup`'s lanes.
  @usableFromInline
  mutating func restoreLane(remaining: Int64, rateAndCarry: UInt64) {
    guard laneKind == (true, true) else { return }
    position = cursor.end - remaining
    carry = Int64(rateAndCarry & 0xFFFF_FFFF)
  }
}

extension TimelineGroup: Sendable where Provider: Sendable {}

/// The dense arrays of a ``TimelineGroup``, and its inner loop, kept
/// non-generic so the loop is compiled once, optimised, in this module.
@usableFromInline
struct StreamLanes: Sendable {
  /// Streaming playing member: the slot's end minus the position (> 0).
  /// Streaming idle member: `Int64.max`. Otherwise 0, which sends every
  /// tick to the full path.
  @usableFromInline var remaining: [Int64] = []
  /// Streaming member: rate in millionths (< 2^32) in the high half, the
  /// carried remainder in the low half; 0 for idle members.
  @usableFromInline var rateAndCarry: [UInt64] = []

  @usableFromInline init() {}

  /// Advances members `start...` by `step` (< 2^32 ns) until one needs the
  /// full path, and returns its index (`count` when none does). That
  /// member is left untouched.
  ///
  /// - Complexity: O(*k*) for the *k* members advanced.
  @usableFromInline
  mutating func advance(by step: UInt64, from start: Int) -> Int {
    let count = remaining.count
    guard start < count else { return count }
    // bench many: unchecked access over the two arrays, whose counts are
    // equal (appended together) and which `index < count` bounds.
    return remaining.withUnsafeMutableBufferPointer { left in
      rateAndCarry.withUnsafeMutableBufferPointer { rates in
        var index = start
        while index < count {
          let packed = rates[index]
          // < 2^64: step < 2^32, rate < 2^32, carry < 10^6.
          let total = step &* (packed >> 32) &+ (packed & 0xFFFF_FFFF)
          let rest = left[index] &- Int64(bitPattern: total / 1_000_000)
          if rest <= 0 { return index }
          left[index] = rest
          rates[index] = (packed & ~0xFFFF_FFFF) | (total % 1_000_000)
          index += 1
        }
        return count
      }
    }
  }
}
