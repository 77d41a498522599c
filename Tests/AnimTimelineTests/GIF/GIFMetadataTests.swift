import Testing
@testable import AnimTimeline

@Suite struct GIFMetadataTests {
  func twoFrames(before: [UInt8] = [], beforeTrailer: [UInt8] = []) -> TestGIFWriter {
    var gif = TestGIFWriter(screenWidth: 1, screenHeight: 1)
    gif.frames = [.init(width: 1, height: 1, fill: 1), .init(width: 1, height: 1, fill: 2)]
    gif.frames[0].before = before
    gif.beforeTrailer = beforeTrailer
    return gif
  }

  static func loopBlock(_ id: String, _ sub: [UInt8]) -> [UInt8] {
    [0x21, 0xFF, UInt8(id.utf8.count)] + Array(id.utf8) + [UInt8(sub.count)] + sub + [0]
  }

  @Test func loopBlockForms() throws {
    let cases: [([UInt8], UInt16?)] = [
      (Self.loopBlock("NETSCAPE2.0", [1, 3, 0]), 3),
      (Self.loopBlock("ANIMEXTS1.0", [1, 0, 1]), 256),
      (Self.loopBlock("NETSCAPE2.0", [1, 0]), nil),  // sub-block of 2 bytes
      (Self.loopBlock("NETSCAPE2.0", [1, 3, 0, 0]), nil),  // 4 bytes
      (Self.loopBlock("NETSCAPE2.0", [2, 3, 0]), nil),  // not 01
      (Self.loopBlock("netscape2.0", [1, 3, 0]), nil),  // lower case
      (Self.loopBlock("NETSCAPE2.", [1, 3, 0]), nil),  // 10-byte id
      (Self.loopBlock("NETSCAPE2.0", [1, 5, 0]) + Self.loopBlock("NETSCAPE2.0", [1, 0, 0]), 0),  // last wins
      (Self.loopBlock("NETSCAPE2.0", [1, 5, 0]) + Self.loopBlock("NETSCAPE2.0", [1]), 5),  // invalid later: ignored
      ([0x21, 0xFF, 0x00], nil),  // no sub-blocks
    ]
    for (block, expected) in cases {
      let provider = try GIFFrameProvider(bytes: twoFrames(before: block).encode())
      #expect(provider.rawLoopCount == expected, "\(block)")
      #expect(provider.frameCount == 2)
    }
    // After the last frame counts; after the trailer does not.
    let after = try GIFFrameProvider(bytes: twoFrames(beforeTrailer: Self.loopBlock("NETSCAPE2.0", [1, 7, 0])).encode())
    #expect(after.rawLoopCount == 7)
    var afterTrailer = twoFrames().encode()
    afterTrailer += Self.loopBlock("NETSCAPE2.0", [1, 7, 0])
    #expect(try GIFFrameProvider(bytes: afterTrailer).rawLoopCount == nil)
  }

  @Test func loopPolicies() throws {
    func plays(_ raw: UInt16?, _ policy: GIFOptions.LoopPolicy) throws -> LoopCount {
      var gif = twoFrames()
      gif.loopCount = raw
      return try GIFFrameProvider(bytes: gif.encode(), options: GIFOptions(loopPolicy: policy)).loopCount
    }
    #expect(try plays(nil, .browser) == LoopCount.plays(1))
    #expect(try plays(0, .browser) == .infinite)
    #expect(try plays(2, .browser) == LoopCount.plays(3))
    #expect(try plays(65535, .browser) == LoopCount.plays(65536))
    #expect(try plays(nil, .literal) == LoopCount.plays(1))
    #expect(try plays(0, .literal) == .infinite)
    #expect(try plays(2, .literal) == LoopCount.plays(2))
  }

