import Testing
@testable import AnimTimeline

/// Rates are exact millionths (spec section 3); a `Double` rate is rounded
/// to the nearest millionth from its exact binary value, ties away from
/// zero (sections 1 and 7).
@Suite struct RateTests {
  @Test func millionths() throws {
    #expect(Rate.normal.millionths == 1_000_000)
    #expect(try Rate(millionths: 0).millionths == 0)
    #expect(try Rate(millionths: Int64.max).millionths == Int64.max)
    #expect(throws: TimelineError.self) { try Rate(millionths: -1) }
    #expect(throws: TimelineError.self) { try Rate(millionths: Int64.min) }
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

  @Test func literalsRoundAsDoublesDo() throws {
    #expect(Rate(0.333333) == (try rate(0.333333)))
    #expect(Rate(0.0078125) == (try rate(0.0078125)))
    #expect(Rate(9.2e12) == (try rate(9.2e12)))
    #expect(Rate(3) == (try rate(3)))
  }

  @Test func doublesRejectNaNInfinityNegativeAndTooLarge() {
    for bad in [Double.nan, .infinity, -.infinity, -0.5, -1e-300, 1e13, .greatestFiniteMagnitude] {
      #expect(throws: TimelineError.self, "\(bad)") { try Rate(bad) }
    }
  }

  @Test func comparisonAndDescription() throws {
    #expect(Rate(0.5) < Rate.normal)
    #expect(try Rate(millionths: 1_500_000).description == "1.5")
    #expect(try Rate(millionths: 333_333).description == "0.333333")
  }
}
