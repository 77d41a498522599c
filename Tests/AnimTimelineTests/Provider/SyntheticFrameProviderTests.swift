import Testing
@testable import AnimTimeline

@Suite struct SyntheticFrameProviderTests {
  @Test func rejectsEmptyAndNegative() {
    #expect(throws: TimelineError.noFrames) { try SyntheticFrameProvider(durations: [Int64]()) }
    #expect(throws: TimelineError.negativeDuration(frame: 1, nanoseconds: -1)) {
      try SyntheticFrameProvider(durations: [5, -1])
    }
    #expect(throws: TimelineError.durationOverflow) {
      try SyntheticFrameProvider(durations: [Int64.max, 1])
    }
  }

  @Test func framesAreIndices() throws {
    let provider = try SyntheticFrameProvider(durations: [1, 2, 3])
    #expect(try provider.frame(at: 2) == 2)
    #expect(throws: FrameProviderError.indexOutOfRange(index: 3, count: 3)) { try provider.frame(at: 3) }
  }
}
