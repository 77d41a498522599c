import Testing
@testable import AnimTimeline

/// Rates are exact millionths (spec section 3); a `Double` rate is rounded
/// to the nearest millionth from its exact binary value, ties away from
/// zero (sections 1 and 7). Negative rates play backward (section 9.1):
/// any magnitude up to `Int64.max` millionths, the magnitude of a `Double`
/// rounded, then negated (9.4).
@Suite struct RateTests {
  @Test func millionths() throws {
    #expect(Rate.normal.millionths == 1_000_000)
    #expect(try Rate(millionths: 0).millionths == 0)
    #expect(try Rate(millionths: Int64.max).millionths == Int64.max)
    // Section 9.1: negative rates move backward, |R| <= Int64.max.
    #expect(try Rate(millionths: -1).millionths == -1)
    #expect(try Rate(millionths: -1_000_000).millionths == -1_000_000)
    #expect(try Rate(millionths: -Int64.max).millionths == -Int64.max)
    #expect(throws: TimelineError.self) { try Rate(millionths: Int64.min) }
  }

  /// Section 9.1: a rate `>= 0` moves forward (0 included), a negative
  /// one backward.
  @Test func sign() throws {
    #expect(try Rate(millionths: -1).isBackward)
    #expect(try Rate(millionths: -Int64.max).isBackward)
    #expect(!Rate.zero.isBackward)
    #expect(!Rate.normal.isBackward)
    #expect(try !Rate(millionths: Int64.max).isBackward)
  }

  /// `reversed` is `-R`: 0 stays 0 (the sign is not remembered), the
  /// largest magnitudes both ways turn into each other, twice is the same.
  @Test func reversed() throws {
    #expect(Rate.normal.reversed.millionths == -1_000_000)
    #expect(try Rate(millionths: -1_000_000).reversed == .normal)
    #expect(Rate.zero.reversed == .zero)
    #expect(!Rate.zero.reversed.isBackward)
    #expect(try Rate(millionths: Int64.max).reversed.millionths == -Int64.max)
    #expect(try Rate(millionths: -Int64.max).reversed.millionths == Int64.max)
    for millionths: Int64 in [1, -1, 333_333, -2_500_000, Int64.max, -Int64.max] {
      let rate = try Rate(millionths: millionths)
      #expect(rate.reversed.millionths == 0 - millionths)
      #expect(rate.reversed.reversed == rate)
      #expect(rate.reversed.isBackward == !rate.isBackward)
    }
  }

  /// `Rate(_:)` on a `Double` value: `Rate(2.5)` with a literal is the
  /// literal initialiser, which needs no `try`.
  func rate(_ value: Double) throws -> Rate { try Rate(value) }

  @Test func doublesRoundToTheNearestMillionth() throws {
    #expect(try rate(1).millionths == 1_000_000)
    #expect(try rate(2.5).millionths == 2_500_000)
    #expect(try rate(0).millionths == 0)
    // 0.333333 is 0.33333299999999999041... -> 333333.
    #expect(try rate(0.333333).millionths == 333_333)
    // 1/128 = 0.0078125 is exactly 7812.5 millionths: a tie, away from zero.
    #expect(try rate(0.0078125).millionths == 7_813)
    // 0.3333335 is 0.33333350000000000479...: just above the tie -> 333334.
    #expect(try rate(0.3333335).millionths == 333_334)
    // 1.0000005 is 1.00000050000000006988... -> 1000001.
    #expect(try rate(1.0000005).millionths == 1_000_001)
    // Below half a millionth -> 0.
    #expect(try rate(4e-7).millionths == 0)
    // 9.2e12 is exact: 9.2e18 millionths fits in Int64.
    #expect(try rate(9.2e12).millionths == 9_200_000_000_000_000_000)
  }

  /// Section 9.4: the magnitude is rounded (ties away from zero), then
  /// negated: a negative rate is exactly the opposite of the positive one,
  /// and anything that rounds to 0, `-0.0` included, is 0 (forward).
  @Test func negativeDoublesRoundTheirMagnitude() throws {
    #expect(try rate(-1).millionths == -1_000_000)
    #expect(try rate(-2.5).millionths == -2_500_000)
    #expect(try rate(-0.333333).millionths == -333_333)
    // -1/128 is exactly -7812.5 millionths: a tie, away from zero.
    #expect(try rate(-0.0078125).millionths == -7_813)
    #expect(try rate(-0.3333335).millionths == -333_334)
    #expect(try rate(-1.0000005).millionths == -1_000_001)
    // 1.5e-6 is 1.50000000000000003800e-6: just above the tie -> -2.
    #expect(try rate(-0.0000015).millionths == -2)
    #expect(try rate(-9.2e12).millionths == -9_200_000_000_000_000_000)
    for value in [0.0078125, 0.3333335, 2.5, 1e-6, 0.0000015, 123.4567895, 9.2e12] {
      #expect(try rate(-value).millionths == -(try rate(value).millionths), "\(value)")
    }
    for zero in [-0.0, -4e-7, -1e-300, -.leastNonzeroMagnitude] {
      let r = try rate(zero)
      #expect(r.millionths == 0 && r == .zero && !r.isBackward, "\(zero)")
    }
  }

  @Test func literalsRoundAsDoublesDo() throws {
    #expect(Rate(0.333333) == (try rate(0.333333)))
    #expect(Rate(0.0078125) == (try rate(0.0078125)))
    #expect(Rate(9.2e12) == (try rate(9.2e12)))
    #expect(Rate(3) == (try rate(3)))
    let backward: Rate = -0.0078125
    #expect(backward == (try rate(-0.0078125)))
    let whole: Rate = -2
    #expect(whole.millionths == -2_000_000)
  }

  /// NaN, infinities and magnitudes above `Int64.max` millionths, of
  /// either sign (negative values themselves are rates, section 9).
  @Test func doublesRejectNaNInfinityAndTooLarge() {
    for bad in [Double.nan, -.nan, .infinity, -.infinity, 1e13, -1e13, 9.3e12, -9.3e12, .greatestFiniteMagnitude, -.greatestFiniteMagnitude] {
      #expect(throws: TimelineError.self, "\(bad)") { try Rate(bad) }
    }
  }

  @Test func comparisonAndDescription() throws {
    #expect(Rate(0.5) < Rate.normal)
    #expect(try Rate(millionths: 1_500_000).description == "1.5")
    #expect(try Rate(millionths: 333_333).description == "0.333333")
    #expect(try Rate(millionths: -250_000).description == "-0.25")
    #expect(try Rate(millionths: -1).description == "-0.000001")
    #expect(try Rate(millionths: -Int64.max) < Rate.zero)
    #expect(try Rate(millionths: -1) < Rate.zero)
  }
}
