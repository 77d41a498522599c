import Testing
@testable import AnimTimeline
import TimelineScript

/// The frames an Aseprite tag shows, checked against a table written out by
/// hand from Aseprite's documented rules (aseprite.org/api/tag,
/// `Tag.repeats`: 0 = "∞", once on export, once each way for ping-pong;
/// 1 = once, one direction for ping-pong; 2 = twice, once each way;
/// n = n passes) and its player's behaviour (a ping-pong turn does not show
/// the end frame twice; a one-frame tag shows its frame once a pass).
/// Tags cover sheet frames 1...n.
@Suite struct AsepriteTagPlaybackTests {
  typealias Row = (direction: AsepriteDirection, repeats: Int, n: Int, play: [Int])

  /// One play: every direction × repeat 0...3 × n 1...4. For repeat 0 the
  /// play is what Aseprite exports (once; ping-pong once each way).
  static let table: [Row] = [
    (.forward, 0, 1, [1]),
    (.forward, 1, 1, [1]),
    (.forward, 2, 1, [1, 1]),
    (.forward, 3, 1, [1, 1, 1]),
    (.forward, 0, 2, [1, 2]),
    (.forward, 1, 2, [1, 2]),
    (.forward, 2, 2, [1, 2, 1, 2]),
    (.forward, 3, 2, [1, 2, 1, 2, 1, 2]),
    (.forward, 0, 3, [1, 2, 3]),
    (.forward, 1, 3, [1, 2, 3]),
    (.forward, 2, 3, [1, 2, 3, 1, 2, 3]),
    (.forward, 3, 3, [1, 2, 3, 1, 2, 3, 1, 2, 3]),
    (.forward, 0, 4, [1, 2, 3, 4]),
    (.forward, 1, 4, [1, 2, 3, 4]),
    (.forward, 2, 4, [1, 2, 3, 4, 1, 2, 3, 4]),
    (.forward, 3, 4, [1, 2, 3, 4, 1, 2, 3, 4, 1, 2, 3, 4]),

    (.reverse, 0, 1, [1]),
    (.reverse, 1, 1, [1]),
    (.reverse, 2, 1, [1, 1]),
    (.reverse, 3, 1, [1, 1, 1]),
    (.reverse, 0, 2, [2, 1]),
    (.reverse, 1, 2, [2, 1]),
    (.reverse, 2, 2, [2, 1, 2, 1]),
    (.reverse, 3, 2, [2, 1, 2, 1, 2, 1]),
    (.reverse, 0, 3, [3, 2, 1]),
    (.reverse, 1, 3, [3, 2, 1]),
    (.reverse, 2, 3, [3, 2, 1, 3, 2, 1]),
    (.reverse, 3, 3, [3, 2, 1, 3, 2, 1, 3, 2, 1]),
    (.reverse, 0, 4, [4, 3, 2, 1]),
    (.reverse, 1, 4, [4, 3, 2, 1]),
    (.reverse, 2, 4, [4, 3, 2, 1, 4, 3, 2, 1]),
    (.reverse, 3, 4, [4, 3, 2, 1, 4, 3, 2, 1, 4, 3, 2, 1]),

    (.pingpong, 0, 1, [1, 1]),
    (.pingpong, 1, 1, [1]),
    (.pingpong, 2, 1, [1, 1]),
    (.pingpong, 3, 1, [1, 1, 1]),
    (.pingpong, 0, 2, [1, 2, 1]),
    (.pingpong, 1, 2, [1, 2]),
    (.pingpong, 2, 2, [1, 2, 1]),
    (.pingpong, 3, 2, [1, 2, 1, 2]),
    (.pingpong, 0, 3, [1, 2, 3, 2, 1]),
    (.pingpong, 1, 3, [1, 2, 3]),
    (.pingpong, 2, 3, [1, 2, 3, 2, 1]),
    (.pingpong, 3, 3, [1, 2, 3, 2, 1, 2, 3]),
    (.pingpong, 0, 4, [1, 2, 3, 4, 3, 2, 1]),
    (.pingpong, 1, 4, [1, 2, 3, 4]),
    (.pingpong, 2, 4, [1, 2, 3, 4, 3, 2, 1]),
    (.pingpong, 3, 4, [1, 2, 3, 4, 3, 2, 1, 2, 3, 4]),

    (.pingpongReverse, 0, 1, [1, 1]),
    (.pingpongReverse, 1, 1, [1]),
    (.pingpongReverse, 2, 1, [1, 1]),
    (.pingpongReverse, 3, 1, [1, 1, 1]),
    (.pingpongReverse, 0, 2, [2, 1, 2]),
    (.pingpongReverse, 1, 2, [2, 1]),
    (.pingpongReverse, 2, 2, [2, 1, 2]),
    (.pingpongReverse, 3, 2, [2, 1, 2, 1]),
    (.pingpongReverse, 0, 3, [3, 2, 1, 2, 3]),
    (.pingpongReverse, 1, 3, [3, 2, 1]),
    (.pingpongReverse, 2, 3, [3, 2, 1, 2, 3]),
    (.pingpongReverse, 3, 3, [3, 2, 1, 2, 3, 2, 1]),
    (.pingpongReverse, 0, 4, [4, 3, 2, 1, 2, 3, 4]),
    (.pingpongReverse, 1, 4, [4, 3, 2, 1]),
    (.pingpongReverse, 2, 4, [4, 3, 2, 1, 2, 3, 4]),
    (.pingpongReverse, 3, 4, [4, 3, 2, 1, 2, 3, 4, 3, 2, 1]),
  ]

