import AnimTimeline
import Testing

/// Issue 21, "`try` on every frame": `tick(nanoseconds:)` and
/// `seek(toNanoseconds:)` take unsigned times and throw nothing (they did
/// not exist before: this file did not compile).
@Suite struct TickWithoutTryTests {
  func makeTimeline(loops: LoopCount = 2) throws -> Timeline {
    try Timeline(
      provider: SyntheticFrameProvider(durations: [100, 50, 0, 70], loopCount: 1),
      configuration: TimelineConfiguration(loops: loops, maxStep: .unlimited))
  }

  @Test func ticksAgreeWithTheThrowingForm() throws {
    let steps: [UInt64] = [0, 1, 30, 99, 100, 7, 219, 220, 1_000, 5]
    for rate: Rate in [1, 0.75, -1, -2.5] {
      var a = try makeTimeline()
      var b = try makeTimeline()
      a.rate = rate
      b.rate = rate
      a.play()
      b.play()
      for (i, step) in steps.enumerated() {
        let mode: RunMode = .default
        let ea = i.isMultiple(of: 2) ? a.tick(nanoseconds: step) : a.tick(nanoseconds: step, mode: mode)
        let eb = try b.tick(by: Int64(step), mode: mode)
        #expect(a.events(in: ea).map { $0 } == b.events(in: eb).map { $0 })
        #expect(a.position == b.position && a.state == b.state && a.location == b.location)
      }
    }
  }

  @Test func hugeTicksAndSeeksSaturate() throws {
    var timeline = try makeTimeline()
    timeline.play()
    timeline.tick(nanoseconds: .max)
    #expect(timeline.state == .finished && timeline.position == timeline.totalDuration)
    timeline.seek(toNanoseconds: 120)
    #expect(timeline.position == 120 && timeline.state == .paused)
    timeline.seek(toNanoseconds: .max)
    #expect(timeline.state == .finished && timeline.position == timeline.totalDuration)

    var endless = try makeTimeline(loops: .infinite)
    endless.seek(toNanoseconds: .max)
    #expect(endless.position == .max)
  }

  @Test func aDriverTicksWithoutTry() throws {
    let clock = ManualClock()
    var driver = TimelineDriver(clock: clock)
    var timeline = try makeTimeline()
    timeline.play()
    driver.tick(&timeline)
    clock.advance(by: .nanoseconds(130))
    driver.tick(&timeline)
    #expect(timeline.position == 130 && timeline.currentFrame == 1)
  }
}
