import Testing
import AnimTimeline

/// The keyframe rules the provider publishes (`isDrawnOnBlankCanvas`,
/// `checkpointSpacing`), which `timeline-demo bench access` holds its
/// decodes to.
@Suite struct GIFKeyframeTests {
  /// Six frames on a 4x4 canvas; the comments say what each leaves behind.
  func animation() -> [UInt8] {
    var gif = TestGIFWriter(screenWidth: 4, screenHeight: 4)
    func frame(_ x: Int, _ width: Int, disposal: UInt8) -> TestGIFWriter.Frame {
      var frame = TestGIFWriter.Frame(x: x, y: 0, width: width, height: width, fill: 1)
      frame.disposal = disposal
      return frame
    }
    gif.frames = [
      frame(0, 4, disposal: 2),  // covers, then cleared: frame 1 starts blank
      frame(1, 2, disposal: 1),  // left in place: frame 2 does not
      frame(0, 2, disposal: 3),  // restored to before it: frame 3 neither
      frame(0, 4, disposal: 2),  // covers, then cleared: frame 4 starts blank
      frame(2, 2, disposal: 2),  // drew on blank, then cleared: frame 5 too
      frame(0, 1, disposal: 1),
    ]
    return gif.encode()
  }

  @Test func framesDrawnOnABlankCanvas() throws {
    let provider = try GIFFrameProvider(bytes: animation())
    #expect((0..<6).map(provider.isDrawnOnBlankCanvas) == [true, true, false, false, true, true])
    #expect(!provider.isDrawnOnBlankCanvas(-1) && !provider.isDrawnOnBlankCanvas(6))
    // A seek to such a frame decodes it alone; to another, from an earlier one.
    for (index, decodes) in [(4, 1), (5, 1), (3, 3), (2, 2)] {
      let fresh = try GIFFrameProvider(bytes: animation())
      _ = try fresh.frame(at: index)
      #expect(fresh.statistics.frameDecodes == decodes, "frame \(index)")
    }
  }

  @Test func checkpointSpacingFitsTheBudget() throws {
    // A 4x4 canvas costs 64 bytes plus 64 of overhead in the cache.
    let spacing = { (budget: Int) in
      try GIFFrameProvider(bytes: animation(), options: GIFOptions(cacheByteBudget: budget)).checkpointSpacing
    }
    #expect(try spacing(2 * 128) == 3)  // two canvases for six frames
    #expect(try spacing(6 * 128) == 1)
    #expect(try spacing(0) == Int.max)
  }
}
