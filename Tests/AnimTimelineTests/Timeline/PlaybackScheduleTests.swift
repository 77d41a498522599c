import Testing
@testable import AnimTimeline

/// `Timeline.playbackSchedule(framesPerSecond:)` against the timeline
/// itself: a fresh timeline, played and ticked to each entry's or
/// sample's wall-clock time, shows the frame the schedule says.
@Suite struct PlaybackScheduleTests {
  /// A timeline setup the generator draws.
  struct Setup: CustomStringConvertible {
    var durations: [Int64]
    var plays: Int64?
    var direction: PlaybackDirection
    var rate: Int64
    var range: ClosedRange<Int>?

    var description: String {
      "durations \(durations) plays \(plays.map(String.init) ?? "inf") \(direction) rate \(rate) range \(range.map { "\($0)" } ?? "all")"
    }

    func make() throws -> Timeline? {
      let provider = try SyntheticFrameProvider(durations: durations, loopCount: .once)
      let loops: LoopCount = try plays.map { try LoopCount.plays($0) } ?? .infinite
      var timeline = try Timeline(
        provider: provider,
        configuration: TimelineConfiguration(
          loops: loops, direction: direction, rate: try Rate(millionths: rate), maxStep: .unlimited))
      if timeline.isStatic { return nil }
      if let range {
        guard range.upperBound < durations.count, durations[range].contains(where: { $0 > 0 }) else { return nil }
        try timeline.setRange(range)
      }
      return timeline
    }
  }

  static var setups: Gen<Setup> { zip(
    zip(
      Gen<[Int64]>.array(of: .frequency([(1, .constant(0)), (6, .int64(in: 1...9))]), count: 2...6),
      Gen<Int64>.int64(in: 0...4),
      Gen<PlaybackDirection>.element(of: PlaybackDirection.allCases)),
    Gen<Int64>.element(of: [1_000_000, 2_000_000, 500_000, 3_000_000, 1_500_000, -1_000_000, -2_000_000, -700_000]),
    zip(Gen<Int>.int(in: 0...3), Gen<Int>.int(in: 0...5))
  ).map(
    { head, rate, bounds in
      let (units, plays, direction) = head
      let range = bounds.0 <= bounds.1 && bounds.0 > 0 ? bounds.0...bounds.1 : nil
      return Setup(
        durations: units.map { $0 * 10_000_000 }, plays: plays == 0 ? nil : plays, direction: direction,
        rate: rate, range: range)
    },
    shrink: { _ in [] }) }

  /// The frame a fresh copy of `setup` shows after playing for `wall`
  /// nanoseconds in one tick (moving backward, 1 ns later: a backward
  /// slot shows from just after its upper end).
  static func frame(_ setup: Setup, at wall: Int64) throws -> Int {
    var timeline = try setup.make()!
    timeline.play()
    _ = try timeline.tick(by: wall)
    return timeline.currentFrame
  }

  @Test func entriesFollowTheDisplayOrderAtUnitRate() {
    forAll("PlaybackScheduleTests.entriesFollowTheDisplayOrderAtUnitRate", gen: Self.setups, iterations: 400) { setup in
      var setup = setup
      setup.rate = setup.rate < 0 ? -1_000_000 : 1_000_000
      // An infinite timeline moving backward finishes at once (section 9.2).
      if setup.rate < 0 && setup.plays == nil { setup.plays = 2 }
      guard let timeline = try setup.make() else { return true }
      let schedule = try timeline.playbackSchedule()
      var elapsed: Int64 = 0
      for (index, entry) in schedule.entries.enumerated() {
        try ensure(entry.duration > 0, "\(setup): entry \(index) lasts \(entry.duration) ns")
        if index > 0 { try ensure(schedule.entries[index - 1].frame != entry.frame, "\(setup): entry \(index) repeats its frame") }
        let shown = try Self.frame(setup, at: elapsed + (setup.rate < 0 ? 1 : 0))
        try ensure(shown == entry.frame, "\(setup): at \(elapsed) ns the timeline shows \(shown), the schedule \(entry.frame)")
        elapsed += entry.duration
      }
      // One period, repeated `loops` times, is the whole play.
      if let plays = setup.plays, let scheduled = schedule.loops.plays {
        try ensure(elapsed * scheduled == timeline.totalDuration!, "\(setup): \(elapsed) ns × \(scheduled) plays ≠ \(timeline.totalDuration!)")
        try ensure(plays % scheduled == 0, "\(setup): \(scheduled) plays of the schedule")
      } else {
        try ensure(schedule.loops.isInfinite, "\(setup): infinite loops give \(schedule.loops)")
      }
      return true
    }
  }

