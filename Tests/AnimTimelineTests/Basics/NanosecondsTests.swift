import Testing
@testable import AnimTimeline

/// Spec section 1: exact conversions, rounding to nearest, ties away from zero.
/// The exact binary values of the `Double` literals below were worked out
/// with exact decimal arithmetic and are quoted in the comments.
@Suite struct NanosecondsTests {
  @Test func durationsRoundToTheNearestNanosecondTiesAwayFromZero() throws {
    #expect(try Nanoseconds.from(.nanoseconds(5)) == 5)
    #expect(try Nanoseconds.from(.zero) == 0)
    #expect(try Nanoseconds.from(.milliseconds(16)) == 16_000_000)
    // 0.5 ns = 5e8 attoseconds: a tie, away from zero -> 1.
    #expect(try Nanoseconds.from(Duration(secondsComponent: 0, attosecondsComponent: 500_000_000)) == 1)
    #expect(try Nanoseconds.from(Duration(secondsComponent: 0, attosecondsComponent: 499_999_999)) == 0)
    // 1.5 ns -> 2; 2.5 ns -> 3 (not banker's rounding).
    #expect(try Nanoseconds.from(Duration(secondsComponent: 0, attosecondsComponent: 1_500_000_000)) == 2)
    #expect(try Nanoseconds.from(Duration(secondsComponent: 0, attosecondsComponent: 2_500_000_000)) == 3)
    #expect(try Nanoseconds.from(Duration(secondsComponent: 3, attosecondsComponent: 999_999_999_500_000_000)) == 4_000_000_000)
  }

  @Test func durationsRejectNegativeAndTooLarge() throws {
    #expect(throws: TimelineError.self) { try Nanoseconds.from(.nanoseconds(-1)) }
    #expect(throws: TimelineError.self) { try Nanoseconds.from(.seconds(-3)) }
    #expect(throws: TimelineError.self) { try Nanoseconds.from(Duration(secondsComponent: 0, attosecondsComponent: -1)) }
    // Int64.max ns = 9_223_372_036 s + 854_775_807 ns fits exactly...
    let largest = Duration.seconds(9_223_372_036) + .nanoseconds(854_775_807)
    #expect(try Nanoseconds.from(largest) == Int64.max)
    // ...one more nanosecond, or half of one (rounding up), does not.
    #expect(throws: TimelineError.self) { try Nanoseconds.from(largest + .nanoseconds(1)) }
    let half = Duration(secondsComponent: 0, attosecondsComponent: 500_000_000)
    #expect(throws: TimelineError.self) { try Nanoseconds.from(largest + half) }
    #expect(throws: TimelineError.self) { try Nanoseconds.from(.seconds(Int64.max)) }
  }

  @Test func secondsRoundTheExactBinaryValue() throws {
    #expect(try Nanoseconds.from(seconds: 0) == 0)
    #expect(try Nanoseconds.from(seconds: 1) == 1_000_000_000)
    #expect(try Nanoseconds.from(seconds: 0.016) == 16_000_000)
    // 1/1024 s is exactly 976_562.5 ns: a true tie, away from zero.
    #expect(try Nanoseconds.from(seconds: 0.0009765625) == 976_563)
    // 1.5e-9 is 1.49999999999999999002...e-9 in binary: below the tie -> 1.
    #expect(try Nanoseconds.from(seconds: 1.5e-9) == 1)
    // 2.5e-9 is 2.50000000000000005230...e-9: above the tie -> 3.
    #expect(try Nanoseconds.from(seconds: 2.5e-9) == 3)
    // 5e-10 (0.5 ns) is 5.000000000000000311...e-10 -> 1; its predecessor
    // 4.999999999999999e-10 (0.49999999999999992774 ns) -> 0.
    #expect(try Nanoseconds.from(seconds: 5e-10) == 1)
    #expect(try Nanoseconds.from(seconds: 4.999999999999999e-10) == 0)
    #expect(try Nanoseconds.from(seconds: Double.leastNonzeroMagnitude) == 0)
    // 9223372036.854774 is 9223372036.85477447509765625 exactly -> ...475 ns.
    #expect(try Nanoseconds.from(seconds: 9_223_372_036.854774) == 9_223_372_036_854_774_475)
  }

  @Test func secondsRejectNaNInfinityNegativeAndTooLarge() {
    for bad in [Double.nan, .infinity, -.infinity, -1, -1e-300, -Double.leastNonzeroMagnitude,
                // 9223372036.854776 is 9223372036.8547763824... s: past Int64.max ns.
                9_223_372_036.854776, 1e19, .greatestFiniteMagnitude] {
      #expect(throws: TimelineError.self, "\(bad)") { try Nanoseconds.from(seconds: bad) }
    }
  }

  @Test func timelineAcceptsDurationsThroughTheSameConversion() throws {
    let provider = try SyntheticFrameProvider(durations: [Duration.milliseconds(10), Duration(secondsComponent: 0, attosecondsComponent: 1_500_000_000)])
    #expect(provider.durations == [10_000_000, 2])
    var timeline = try Timeline(provider: provider)
    timeline.play()
    _ = try timeline.tick(by: Duration(secondsComponent: 0, attosecondsComponent: 500_000_000))  // 0.5 ns -> 1
    #expect(timeline.position == 1)
    #expect(throws: TimelineError.self) { try timeline.tick(by: Duration.nanoseconds(-1)) }
    #expect(throws: TimelineError.self) { try timeline.seek(to: Duration.nanoseconds(-1)) }
    try timeline.seek(to: Duration.milliseconds(5))
    #expect(timeline.position == 5_000_000)
  }
}
