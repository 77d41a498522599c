import TimelineScript
import Testing
@testable import AnimTimeline

/// The whole-frame decoder (`LZWFrameDecoder`, the fast path for frames no
/// larger than the canvas) and the opaque row loop, held to the row decoder
/// (`LZWRowDecoder`) and the transparent row loop on encoder-made files.
@Suite struct GIFFastPathTests {
  /// Every frame's pixels and completeness, through the fast path or not.
  func decode(_ bytes: [UInt8], fast: Bool) throws -> ([[UInt8]], [Bool]) {
    let provider = try GIFFrameProvider(bytes: bytes)
    provider.renderer.updateDrawers { $0.compositor.usesFrameDecoder = fast }
    var images: [[UInt8]] = []
    var complete: [Bool] = []
    for index in 0..<provider.frameCount {
      images.append(try provider.frame(at: index).pixels)
      complete.append(try provider.isFrameComplete(index))
    }
    return (images, complete)
  }

  /// A random animation: frame sizes and positions (some clipped), code
  /// sizes, interlacing, transparency, disposal, sub-block sizes, deferred
  /// clears, and some frames with damaged or random LZW data.
  func randomGIF(_ generator: inout SplitMix64) -> [UInt8] {
    let width = Int.random(in: 1...40, using: &generator)
    let height = Int.random(in: 1...30, using: &generator)
    var gif = TestGIFWriter(screenWidth: width, screenHeight: height)
    gif.globalColorTable = (0..<768).map { _ in UInt8.random(in: 0...255, using: &generator) }
    for _ in 0..<Int.random(in: 1...5, using: &generator) {
      let frameWidth = Int.random(in: 1...width + 8, using: &generator)
      let frameHeight = Int.random(in: 1...height + 8, using: &generator)
      let codeSize = Int.random(in: 1...8, using: &generator)
      let colors = 1 << codeSize
      let runs = Bool.random(using: &generator)
      let indices: [UInt8] = (0..<frameWidth * frameHeight).map { position in
        runs
          ? UInt8(truncatingIfNeeded: (position / 7) % colors)
          : UInt8(truncatingIfNeeded: Int.random(in: 0..<colors, using: &generator))
      }
      var frame = TestGIFWriter.Frame(
        x: Int.random(in: 0...width / 2 + 2, using: &generator), y: Int.random(in: 0...height / 2 + 2, using: &generator),
        width: frameWidth, height: frameHeight, indices: indices)
      frame.minimumCodeSize = UInt8(codeSize)
      frame.interlaced = Int.random(in: 0..<4, using: &generator) == 0
      frame.transparentIndex = Bool.random(using: &generator) ? UInt8.random(in: 0...3, using: &generator) : nil
      frame.disposal = UInt8.random(in: 0...3, using: &generator)
      frame.subBlockSize = [255, 1, 7, 100].randomElement(using: &generator)!
      frame.deferClear = Bool.random(using: &generator)
      switch Int.random(in: 0..<8, using: &generator) {
      case 0:  // cut short
        let data = TestGIFWriter.lzw(indices, minimumCodeSize: codeSize)
        frame.rawData = Array(data.prefix(Int.random(in: 0...data.count, using: &generator)))
      case 1:  // noise
        frame.rawData = (0..<Int.random(in: 0...300, using: &generator)).map { _ in
          UInt8.random(in: 0...255, using: &generator)
        }
      default: break
      }
      gif.frames.append(frame)
    }
    return gif.encode()
  }

  @Test func frameDecoderMatchesRowDecoder() throws {
    var generator = SplitMix64(seed: 7)
    for round in 0..<300 {
      let bytes = randomGIF(&generator)
      let fast = try decode(bytes, fast: true)
      let rows = try decode(bytes, fast: false)
      #expect(fast.0 == rows.0, "round \(round): pixels")
      #expect(fast.1 == rows.1, "round \(round): completeness")
    }
  }

