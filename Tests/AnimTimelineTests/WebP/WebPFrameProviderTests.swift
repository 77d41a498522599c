import Testing
import TimelineScript
@testable import AnimTimeline

/// The WebP container and compositing (`shared/spec/webp.md`) on files
/// built here: one-colour lossless frames, so every pixel is known.
@Suite struct WebPFrameProviderTests {
  /// A random animation of one-colour lossless frames on a small canvas.
  struct Animation: CustomStringConvertible {
    var width: Int
    var height: Int
    var frames: [(x: Int, y: Int, width: Int, height: Int, rgba: [UInt8], alphaIsUsed: Bool, blends: Bool, disposes: Bool)]

    var description: String {
      "\(width)x\(height) " + frames.map { "[\($0.width)x\($0.height)@\($0.x),\($0.y) \($0.rgba) a=\($0.alphaIsUsed) b=\($0.blends) d=\($0.disposes)]" }.joined(separator: " ")
    }

    /// The file: `VP8X` (animation flag), `ANIM`, one `ANMF` a frame.
    var file: [UInt8] {
      var chunks = [
        TestWebP.chunk("VP8X", TestWebP.extended(flags: 0x12, width: width, height: height)),
        TestWebP.chunk("ANIM", TestWebP.animation(loops: 0)),
      ]
      for frame in frames {
        let image = TestWebP.solidLossless(
          width: frame.width, height: frame.height, (frame.rgba[0], frame.rgba[1], frame.rgba[2], frame.rgba[3]),
          alphaIsUsed: frame.alphaIsUsed)
        chunks.append(TestWebP.chunk("ANMF", TestWebP.frame(
          halfX: frame.x / 2, halfY: frame.y / 2, duration: 50, blends: frame.blends, disposes: frame.disposes,
          [TestWebP.chunk("VP8L", image)])))
      }
      return TestWebP.file(chunks)
    }

    /// The reference model's canvases.
    var expected: [[UInt8]] {
      ReferenceWebPCompositor(width: width, height: height, frames: frames.map { frame in
        .init(
          x: frame.x, y: frame.y, width: frame.width, height: frame.height, blends: frame.blends,
          disposes: frame.disposes, hasAlpha: frame.alphaIsUsed,
          pixels: Array([[UInt8]](repeating: frame.rgba, count: frame.width * frame.height).joined()))
      }).canvases()
    }
  }

  static var animations: Gen<Animation> { Gen<Animation>(generate: { random in
    let width = 1 + Int(random.next(below: UInt64(9)))
    let height = 1 + Int(random.next(below: UInt64(9)))
    let alphas: [UInt8] = [0, 1, 2, 7, 128, 200, 254, 255, 255]
    let frames = (0..<(1 + Int(random.next(below: UInt64(6))))).map { _ in
      let x = 2 * Int(random.next(below: UInt64((width + 1) / 2)))
      let y = 2 * Int(random.next(below: UInt64((height + 1) / 2)))
      let full = Int(random.next(below: UInt64(3))) == 0
      let w = full ? width : 1 + Int(random.next(below: UInt64(width - x)))
      let h = full ? height : 1 + Int(random.next(below: UInt64(height - y)))
      let rgba = [UInt8(Int(random.next(below: UInt64(256)))), UInt8(Int(random.next(below: UInt64(256)))), UInt8(Int(random.next(below: UInt64(256)))),
                  alphas[Int(random.next(below: UInt64(alphas.count)))]]
      return (x: full ? 0 : x, y: full ? 0 : y, width: w, height: h, rgba: rgba, alphaIsUsed: Int(random.next(below: UInt64(4))) != 0,
              blends: Int(random.next(below: UInt64(3))) != 0, disposes: Int(random.next(below: UInt64(3))) == 0)
    }
    return Animation(width: width, height: height, frames: frames)
  }, shrink: { (animation: Animation) -> [Animation] in
    animation.frames.indices.filter { _ in animation.frames.count > 1 }.map { drop in
      var smaller = animation
      smaller.frames.remove(at: drop)
      return smaller
    }
  }) }

