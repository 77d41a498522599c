import Testing
import TimelineScript

/// The one number syntax (Docs/ScriptFormat.md): exact decimal conversion,
/// half up only past the kept digits, nothing above `Int64.max`.
@Suite struct NumberSyntaxTests {
  func duration(_ text: String) -> Int64? { NumberSyntax.duration(text.utf8) }
  func rate(_ text: String) -> Int64? { NumberSyntax.rate(text.utf8) }

  @Test func durationsWithAndWithoutUnits() {
    #expect(duration("1") == 1_000_000_000)
    #expect(duration("1.5") == 1_500_000_000)
    #expect(duration("1.5s") == 1_500_000_000)
    #expect(duration("250ms") == 250_000_000)
    #expect(duration("0.25ms") == 250_000)
    #expect(duration("10us") == 10_000)
    #expect(duration("7ns") == 7)
    #expect(duration("16.666667ms") == 16_666_667)
    #expect(duration("9223372036854775807ns") == .max)
  }

  @Test func durationsRoundHalfUpPastTheNanosecond() {
    #expect(duration("0.0000000015") == 2)  // 1.5 ns rounds up
    #expect(duration("0.0000000005") == 1)  // half a nanosecond rounds up
    #expect(duration("0.0000000004999") == 0)
    #expect(duration("1.2345ns") == 1)
  }

  @Test func malformedOrTooLargeDurations() {
    for bad in [
      "", "s", "1.", ".5", "-1", "+1", "1e3", "1h", "5m", "1.2.3", "1 s", "١",
      "99999999999999999999", "9223372036854775808ns", "9223372036.854775808",
    ] {
      #expect(duration(bad) == nil, "\(bad)")
    }
  }

  @Test func ratesInMillionths() {
    #expect(rate("2") == 2_000_000)
    #expect(rate("0.333333") == 333_333)
    #expect(rate("0.0000015") == 2)
    #expect(rate("1ms") == nil)
  }

  @Test func integersAreDigitsOnly() {
    #expect(NumberSyntax.integer("9223372036854775807".utf8) == .max)
    #expect(NumberSyntax.integer("9223372036854775808".utf8) == nil)
    #expect(NumberSyntax.integer("007".utf8) == 7)
    for bad in ["", "1.0", "-0", "+1", " 1"] {
      #expect(NumberSyntax.integer(bad.utf8) == nil, "\(bad)")
    }
  }
}

/// Issue #21: `decimal(_:scaleDigits:)` trapped for a `scaleDigits` of 19
/// or more (10^19 overflows) or below 0 (an inverted range).
@Suite struct NumberSyntaxTrapTests {
  @Test func scaleDigitsOutsideTheRangeIsNil() {
    let text = Array("1.5".utf8)
    #expect(NumberSyntax.decimal(text, scaleDigits: 19) == nil)
    #expect(NumberSyntax.decimal(text, scaleDigits: Int.max) == nil)
    #expect(NumberSyntax.decimal(text, scaleDigits: -1) == nil)
    #expect(NumberSyntax.decimal(text, scaleDigits: 18) == 1_500_000_000_000_000_000)
    #expect(NumberSyntax.decimal(Array("1".utf8), scaleDigits: 18) == 1_000_000_000_000_000_000)
    #expect(NumberSyntax.decimal(text, scaleDigits: 0) == 2)
  }
}