  @Test func longStringsAndFullTables() throws {
    // Long runs make strings far longer than the 8-byte copy words; a
    // deferred clear keeps 12-bit codes after the table fills.
    let width = 300
    let height = 200
    var generator = SplitMix64(seed: 3)
    for pattern in 0..<3 {
      let indices: [UInt8] = (0..<width * height).map { position in
        switch pattern {
        case 0: return 0
        case 1: return UInt8(truncatingIfNeeded: (position / 97) % 3)
        default: return UInt8.random(in: 0...255, using: &generator)
        }
      }
      for deferClear in [false, true] {
        var gif = TestGIFWriter(screenWidth: width, screenHeight: height)
        gif.globalColorTable = (0..<768).map { UInt8(truncatingIfNeeded: $0 &* 5) }
        var frame = TestGIFWriter.Frame(width: width, height: height, indices: indices)
        frame.deferClear = deferClear
        gif.frames = [frame]
        let bytes = gif.encode()
        let fast = try decode(bytes, fast: true)
        #expect(fast.0 == [expand(indices, gif.globalColorTable!)], "pattern \(pattern)")
        #expect(try fast.0 == decode(bytes, fast: false).0)
        #expect(fast.1 == [true])
      }
    }
  }

  @Test func coveringFramesSkipTheCanvasBelow() throws {
    // Full-canvas opaque frames (drawn without copying the canvas below),
    // between partial ones, interlaced and not, one of them cut short (so
    // the canvas below must show through), in sequence and at random.
    var generator = SplitMix64(seed: 21)
    var gif = TestGIFWriter(screenWidth: 9, screenHeight: 6)
    for position in 0..<12 {
      let covering = position % 3 != 1
      let width = covering ? 9 : 4
      let height = covering ? 6 : 3
      var frame = TestGIFWriter.Frame(
        x: covering ? 0 : 2, y: covering ? 0 : 1, width: width, height: height,
        indices: (0..<width * height).map { _ in UInt8.random(in: 0...7, using: &generator) })
      frame.interlaced = position % 4 == 0
      frame.disposal = [0, 1, 2, 3][position % 4]
      if position == 6 {
        frame.rawData = Array(TestGIFWriter.lzw(frame.indices, minimumCodeSize: 8).prefix(20))
      }
      gif.frames.append(frame)
    }
    let bytes = gif.encode()
    let expected = try decode(bytes, fast: false)
    #expect(try decode(bytes, fast: true) == expected)
    let provider = try GIFFrameProvider(bytes: bytes)
    for index in (0..<12).shuffled(using: &generator) + (0..<12).reversed() {
      #expect(try provider.frame(at: index).pixels == expected.0[index], "frame \(index)")
    }
  }

  @Test func opaqueRowLoopMatchesTransparentLoop() {
    var generator = SplitMix64(seed: 11)
    let colors = (0..<256).map { _ in UInt32.random(in: 0...UInt32.max, using: &generator) }
    for count in [0, 1, 7, 8, 9, 255, 1000] {
      let source = (0..<count).map { _ in UInt8.random(in: 0...255, using: &generator) }
      var opaque = [UInt8](repeating: 0xAB, count: count * 4)
      var viaTransparent = opaque
      // A transparent index no pixel uses: the general loop draws all.
      let unused = (0...255).first { !source.contains(UInt8($0)) } ?? -1
      colors.withUnsafeBufferPointer { colors in
        source.withUnsafeBufferPointer { source in
          guard let base = source.baseAddress else { return }
          opaque.withUnsafeMutableBytes { target in
            GIFCompositor.compositeRow(base, count: count, colors: colors, into: target.baseAddress!, transparent: -1)
          }
          viaTransparent.withUnsafeMutableBytes { target in
            GIFCompositor.compositeRow(
              base, count: count, colors: colors, into: target.baseAddress!, transparent: unused)
          }
        }
      }
      #expect(opaque == viaTransparent, "count \(count)")
      if count > 0 {
        let first = UInt32(opaque[0]) | UInt32(opaque[1]) << 8 | UInt32(opaque[2]) << 16 | UInt32(opaque[3]) << 24
        #expect(first == colors[Int(source[0])].littleEndian)
      }
    }
  }
}
