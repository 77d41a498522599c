/// The most time one tick may advance a timeline (before the rate applies).
///
/// A tick longer than this (a stall, a suspended app coming back) is cut to
/// it, so one long gap cannot fast-forward through the animation. The
/// default is one second.
public struct MaxStep: Hashable, Sendable, CustomStringConvertible, ExpressibleByIntegerLiteral {
  /// The limit in nanoseconds; `Int64.max` for ``unlimited``.
  public let nanoseconds: Int64

  @usableFromInline
  internal init(_unchecked nanoseconds: Int64) {
    self.nanoseconds = nanoseconds
  }

  /// No limit: every tick advances by all of its time.
  public static let unlimited = MaxStep(_unchecked: .max)

  /// One second, the default.
  public static let oneSecond = MaxStep(_unchecked: 1_000_000_000)

  /// A limit of `nanoseconds`.
  ///
  /// - Throws: ``TimelineError/invalidMaxStep(_:)`` unless `nanoseconds > 0`.
  public static func nanoseconds(_ nanoseconds: Int64) throws(TimelineError) -> MaxStep {
    guard nanoseconds > 0 else { throw .invalidMaxStep(nanoseconds) }
    return MaxStep(_unchecked: nanoseconds)
  }

  /// A limit of `duration`, rounded to the nearest nanosecond.
  ///
  /// - Throws: ``TimelineError/invalidMaxStep(_:)`` unless it is positive.
  public static func duration(_ duration: Duration) throws(TimelineError) -> MaxStep {
    guard duration > .zero else { throw .invalidMaxStep(0) }
    return try .nanoseconds(Nanoseconds.from(duration))
  }

  /// A limit in nanoseconds written in source, such as
  /// `maxStep: 250_000_000`.
  ///
  /// A literal `0` means ``unlimited`` (no limit, the usual meaning of 0
  /// for a limit), and so does a literal at or above `Int64.max`: a limit
  /// of 0 would never let a tick advance. The literal type is unsigned, so
  /// a negative literal does not compile. No literal stops the program;
  /// use ``nanoseconds(_:)`` or ``duration(_:)`` for limits that come from
  /// input (they throw for 0 and below).
  public init(integerLiteral value: UInt64) {
    self.nanoseconds = value == 0 ? .max : Int64(clamping: value)
  }

  /// Whether there is no limit.
  public var isUnlimited: Bool { nanoseconds == .max }

  /// `"none"` or the limit in nanoseconds.
  public var description: String { isUnlimited ? "none" : "\(nanoseconds)ns" }
}
