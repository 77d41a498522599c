/// Exact conversions into whole nanoseconds and millionths.
///
/// Every conversion rounds the *exact* value of its input to the nearest
/// integer, ties away from zero, and rejects NaN, infinities, negative
/// values and results above `Int64.max` with a ``TimelineError``.
public enum Nanoseconds {
  /// Converts a `Duration` to whole nanoseconds.
  public static func from(_ duration: Duration) throws(TimelineError) -> Int64 {
    let (seconds, attoseconds) = duration.components
    guard seconds >= 0, attoseconds >= 0 else {
      throw .invalidTime("\(duration) is negative")
    }
    // attoseconds < 10^18: round to nanoseconds, ties away from zero.
    let (wholeNanos, rest) = attoseconds.quotientAndRemainder(dividingBy: 1_000_000_000)
    let rounded = wholeNanos + (rest >= 500_000_000 ? 1 : 0)
    let (scaled, o1) = seconds.multipliedReportingOverflow(by: 1_000_000_000)
    let (total, o2) = scaled.addingReportingOverflow(rounded)
    guard !o1, !o2 else { throw .invalidTime("\(duration) exceeds Int64.max nanoseconds") }
    return total
  }

  /// Converts seconds given as a `Double` to whole nanoseconds.
  public static func from(seconds: Double) throws(TimelineError) -> Int64 {
    guard let value = scaledExactly(seconds, by: 1_000_000_000) else {
      throw .invalidTime("\(seconds) s is negative, not finite or too large")
    }
    return value
  }

  /// Rounds `value * scale` (computed exactly) to the nearest integer, ties
  /// away from zero; `nil` for NaN, infinities, negatives and results above
  /// `Int64.max`.
  static func scaledExactly(_ value: Double, by scale: UInt64) -> Int64? {
    guard value.isFinite, value >= 0 else { return nil }
    if value == 0 { return 0 }
    // value = significand * 2^exponent exactly, significand < 2^53.
    let exponent = Int(value.exponent) - Double.significandBitCount
    let significand = value.significandBitPattern | (value.isNormal ? 1 << 52 : 0)
    let exactExponent = value.isNormal ? exponent : Int(Double.leastNormalMagnitude.exponent) - Double.significandBitCount
    let product = WideProduct(significand, times: scale)  // < 2^83
    let limit = UInt64(Int64.max)
    if exactExponent >= 0 {
      // product * 2^e <= Int64.max exactly when product <= Int64.max >> e.
      guard exactExponent < 64, product.high == 0, product.low <= limit >> UInt64(exactExponent) else { return nil }
      return Int64(product.low << UInt64(exactExponent))
    }
    let shift = -exactExponent
    // Round half up: (product + 2^(shift - 1)) >> shift; far below one
    // half (shift >= 127) it is 0.
    guard shift < 127 else { return 0 }
    let half = WideProduct(high: 0, low: 1).shiftedLeft(by: shift - 1)
    let result = product.adding(half).shiftedRight(by: shift)
    guard result.high == 0, result.low <= limit else { return nil }
    return Int64(result.low)
  }
}
