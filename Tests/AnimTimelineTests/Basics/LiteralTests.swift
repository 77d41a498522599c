import AnimTimeline
import Testing

/// Values valid by construction need no `try` (issue 12): constants and
/// literals written in source.
@Suite struct LiteralTests {
  @Test func loopCountsFromConstantsAndLiterals() throws {
    let three: LoopCount = 3
    let parsed = try LoopCount.plays(3)
    #expect(three.plays == 3 && three == parsed)
    #expect(LoopCount.once.plays == 1 && LoopCount.infinite.plays == nil && LoopCount.infinite.isInfinite)
    let configuration = TimelineConfiguration(loops: 2, rate: 1.5, maxStep: 250_000_000)
    #expect(configuration.loops?.plays == 2)
    #expect(configuration.rate.millionths == 1_500_000)
    #expect(configuration.maxStep.nanoseconds == 250_000_000)
    // Runtime values still go through the throwing initialisers.
    #expect(throws: TimelineError.invalidLoopCount(0)) { try LoopCount.plays(0) }
  }

  @Test func ratesFromLiterals() throws {
    let double: Rate = 2
    let half: Rate = 0.5
    #expect(double.millionths == 2_000_000 && half.millionths == 500_000)
    let parsed = Rate(0.5)  // a literal: no `try`
    #expect(half == parsed && Rate.normal == 1)
  }

  @Test func maxStepFromDurations() throws {
    #expect(try MaxStep.duration(.milliseconds(250)).nanoseconds == 250_000_000)
    #expect(throws: TimelineError.invalidMaxStep(0)) { try MaxStep.duration(.zero) }
  }

  @Test func durationViewsAgreeWithTheNanoseconds() throws {
    var timeline = try Timeline(
      provider: SyntheticFrameProvider(durations: [100_000_000, 50_000_000], loopCount: 2))
    timeline.play()
    try timeline.tick(by: .milliseconds(120))
    #expect(timeline.durations.position == .milliseconds(120))
    #expect(timeline.durations.loop == .milliseconds(150))
    #expect(timeline.durations.total == .milliseconds(300))
    try timeline.setLoops(.infinite)
    #expect(timeline.durations.total == nil)
  }
}