  @Test func animationsCompositeAsTheSpecSays() {
    forAll("WebPFrameProviderTests.animationsCompositeAsTheSpecSays", gen: Self.animations, iterations: 300) { animation in
      let provider = try WebPFrameProvider(bytes: animation.file)
      let expected = animation.expected
      try ensure(provider.frameCount == expected.count, "frame count \(provider.frameCount)")
      for index in expected.indices {
        try ensure(try provider.frame(at: index).pixels == expected[index], "frame \(index) in order")
      }
      // Random access from a fresh provider with no cache: the same pixels.
      let cold = try WebPFrameProvider(bytes: animation.file, options: WebPOptions(cacheByteBudget: 0))
      for index in expected.indices.reversed() {
        try ensure(try cold.frame(at: index).pixels == expected[index], "frame \(index) backward")
      }
      return true
    }
  }

  @Test func theBlendFormulaIsTheSpecsIntegers() {
    // s = (200, 100, 50, 128) over p = (10, 20, 30, 100):
    // f = (100 * 128) >> 8 = 50, a = 178, k = 2^24 / 178 = 94254,
    // r = ((200*128 + 10*50) * 94254) >> 24 = 146, ...
    #expect(ReferenceWebPCompositor.blend([200, 100, 50, 128], [10, 20, 30, 100]) == [146, 77, 44, 178])
    var canvas: [UInt8] = [10, 20, 30, 100]
    let source: [UInt8] = [200, 100, 50, 128]
    source.withUnsafeBufferPointer { pixels in
      AnimationCanvas.compositeWebP(
        pixels, at: PixelRect(x: 0, y: 0, width: 1, height: 1), blends: true, keeping: nil, width: 1, height: 1,
        canvas: &canvas)
    }
    #expect(canvas == [146, 77, 44, 178])
  }

  @Test func aStillImageIsOneStaticFrame() throws {
    let simple = TestWebP.file([TestWebP.chunk("VP8L", TestWebP.solidLossless(width: 3, height: 2, (1, 2, 3, 4)))])
    let provider = try WebPFrameProvider(bytes: simple)
    #expect(provider.frameCount == 1 && !provider.isAnimated && provider.loopCount == .once)
    #expect(provider.frameDuration(at: 0) == 0 && provider.rawLoopCount == nil && provider.rawBackgroundColor == nil)
    #expect(try provider.frame(at: 0).pixels == Array([[UInt8]](repeating: [1, 2, 3, 4], count: 6).joined()))
    #expect(provider.frameInfo[0].rectangle == PixelRect(x: 0, y: 0, width: 3, height: 2))
    // The same image in an extended file, with chunks to skip around it.
    let extended = TestWebP.file([
      TestWebP.chunk("VP8X", TestWebP.extended(flags: 0, width: 3, height: 2)), TestWebP.chunk("ICCP", [1, 2, 3]),
      TestWebP.chunk("VP8L", TestWebP.solidLossless(width: 3, height: 2, (1, 2, 3, 4))), TestWebP.chunk("EXIF", []),
    ])
    #expect(try WebPFrameProvider(bytes: extended).frame(at: 0).pixels == provider.frame(at: 0).pixels)
    #expect(AnimatedImage.format(of: extended) == .webp)
    #expect(try AnimatedImage.open(bytes: extended) is WebPFrameProvider)
  }

