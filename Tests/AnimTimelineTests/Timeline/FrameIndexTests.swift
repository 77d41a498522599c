import Testing
import AnimTimeline

/// `frameIndex(at:)`: the frame a forward timeline shows at a time, what
/// `timeline-demo frame --at` exports.
@Suite struct FrameIndexTests {
  @Test func frameAtTime() throws {
    func frame(_ t: Int64, _ d: [Int64], _ loops: LoopCount) throws -> Int {
      try Timeline(provider: SyntheticFrameProvider(durations: d, loopCount: loops)).frameIndex(at: t)
    }
    let d: [Int64] = [100, 0, 50, 200]
    #expect(try frame(0, d, .infinite) == 0)
    #expect(try frame(99, d, .infinite) == 0)
    #expect(try frame(100, d, .infinite) == 2)
    #expect(try frame(150, d, .infinite) == 3)
    #expect(try frame(350, d, .infinite) == 0)
    let twice = try LoopCount.plays(2)
    #expect(try frame(699, d, twice) == 3)
    #expect(try frame(700, d, twice) == 3)
    #expect(try frame(10_000, [5, 5, 0], twice) == 1)
    #expect(try frame(0, [0, 0], twice) == 0)  // static with no shown frame: frame 0
  }
}
