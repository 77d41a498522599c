/// A playback rate in exact millionths: `Rate(millionths: 1_500_000)` plays
/// at 1.5×.
///
/// Time advances by `elapsed * millionths / 1_000_000` with the remainder
/// carried from tick to tick, so ticks are additive to the nanosecond at
/// any rate.
public struct Rate: Hashable, Sendable, Comparable, CustomStringConvertible,
  ExpressibleByFloatLiteral, ExpressibleByIntegerLiteral
{
  /// The rate in millionths; never negative.
  public let millionths: Int64

  /// Normal speed (1×).
  public static let normal = Rate(_unchecked: 1_000_000)

  /// Stopped time (0×): a playing timeline holds its position.
  public static let zero = Rate(_unchecked: 0)

  @usableFromInline
  internal init(_unchecked millionths: Int64) {
    self.millionths = millionths
  }

  /// A rate of `millionths / 1_000_000`.
  ///
  /// - Throws: ``TimelineError/invalidRate(_:)`` when `millionths < 0`.
  public init(millionths: Int64) throws(TimelineError) {
    guard millionths >= 0 else { throw .invalidRate("\(millionths) millionths is negative") }
    self.millionths = millionths
  }

  /// A rate from a `Double`, rounded to the nearest millionth (ties away
  /// from zero) from its exact binary value.
  ///
  /// - Throws: ``TimelineError/invalidRate(_:)`` for NaN, infinities,
  ///   negative values and values above `Int64.max` millionths.
  public init(_ value: Double) throws(TimelineError) {
    guard let millionths = Nanoseconds.scaledExactly(value, by: 1_000_000) else {
      throw .invalidRate("\(value) is negative, not finite or too large")
    }
    self.millionths = millionths
  }

  /// A rate written in source, such as `timeline.rate = 1.5`.
  ///
  /// A negative, infinite or too large literal is a programming error and
  /// stops the program; use ``init(_:)`` for rates that come from input.
  public init(floatLiteral value: Double) {
    guard let millionths = Nanoseconds.scaledExactly(value, by: 1_000_000) else {
      preconditionFailure("a rate literal must be finite, not negative and at most Int64.max millionths")
    }
    self.millionths = millionths
  }

  /// A whole rate written in source, such as `timeline.rate = 2`.
  ///
  /// A negative literal is a programming error and stops the program.
  public init(integerLiteral value: Int64) {
    let (millionths, overflow) = value.multipliedReportingOverflow(by: 1_000_000)
    precondition(value >= 0 && !overflow, "a rate literal must be between 0 and Int64.max millionths")
    self.millionths = millionths
  }

  /// Compares two rates.
  public static func < (lhs: Rate, rhs: Rate) -> Bool { lhs.millionths < rhs.millionths }

  /// The rate as a decimal number, e.g. `1.5`.
  public var description: String {
    let whole = millionths / 1_000_000
    var fraction = String(millionths % 1_000_000)
    while fraction.count < 6 { fraction = "0" + fraction }
    while fraction.count > 1, fraction.hasSuffix("0") { fraction.removeLast() }
    return "\(whole).\(fraction)"
  }
}
