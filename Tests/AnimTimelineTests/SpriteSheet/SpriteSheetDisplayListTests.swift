import Testing
@testable import AnimTimeline
import TimelineScript

/// The display list and the clips of tags, and the property that a
/// timeline playing a tag's clip shows exactly the tag's sequence, each
/// frame for its duration, through today's public timeline API.
@Suite struct SpriteSheetDisplayListTests {
  func list(_ tags: [AsepriteTag], frames: Int, limit: Int = 1 << 20) throws -> SpriteSheetDisplayList {
    try SpriteSheetDisplayList(durations: Array(repeating: 10, count: frames), tags: tags, limit: limit)
  }

  func tag(_ name: String, _ frames: ClosedRange<Int>, _ direction: AsepriteDirection, _ repeats: Int = 0) -> AsepriteTag {
    AsepriteTag(name: name, frames: frames, direction: direction, repeats: repeats)
  }

  @Test func theHashFixture() throws {
    let sheet = try AsepriteSheet(bytes: Array(AsepriteFixtures.hash.utf8))
    // walk 0...3 forward; back 1...3 reverse; idle 0...2 ping-pong (∞):
    // its cycle 0,1,2,1 appended at 4...7; attack 1...3 ping-pong reverse
    // repeat 3: 3,2,1 + 2,3 + 2,1 appended at 8...14.
    #expect(sheet.displayList.sheetFrames == [0, 1, 2, 3, 0, 1, 2, 1, 3, 2, 1, 2, 3, 2, 1])
    #expect(sheet.displayList.clips == [
      Clip(frames: 0...3, loops: .infinite, direction: .forward),
      Clip(frames: 1...3, loops: .infinite, direction: .reverse),
      Clip(frames: 4...7, loops: .infinite, direction: .forward),
      Clip(frames: 8...14, loops: try .plays(1), direction: .forward),
    ])
  }

  @Test func theArrayFixture() throws {
    let sheet = try AsepriteSheet(bytes: Array(AsepriteFixtures.array.utf8))
    #expect(sheet.displayList.sheetFrames == [0, 1, 2, 0, 1, 2, 1])
    #expect(try sheet.clip(named: "spin") == Clip(frames: 3...6, loops: .infinite, direction: .forward))
    #expect(try sheet.clip(named: "shine") == Clip(frames: 2...2, loops: .infinite, direction: .forward))
  }

  @Test func clipsWithoutAppendedFrames() throws {
    let tags = [
      tag("f3", 0...2, .forward, 3), tag("r2", 1...2, .reverse, 2),
      tag("p1", 0...2, .pingpong, 1), tag("q1", 0...2, .pingpongReverse, 1),
      tag("one", 1...1, .pingpong, 3), tag("oneq", 1...1, .pingpongReverse, 0),
    ]
    let list = try list(tags, frames: 3)
    #expect(list.sheetFrames == [0, 1, 2])
    #expect(list.clips == [
      Clip(frames: 0...2, loops: try .plays(3), direction: .forward),
      Clip(frames: 1...2, loops: try .plays(2), direction: .reverse),
      Clip(frames: 0...2, loops: try .plays(1), direction: .forward),
      Clip(frames: 0...2, loops: try .plays(1), direction: .reverse),
      Clip(frames: 1...1, loops: try .plays(3), direction: .forward),
      Clip(frames: 1...1, loops: .infinite, direction: .forward),
    ])
  }

  @Test func pingPongTagsShareTheirFrames() throws {
    let tags = [
      tag("a", 0...2, .pingpong), tag("b", 0...2, .pingpong), tag("c", 0...2, .pingpongReverse),
      tag("d", 0...2, .pingpong, 2), tag("e", 0...2, .pingpong, 2),
    ]
    let list = try list(tags, frames: 3)
    // a, b: 0,1,2,1 at 3...6; c: 2,1,0,1 at 7...10; d, e: 0,1,2,1,0 at 11...15.
    #expect(list.sheetFrames == [0, 1, 2, 0, 1, 2, 1, 2, 1, 0, 1, 0, 1, 2, 1, 0])
    #expect(list.clips.map(\.frames) == [3...6, 3...6, 7...10, 11...15, 11...15])
    #expect(list.clips.map(\.loops) == [.infinite, .infinite, .infinite, try .plays(1), try .plays(1)])
  }

  @Test func theLimitCountsEveryFrame() throws {
    let tags = [tag("p", 0...1, .pingpong, 4)]  // 2 + 3 = 5 frames appended
    #expect(try list(tags, frames: 2, limit: 7).sheetFrames.count == 7)
    #expect(throws: SpriteSheetError.displayListTooLong(tag: "p", limit: 6)) { try list(tags, frames: 2, limit: 6) }
  }

  @Test func aOneFrameSheetListsItsFrameTwice() throws {
    let list = try list([tag("hit", 0...0, .forward, 2)], frames: 1)
    #expect(list.sheetFrames == [0, 0])
    #expect(list.clips == [Clip(frames: 0...0, loops: try .plays(2), direction: .forward)])
    // So a timeline over it has ranges, and the tag plays and finishes.
    var timeline = try Self.timeline(list, durations: [5])
    #expect(!timeline.isStatic)
    let (shown, finished) = try Self.play(list.clips[0], on: &timeline, list: list, durations: [5], limit: 10)
    #expect(shown == [0, 0] && finished)
    #expect(throws: SpriteSheetError.durationOverflow) {
      try SpriteSheetDisplayList(durations: [Int64.max / 2 + 1], tags: [], limit: 100)
    }
  }

  @Test func durationsMustAddUp() {
    let big = Int64.max / 4
    #expect(throws: SpriteSheetError.durationOverflow) {
      try SpriteSheetDisplayList(durations: [big, big, big, big, big], tags: [], limit: 100)
    }
    // The appended frames count too: 2 frames then 0,1,0 appended.
    #expect(throws: SpriteSheetError.durationOverflow) {
      try SpriteSheetDisplayList(durations: [big, big], tags: [tag("p", 0...1, .pingpong, 2)], limit: 100)
    }
    #expect(throws: Never.self) {
      try SpriteSheetDisplayList(durations: [big, big], tags: [tag("p", 0...1, .forward, 2)], limit: 100)
    }
  }

  // MARK: Playing clips on a timeline

  /// A timeline over the display list: a synthetic provider whose frame
  /// *i* lasts as long as the sheet frame it shows. No max-step, so that
  /// one tick can cross a frame of any length.
  static func timeline(_ list: SpriteSheetDisplayList, durations: [Int64]) throws -> Timeline {
    try Timeline(
      provider: SyntheticFrameProvider(durations: list.sheetFrames.map { durations[$0] }),
      configuration: TimelineConfiguration(maxStep: .unlimited))
  }

  /// Plays `clip` from its start (as `play(clip:)` will) and returns the
  /// sheet frames shown, one per displayed slot, each checked to last its
  /// sheet frame's duration; stops after `limit` slots or at the end.
  static func play(
    _ clip: Clip, then queued: Clip? = nil, on timeline: inout Timeline,
    list: SpriteSheetDisplayList, durations: [Int64], limit: Int
  ) throws -> (frames: [Int], finished: Bool) {
    try timeline.setRange(clip.frames)
    try timeline.setLoops(clip.loops)
    timeline.direction = clip.direction ?? timeline.direction
    try timeline.queue(queued)
    timeline.play()
    var shown: [Int] = []
    while shown.count < limit && timeline.state != .finished {
      let sheetFrame = list.sheetFrames[timeline.currentFrame]
      shown.append(sheetFrame)
      let duration = durations[sheetFrame]
      if duration > 1 {
        _ = try timeline.tick(by: duration - 1)
        guard list.sheetFrames[timeline.currentFrame] == sheetFrame, timeline.state == .playing else {
          throw PropertyFailure(message: "left sheet frame \(sheetFrame) before its \(duration) ns")
        }
      }
      _ = try timeline.tick(by: 1)
    }
    return (shown, timeline.state == .finished)
  }

  @Test func aTimelinePlaysEachClipAsItsTag() {
    struct Case: CustomStringConvertible {
      var durations: [Int64]
      var tags: [AsepriteTag]
      var description: String {
        "durations \(durations); tags " + tags.map { "\($0.frames) \($0.direction) r\($0.repeats)" }.joined(separator: ", ")
      }
    }
    let gen = Gen<Case>(generate: { r in
      let count = r.int(in: 1...6)
      let durations = (0..<count).map { _ in r.int64(in: 1...4) }
      let tags = (0..<r.int(in: 1...4)).map { index -> AsepriteTag in
        let from = r.int(in: 0...(count - 1))
        let to = r.int(in: from...(count - 1))
        return AsepriteTag(
          name: "t\(index)", frames: from...to, direction: r.element(of: AsepriteDirection.allCases),
          repeats: r.element(of: [0, 0, 1, 2, 3, 4, 5]))
      }
      return Case(durations: durations, tags: tags)
    }, shrink: { c in
      c.tags.count > 1 ? c.tags.indices.map { i in var s = c; s.tags = [c.tags[i]]; return s } : []
    })
    forAll("SpriteSheetDisplayListTests.aTimelinePlaysEachClipAsItsTag", gen: gen, iterations: 300) { c in
      let list = try SpriteSheetDisplayList(durations: c.durations, tags: c.tags, limit: 1 << 20)
      var timeline = try Self.timeline(list, durations: c.durations)
      for (tag, clip) in zip(c.tags, list.clips) {
        let finite = tag.repeats > 0
        let wanted = finite ? tag.stepCount : 3 * tag.cycleLength + 2
        let (shown, finished) = try Self.play(clip, on: &timeline, list: list, durations: c.durations, limit: wanted)
        let expected = (0..<wanted).map(tag.sheetFrame(atStep:))
        try ensure(shown == expected, "\(tag.name): shown \(shown), expected \(expected)")
        try ensure(finished == finite, "\(tag.name): finished \(finished)")
        if finite {
          // A finished clip holds its last frame.
          try ensure(list.sheetFrames[timeline.currentFrame] == expected.last, "\(tag.name): held \(timeline.currentFrame)")
        }
      }
      return true
    }
  }

  /// "Play attack once, then back to idle": the attack clip with the idle
  /// clip queued shows the attack's whole play, then idle from its start,
  /// with no frame lost or doubled at the switch.
  @Test func attackOnceThenIdle() throws {
    let sheet = try AsepriteSheet(bytes: Array(AsepriteFixtures.hash.utf8))
    let durations = sheet.frames.map(\.duration)
    var timeline = try Self.timeline(sheet.displayList, durations: durations)
    let attack = try sheet.clip(named: "attack")
    let idle = try sheet.clip(named: "idle")
    let (shown, finished) = try Self.play(
      attack, then: idle, on: &timeline, list: sheet.displayList, durations: durations, limit: 7 + 9)
    // attack: ping-pong reverse 1...3, repeat 3; idle: ping-pong 0...2 forever.
    #expect(shown == [3, 2, 1, 2, 3, 2, 1] + [0, 1, 2, 1, 0, 1, 2, 1, 0])
    #expect(!finished && timeline.queued == nil)
  }

  /// The timeline's own `.alternate` shows a turn's end frame twice, which
  /// is why ping-pong tags get appended frames instead.
  @Test func alternateWouldDoubleTheTurnFrames() throws {
    let durations: [Int64] = [1, 1, 1]
    let list = try SpriteSheetDisplayList(durations: durations, tags: [], limit: 100)
    var timeline = try Self.timeline(list, durations: durations)
    let (shown, _) = try Self.play(
      Clip(frames: 0...2, loops: try .plays(2), direction: .alternate), on: &timeline, list: list,
      durations: durations, limit: 10)
    #expect(shown == [0, 1, 2, 2, 1, 0])
    #expect(shown != (0..<5).map(AsepriteTag(name: "p", frames: 0...2, direction: .pingpong, repeats: 2).sheetFrame(atStep:)))
  }
}
