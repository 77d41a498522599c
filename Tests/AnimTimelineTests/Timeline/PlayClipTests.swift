import AnimTimeline
import Testing

/// `play(clip:then:)`: one call plays a clip from its start, with the next
/// one queued (issue 13: "attack once, then idle").
@Suite struct PlayClipTests {
  /// 13 frames of 100 ms: idle 0...3, walk 4...9, attack 10...12.
  func hero() throws -> Timeline {
    try Timeline(provider: SyntheticFrameProvider(durations: Array(repeating: 100_000_000, count: 13)))
  }

  @Test func attackOnceThenIdle() throws {
    var hero = try hero()
    try hero.play(clip: Clip(frames: 4...9, loops: .infinite))
    try hero.tick(by: 250_000_000)
    #expect(hero.currentFrame == 6 && hero.state == .playing)

    let attack = Clip(frames: 10...12, loops: .once, direction: .forward)
    let idle = Clip(frames: 0...3, loops: .infinite)
    try hero.play(clip: attack, then: idle)
    #expect(hero.range == 10...12 && hero.position == 0 && hero.currentFrame == 10 && hero.queued == idle)
    let events = try hero.tick(by: 350_000_000)  // 300 ms of attack, 50 of idle
    #expect(events.rangeSwitch != nil)
    #expect(hero.range == 0...3 && hero.currentFrame == 0 && hero.position == 50_000_000 && hero.queued == nil)
  }

  @Test func aClipTakesItsDirectionAndEmptiesTheQueue() throws {
    var hero = try hero()
    try hero.queue(Clip(frames: 0...3, loops: .infinite))
    try hero.play(clip: Clip(frames: 4...9, loops: 2, direction: .reverse))
    #expect(hero.queued == nil && hero.direction == .reverse && hero.currentFrame == 9)
    #expect(hero.loops == 2 && hero.totalDuration == 1_200_000_000)
    try hero.tick(by: 600_000_000)  // max-step is 1 s
    try hero.tick(by: 600_000_000)
    #expect(hero.state == .finished && hero.currentFrame == 4)
  }

  @Test func allOrNothing() throws {
    var hero = try hero()
    try hero.setRange(4...9)
    let before = hero.range
    #expect(throws: TimelineError.rangeOutOfBounds(lower: 0, upper: 13, count: 13)) {
      try hero.play(clip: Clip(frames: 10...12, loops: .once), then: Clip(frames: 0...13, loops: .once))
    }
    #expect(hero.range == before && hero.state == .stopped && hero.queued == nil)
  }
}
