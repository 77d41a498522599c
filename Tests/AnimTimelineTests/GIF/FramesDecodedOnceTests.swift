import Testing
import TimelineScript
@testable import AnimTimeline

/// Many timelines at different frames of one animation whose frames fit
/// the budget decode each frame once (the engine keeps composited frames
/// reached by seeks); beyond the budget, the checkpoints alone are kept.
@Suite struct FramesDecodedOnceTests {
  /// A 4-frame 16×12 GIF (disposals 0...3).
  static func fourFrames() -> [UInt8] {
    var gif = TestGIFWriter(screenWidth: 16, screenHeight: 12)
    gif.loopCount = 0
    for position in 0..<4 {
      var frame = TestGIFWriter.Frame(x: position, y: position, width: 8, height: 6, fill: UInt8(position + 1))
      frame.delay = 10
      frame.disposal = UInt8(position)
      gif.frames.append(frame)
    }
    return gif.encode()
  }

  @Test func manyTimelinesDecodeEachFrameOnce() throws {
    let provider = try GIFFrameProvider(bytes: Self.fourFrames())
    var generator = SplitMix64(seed: 7)
    var timelines: [Timeline] = []
    for _ in 0..<200 {
      var timeline = try Timeline(provider: provider)
      try timeline.seek(to: Int64(generator.next() % 400_000_000))
      timeline.play()
      timelines.append(timeline)
    }
    let sequential = try GIFFrameProvider(bytes: Self.fourFrames())
    let reference = try (0..<4).map { try sequential.frame(at: $0) }
    for _ in 0..<30 {
      for index in timelines.indices {
        timelines[index].tick(nanoseconds: 16_666_667)
        #expect(try provider.frame(shownBy: timelines[index]) == reference[timelines[index].currentFrame])
      }
    }
    #expect(provider.statistics.frameDecodes == 4)
  }

  /// A still image (a PNG here; WebP and GIF go through the same engine)
  /// is drawn once by its opening and handed out from the worker's canvas:
  /// nothing is copied into the cache, however often it is asked for.
  /// (The first request for the first frame used to count as out of
  /// sequence, which copied the still image into the cache.)
  @Test func aStillImageIsNeverCopiedIntoTheCache() throws {
    var pixels: [UInt8] = []
    for index in 0..<(24 * 16) { pixels += [UInt8(truncatingIfNeeded: index), 7, 99, 255] }
    let image = RGBAImage(width: 24, height: 16, pixels: pixels)
    let provider = try AnimatedImage.open(bytes: try image.pngData())
    for _ in 0..<3 { #expect(try provider.frame(at: 0) == image) }
    #expect(provider.statistics.frameDecodes == 1)
    #expect(provider.statistics.peakCachedBytes == 0)
  }

  @Test func beyondTheBudgetOnlyCheckpointsAreKept() throws {
    // Room for two canvases: not every frame fits, so no frame is kept
    // and the cache holds checkpoints only, as before.
    let budget = 2 * (16 * 12 * 4 + AnimationCanvasCache.entryOverhead)
    let provider = try GIFFrameProvider(bytes: Self.fourFrames(), options: GIFOptions(cacheByteBudget: budget))
    #expect(!provider.renderer.layout.keepsFrames)
    for index in [3, 1, 2, 0, 3, 2] { _ = try provider.frame(at: index) }
    let keys = provider.renderer.state.withLock { state in
      state.cache.entries.indices.filter { state.cache.entries[$0].isStored }
    }
    #expect(keys.allSatisfy { $0 < 4 })
    #expect(provider.statistics.peakCachedBytes <= budget)
  }
}
