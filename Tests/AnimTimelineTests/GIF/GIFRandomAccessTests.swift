import TimelineScript
import Testing
@testable import AnimTimeline

@Suite struct GIFRandomAccessTests {
  /// 40 frames mixing every disposal, transparency and partial rects.
  func animation() -> [UInt8] {
    var generator = SplitMix64(seed: 5)
    var gif = TestGIFWriter(screenWidth: 12, screenHeight: 10)
    gif.loopCount = 0
    gif.frames = [.init(width: 12, height: 10, fill: 4)]
    for _ in 1..<40 {
      let width = Int.random(in: 1...12, using: &generator)
      let height = Int.random(in: 1...10, using: &generator)
      let x = Int.random(in: 0...(12 - width), using: &generator)
      let y = Int.random(in: 0...(10 - height), using: &generator)
      var frame = TestGIFWriter.Frame(
        x: x, y: y, width: width, height: height,
        indices: (0..<width * height).map { _ in UInt8.random(in: 0...7, using: &generator) })
      frame.disposal = UInt8.random(in: 0...4, using: &generator)
      frame.transparentIndex = Bool.random(using: &generator) ? 0 : nil
      frame.interlaced = Bool.random(using: &generator)
      gif.frames.append(frame)
    }
    gif.frames[20] = .init(width: 12, height: 10, fill: 2)  // a covering keyframe
    return gif.encode()
  }

  @Test func anyOrderMatchesSequential() throws {
    let bytes = animation()
    let (sequentialProvider, sequential) = try decodeAll(bytes)
    #expect(sequentialProvider.statistics.frameDecodes == 40)
    var generator = SplitMix64(seed: 11)
    for budget in [0, 600, 2_000, 1 << 20] {
      let provider = try GIFFrameProvider(bytes: bytes, options: GIFOptions(cacheByteBudget: budget))
      var order = Array(0..<40) + Array(0..<40)
      order.shuffle(using: &generator)
      for index in order {
        #expect(try provider.frame(at: index) == sequential[index], "budget \(budget) frame \(index)")
        #expect(provider.statistics.cachedBytes <= budget)
      }
      #expect(provider.statistics.peakCachedBytes <= budget)
      // Checkpoints (every 14 frames here) evict canvases a replay stored.
      if budget == 2_000 { #expect(provider.statistics.evictions > 0) }
    }
  }

  @Test func sequentialPlaybackWithAFullCache() throws {
    // Sequential steps keep a full cache's canvases (only checkpoints
    // evict) and draw into evicted canvases; pixels must not change, held
    // frames must not change, and the cache stays within its budget.
    let bytes = animation()
    let (_, sequential) = try decodeAll(bytes)
    for budget in [600, 1_200, 2_000, 5_000] {
      let provider = try GIFFrameProvider(bytes: bytes, options: GIFOptions(cacheByteBudget: budget))
      var held: [RGBAImage] = []
      for _ in 0..<3 {
        for index in 0..<40 {
          let image = try provider.frame(at: index)
          #expect(image == sequential[index], "budget \(budget) frame \(index)")
          if index % 7 == 0 { held.append(image) }
        }
        #expect(provider.statistics.peakCachedBytes <= budget)
      }
      for index in [39, 3, 27, 14, 0, 38] {
        #expect(try provider.frame(at: index) == sequential[index], "budget \(budget) seek \(index)")
      }
      #expect(held == (0..<18).map { sequential[($0 % 6) * 7] })
    }
  }

  @Test func seeksReplayFromKeyframes() throws {
    let provider = try GIFFrameProvider(bytes: animation(), options: GIFOptions(cacheByteBudget: 0))
    _ = try provider.frame(at: 25)
    let first = provider.statistics.frameDecodes
    #expect(first == 26)
    // Frame 20 is now a known covering keyframe: 25 replays from it.
    _ = try provider.frame(at: 0)
    let before = provider.statistics.frameDecodes
    _ = try provider.frame(at: 25)
    #expect(provider.statistics.frameDecodes - before <= 6)
    #expect(provider.isKeyframe(20))
    // Sequential playback decodes each frame once.
    let start = provider.statistics.frameDecodes
    for index in 26..<40 { _ = try provider.frame(at: index) }
    #expect(provider.statistics.frameDecodes - start == 14)
    // Asking twice costs nothing.
    _ = try provider.frame(at: 39)
    #expect(provider.statistics.frameDecodes - start == 14)
  }

  @Test func outOfRange() throws {
    let provider = try GIFFrameProvider(bytes: animation())
    #expect(throws: GIFError.frameIndexOutOfRange(index: 40, count: 40)) { try provider.frame(at: 40) }
    #expect(throws: GIFError.frameIndexOutOfRange(index: -1, count: 40)) { try provider.isFrameComplete(-1) }
  }

  /// Copies share one decoding state: a copy moving elsewhere changes
  /// neither a frame already taken nor what the original returns.
  @Test func copiesAgreeAndTakenFramesStay() throws {
    let provider = try GIFFrameProvider(bytes: animation())
    let frame5 = try provider.frame(at: 5)
    let copy = provider
    _ = try copy.frame(at: 30)
    #expect(try provider.frame(at: 5) == frame5)
    #expect(try copy.frame(at: 5) == frame5)
  }
}
