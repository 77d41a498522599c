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
  /// A literal that is not positive is a programming error and stops the
  /// program; use ``nanoseconds(_:)`` or ``duration(_:)`` for limits that
  /// come from input.
  public init(integerLiteral value: Int64) {
    precondition(value > 0, "a max-step literal must be positive")
    self.nanoseconds = value
  }

  /// Whether there is no limit.
  public var isUnlimited: Bool { nanoseconds == .max }

  /// `"none"` or the limit in nanoseconds.
  public var description: String { isUnlimited ? "none" : "\(nanoseconds)ns" }
}
