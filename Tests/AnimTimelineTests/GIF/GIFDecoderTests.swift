import TimelineScript
import Testing
@testable import AnimTimeline

/// The RGBA pixels of `indices` through an RGB `table`.
func expand(_ indices: [UInt8], _ table: [UInt8]) -> [UInt8] {
  var out: [UInt8] = []
  out.reserveCapacity(indices.count * 4)
  for index in indices {
    let at = Int(index) * 3
    out += [table[at], table[at + 1], table[at + 2], 255]
  }
  return out
}

@Suite struct GIFDecoderTests {
  /// Frame 0: full red 4x4; frame 1: green 2x2 at (1,1) with `disposal`;
  /// frame 2: a blue pixel at (0,0).
  func disposalFixture(_ disposal: UInt8) -> [UInt8] {
    var gif = TestGIFWriter(screenWidth: 4, screenHeight: 4)
    gif.frames = [
      .init(width: 4, height: 4, fill: 1),
      .init(x: 1, y: 1, width: 2, height: 2, fill: 2),
      .init(width: 1, height: 1, fill: 3),
    ]
    gif.frames[1].disposal = disposal
    return gif.encode()
  }

  @Test(arguments: 0...7)
  func disposal(_ method: UInt8) throws {
    let (_, images) = try decodeAll(disposalFixture(method))
    #expect(images[1].pixel(1, 1) == green)
    #expect(images[1].pixel(0, 0) == red)
    let expected: [UInt8]
    switch method {
    case 2: expected = transparentBlack
    case 3, 4: expected = red
    default: expected = green
    }
    #expect(images[2].pixel(1, 1) == expected)
    #expect(images[2].pixel(2, 2) == expected)
    #expect(images[2].pixel(0, 0) == blue)
    #expect(images[2].pixel(3, 3) == red)
  }

  @Test func restorePreviousOnFirstFrameIsBlank() throws {
    var gif = TestGIFWriter(screenWidth: 2, screenHeight: 2)
    gif.frames = [.init(width: 2, height: 2, fill: 1), .init(width: 1, height: 1, fill: 2)]
    gif.frames[0].disposal = 3
    let (_, images) = try decodeAll(gif.encode())
    #expect(images[1].pixel(0, 0) == green)
    #expect(images[1].pixel(1, 1) == transparentBlack)
  }

  @Test func transparencyLeavesCanvas() throws {
    var gif = TestGIFWriter(screenWidth: 2, screenHeight: 1)
    gif.frames = [.init(width: 2, height: 1, indices: [1, 2]), .init(width: 2, height: 1, indices: [5, 3])]
    gif.frames[1].transparentIndex = 5
    let (_, images) = try decodeAll(gif.encode())
    #expect(images[1].pixel(0, 0) == red)
    #expect(images[1].pixel(1, 0) == blue)
    // A transparent first frame leaves transparent black.
    gif.frames[0].transparentIndex = 1
    let (_, again) = try decodeAll(gif.encode())
    #expect(again[0].pixel(0, 0) == transparentBlack)
  }

  @Test func interlacedEqualsProgressive() throws {
    var generator = SplitMix64(seed: 7)
    for height in 1...19 {
      let width = 3
      let indices = (0..<width * height).map { _ in UInt8.random(in: 0...7, using: &generator) }
      var gif = TestGIFWriter(screenWidth: width, screenHeight: height)
      gif.frames = [.init(width: width, height: height, indices: indices)]
      let (_, plain) = try decodeAll(gif.encode())
      gif.frames[0].interlaced = true
      let (provider, interlaced) = try decodeAll(gif.encode())
      #expect(provider.frameInfo[0].isInterlaced)
      #expect(plain[0] == interlaced[0], "height \(height)")
    }
  }

  @Test func laterFramesAreClipped() throws {
    var gif = TestGIFWriter(screenWidth: 3, screenHeight: 3)
    gif.frames = [.init(width: 3, height: 3, fill: 1), .init(x: 2, y: 2, width: 4, height: 4, fill: 2)]
    gif.frames.append(.init(x: 10, y: 0, width: 2, height: 2, fill: 3))
    let (provider, images) = try decodeAll(gif.encode())
    #expect(provider.canvasWidth == 3 && provider.canvasHeight == 3)
    #expect(images[1].pixel(2, 2) == green)
    #expect(images[1].pixel(1, 1) == red)
    #expect(images[2] == images[1])
    #expect(provider.frameInfo.count == 3)
  }

