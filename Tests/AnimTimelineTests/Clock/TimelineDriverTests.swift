import Testing
@testable import AnimTimeline

@Suite struct TimelineDriverTests {
  let ms: Int64 = 1_000_000

  func makeTimeline(maxStep: MaxStep = .oneSecond) throws -> Timeline {
    var timeline = try Timeline(
      provider: SyntheticFrameProvider(durations: [100 * ms, 50 * ms]),
      configuration: .init(maxStep: maxStep))
    timeline.play()
    return timeline
  }

  @Test func firstTickOnlyAnchors() throws {
    let clock = ManualClock()
    clock.advance(by: .seconds(5))
    var driver = TimelineDriver(clock: clock)
    var timeline = try makeTimeline()
    #expect(driver.tick(&timeline).isEmpty)
    #expect(timeline.position == 0)
    clock.advance(by: .milliseconds(30))
    _ = driver.tick(&timeline)
    #expect(timeline.position == 30 * ms)
  }

  @Test func backwardClockReanchorsWithoutMoving() throws {
    let clock = ManualClock()
    var driver = TimelineDriver(clock: clock)
    var timeline = try makeTimeline()
    _ = driver.tick(&timeline)
    clock.advance(by: .milliseconds(40))
    _ = driver.tick(&timeline)
    clock.set(to: .init(offset: .milliseconds(10)))  // 30 ms back
    _ = driver.tick(&timeline)
    #expect(timeline.position == 40 * ms)
    clock.set(to: .init(offset: .milliseconds(25)))  // 15 ms after the re-anchor
    _ = driver.tick(&timeline)
    #expect(timeline.position == 55 * ms)
  }

  @Test func longGapIsClampedByMaxStep() throws {
    let clock = ManualClock()
    var driver = TimelineDriver(clock: clock)
    var timeline = try makeTimeline(maxStep: .nanoseconds(250 * ms))
    _ = driver.tick(&timeline)
    clock.advance(by: .seconds(3600))
    let events = driver.tick(&timeline)
    #expect(timeline.position == 250 * ms)
    // 250 ms = one full 150 ms loop plus 100 ms: frame 1 of iteration 1.
    #expect(timeline.currentFrame == 1)
    #expect(events.loopCompleted == 1)
  }

  @Test func modeSuspendsThroughTheDriver() throws {
    let clock = ManualClock()
    var driver = TimelineDriver(clock: clock, mode: .tracking)
    var timeline = try makeTimeline()
    _ = driver.tick(&timeline)
    #expect(timeline.isSuspended)
    clock.advance(by: .milliseconds(20))
    driver.mode = .default
    let events = driver.tick(&timeline)
    #expect(events.didResume)
    #expect(timeline.position == 20 * ms)
  }

  @Test func asyncLoopTicksEveryIntervalAndStopsOnCancel() async throws {
    let clock = ManualClock()
    let timelines = [try makeTimeline(), try makeTimeline()]
    let task = Task {
      let driver = TimelineDriver(clock: clock)
      var owned = timelines
      await driver.run(every: .milliseconds(10)) { nanoseconds, mode in
        // Issue #21: the elapsed time is a UInt64 (it was an Int64, which
        // needed the throwing tick): the non-throwing tick takes it as is.
        let elapsed: UInt64 = nanoseconds
        for index in owned.indices { owned[index].tick(nanoseconds: elapsed, mode: mode) }
      }
      return owned
    }
    await clock.waitForSleeper()
    for _ in 0..<12 {
      clock.advance(by: .milliseconds(10))
      await clock.waitForSleeper()
    }
    task.cancel()
    let result = await task.value
    #expect(result.map(\.position) == [120 * ms, 120 * ms])
    #expect(result[0].currentFrame == 1)
  }

  @Test func manualClockSleepWakesAtDeadline() async throws {
    let clock = ManualClock()
    let sleeper = Task { try await clock.sleep(until: .init(offset: .seconds(1))) }
    await clock.waitForSleeper()
    clock.advance(by: .milliseconds(999))
    #expect(clock.sleeperCount == 1)
    clock.advance(by: .milliseconds(1))
    try await sleeper.value
    #expect(clock.sleeperCount == 0)
  }
}