  @Test func animationFactsAreReadAsStored() throws {
    let image = TestWebP.chunk("VP8L", TestWebP.solidLossless(width: 2, height: 2, (9, 9, 9, 255)))
    let file = TestWebP.file([
      TestWebP.chunk("VP8X", TestWebP.extended(flags: 0x02, width: 6, height: 4)),
      TestWebP.chunk("ANIM", TestWebP.animation(background: [0x11, 0x22, 0x33, 0x44], loops: 3)),
      TestWebP.chunk("ANMF", TestWebP.frame(halfX: 2, halfY: 1, fieldSize: (5, 5), duration: 10, blends: false, disposes: true, [image])),
      TestWebP.chunk("ANMF", TestWebP.frame(halfX: 0, halfY: 0, duration: 11, blends: true, disposes: false, [image])),
    ])
    let provider = try WebPFrameProvider(bytes: file)
    #expect(provider.rawBackgroundColor == 0x4433_2211)
    #expect(provider.rawLoopCount == 3 && provider.loopCount.plays == 3)
    // The bitstream's size, not ANMF's fields; offsets doubled.
    #expect(provider.frameInfo[0].rectangle == PixelRect(x: 4, y: 2, width: 2, height: 2))
    #expect(provider.frameInfo[0].disposesToBackground && !provider.frameInfo[0].blends)
    #expect(provider.frameDuration(at: 0) == 100_000_000 && provider.frameDuration(at: 1) == 11_000_000)
    let raw = try WebPFrameProvider(bytes: file, options: WebPOptions(delayPolicy: .raw))
    #expect(raw.frameDuration(at: 0) == 10_000_000)
  }