  @Test func canvasGrowsToFirstFrame() throws {
    var gif = TestGIFWriter(screenWidth: 2, screenHeight: 2)
    gif.frames = [.init(x: 1, y: 2, width: 3, height: 1, fill: 1)]
    let (provider, images) = try decodeAll(gif.encode())
    #expect(provider.canvasWidth == 4 && provider.canvasHeight == 3)
    #expect(images[0].pixel(0, 0) == transparentBlack)
    #expect(images[0].pixel(3, 2) == red)
  }

  @Test func missingTableAndOutOfRangeIndexAreOpaqueBlack() throws {
    var gif = TestGIFWriter(screenWidth: 2, screenHeight: 1)
    gif.globalColorTable = nil
    gif.frames = [.init(width: 2, height: 1, indices: [1, 2])]
    let (_, images) = try decodeAll(gif.encode())
    #expect(images[0].pixel(0, 0) == opaqueBlack && images[0].pixel(1, 0) == opaqueBlack)

    var small = TestGIFWriter(screenWidth: 2, screenHeight: 1)
    small.globalColorTable = [10, 20, 30, 40, 50, 60]  // 2 entries
    small.frames = [.init(width: 2, height: 1, indices: [1, 5])]
    let (_, others) = try decodeAll(small.encode())
    #expect(others[0].pixel(0, 0) == [40, 50, 60, 255])
    #expect(others[0].pixel(1, 0) == opaqueBlack)

    // A local table replaces the global one.
    small.frames[0].localColorTable = [1, 2, 3, 4, 5, 6, 7, 8, 9]
    let (_, local) = try decodeAll(small.encode())
    #expect(local[0].pixel(0, 0) == [4, 5, 6, 255])
  }

  @Test func incompleteFrameKeepsDecodedPixels() throws {
    var gif = TestGIFWriter(screenWidth: 4, screenHeight: 1)
    gif.frames = [.init(width: 4, height: 1, fill: 1), .init(width: 4, height: 1, indices: [2, 3, 2, 3])]
    gif.frames[1].rawData = TestGIFWriter.lzw([2, 3], minimumCodeSize: 8)  // two pixels, then the end code
    let provider = try GIFFrameProvider(bytes: gif.encode())
    let image = try provider.frame(at: 1)
    #expect(image.pixel(0, 0) == green && image.pixel(1, 0) == blue)
    #expect(image.pixel(2, 0) == red && image.pixel(3, 0) == red)
    #expect(try provider.isFrameComplete(1) == false)
    #expect(try provider.isFrameComplete(0) == true)
    #expect(provider.isTruncated == false)

    // Empty data and an invalid first code draw nothing.
    gif.frames[1].rawData = []
    let empty = try GIFFrameProvider(bytes: gif.encode())
    #expect(try empty.frame(at: 1).pixel(0, 0) == red)
    #expect(try empty.isFrameComplete(1) == false)
    gif.frames[1].rawData = [0xFF, 0xFF]
    let invalid = try GIFFrameProvider(bytes: gif.encode())
    #expect(try invalid.frame(at: 1).pixel(3, 0) == red)
    #expect(try invalid.isFrameComplete(1) == false)
  }

  @Test func zeroSizeFrameDrawsNothing() throws {
    var gif = TestGIFWriter(screenWidth: 2, screenHeight: 2)
    gif.frames = [.init(width: 2, height: 2, fill: 1), .init(width: 0, height: 5), .init(width: 1, height: 1, fill: 2)]
    gif.frames[1].rawData = [0xDE, 0xAD]  // never decoded
    gif.frames[1].delay = 7
    let provider = try GIFFrameProvider(bytes: gif.encode())
    #expect(try provider.frame(at: 1) == provider.frame(at: 0))
    #expect(try provider.isFrameComplete(1))
    #expect(provider.frameInfo[1].delayCentiseconds == 7)
    #expect(try provider.frame(at: 2).pixel(0, 0) == green)
  }

