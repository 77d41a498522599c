/// Turns the instants of a clock into timeline ticks.
///
/// A driver remembers the instant of its previous tick and gives each
/// tick the time since then:
/// - The **first** tick after the driver is made (or ``reset()``) only
///   anchors it: the timelines get a tick of 0, which still suspends or
///   resumes them but moves nothing.
/// - A clock that goes **backward** (an instant before the previous one)
///   re-anchors at the new instant and gives a tick of 0: time never runs
///   backward and no huge unsigned gap appears.
/// - A **long gap** (a stall, a machine asleep) is passed on whole; each
///   timeline's max-step clamps it (one second by default).
/// - A timeline that starts playing between two ticks gets the whole next
///   interval: the driver counts clock time, not the time since `play()`.
///   To start counting at an exact instant, call `play()` and then
///   ``tick(_:at:)`` at that instant.
///
/// The same driver can drive many timelines: call ``advance(to:)`` once
/// per frame and apply the returned nanoseconds to each.
public struct TimelineDriver<C: Clock>: Sendable where C.Duration == Duration, C: Sendable {
  /// The clock whose instants the driver reads.
  public let clock: C

  /// The run mode ticks are made in.
  public var mode: RunMode

  /// The instant of the previous tick, or `nil` before the first.
  public private(set) var lastInstant: C.Instant?

  /// A driver that has not ticked yet.
  public init(clock: C, mode: RunMode = .default) {
    self.clock = clock
    self.mode = mode
  }

  /// Forgets the previous instant: the next tick only anchors.
  public mutating func reset() { lastInstant = nil }

  /// Moves the driver to `instant` and returns the nanoseconds to tick by:
  /// 0 on the first call and when the clock went backward. Unsigned, so
  /// that it goes straight to the non-throwing
  /// ``Timeline/tick(nanoseconds:mode:)``.
  public mutating func advance(to instant: C.Instant) -> UInt64 {
    defer { lastInstant = instant }
    guard let last = lastInstant, last < instant else { return 0 }
    return UInt64(Self.nanoseconds(last.duration(to: instant)))
  }

  /// Ticks `timeline` by the time since the previous tick, in ``mode``.
  @discardableResult
  public mutating func tick(_ timeline: inout Timeline, at instant: C.Instant) -> TickEvents {
    timeline.tick(nanoseconds: advance(to: instant), mode: mode)
  }

  /// Ticks `timeline` at the clock's current instant.
  @discardableResult
  public mutating func tick(_ timeline: inout Timeline) -> TickEvents {
    tick(&timeline, at: clock.now)
  }

  /// A non-negative duration in whole nanoseconds, rounded to nearest and
  /// saturating at `Int64.max`.
  static func nanoseconds(_ duration: Duration) -> Int64 {
    (try? Nanoseconds.from(duration)) ?? (duration > .zero ? .max : 0)
  }
}