  @Test func samplesAreWhatTheTimelineShowsAtEachInstant() {
    let gen = zip(Self.setups, Gen<Int>.element(of: [1, 2, 4, 5, 8, 10, 20, 25, 40, 50, 100, 125, 200]))
    forAll("PlaybackScheduleTests.samplesAreWhatTheTimelineShowsAtEachInstant", gen: gen, iterations: 300) { setup, fps in
      var setup = setup
      if setup.rate < 0 && setup.plays == nil { setup.plays = 2 }
      guard let timeline = try setup.make() else { return true }
      let schedule = try timeline.playbackSchedule(framesPerSecond: fps)
      let step = Int64(1_000_000_000 / fps)
      let total = schedule.entries.reduce(0) { $0 + $1.duration }
      // The whole span: the position span at the rate, to the nanosecond.
      let span = try timeline.playbackSchedule().entries.reduce(0) { $0 + $1.duration }
      try ensure(total == span, "\(setup) at \(fps) fps: \(total) ns, not \(span)")
      var entry = 0
      var entryEnd = schedule.entries[0].duration
      var instant: Int64 = 0
      while instant < total {
        while instant >= entryEnd {
          entry += 1
          entryEnd += schedule.entries[entry].duration
        }
        // The tick that reaches `instant` of wall time, exactly.
        let shown = try Self.frame(setup, at: instant)
        try ensure(
          shown == schedule.entries[entry].frame,
          "\(setup) at \(fps) fps: at \(instant) ns the timeline shows \(shown), the schedule \(schedule.entries[entry].frame)")
        instant += step
      }
      return true
    }
  }

  @Test func wallTimesAreRoundedBoundariesThatDoNotDrift() throws {
    // 3 frames of 10 ms at rate 3: 3.333… ms each, boundaries rounded.
    let provider = try SyntheticFrameProvider(durations: [10_000_000, 10_000_000, 10_000_000], loopCount: .once)
    let timeline = try Timeline(provider: provider, configuration: TimelineConfiguration(rate: 3.0))
    let schedule = try timeline.playbackSchedule()
    #expect(schedule.entries.map(\.frame) == [0, 1, 2])
    #expect(schedule.entries.map(\.duration) == [3_333_333, 3_333_334, 3_333_333])
    #expect(schedule.loops == .once)
  }

  @Test func alternatingWithOddPlaysIsWrittenOut() throws {
    let provider = try SyntheticFrameProvider(durations: [1, 2, 3], loopCount: .once)
    let timeline = try Timeline(
      provider: provider, configuration: TimelineConfiguration(loops: 3, direction: .alternate))
    let schedule = try timeline.playbackSchedule()
    // 0 1 2 | 2 1 0 | 0 1 2: the turns merge.
    #expect(schedule.entries.map(\.frame) == [0, 1, 2, 1, 0, 1, 2])
    #expect(schedule.entries.map(\.duration) == [1, 2, 6, 2, 2, 2, 3])
    #expect(schedule.loops == .once)
    let even = try Timeline(provider: provider, configuration: TimelineConfiguration(loops: 4, direction: .alternate))
    #expect(try even.playbackSchedule().loops == 2)
  }

  @Test func badRequestsThrow() throws {
    let provider = try SyntheticFrameProvider(durations: [1, 2], loopCount: .once)
    let stopped = try Timeline(provider: provider, configuration: TimelineConfiguration(rate: .zero))
    #expect(throws: TimelineError.self) { try stopped.playbackSchedule() }
    let timeline = try Timeline(provider: provider)
    #expect(throws: TimelineError.self) { try timeline.playbackSchedule(framesPerSecond: 0) }
    // A rate of one millionth makes 2^62 ns of content 2^62 × 10^6 ns long.
    let long = try SyntheticFrameProvider(durations: [1 << 62, 1], loopCount: .once)
    let slow = try Timeline(provider: long, configuration: TimelineConfiguration(rate: try Rate(millionths: 1)))
    #expect(throws: TimelineError.durationOverflow) { try slow.playbackSchedule() }
    let many = try SyntheticFrameProvider(durations: [1, 1], loopCount: .once)
    let unrolled = try Timeline(provider: many, configuration: TimelineConfiguration(loops: try .plays(1_000_001), direction: .alternate))
    #expect(throws: TimelineError.self) { try unrolled.playbackSchedule() }
  }

  @Test func aStaticTimelineIsOneFrame() throws {
    let provider = try SyntheticFrameProvider(durations: [0, 5, 0], loopCount: .infinite)
    let timeline = try Timeline(provider: provider, configuration: TimelineConfiguration(rate: 0.5))
    let schedule = try timeline.playbackSchedule()
    #expect(schedule.entries == [PlaybackSchedule.Entry(frame: 1, duration: 10)])
    #expect(schedule.loops == .once)
  }
}
