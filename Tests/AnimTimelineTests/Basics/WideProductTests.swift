@testable import AnimTimeline
import Testing

/// `WideProduct` replaces `UInt128` (iOS 18 / macOS 15 only). Its results
/// are checked by the identity division must satisfy, rebuilt with a
/// product: `q * d + r == n` and `r < d`.
@Suite struct WideProductTests {
  static var words: Gen<UInt64> { .frequency([
    (3, Gen.int64(in: 0...Int64.max).map({ UInt64($0) }, unmap: { Int64(truncatingIfNeeded: $0) })),
    (1, .element(of: [0, 1, 2, 999_999, 1_000_000, UInt64(Int64.max), UInt64.max - 1, UInt64.max])),
  ]) }

  @Test func divisionInvertsTheProduct() {
    let gen = zip(Self.words, Self.words, zip(Self.words, Gen.int64(in: 1...Int64.max)))
    forAll("WideProductTests.divisionInvertsTheProduct", gen: gen, iterations: 5_000) { a, b, rest in
      let (c, rawDivisor) = rest
      let divisor = UInt64(rawDivisor)
      let n = WideProduct(a, times: b, plus: c)
      let (q, r) = n.quotientAndRemainder(dividingBy: divisor)
      try ensure(r < divisor, "remainder \(r) not below \(divisor)")
      if q != .max {
        try ensure(WideProduct(q, times: divisor, plus: r) == n, "\(q) * \(divisor) + \(r) != \(a) * \(b) + \(c)")
      } else {
        // Saturated: the true quotient is at least 2^64 - 1.
        try ensure(n.high >= divisor || WideProduct(q, times: divisor, plus: r) == n, "saturated wrongly")
      }
      return true
    }
  }

  @Test func shiftsMoveBitsAcrossTheWords() {
    let one = WideProduct(high: 0, low: 1)
    #expect(one.shiftedLeft(by: 64) == WideProduct(high: 1, low: 0))
    #expect(one.shiftedLeft(by: 127) == WideProduct(high: 1 << 63, low: 0))
    #expect(WideProduct(high: 1, low: 0).shiftedRight(by: 1) == WideProduct(high: 0, low: 1 << 63))
    #expect(WideProduct(high: 5, low: 3).shiftedRight(by: 0) == WideProduct(high: 5, low: 3))
    #expect(WideProduct(UInt64.max, times: UInt64.max) == WideProduct(high: UInt64.max - 1, low: 1))
    #expect(WideProduct(UInt64.max, times: 1, plus: 1) == WideProduct(high: 1, low: 0))
  }

  /// The tick's long path: a tick of `Int64.max` at the largest rate
  /// saturates the advance but keeps the remainder exact.
  @Test func scaledAdvanceSaturatesAndKeepsTheRemainder() throws {
    let q = WideProduct(UInt64(Int64.max), times: UInt64(Int64.max), plus: 123)
    let (quotient, remainder) = q.quotientAndRemainder(dividingBy: 1_000_000)
    #expect(quotient == .max)
    // (2^63 - 1)^2 + 123 = 2^126 - 2^64 + 124; mod 10^6 from its digits:
    // 85070591730234615847396907784232501249 + 123, last six digits 501372.
    #expect(remainder == 501_372)
  }
}
