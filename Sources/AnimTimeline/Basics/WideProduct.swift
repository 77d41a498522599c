/// A 128-bit unsigned value as two 64-bit words, for the few places that
/// need `a * b + c` exactly: the rate scaling of a long tick and the exact
/// conversion of a `Double`.
///
/// Built on `multipliedFullWidth(by:)` and `dividingFullWidth(_:)`, which
/// every platform the package declares has, where `UInt128` needs iOS 18 /
/// macOS 15.
struct WideProduct: Hashable, Sendable {
  var high: UInt64
  var low: UInt64

  /// `a * b + c`, exactly (it cannot exceed 128 bits).
  init(_ a: UInt64, times b: UInt64, plus c: UInt64 = 0) {
    let (high, low) = a.multipliedFullWidth(by: b)
    let (sum, carry) = low.addingReportingOverflow(c)
    // high <= 2^64 - 2 after a full-width product, so this cannot overflow.
    self.high = high &+ (carry ? 1 : 0)
    self.low = sum
  }

  /// The value divided by `divisor` (not 0): the quotient, saturated at
  /// `UInt64.max` when it does not fit, and the exact remainder.
  func quotientAndRemainder(dividingBy divisor: UInt64) -> (quotient: UInt64, remainder: UInt64) {
    if high < divisor {
      return divisor.dividingFullWidth((high, low))
    }
    // The quotient has more than 64 bits. The remainder of
    // high * 2^64 + low equals that of (high mod d) * 2^64 + low.
    let remainder = divisor.dividingFullWidth((high % divisor, low)).remainder
    return (.max, remainder)
  }

  /// The value shifted right by `shift` bits (0 through 127).
  func shiftedRight(by shift: Int) -> WideProduct {
    if shift == 0 { return self }
    if shift >= 64 { return WideProduct(high: 0, low: high >> UInt64(shift - 64)) }
    return WideProduct(high: high >> UInt64(shift), low: (low >> UInt64(shift)) | (high << UInt64(64 - shift)))
  }

  /// `self + other`; the caller guarantees that the sum fits in 128 bits.
  func adding(_ other: WideProduct) -> WideProduct {
    let (low, carry) = low.addingReportingOverflow(other.low)
    return WideProduct(high: high &+ other.high &+ (carry ? 1 : 0), low: low)
  }

  init(high: UInt64, low: UInt64) {
    self.high = high
    self.low = low
  }
}

extension WideProduct {
  /// The value shifted left by `shift` bits (0 through 127); bits shifted
  /// out of the high word are lost.
  func shiftedLeft(by shift: Int) -> WideProduct {
    if shift == 0 { return self }
    if shift >= 64 { return WideProduct(high: low << UInt64(shift - 64), low: 0) }
    return WideProduct(high: (high << UInt64(shift)) | (low >> UInt64(64 - shift)), low: low << UInt64(shift))
  }
}