  /// Each rule of the spec's "Errors" gives its typed error.
  @Test func badFilesGiveTypedErrors() {
    let image = TestWebP.chunk("VP8L", TestWebP.solidLossless(width: 2, height: 2, (1, 1, 1, 255)))
    let header = TestWebP.chunk("VP8X", TestWebP.extended(flags: 0x02, width: 4, height: 4))
    let anim = TestWebP.chunk("ANIM", TestWebP.animation(loops: 0))
    func frame(_ chunks: [[UInt8]], halfX: Int = 0) -> [UInt8] {
      TestWebP.chunk("ANMF", TestWebP.frame(halfX: halfX, halfY: 0, duration: 1, blends: true, disposes: false, chunks))
    }
    func error(_ bytes: [UInt8]) -> WebPError? {
      do { _ = try WebPFrameProvider(bytes: bytes); return nil } catch { return error }
    }
    #expect(error([]) == .notWebP)
    #expect(error(Array("RIFF\u{4}\0\0\0WAVE".utf8)) == .notWebP)
    #expect(error(Array("RIFF\u{4}\0\0\0WEBP".utf8)) == .riffSizeTooSmall(4))
    #expect(error(TestWebP.file([header, frame([image])])) == .misplacedChunk(.frame, offset: 30))
    #expect(error(TestWebP.file([header])) == .missingAnimationChunk(offset: 30))
    #expect(error(TestWebP.file([header, anim])) == .noImage(offset: 30))
    #expect(error(TestWebP.file([header, anim, image])) == .misplacedChunk(.lossless, offset: 44))
    #expect(error(TestWebP.file([header, anim, header])) == .misplacedChunk(.extended, offset: 44))
    if case .frameOutsideCanvas(frame: 0, _, _, _)? = error(TestWebP.file([header, anim, frame([image], halfX: 2)])) {
    } else {
      Issue.record("a frame past the canvas's right edge")
    }
    #expect(error(TestWebP.file([header, anim, frame([TestWebP.chunk("EXIF", []), image])])) == .misplacedChunk(WebPChunkType(rawValue: 0x4649_5845), offset: 68))
    #expect(error(TestWebP.file([header, anim, frame([image, image])])) != nil)
    #expect(error(TestWebP.file([header, anim, frame([TestWebP.chunk("ALPH", [0]), image])])) != nil)
    #expect(error(TestWebP.file([header, anim, frame([])])) == .noImage(offset: 44))
    let still = TestWebP.chunk("VP8X", TestWebP.extended(flags: 0, width: 2, height: 2))
    #expect(error(TestWebP.file([still, anim, image])) == .misplacedChunk(.animation, offset: 30))
    #expect(error(TestWebP.file([still, image, image])) != nil)
    #expect(error(TestWebP.file([TestWebP.chunk("VP8X", TestWebP.extended(flags: 0, width: 3, height: 2)), image]))
      == .canvasMismatch(canvas: ImageSize(width: 3, height: 2), image: ImageSize(width: 2, height: 2), offset: 24))
    let big = TestWebP.chunk("VP8X", TestWebP.extended(flags: 0x02, width: 4097, height: 4096))
    if case .tooManyPixels(4097, 4096, 16_777_216, _)? = error(TestWebP.file([big, anim])) {} else {
      Issue.record("a canvas over the pixel limit")
    }
    var badSignature = TestWebP.solidLossless(width: 2, height: 2, (1, 1, 1, 255))
    badSignature[0] = 0x2E
    if case .invalidImageHeader(frame: 1, _, _)? = error(TestWebP.file([header, anim, frame([image]), frame([TestWebP.chunk("VP8L", badSignature)])])) {
    } else {
      Issue.record("an invalid header at frame 1 is an error")
    }
    // A padding byte past the RIFF size.
    var padded = TestWebP.file([still, TestWebP.chunk("VP8L", TestWebP.solidLossless(width: 2, height: 2, (1, 1, 1, 255)) + [0])])
    padded.removeLast()
    padded[4] &-= 1
    if case .chunkPastRIFFSize? = error(padded) {} else { Issue.record("a padding byte past the RIFF size") }
  }

  /// A cut animation keeps the frames whose `ANMF` is whole; a cut still
  /// image, or an animation cut before its first frame, is an error; no
  /// prefix traps.
  @Test func everyPrefixIsAnErrorOrTheWholeFramesBeforeTheCut() throws {
    let animation = Animation(width: 4, height: 4, frames: [
      (x: 0, y: 0, width: 4, height: 4, rgba: [10, 20, 30, 255], alphaIsUsed: false, blends: true, disposes: false),
      (x: 2, y: 2, width: 2, height: 2, rgba: [40, 50, 60, 100], alphaIsUsed: true, blends: true, disposes: true),
      (x: 0, y: 2, width: 3, height: 1, rgba: [70, 80, 90, 0], alphaIsUsed: true, blends: true, disposes: false),
    ])
    let file = animation.file
    let expected = animation.expected
    var standing: [Int: Int] = [:]
    for length in 0..<file.count {
      let prefix = Array(file.prefix(length))
      // With no cache budget, opening checks the frames instead of drawing
      // them: the same frames must stand.
      let checked = try? WebPFrameProvider(bytes: prefix, options: WebPOptions(cacheByteBudget: 0))
      guard let provider = try? WebPFrameProvider(bytes: prefix) else {
        #expect(checked == nil, "a prefix of \(length) bytes opens only when checked")
        continue
      }
      #expect(checked?.frameCount == provider.frameCount, "prefix \(length): checked and drawn frames differ")
      #expect(provider.isTruncated, "a prefix of \(length) bytes is not flagged")
      standing[provider.frameCount, default: 0] += 1
      for index in 0..<provider.frameCount {
        #expect(try provider.frame(at: index).pixels == expected[index], "prefix \(length), frame \(index)")
      }
    }
    #expect(standing.keys.sorted() == [1, 2], "frames standing in the prefixes: \(standing)")
    let still = TestWebP.file([TestWebP.chunk("VP8L", TestWebP.solidLossless(width: 2, height: 2, (1, 1, 1, 255)))])
    for length in 0..<still.count {
      #expect(throws: WebPError.self) { try WebPFrameProvider(bytes: Array(still.prefix(length))) }
    }
  }

  @Test func generatedAnimationsConform() throws {
    let seed = PBTEnvironment.seedOverride ?? PBTEnvironment.defaultSeed(for: "webp-conformance")
    var random = SplitMix64(seed: seed)
    for round in 0..<4 {
      var animation = Self.animations.generate(&random)
      while animation.frames.count < 3 { animation = Self.animations.generate(&random) }
      let bytes = animation.file
      let canvasBytes = animation.width * animation.height * 4 + AnimationCanvasCache.entryOverhead
      for options in [WebPOptions(cacheByteBudget: 2 * canvasBytes), WebPOptions(cacheByteBudget: 2 * canvasBytes, maxPixelSize: 3)] {
        let check = ProviderConformanceTests.animated("webp", budget: options.cacheByteBudget) {
          try WebPFrameProvider(bytes: bytes, options: options)
        }
        let failures = check.failures()
        #expect(failures.isEmpty, "seed \(seed), round \(round), \(animation): \(failures)")
      }
    }
  }
}