  @Test func delayPolicies() throws {
    var gif = TestGIFWriter(screenWidth: 1, screenHeight: 1)
    gif.frames = [UInt16(0), 1, 2, 10].map { (delay: UInt16) -> TestGIFWriter.Frame in
      var frame = TestGIFWriter.Frame(width: 1, height: 1)
      frame.delay = delay
      return frame
    }
    var noGCE = TestGIFWriter.Frame(width: 1, height: 1)
    noGCE.hasGraphicControl = false
    gif.frames.append(noGCE)
    let bytes = gif.encode()
    let browser = try GIFFrameProvider(bytes: bytes)
    #expect((0..<5).map { browser.frameDuration(at: $0) } == [100_000_000, 100_000_000, 20_000_000, 100_000_000, 100_000_000])
    let raw = try GIFFrameProvider(bytes: bytes, options: GIFOptions(delayPolicy: .raw))
    #expect((0..<5).map { raw.frameDuration(at: $0) } == [0, 10_000_000, 20_000_000, 100_000_000, 0])
    let minimum = try GIFFrameProvider(bytes: bytes, options: GIFOptions(delayPolicy: .minimum(nanoseconds: 50_000_000)))
    #expect((0..<5).map { minimum.frameDuration(at: $0) } == [50_000_000, 50_000_000, 50_000_000, 100_000_000, 50_000_000])
    #expect(raw.frameInfo.map(\.delayCentiseconds) == [0, 1, 2, 10, 0])
  }

  @Test func graphicControlRules() throws {
    // A short GCE is ignored; the last valid one applies, whole.
    let valid: [UInt8] = [0x21, 0xF9, 4, 0b0000_1001, 9, 0, 1, 0]  // disposal 2, transparent 1, delay 9
    let short: [UInt8] = [0x21, 0xF9, 3, 0b0000_1100, 5, 0, 0]
    let other: [UInt8] = [0x21, 0xF9, 5, 0b0000_0100, 4, 0, 0, 0, 0]  // disposal 1, delay 4, no transparency
    var gif = TestGIFWriter(screenWidth: 1, screenHeight: 1)
    gif.frames = [.init(width: 1, height: 1, fill: 1), .init(width: 1, height: 1, fill: 2), .init(width: 1, height: 1, fill: 3)]
    for index in 0..<3 { gif.frames[index].hasGraphicControl = false }
    gif.frames[0].before = valid + short
    gif.frames[1].before = valid + other
    let provider = try GIFFrameProvider(bytes: gif.encode())
    let infos = provider.frameInfo
    #expect(infos[0].disposal == 2 && infos[0].delayCentiseconds == 9 && infos[0].transparentIndex == 1)
    #expect(infos[1].disposal == 1 && infos[1].delayCentiseconds == 4 && infos[1].transparentIndex == nil)
    // It applies to the next image only.
    #expect(infos[2].disposal == 0 && infos[2].delayCentiseconds == 0 && infos[2].transparentIndex == nil)
  }

  @Test func otherExtensionsAreSkipped() throws {
    let comment: [UInt8] = [0x21, 0xFE, 3, 65, 66, 67, 2, 68, 69, 0]
    let plainText: [UInt8] = [0x21, 0x01, 12] + [UInt8](repeating: 0, count: 12) + [1, 65, 0]
    let unknown: [UInt8] = [0x21, 0x99, 0]
    let provider = try GIFFrameProvider(bytes: twoFrames(before: comment + plainText + unknown).encode())
    #expect(provider.frameCount == 2 && !provider.isTruncated)
  }

  @Test func truncation() throws {
    var gif = twoFrames()
    gif.trailer = false
    let cut = try GIFFrameProvider(bytes: gif.encode())
    #expect(cut.isTruncated && cut.frameCount == 2)

    // An unknown block after the first frame stops decoding.
    var strayGIF = twoFrames()
    strayGIF.frames[1].before = [0x00]
    let stray = try GIFFrameProvider(bytes: strayGIF.encode())
    #expect(stray.isTruncated && stray.frameCount == 1)

    // The file ends inside a counted frame's data: kept, incomplete, last.
    var big = TestGIFWriter(screenWidth: 8, screenHeight: 8)
    big.frames = [.init(width: 8, height: 8, fill: 1), .init(width: 8, height: 8, indices: (0..<64).map { UInt8($0 % 8) })]
    let whole = big.encode()
    let provider = try GIFFrameProvider(bytes: Array(whole.dropLast(12)))
    #expect(provider.isTruncated && provider.frameCount == 2)
    #expect(try provider.isFrameComplete(0))
    #expect(try provider.isFrameComplete(1) == false)
    let image = try provider.frame(at: 1)
    #expect(image.pixel(0, 0) == TestGIFWriter.rgba(0))
    #expect(image.pixel(7, 7) == red)
  }
}
