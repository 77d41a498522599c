import AnimTimeline
import Testing

/// Issue 21, "a progress view": exact iteration and overall progress
/// (`ProgressFraction`, which did not exist before: this file did not
/// compile), with the `Double` conveniences agreeing.
@Suite struct ProgressTests {
  func makeTimeline(loops: LoopCount = 3) throws -> Timeline {
    try Timeline(
      provider: SyntheticFrameProvider(durations: [100, 50, 0, 70], loopCount: 1),
      configuration: TimelineConfiguration(loops: loops, maxStep: .unlimited))
  }

  func expectAgreement(_ timeline: Timeline) {
    let iteration = timeline.exactIterationProgress
    #expect(timeline.iterationProgress == iteration.value)
    #expect(timeline.overallProgress == timeline.exactOverallProgress?.value)
    #expect(0 <= iteration.numerator && iteration.numerator <= iteration.denominator)
  }

  @Test func forward() throws {
    var timeline = try makeTimeline()
    #expect(timeline.exactIterationProgress == timeline.exactIterationProgress)
    #expect(timeline.exactIterationProgress.description == "0/220")
    #expect(timeline.exactOverallProgress?.description == "0/660")
    timeline.play()
    timeline.tick(nanoseconds: 55)
    #expect(timeline.exactIterationProgress.numerator == 55 && timeline.exactIterationProgress.denominator == 220)
    #expect(timeline.iterationProgress == 0.25)
    #expect(timeline.exactOverallProgress?.numerator == 55 && timeline.exactOverallProgress?.denominator == 660)
    expectAgreement(timeline)
    // An iteration boundary starts the next iteration.
    timeline.tick(nanoseconds: 165)
    #expect(timeline.exactIterationProgress.numerator == 0)
    #expect(timeline.exactOverallProgress?.numerator == 220)
    expectAgreement(timeline)
    // The end: complete.
    timeline.tick(nanoseconds: 10_000)
    #expect(timeline.exactIterationProgress.isComplete && timeline.iterationProgress == 1)
    #expect(timeline.exactOverallProgress?.isComplete == true && timeline.overallProgress == 1)
    expectAgreement(timeline)
  }

  @Test func backwardProgressIsOfThePosition() throws {
    var timeline = try makeTimeline()
    timeline.rate = -1
    timeline.play()  // from 0 moving backward: starts at the end
    #expect(timeline.exactOverallProgress?.isComplete == true)
    timeline.tick(nanoseconds: 55)
    // T = 605: iteration 2, 165 ns into it.
    #expect(timeline.exactIterationProgress.numerator == 165)
    #expect(timeline.exactOverallProgress?.numerator == 605)
    expectAgreement(timeline)
    timeline.tick(nanoseconds: 385)
    #expect(timeline.position == 220 && timeline.exactIterationProgress.numerator == 0)
    timeline.tick(nanoseconds: 1_000)
    #expect(timeline.state == .finished && timeline.exactOverallProgress?.numerator == 0)
    expectAgreement(timeline)
  }

  @Test func infiniteAndStatic() throws {
    var endless = try makeTimeline(loops: .infinite)
    endless.play()
    endless.tick(nanoseconds: 1_000)
    #expect(endless.exactOverallProgress == nil && endless.overallProgress == nil)
    #expect(endless.exactIterationProgress.numerator == 1_000 % 220)
    expectAgreement(endless)

    let still = try Timeline(provider: SyntheticFrameProvider(durations: [0, 40, 0], loopCount: 1))
    #expect(still.isStatic)
    #expect(still.exactIterationProgress.numerator == 0 && still.exactIterationProgress.denominator >= 1)
    expectAgreement(still)
  }
}