  /// What a tag with repeat 0 repeats forever in a game (Aseprite's editor
  /// loops it): the cycle, by direction and n.
  static let cycles: [(direction: AsepriteDirection, n: Int, cycle: [Int])] = [
    (.forward, 1, [1]), (.forward, 2, [1, 2]), (.forward, 3, [1, 2, 3]), (.forward, 4, [1, 2, 3, 4]),
    (.reverse, 1, [1]), (.reverse, 2, [2, 1]), (.reverse, 3, [3, 2, 1]), (.reverse, 4, [4, 3, 2, 1]),
    (.pingpong, 1, [1]), (.pingpong, 2, [1, 2]), (.pingpong, 3, [1, 2, 3, 2]), (.pingpong, 4, [1, 2, 3, 4, 3, 2]),
    (.pingpongReverse, 1, [1]), (.pingpongReverse, 2, [2, 1]), (.pingpongReverse, 3, [3, 2, 1, 2]),
    (.pingpongReverse, 4, [4, 3, 2, 1, 2, 3]),
  ]

  static func tag(_ direction: AsepriteDirection, repeats: Int, frames: ClosedRange<Int>) -> AsepriteTag {
    AsepriteTag(name: "t", frames: frames, direction: direction, repeats: repeats)
  }

  /// The steps of one play.
  static func play(_ tag: AsepriteTag) -> [Int] {
    (0..<tag.stepCount).map(tag.sheetFrame(atStep:))
  }

  @Test func theTableCoversEveryCase() {
    #expect(Self.table.count == 4 * 4 * 4)
    for direction in AsepriteDirection.allCases {
      for repeats in 0...3 {
        for n in 1...4 {
          #expect(Self.table.contains { $0.direction == direction && $0.repeats == repeats && $0.n == n })
        }
      }
    }
  }

  @Test(arguments: 0..<64)
  func onePlayMatchesTheTable(row index: Int) {
    let row = Self.table[index]
    let tag = Self.tag(row.direction, repeats: row.repeats, frames: 1...row.n)
    #expect(Self.play(tag) == row.play, "\(row.direction) repeat \(row.repeats) n \(row.n)")
    #expect(tag.stepCount == row.play.count)
  }

  @Test func foreverRepeatsTheCycle() {
    for row in Self.cycles {
      let tag = Self.tag(row.direction, repeats: 0, frames: 1...row.n)
      #expect(tag.cycleLength == row.cycle.count)
      let shown = (0..<(3 * row.cycle.count)).map(tag.sheetFrame(atStep:))
      #expect(shown == row.cycle + row.cycle + row.cycle, "\(row.direction) n \(row.n)")
      // Negative steps continue the cycle backward.
      #expect(tag.sheetFrame(atStep: -1) == row.cycle.last)
      #expect(tag.sheetFrame(atStep: Int.min) == row.cycle[Int(((Int.min % row.cycle.count) + row.cycle.count) % row.cycle.count)])
    }
  }

  /// Each finite play is the start of the endless sequence.
  @Test func aPlayIsAPrefixOfPlayingForever() {
    for row in Self.table where row.repeats > 0 {
      let forever = Self.tag(row.direction, repeats: 0, frames: 1...row.n)
      let shown = (0..<row.play.count).map(forever.sheetFrame(atStep:))
      #expect(shown == row.play)
    }
  }

