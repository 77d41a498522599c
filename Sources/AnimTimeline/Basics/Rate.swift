/// A playback rate in exact millionths: `Rate(millionths: 1_500_000)` plays
/// at 1.5×, `Rate(millionths: -1_000_000)` backward at 1×.
///
/// A rate `>= 0` moves the timeline forward, a negative one backward
/// (spec section 9); 0 counts as forward.
///
/// Time advances by `elapsed * millionths / 1_000_000` with the remainder
/// carried from tick to tick, so ticks are additive to the nanosecond at
/// any rate.
public struct Rate: Hashable, Sendable, Comparable, CustomStringConvertible,
  ExpressibleByFloatLiteral, ExpressibleByIntegerLiteral
{
  /// The rate in millionths, with `|millionths| <= Int64.max` (never
  /// `Int64.min`); negative plays backward.
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
  /// - Throws: ``TimelineError/invalidRate(_:)`` for `Int64.min`, whose
  ///   magnitude is above `Int64.max`.
  public init(millionths: Int64) throws(TimelineError) {
    guard millionths != .min else { throw .invalidRate("\(millionths) millionths is too large in magnitude") }
    self.millionths = millionths
  }

  /// A rate from a `Double`, rounded to the nearest millionth (ties away
  /// from zero) from its exact binary value; negative values play
  /// backward, and `-0.0` is 0.
  ///
  /// - Throws: ``TimelineError/invalidRate(_:)`` for NaN, infinities and
  ///   values whose magnitude is above `Int64.max` millionths.
  public init(_ value: Double) throws(TimelineError) {
    guard let millionths = Self.millionths(value) else {
      throw .invalidRate("\(value) is not finite or too large")
    }
    self.millionths = millionths
  }

  /// `value` in millionths, the magnitude rounded (ties away from zero),
  /// then the sign applied; `nil` when not finite or too large.
  static func millionths(_ value: Double) -> Int64? {
    guard let magnitude = Nanoseconds.scaledExactly(value.magnitude, by: 1_000_000) else { return nil }
    return value < 0 ? -magnitude : magnitude
  }

  /// The same speed in the other direction (`-0` is 0).
  ///
  /// `Int64.min` is never a rate, so the negation cannot overflow.
  public var reversed: Rate { Rate(_unchecked: 0 &- millionths) }

  /// Whether the rate moves a timeline backward (it is negative).
  public var isBackward: Bool { millionths < 0 }

  /// A rate written in source, such as `timeline.rate = 1.5`.
  ///
  /// Negative literals play backward (`timeline.rate = -1.5`). A literal
  /// cannot be NaN or infinite; one above `Int64.max` millionths in
  /// magnitude (about 9.2e12) saturates to the fastest rate in its
  /// direction, `±Int64.max` millionths, which plays like any rate that
  /// large: every tick reaches the end (or 0 backward). No literal stops
  /// the program.
  ///
  /// `Rate(1e300)` and `try Rate(-1.0)` are literals too (Swift turns
  /// `Rate(literal)` into this initializer, and warns that `try` covers no
  /// throwing call); for rates that come from input, pass a `Double`
  /// variable to ``init(_:)``, which throws for NaN, infinities and values
  /// too large.
  public init(floatLiteral value: Double) {
    if let millionths = Self.millionths(value) {
      self.millionths = millionths
    } else {
      self.millionths = value < 0 ? -Int64.max : .max
    }
  }

  /// A whole rate written in source, such as `timeline.rate = 2`.
  ///
  /// Negative literals play backward (`timeline.rate = -1`). The literal
  /// type is `Int32`, so every literal fits (`Int32.max` is far below
  /// `Int64.max` millionths) and one outside `Int32` does not compile:
  /// no literal stops the program. Write larger rates as a floating-point
  /// literal, or through ``init(millionths:)``.
  public init(integerLiteral value: Int32) {
    self.millionths = Int64(value) &* 1_000_000  // |value| <= 2^31: no overflow
  }

  /// Compares two rates.
  public static func < (lhs: Rate, rhs: Rate) -> Bool { lhs.millionths < rhs.millionths }

  /// The rate as a decimal number, e.g. `1.5` or `-0.25`.
  public var description: String {
    let magnitude = millionths.magnitude
    let whole = (millionths < 0 ? "-" : "") + String(magnitude / 1_000_000)
    var fraction = String(magnitude % 1_000_000)
    while fraction.count < 6 { fraction = "0" + fraction }
    while fraction.count > 1, fraction.hasSuffix("0") { fraction.removeLast() }
    return "\(whole).\(fraction)"
  }
}
