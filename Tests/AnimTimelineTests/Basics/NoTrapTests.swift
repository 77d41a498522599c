import AnimTimeline
import Testing

/// Issue 21, "Traps in the API": literals that stopped the program before
/// now mean something documented (a negative `LoopCount` or `MaxStep`
/// literal, or a `Rate` literal outside `Int32`, does not compile).
@Suite struct NoTrapTests {
  /// Trapped before: `LoopCount.init(integerLiteral:)` required `>= 1`.
  @Test func loopsLiteralZeroIsInfiniteAsInGIFFiles() throws {
    let configuration = TimelineConfiguration(loops: 0)
    #expect(configuration.loops == .infinite)
    let zero: LoopCount = 0
    #expect(zero.isInfinite && zero.plays == nil)
    var timeline = try Timeline(
      provider: SyntheticFrameProvider(durations: [10, 20], loopCount: 1), configuration: configuration)
    #expect(timeline.totalDuration == nil)
    timeline.play()
    _ = timeline.tick(nanoseconds: 1_000)
    #expect(timeline.state == .playing)
    // A huge literal is cut to Int64.max plays: the throwing path runs.
    let huge: LoopCount = 18_446_744_073_709_551_615
    #expect(huge.plays == .max)
    #expect(throws: TimelineError.self) {
      try Timeline(provider: SyntheticFrameProvider(durations: [10, 20], loopCount: 1),
                   configuration: TimelineConfiguration(loops: huge))
    }
    // Input still goes through the throwing `plays(_:)`, which keeps 0 out.
    #expect(throws: TimelineError.invalidLoopCount(0)) { try LoopCount.plays(0) }
  }

  /// Trapped before: `MaxStep.init(integerLiteral:)` required `> 0`.
  @Test func maxStepLiteralZeroIsUnlimited() {
    let zero: MaxStep = 0
    #expect(zero == .unlimited && zero.isUnlimited)
    #expect(TimelineConfiguration(maxStep: 0).maxStep == .unlimited)
    let huge: MaxStep = 18_446_744_073_709_551_615
    #expect(huge == .unlimited)
    let one: MaxStep = 1
    #expect(one.nanoseconds == 1)
  }

  /// Trapped before: a float literal above `Int64.max` millionths.
  @Test func hugeRateLiteralsSaturate() {
    let fast: Rate = 1e300
    let backward: Rate = -1e300
    #expect(fast.millionths == .max && backward.millionths == -Int64.max)
    #expect(Rate(floatLiteral: 9.3e12).millionths == .max)
    // Negative rates stay valid (spec section 9).
    let minusOne: Rate = -1
    #expect(minusOne.millionths == -1_000_000 && Rate(-1.5).millionths == -1_500_000)
    let most: Rate = 2_147_483_647
    #expect(most.millionths == 2_147_483_647_000_000)
    let least: Rate = -2_147_483_648
    #expect(least.millionths == -2_147_483_648_000_000)
    // Input still throws.
    let input = 1e300
    #expect(throws: TimelineError.self) { try Rate(input) }
  }
}