  /// The single-tag sequences of Aseprite's own playback tests
  /// (src/doc/playback_tests.cpp: OnceTag, SimplePingPong2 to 6,
  /// SimplePingPong3Repeats, the tags of FourTags), as data.
  @Test func agreesWithAsepritesPlaybackTests() {
    let cases: [(AsepriteDirection, ClosedRange<Int>, Int, [Int])] = [
      (.forward, 1...3, 0, [1, 2, 3]),
      (.reverse, 1...3, 0, [3, 2, 1]),
      (.pingpong, 1...3, 0, [1, 2, 3, 2, 1]),
      (.pingpongReverse, 1...3, 0, [3, 2, 1, 2, 3]),
      (.pingpong, 0...1, 2, [0, 1, 0]),
      (.pingpong, 0...1, 3, [0, 1, 0, 1]),
      (.pingpong, 0...0, 1, [0]),
      (.pingpong, 0...0, 3, [0, 0, 0]),
      (.pingpong, 0...0, 0, [0, 0]),
      (.pingpong, 0...2, 3, [0, 1, 2, 1, 0, 1, 2]),
      (.forward, 1...2, 1, [1, 2]),
      (.reverse, 3...5, 2, [5, 4, 3, 5, 4, 3]),
      (.pingpong, 6...8, 3, [6, 7, 8, 7, 6, 7, 8]),
      (.pingpongReverse, 10...12, 2, [12, 11, 10, 11, 12]),
      (.forward, 1...2, 2, [1, 2, 1, 2]),
    ]
    for (direction, frames, repeats, expected) in cases {
      #expect(Self.play(Self.tag(direction, repeats: repeats, frames: frames)) == expected, "\(direction) \(frames) \(repeats)")
    }
  }

  @Test func passesAndCounts() {
    #expect(Self.tag(.forward, repeats: 0, frames: 0...4).passes == 1)
    #expect(Self.tag(.reverse, repeats: 0, frames: 0...4).passes == 1)
    #expect(Self.tag(.pingpong, repeats: 0, frames: 0...4).passes == 2)
    #expect(Self.tag(.pingpongReverse, repeats: 0, frames: 0...4).passes == 2)
    #expect(Self.tag(.pingpong, repeats: 7, frames: 0...4).passes == 7)
    #expect(Self.tag(.pingpong, repeats: 65_535, frames: 0...65_534).stepCount == 65_535 + 65_534 * 65_534)
    #expect(Self.tag(.forward, repeats: .max, frames: 0...1).stepCount == .max)
    #expect(Self.tag(.pingpong, repeats: .max, frames: 0...2).stepCount == .max)
  }

  // MARK: An independent model (AsepriteWalkModel)

  @Test func matchesTheWalkModel() {
    struct Case: CustomStringConvertible {
      var direction: AsepriteDirection
      var from: Int
      var n: Int
      var repeats: Int
      var description: String { "\(direction) \(from)...\(from + n - 1) repeat \(repeats)" }
    }
    let gen = Gen<Case>(generate: { r in
      Case(
        direction: r.element(of: AsepriteDirection.allCases), from: r.int(in: 0...20), n: r.int(in: 1...9),
        repeats: r.int(in: 0...7))
    }, shrink: { c in
      var out: [Case] = []
      if c.n > 1 { var s = c; s.n -= 1; out.append(s) }
      if c.repeats > 0 { var s = c; s.repeats -= 1; out.append(s) }
      if c.from > 0 { var s = c; s.from = 0; out.append(s) }
      return out
    })
    forAll("AsepriteTagPlaybackTests.matchesTheWalkModel", gen: gen, iterations: 2_000) { c in
      let tag = AsepriteTag(name: "t", frames: c.from...(c.from + c.n - 1), direction: c.direction, repeats: c.repeats)
      let to = c.from + c.n - 1
      let play = AsepriteWalkModel.walk(from: c.from, to: to, direction: c.direction, passes: tag.passes, count: .max)
      try ensure(Self.play(tag) == play, "play \(Self.play(tag)) != walk \(play)")
      // Playing forever: many passes of the walk.
      let forever = AsepriteWalkModel.walk(from: c.from, to: to, direction: c.direction, passes: .max, count: 50)
      let shown = (0..<50).map(tag.sheetFrame(atStep:))
      try ensure(shown == forever, "forever \(shown) != walk \(forever)")
      return true
    }
  }
}
