import TimelineScript
import Testing
@testable import AnimTimeline

@Suite struct GIFHostileTests {
  @Test func hundredThousandTinyFrames() throws {
    // 100,000 one-pixel frames with delay 0, written directly.
    var bytes = Array("GIF89a".utf8) + [1, 0, 1, 0, 0x80, 0, 0, 255, 0, 0, 0, 255, 0]
    let pixelData = TestGIFWriter.subBlocks(TestGIFWriter.lzw([0], minimumCodeSize: 2))
    for index in 0..<100_000 {
      bytes += [0x21, 0xF9, 4, 0, 0, 0, 0, 0]
      bytes += [0x2C, 0, 0, 0, 0, 1, 0, 1, 0, 0, 2]
      bytes += index % 2 == 0 ? pixelData : TestGIFWriter.subBlocks(TestGIFWriter.lzw([1], minimumCodeSize: 2))
    }
    bytes.append(0x3B)
    let budget = 4096
    let provider = try GIFFrameProvider(bytes: bytes, options: GIFOptions(cacheByteBudget: budget))
    #expect(provider.frameCount == 100_000)
    #expect(provider.frameDuration(at: 99_999) == 100_000_000)
    #expect(provider.statistics.frameDecodes == 0)
    #expect(try provider.frame(at: 99_999).pixels == [0, 255, 0, 255])
    #expect(try provider.frame(at: 50_000).pixels == [255, 0, 0, 255])
    // Both frames cover the canvas opaquely: later seeks start there.
    let decodes = provider.statistics.frameDecodes
    #expect(try provider.frame(at: 99_998).pixels == [255, 0, 0, 255])
    #expect(provider.statistics.frameDecodes - decodes <= 2)
    #expect(provider.statistics.peakCachedBytes <= budget)
  }

  @Test func lzwStreamThatNeverEnds() throws {
    // Clear codes forever: no pixel, bounded by the data.
    var clears = TestGIFWriter.BitPacker()
    for _ in 0..<200_000 { clears.write(4, count: 3) }
    var gif = TestGIFWriter(screenWidth: 4, screenHeight: 4)
    var frame = TestGIFWriter.Frame(width: 4, height: 4)
    frame.minimumCodeSize = 2
    frame.rawData = clears.finish()
    gif.frames = [frame]
    let provider = try GIFFrameProvider(bytes: gif.encode())
    #expect(try provider.frame(at: 0).pixels == [UInt8](repeating: 0, count: 64))
    #expect(try provider.isFrameComplete(0) == false)

    // Far more data than pixels: stops at the pixel count.
    var literal = TestGIFWriter.Frame(width: 4, height: 4)
    literal.minimumCodeSize = 2
    literal.rawData = TestGIFWriter.lzw([UInt8](repeating: 1, count: 1_000_000), minimumCodeSize: 2)
    gif.frames = [literal, .init(width: 1, height: 1, fill: 2)]
    let second = try GIFFrameProvider(bytes: gif.encode())
    #expect(try second.isFrameComplete(0))
    #expect(try second.frame(at: 1).pixel(0, 0) == green)

    // A huge later frame over a tiny canvas: counted, not drawn, bounded.
    var huge = TestGIFWriter(screenWidth: 1, screenHeight: 1)
    var big = TestGIFWriter.Frame(width: 1, height: 1)
    big.width = 65535
    big.height = 65535
    big.indices = []
    big.rawData = TestGIFWriter.lzw([UInt8](repeating: 1, count: 4_000_000), minimumCodeSize: 8)
    huge.frames = [.init(width: 1, height: 1, fill: 3), big]
    let hugeProvider = try GIFFrameProvider(bytes: huge.encode())
    #expect(try hugeProvider.frame(at: 1).pixels == red)
    #expect(try hugeProvider.isFrameComplete(1) == false)
  }

  @Test func randomBytesNeverTrap() throws {
    var generator = SplitMix64(seed: 99)
    var base = TestGIFWriter(screenWidth: 6, screenHeight: 6)
    base.loopCount = 1
    base.frames = [
      .init(width: 6, height: 6, indices: (0..<36).map { UInt8($0 % 8) }),
      .init(x: 2, y: 2, width: 3, height: 3, fill: 5),
    ]
    base.frames[1].interlaced = true
    base.frames[1].disposal = 2
    let original = base.encode()
    for _ in 0..<300 {
      var bytes = original
      for _ in 0..<Int.random(in: 1...6, using: &generator) {
        let at = Int.random(in: 13..<bytes.count, using: &generator)
        bytes[at] = UInt8.random(in: 0...255, using: &generator)
      }
      guard let provider = try? GIFFrameProvider(bytes: bytes, options: GIFOptions(maxCanvasPixels: 1 << 20)) else {
        continue
      }
      for index in 0..<provider.frameCount {
        let image = try provider.frame(at: index)
        #expect(image.pixels.count == provider.canvasWidth * provider.canvasHeight * 4)
      }
    }
  }
}
