import Testing
@testable import AnimTimeline
@testable import TimelineDemo

/// The README's code, compiled and run, so it stays true.
@Suite struct ReadmeExamplesTests {
  @Test func gameLoop() throws {
    struct Sprite { var frame = 0 }
    var sprite = Sprite()
    var frames = 0
    var running: Bool { frames < 30 }
    func render() { frames += 1 }

    var timeline = try Timeline(provider: SyntheticFrameProvider(
      durations: [100_000_000, 50_000_000, 70_000_000]))   // nanoseconds
    timeline.play()

    var driver = TimelineDriver(clock: ContinuousClock())
    while running {
      for event in driver.tick(&timeline) {                // time since last frame
        if case let .frameChanged(_, to, _) = event { sprite.frame = to }
      }
      render()
    }
    #expect(sprite.frame == timeline.currentFrame)
  }

  @Test func serverLoop() async throws {
    let gif = try GIFFrameProvider(bytes: SampleGIF.bytes)  // README: contentsOfFile:
    let loop = Task {
      var prototype = try Timeline(provider: gif)
      prototype.play()
      var timelines = Array(repeating: prototype, count: 1000)  // copies share one frame table
      var driver = TimelineDriver(clock: ContinuousClock())
      await driver.run(&timelines, every: .milliseconds(16)) { index, events in
        // push `events` to client `index`
      }
      return timelines.count
    }
    // ... later
    loop.cancel()
    #expect(try await loop.value == 1000)
  }
}
