import Testing
@testable import AnimTimeline

/// The README's code examples, compiled and run on a ``ManualClock`` so
/// that what they compute can be checked: the frames the game loop shows,
/// the events the server loop delivers.
@Suite struct ReadmeExamplesTests {
  /// README "Game loop": the loop as written, with the clock a manual one
  /// that `render()` moves on by 20 ms, run for 30 frames.
  @Test func gameLoop() throws {
    struct Sprite { var frame = 0 }
    var sprite = Sprite()
    let clock = ManualClock()
    var rendered = 0
    var running: Bool { rendered < 30 }
    var shown: [Int] = []  // every frame the sprite was given
    func render() {
      rendered += 1
      clock.advance(by: .milliseconds(20))
    }

    var timeline = try Timeline(provider: SyntheticFrameProvider(
      durations: [100_000_000, 50_000_000, 70_000_000]))   // nanoseconds
    timeline.play()

    var driver = TimelineDriver(clock: clock)               // README: ContinuousClock()
    while running {
      for event in driver.tick(&timeline) {                // time since last frame
        if case let .frameChanged(_, to, _) = event { sprite.frame = to; shown.append(to) }
      }
      render()
    }
    // The first tick anchors; the other 29 advance 20 ms each: 580 ms of a
    // 220 ms loop (frames start at 0, 100, 150 ms), so frame 1 comes at
    // 100 ms, frame 2 at 160 (150), frame 0 at 220, and so on; 580 ms is
    // in frame 1 of the third play (540..590).
    #expect(timeline.position == 580_000_000)
    #expect(shown == [1, 2, 0, 1, 2, 0, 1])
    #expect(sprite.frame == 1 && timeline.currentFrame == 1)
    #expect(timeline.completedIterations == 2)
  }

  /// README "Server loop": the loop as written, over a looping two-frame
  /// GIF (100 ms each) on a manual clock, ticked 13 times (208 ms): every one
  /// of the 1,000 clients gets its two frame changes (at 100 and 200 ms).
  @Test func serverLoop() async throws {
    var file = GIFEncoder(screenWidth: 2, screenHeight: 2)
    file.loopCount = 0  // NETSCAPE 0: loops forever
    for fill in [UInt8(1), 2] {
      var frame = GIFEncoder.Frame(width: 2, height: 2, fill: fill)
      frame.delay = 10  // centiseconds
      file.frames.append(frame)
    }
    let clock = ManualClock()

    let gif = try GIFFrameProvider(bytes: file.encode())  // README: contentsOfFile: "spinner.gif"
    let loop = Task {
      var prototype = try Timeline(provider: gif)
      prototype.play()
      var timelines = Array(repeating: prototype, count: 1000)  // copies share one frame table
      let driver = TimelineDriver(clock: clock)                // README: ContinuousClock()
      var delivered = [[TimelineEvent]](repeating: [], count: timelines.count)
      await driver.run(every: .milliseconds(16)) { nanoseconds, mode in
        for index in timelines.indices {
          // push `events` to client `index`
          if let events = try? timelines[index].tick(by: nanoseconds, mode: mode) { delivered[index] += Array(events) }
        }
      }
      return (timelines, delivered)
    }
    await clock.waitForSleeper()
    for _ in 0..<13 {
      clock.advance(by: .milliseconds(16))
      await clock.waitForSleeper()
    }
    // ... later
    loop.cancel()
    let (timelines, delivered) = try await loop.value
    #expect(timelines.count == 1000)
    #expect(timelines.allSatisfy { $0.position == 208_000_000 && $0.currentFrame == 0 })
    let expected: [TimelineEvent] = [
      .frameChanged(from: 0, to: 1, slots: 1), .frameChanged(from: 1, to: 0, slots: 1), .loopCompleted(completed: 1),
    ]
    #expect(delivered.allSatisfy { $0 == expected })
  }
}

extension ReadmeExamplesTests {
  /// README "Sprites": the example as written, with `print` replaced by
  /// what it prints, checked.
  @Test func spritesRangesQueueAndCues() throws {
    var printed = ""
    func print(_ items: Any...) { printed = items.map { "\($0)" }.joined(separator: " ") }

    // 13 frames of 100 ms: idle 0...3, walk 4...9, attack 10...12.
    var hero = try Timeline(provider: SyntheticFrameProvider(
      durations: Array(repeating: 100_000_000, count: 13)))
    try hero.setRange(4...9)                            // walk, looping
    try hero.addCue("footstep", frame: 5)
    try hero.addCue("footstep", frame: 8)
    hero.play()

    var footsteps = 0
    func update(by nanoseconds: Int64) throws {
      let events = try hero.tick(by: nanoseconds)
      for hit in hero.cueHits(in: events) {             // no allocation
        footsteps += Int(hit.count)                     // play the sound hit.count times
      }
    }
    for _ in 0..<60 { try update(by: 16_666_667) }      // one second: 4 footsteps
    #expect(footsteps == 4)  // frame 5 at 100 and 700 ms, frame 8 at 400 and 1000 ms (60 ticks: 1000.00002 ms)
    try update(by: 500_000_000)                          // a stall: the step on frame 5 still counts
    #expect(footsteps == 5)  // 1000 -> 1500 ms jumps over frame 5 at 1300 ms
    #expect(hero.currentFrame == 7)

    try hero.setRange(10...12)                           // attack once...
    try hero.setLoops(.plays(1))
    try hero.queue(Clip(frames: 0...3, loops: .infinite))  // ...then back to idle
    try update(by: 350_000_000)                          // 300 ms of attack, 50 ms of idle
    print(footsteps, hero.range, hero.currentFrame)      // 5 0...3 0

    #expect(printed == "5 0...3 0")
    #expect(hero.position == 50_000_000 && hero.queued == nil && hero.state == .playing)
  }
}
