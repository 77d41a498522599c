import AnimTimeline
import Testing

/// A provider that reports its own failures (issue 12): frames come from a
/// "stream" that can break off, with the provider's own error type.
private struct StreamedFrames: FrameProvider {
  enum Failure: Error, Equatable {
    case notReceivedYet(frame: Int)
    case outOfRange(Int)
  }

  var received: Int
  var frameCount: Int { 4 }
  var loopCount: LoopCount { .infinite }
  func frameDuration(at index: Int) -> Int64 { 100_000_000 }

  func frame(at index: Int) throws(Failure) -> String {
    guard (0..<frameCount).contains(index) else { throw .outOfRange(index) }
    guard index < received else { throw .notReceivedYet(frame: index) }
    return "frame \(index)"
  }
}

/// A provider that claims more frames than a timeline holds, without
/// storing any: the timeline must refuse it before allocating.
private struct EndlessFrames: FrameProvider {
  var frameCount: Int { Int(Int32.max) + 1 }
  var loopCount: LoopCount { .once }
  func frameDuration(at index: Int) -> Int64 { 1 }
  func frame(at index: Int) -> Int { index }
}

@Suite struct FrameProviderTests {
  @Test func aProviderThrowsItsOwnErrors() throws {
    let stream = StreamedFrames(received: 2)
    var timeline = try Timeline(provider: stream)
    timeline.play()
    #expect(try stream.frame(shownBy: timeline) == "frame 0")
    try timeline.tick(by: 250_000_000)
    #expect(timeline.currentFrame == 2)
    #expect(throws: ShownFrameError.provider(StreamedFrames.Failure.notReceivedYet(frame: 2))) {
      try stream.frame(shownBy: timeline)
    }
    #expect(throws: StreamedFrames.Failure.outOfRange(9)) { try stream.frame(at: 9) }
  }

  @Test func theDefaultFailureIsFrameProviderError() throws {
    let frames = try SyntheticFrameProvider(durations: [1, 2])
    #expect(throws: FrameProviderError.indexOutOfRange(index: 2, count: 2)) { try frames.frame(at: 2) }
  }

  @Test func timelinesOfDifferentProvidersShareAnArray() throws {
    let synthetic = try SyntheticFrameProvider(durations: [100_000_000, 100_000_000])
    var timelines = [try Timeline(provider: synthetic), try Timeline(provider: StreamedFrames(received: 4))]
    for index in timelines.indices {
      timelines[index].play()
      try timelines[index].tick(by: 150_000_000)
    }
    #expect(timelines.map(\.currentFrame) == [1, 1])
    #expect(timelines.map(\.frameCount) == [2, 4])
  }

  @Test func tooManyFramesIsRefusedBeforeAllocating() {
    #expect(throws: TimelineError.tooManyFrames(count: Int(Int32.max) + 1, limit: Int(Int32.max))) {
      try Timeline(provider: EndlessFrames())
    }
  }
}
