import TimelineScript
import Testing
@testable import AnimTimeline

/// `GIFOptions.maxPixelSize`: frames come out as thumbnails, and the cache
/// holds thumbnails, not full canvases (issue 11).
@Suite struct GIFMaxPixelSizeTests {
  /// 30 frames on a 40×24 canvas mixing every disposal and transparency.
  func animation() -> [UInt8] {
    var generator = SplitMix64(seed: 17)
    var gif = TestGIFWriter(screenWidth: 40, screenHeight: 24)
    gif.loopCount = 0
    gif.frames = [.init(width: 40, height: 24, fill: 3)]
    for _ in 1..<30 {
      let width = Int.random(in: 1...40, using: &generator)
      let height = Int.random(in: 1...24, using: &generator)
      var frame = TestGIFWriter.Frame(
        x: Int.random(in: 0...(40 - width), using: &generator), y: Int.random(in: 0...(24 - height), using: &generator),
        width: width, height: height,
        indices: (0..<width * height).map { _ in UInt8.random(in: 0...7, using: &generator) })
      frame.disposal = UInt8.random(in: 0...3, using: &generator)
      frame.transparentIndex = Bool.random(using: &generator) ? 0 : nil
      gif.frames.append(frame)
    }
    return gif.encode()
  }

  @Test func framesAreThumbnailsOfTheFullFrames() throws {
    let bytes = animation()
    let full = try GIFFrameProvider(bytes: bytes)
    let small = try GIFFrameProvider(bytes: bytes, options: GIFOptions(maxPixelSize: 10))
    #expect(small.frameSize == ImageSize(width: 10, height: 6))
    #expect(small.canvasWidth == 40 && small.canvasHeight == 24)
    var generator = SplitMix64(seed: 3)
    var order = Array(0..<30) + Array(0..<30)
    order.shuffle(using: &generator)
    for index in order {
      let expected = try full.frame(at: index).resized(toFit: ImageSize(width: 10, height: 10))
      #expect(try small.frame(at: index) == expected, "frame \(index)")
    }
  }

  @Test func theCacheHoldsSmallFramesUnderTheBudget() throws {
    let bytes = animation()
    let smallBytes = 10 * 6 * 4 + AnimationCanvasCache.entryOverhead
    // Room for every thumbnail: after one pass, no frame is decoded again.
    let roomy = try GIFFrameProvider(bytes: bytes, options: GIFOptions(cacheByteBudget: 30 * smallBytes, maxPixelSize: 10))
    for index in 0..<30 { _ = try roomy.frame(at: index) }
    let decodes = roomy.statistics.frameDecodes
    for index in (0..<30).reversed() { _ = try roomy.frame(at: index) }
    #expect(roomy.statistics.frameDecodes == decodes)
    #expect(roomy.statistics.cachedCanvases == 30 && roomy.statistics.cachedBytes == 30 * smallBytes)
    // A budget of five thumbnails: never more, and still the right pixels.
    let tight = try GIFFrameProvider(bytes: bytes, options: GIFOptions(cacheByteBudget: 5 * smallBytes, maxPixelSize: 10))
    let full = try GIFFrameProvider(bytes: bytes)
    for index in [29, 3, 17, 3, 0, 28, 12] {
      #expect(try tight.frame(at: index) == full.frame(at: index).resized(toFit: ImageSize(width: 10, height: 10)))
      #expect(tight.statistics.peakCachedBytes <= 5 * smallBytes)
    }
  }

  @Test func aLimitAboveTheCanvasChangesNothing() throws {
    let bytes = animation()
    let provider = try GIFFrameProvider(bytes: bytes, options: GIFOptions(maxPixelSize: 64))
    #expect(provider.frameSize == ImageSize(width: 40, height: 24))
    #expect(try provider.frame(at: 7) == GIFFrameProvider(bytes: bytes).frame(at: 7))
  }
}