  @Test(arguments: 1...8)
  func minimumCodeSizes(_ size: Int) throws {
    var generator = SplitMix64(seed: UInt64(size))
    let colors = 1 << size
    let width = 37
    let height = 23
    for pattern in 0..<3 {
      let indices: [UInt8] = (0..<width * height).map { position in
        switch pattern {
        case 0: return UInt8.random(in: 0..<UInt8(min(colors, 256) - 1), using: &generator) & UInt8(truncatingIfNeeded: colors - 1)
        case 1: return UInt8(truncatingIfNeeded: (position / 5) % colors)
        default: return 0  // long runs: KwKwK over and over
        }
      }
      for (leadingClear, endCode) in [(true, true), (false, true), (true, false), (false, false)] {
        var gif = TestGIFWriter(screenWidth: width, screenHeight: height)
        gif.globalColorTable = (0..<min(colors, 256) * 3).map { UInt8(truncatingIfNeeded: $0 * 7) }
        var frame = TestGIFWriter.Frame(width: width, height: height, indices: indices)
        frame.minimumCodeSize = UInt8(size)
        frame.leadingClear = leadingClear
        frame.endCode = endCode
        gif.frames = [frame]
        let provider = try GIFFrameProvider(bytes: gif.encode())
        let image = try provider.frame(at: 0)
        #expect(try provider.isFrameComplete(0))
        let table = gif.globalColorTable ?? []
        let expected = expand(indices, table)
        #expect(image.pixels == expected, "size \(size) pattern \(pattern) clear \(leadingClear) end \(endCode)")
      }
    }
  }

  @Test func minimumCodeSizeOneGrowsAfterFirstCode() throws {
    // Codes (clear=2, end=3): 2-bit code 0, then 3-bit codes 1, 3.
    var bits = TestGIFWriter.BitPacker()
    bits.write(0, count: 2)
    bits.write(1, count: 3)
    bits.write(3, count: 3)
    var gif = TestGIFWriter(screenWidth: 2, screenHeight: 1)
    var frame = TestGIFWriter.Frame(width: 2, height: 1)
    frame.minimumCodeSize = 1
    frame.rawData = bits.finish()
    gif.frames = [frame]
    let provider = try GIFFrameProvider(bytes: gif.encode())
    let image = try provider.frame(at: 0)
    #expect(image.pixel(0, 0) == TestGIFWriter.rgba(0) && image.pixel(1, 0) == red)
    #expect(try provider.isFrameComplete(0))
  }

  @Test func deferredClearAndFullTable() throws {
    var generator = SplitMix64(seed: 42)
    let width = 200
    let height = 120
    let indices = (0..<width * height).map { _ in UInt8.random(in: 0...255, using: &generator) }
    let table = (0..<768).map { UInt8(truncatingIfNeeded: $0 &* 13) }
    for deferClear in [false, true] {
      var gif = TestGIFWriter(screenWidth: width, screenHeight: height)
      gif.globalColorTable = table
      var frame = TestGIFWriter.Frame(width: width, height: height, indices: indices)
      frame.deferClear = deferClear
      gif.frames = [frame]
      let provider = try GIFFrameProvider(bytes: gif.encode())
      let image = try provider.frame(at: 0)
      let expected = expand(indices, table)
      #expect(image.pixels == expected)
      #expect(try provider.isFrameComplete(0))
    }
  }

  @Test func surplusDataIsIgnored() throws {
    var gif = TestGIFWriter(screenWidth: 2, screenHeight: 1)
    var frame = TestGIFWriter.Frame(width: 2, height: 1)
    frame.rawData = TestGIFWriter.lzw([1, 2, 3, 4, 1, 2], minimumCodeSize: 8)
    gif.frames = [frame, .init(width: 1, height: 1, fill: 4)]
    let (provider, images) = try decodeAll(gif.encode())
    #expect(images[0].pixel(0, 0) == red && images[0].pixel(1, 0) == green)
    #expect(images[1].pixel(0, 0) == white)
    #expect(provider.frameCount == 2)
  }

  @Test func laterBadMinimumCodeSizeDrawsNothing() throws {
    var gif = TestGIFWriter(screenWidth: 2, screenHeight: 1)
    gif.frames = [.init(width: 2, height: 1, fill: 1), .init(width: 2, height: 1, fill: 2), .init(width: 1, height: 1, fill: 3)]
    gif.frames[1].minimumCodeSize = 9
    gif.frames[1].rawData = [1, 2, 3]
    let provider = try GIFFrameProvider(bytes: gif.encode())
    #expect(try provider.frame(at: 1).pixel(1, 0) == red)
    #expect(try provider.isFrameComplete(1) == false)
    #expect(try provider.frame(at: 2).pixel(0, 0) == blue)
  }
}
