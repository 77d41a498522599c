import Foundation
import Testing
import TimelineScript
@testable import AnimTimeline

// The library's encoder is `GIFEncoder`; the decoder tests' fixtures are
// written by `TestGIFWriter` (Support/TestGIFWriter.swift), which can also
// write damaged streams.

/// What a viewer sees: canvases with their durations, consecutive
/// identical canvases merged.
struct ShownSequence: Equatable, CustomStringConvertible {
  var canvases: [RGBAImage] = []
  var durations: [Int64] = []

  mutating func append(_ image: RGBAImage, _ duration: Int64) {
    if let last = canvases.last, last == image {
      durations[durations.count - 1] += duration
    } else {
      canvases.append(image)
      durations.append(duration)
    }
  }

  var description: String { "\(canvases.count) canvases, durations \(durations)" }
}

/// The source as a GIF can show it: alpha below 128 transparent black,
/// else opaque.
func expectedSequence(_ animation: AnimationSequence) -> ShownSequence {
  var shown = ShownSequence()
  for frame in animation.frames { shown.append(GIFEncoder.normalized(frame.image), frame.duration) }
  return shown
}

/// Decodes `bytes` with the default options (browser policies).
func decodedSequence(_ bytes: [UInt8]) throws -> (ShownSequence, LoopCount) {
  let (provider, images) = try decodeAll(bytes)
  var shown = ShownSequence()
  for (index, image) in images.enumerated() { shown.append(image, provider.frameDuration(at: index)) }
  return (shown, provider.loopCount)
}

/// A random animation from `seed`: up to `maxColors` colours (some
/// transparent with random RGB), frames painted from the previous one with
/// random rectangles, whole-centisecond durations of at least 20 ms.
func randomAnimation(seed: UInt64, maxColors: Int = 40, maxFrames: Int = 8) throws -> AnimationSequence {
  var rng = SplitMix64(seed: seed)
  func below(_ n: Int) -> Int { Int(rng.next() % UInt64(max(n, 1))) }
  let width = 1 + below(40)
  let height = 1 + below(30)
  let colorCount = 1 + below(maxColors)
  let colors: [[UInt8]] = (0..<colorCount).map { _ in
    let alpha: UInt8 = below(5) == 0 ? 0 : 255
    return [UInt8(below(256)), UInt8(below(256)), UInt8(below(256)), alpha]
  }
  var pixels = [UInt8](repeating: 0, count: width * height * 4)
  var frames: [AnimationSequence.Frame] = []
  for _ in 0..<(1 + below(maxFrames)) {
    for _ in 0..<(1 + below(4)) {
      let x = below(width)
      let y = below(height)
      let w = 1 + below(width - x)
      let h = 1 + below(height - y)
      let noisy = below(3) == 0
      let fill = colors[below(colorCount)]
      for row in y..<y + h {
        for column in x..<x + w {
          let color = noisy ? colors[below(colorCount)] : fill
          let at = (row * width + column) * 4
          pixels.replaceSubrange(at..<at + 4, with: color)
        }
      }
    }
    let duration = Int64(2 + below(30)) * 10_000_000
    frames.append(AnimationSequence.Frame(image: RGBAImage(width: width, height: height, pixels: pixels), duration: duration))
  }
  let loops: LoopCount = [LoopCount.infinite, .once, 2, 3, 65_536][below(5)]
  return try AnimationSequence(frames: frames, loops: loops)
}

/// Peak signal-to-noise ratio over the RGB of opaque pixels.
func psnr(_ a: RGBAImage, _ b: RGBAImage) -> Double {
  var sum = 0.0
  var count = 0
  for offset in Swift.stride(from: 0, to: a.pixels.count, by: 4) where a.pixels[offset + 3] != 0 {
    for channel in 0..<3 {
      let d = Double(a.pixels[offset + channel]) - Double(b.pixels[offset + channel])
      sum += d * d
      count += 1
    }
  }
  guard count > 0, sum > 0 else { return 99 }
  return 10 * log10(255 * 255 / (sum / Double(count)))
}

@Suite struct GIFEncoderTests {
  // MARK: Exactness

  /// Random animations of at most 256 colours read back exactly, at each
  /// effort: canvases, durations, loop count. Prints its seed; `PBT_SEED`
  /// replays it.
  @Test func roundTripIsExact() {
    let name = "GIFEncoderTests.roundTripIsExact"
    let seed = PBTEnvironment.seedOverride ?? PBTEnvironment.defaultSeed(for: name)
    print("\(name): seed \(seed) (replay: PBT_SEED=\(seed) swift test --filter \(name))")
    let gen = Gen<UInt64>(generate: { $0.next() })
    forAll(name, gen: gen, iterations: 150, seed: seed) { caseSeed in
      let animation = try randomAnimation(seed: caseSeed)
      let expected = expectedSequence(animation)
      for effort in [GIFEncodingOptions.Effort.smallest, .fast] {
        let bytes = try GIFEncoder.encode(animation, options: GIFEncodingOptions(effort: effort))
        let (shown, loops) = try decodedSequence(bytes)
        try ensure(shown == expected, "case \(caseSeed), \(effort): decoded \(shown), expected \(expected)")
        try ensure(loops == animation.loops, "case \(caseSeed), \(effort): loops \(loops), expected \(animation.loops)")
      }
      return true
    }
  }

  /// The fast effort encodes each frame once, keeping the canvas: on an
  /// animation of small changes over a fixed background, every frame after
  /// the first keeps it (disposal 1), and the file is no smaller than the
  /// smallest effort's.
  @Test func fastEffortKeepsTheCanvas() throws {
    var pixels = [UInt8](repeating: 0, count: 32 * 24 * 4)
    for offset in Swift.stride(from: 0, to: pixels.count, by: 4) {
      pixels[offset] = UInt8(offset / 4 % 7 * 30)
      pixels[offset + 3] = 255
    }
    var frames: [AnimationSequence.Frame] = []
    for step in 0..<8 {
      var moved = pixels
      for row in 4..<10 {
        let at = (row * 32 + 2 + 3 * step) * 4
        moved.replaceSubrange(at..<at + 8, with: [250, 250, 0, 255, 250, 250, 0, 255])
      }
      frames.append(AnimationSequence.Frame(image: RGBAImage(width: 32, height: 24, pixels: moved), duration: 50_000_000))
    }
    let animation = try AnimationSequence(frames: frames)
    let fast = try GIFEncoder.encode(animation, options: GIFEncodingOptions(effort: .fast))
    let smallest = try GIFEncoder.encode(animation)
    let (provider, _) = try decodeAll(fast)
    #expect(provider.frameInfo.dropLast().allSatisfy { $0.disposal == 1 }, "\(provider.frameInfo.map(\.disposal))")
    #expect(fast.count >= smallest.count)
    let (shown, _) = try decodedSequence(fast)
    #expect(shown == expectedSequence(animation))
  }

  /// Many colours in all (a pool of 1,500), at most 200 per canvas (each
  /// frame shifts a window over the pool and remaps what falls outside):
  /// local colour tables, still exact. Prints its seed; `PBT_SEED` replays
  /// it.
  @Test func localTablesRoundTripIsExact() {
    let name = "GIFEncoderTests.localTablesRoundTripIsExact"
    let seed = PBTEnvironment.seedOverride ?? PBTEnvironment.defaultSeed(for: name)
    print("\(name): seed \(seed) (replay: PBT_SEED=\(seed) swift test --filter \(name))")
    let gen = Gen<UInt64>(generate: { $0.next() })
    forAll(name, gen: gen, iterations: 40, seed: seed) { caseSeed in
      var rng = SplitMix64(seed: caseSeed)
      func below(_ n: Int) -> Int { Int(rng.next() % UInt64(max(n, 1))) }
      let pool: [[UInt8]] = (0..<1_500).map { _ in [UInt8(below(256)), UInt8(below(256)), UInt8(below(256)), 255] }
      let width = 1 + below(48)
      let height = 1 + below(48)
      var canvas = [Int](repeating: -1, count: width * height)  // -1: transparent
      var frames: [AnimationSequence.Frame] = []
      for frame in 0..<(2 + below(6)) {
        let window = frame * 150
        for index in canvas.indices where canvas[index] >= 0 && !(window..<window + 200).contains(canvas[index]) {
          canvas[index] = window + canvas[index] % 200
        }
        for _ in 0..<(1 + below(4)) {
          let x = below(width)
          let y = below(height)
          let w = 1 + below(width - x)
          let h = 1 + below(height - y)
          let clear = below(4) == 0
          for row in y..<y + h {
            for column in x..<x + w { canvas[row * width + column] = clear ? -1 : window + below(200) }
          }
        }
        let pixels = canvas.flatMap { $0 < 0 ? [UInt8](repeating: 0, count: 4) : pool[$0] }
        frames.append(.init(image: RGBAImage(width: width, height: height, pixels: pixels), duration: Int64(2 + below(9)) * 10_000_000))
      }
      let animation = try AnimationSequence(frames: frames, loops: 2)
      let (shown, loops) = try decodedSequence(try GIFEncoder.encode(animation))
      let expected = expectedSequence(animation)
      try ensure(shown == expected, "case \(caseSeed): decoded \(shown), expected \(expected)")
      try ensure(loops == 2, "case \(caseSeed): loops \(loops)")
      return true
    }
  }

  /// Many colours in all, few per frame: local colour tables, still exact.
  @Test func localTablesAreExact() throws {
    var frames: [AnimationSequence.Frame] = []
    for index in 0..<6 {
      var pixels = [UInt8](repeating: 0, count: 32 * 32 * 4)
      for pixel in 0..<(32 * 32) {
        // 200 colours a frame, different in every frame.
        let value = pixel % 200
        pixels.replaceSubrange(pixel * 4..<pixel * 4 + 4, with: [UInt8(value), UInt8(index * 40), UInt8(255 - value), 255])
      }
      frames.append(AnimationSequence.Frame(image: RGBAImage(width: 32, height: 32, pixels: pixels), duration: 50_000_000))
    }
    let animation = try AnimationSequence(frames: frames, loops: 3)
    let bytes = try GIFEncoder.encode(animation)
    #expect(bytes[10] & 0x80 == 0, "no global colour table")
    let (shown, loops) = try decodedSequence(bytes)
    #expect(shown == expectedSequence(animation))
    #expect(loops == 3)
  }

  /// The global table holds the transparent entry, then the colours the
  /// frames change to most: a frame that writes only those gets a small
  /// LZW code size, whatever the table's size.
  @Test func codeSizeFollowsTheIndicesWritten() throws {
    var base: [UInt8] = []
    for index in 0..<400 { base += [UInt8(index % 100), UInt8(index % 100 * 2), 50, 255] }
    func painted(_ color: [UInt8]) -> RGBAImage {
      var pixels = base
      for y in 5..<15 { for x in 5..<15 { pixels.replaceSubrange((y * 20 + x) * 4..<(y * 20 + x) * 4 + 4, with: color) } }
      return RGBAImage(width: 20, height: 20, pixels: pixels)
    }
    let a: [UInt8] = [1, 250, 3, 255]
    let b: [UInt8] = [250, 1, 3, 255]
    let frames = [RGBAImage(width: 20, height: 20, pixels: base), painted(a), painted(b), painted(a)]
      .map { AnimationSequence.Frame(image: $0, duration: 30_000_000) }
    let animation = try AnimationSequence(frames: frames)
    let bytes = try GIFEncoder.encode(animation)
    let (provider, _) = try decodeAll(bytes)
    #expect(bytes[10] & 0x87 == 0x86, "a global table of 128 entries")
    #expect(provider.frameInfo.map(\.lzwMinimumCodeSize) == [7, 2, 2, 2])
    let (shown, _) = try decodedSequence(bytes)
    #expect(shown == expectedSequence(animation))
  }

  /// `classify` (two pixels a load, in arithmetic) against the two
  /// questions asked pixel by pixel, on images of every parity whose
  /// pixels are opaque, 0,0,0,0, transparent with colour, or translucent.
  @Test func classifyAgreesWithEachPixel() {
    let gen = Gen<RGBAImage>(generate: { rng in
      let (width, height) = (rng.int(in: 1...7), rng.int(in: 1...5))
      var pixels: [UInt8] = []
      let kinds = rng.int(in: 0...3)
      for _ in 0..<width * height {
        let color = (0..<3).map { _ in UInt8(truncatingIfNeeded: rng.int(in: 0...255)) }
        switch rng.int(in: 0...kinds) {
        case 0: pixels += color + [255]
        case 1: pixels += [0, 0, 0, 0]
        case 2: pixels += color + [0]
        default: pixels += color + [UInt8(truncatingIfNeeded: rng.int(in: 1...254))]
        }
      }
      return RGBAImage(width: width, height: height, pixels: pixels)
    })
    forAll("GIFEncoderTests.classifyAgreesWithEachPixel", gen: gen, iterations: 1_000) { image in
      let alphas = stride(from: 3, to: image.pixels.count, by: 4).map { image.pixels[$0] }
      let opaque = alphas.allSatisfy { $0 == 255 }
      let normal = stride(from: 0, to: image.pixels.count, by: 4).allSatisfy {
        image.pixels[$0 + 3] == 255 || image.pixels[$0..<$0 + 4].allSatisfy { $0 == 0 }
      }
      let found = GIFEncoder.classify(image)
      try ensure(found.isOpaque == opaque && found.isNormal == normal, "\(found) for \(image.pixels)")
      return true
    }
  }

  /// The disposal is chosen by the next frame's encoded size: on small
  /// random animations (at most 256 pixels, so every candidate is tried),
  /// the chosen one's stream is no larger than that of any other valid
  /// disposal.
  @Test func disposalGivesTheSmallestNextFrame() throws {
    var compared = 0
    for seed in UInt64(1)...200 {
      let animation = try randomAnimation(seed: seed &* 0x9E37_79B9, maxColors: 12, maxFrames: 6)
      let frames = animation.frames.map { GIFEncoder.normalized($0.image) }
      var chain = CanvasChain(first: frames[0])
      for frame in frames.dropFirst() { chain.append(frame) }
      guard let palette = GIFEncoder.exactPalette(of: chain), frames[0].pixels.count <= 4 * 256
      else { continue }
      let blank = RGBAImage(width: frames[0].width, height: frames[0].height, pixels: [UInt8](repeating: 0, count: frames[0].pixels.count))
      let whole = PixelRect(x: 0, y: 0, width: blank.width, height: blank.height)
      var previous = try #require(GIFEncoder.encodeFrame(base: blank, target: frames[0], rectangle: whole, palette: palette, delay: 2))
      for next in frames.dropFirst() where next.differingRectangle(from: previous.canvasAfter) != nil {
        let opaque = GIFEncoder.classify(next).isOpaque
        guard let (disposal, chosen) = GIFEncoder.bestDisposal(
          after: previous, next: next, nextIsOpaque: opaque, palette: palette, delay: 2, keepsOnly: false)
        else { break }
        var cleared = previous.canvasAfter
        for y in previous.rectangle.y..<previous.rectangle.y + previous.rectangle.height {
          for x in previous.rectangle.x..<previous.rectangle.x + previous.rectangle.width {
            cleared.pixels.replaceSubrange((y * cleared.width + x) * 4..<(y * cleared.width + x) * 4 + 4, with: [0, 0, 0, 0])
          }
        }
        for (other, canvas) in [(1, previous.canvasAfter), (2, cleared), (3, previous.canvasBefore)]
        where (other != 2 || !opaque) && GIFEncoder.canBeDrawn(next, over: canvas) {
          // (Clearing before an opaque frame only adds to its rectangle:
          // not a candidate.)
          let rectangle = next.differingRectangle(from: canvas) ?? PixelRect(x: 0, y: 0, width: 1, height: 1)
          let encoded = try #require(GIFEncoder.encodeFrame(base: canvas, target: next, rectangle: rectangle, palette: palette, delay: 2))
          #expect(chosen.byteCount <= encoded.byteCount, "seed \(seed): disposal \(disposal) over \(other)")
          compared += 1
        }
        #expect(chosen.canvasAfter == next)
        previous = chosen
      }
    }
    #expect(compared > 100)
  }

  /// Two colours and transparent pixels that never replace opaque ones:
  /// no transparent entry (beyond the table, it would need one more code
  /// bit in the frames that write it); the first frame
  /// covers the canvas and each frame borrows an index it does not draw.
  /// A pixel turning transparent keeps the entry, beyond the table of 2.
  @Test func transparencyWithoutAnEntry() throws {
    let red: [UInt8] = [255, 0, 0, 255]
    let green: [UInt8] = [0, 255, 0, 255]
    let clear: [UInt8] = [0, 0, 0, 0]
    func image(_ paint: [Int: [UInt8]]) -> RGBAImage {
      var pixels: [UInt8] = []
      for index in 0..<16 { pixels += paint[index] ?? clear }
      return RGBAImage(width: 4, height: 4, pixels: pixels)
    }
    let growing = [
      image([0: red, 1: red, 4: red]), image([0: red, 1: red, 4: red, 10: green]),
      image([0: red, 1: red, 4: red, 10: green, 15: green]),
    ]
    let shrinking = growing + [image([0: green])]
    for (frames, entry) in [(growing, false), (shrinking, true)] {
      let animation = try AnimationSequence(frames: frames.map { AnimationSequence.Frame(image: $0, duration: 30_000_000) })
      let bytes = try GIFEncoder.encode(animation)
      #expect(bytes[10] & 0x87 == 0x80, "a global table of 2 entries")
      let (provider, _) = try decodeAll(bytes)
      if entry {
        #expect(provider.frameInfo.allSatisfy { $0.transparentIndex == 2 })
      } else {
        #expect(provider.frameInfo[0].rectangle == PixelRect(x: 0, y: 0, width: 4, height: 4))
        #expect(provider.frameInfo.allSatisfy { $0.disposal <= 1 })
      }
      let (shown, _) = try decodedSequence(bytes)
      #expect(shown == expectedSequence(animation))
    }
  }

  /// A palette with its transparent entry among the colours: the colours
  /// from its position on follow it.
  @Test func paletteWithTransparentEntryInside() {
    let colors: [UInt32] = [0x10_2030, 0x40_5060, 0x70_8090]
    let first = GIFPalette(colors: colors, transparentAt: 0)
    #expect(first.transparentIndex == 0 && first.count == 4 && first.bits == 2)
    #expect(first.index(of: 0x10_2030) == 1 && first.index(of: 0x70_8090) == 3 && first.index(of: 1) == nil)
    #expect(first.tableBytes == [0, 0, 0, 0x10, 0x20, 0x30, 0x40, 0x50, 0x60, 0x70, 0x80, 0x90])
    let middle = GIFPalette(colors: colors, transparentAt: 2)
    #expect(middle.index(of: 0x10_2030) == 0 && middle.index(of: 0x40_5060) == 1 && middle.index(of: 0x70_8090) == 3)
    #expect(middle.tableBytes == [0x10, 0x20, 0x30, 0x40, 0x50, 0x60, 0, 0, 0, 0x70, 0x80, 0x90])
    let none = GIFPalette(colors: colors, transparentAt: nil)
    #expect(none.transparentIndex == nil && none.index(of: 0x70_8090) == 2 && none.tableBytes.count == 12)
  }

  /// An opaque animation of 4 colours: a table of 4 entries (no
  /// transparent one), and a frame that skips unchanged pixels declares
  /// an index none of its changed pixels uses.
  @Test func opaqueAnimationBorrowsTransparentIndex() throws {
    let colors: [[UInt8]] = [[255, 0, 0, 255], [0, 255, 0, 255], [0, 0, 255, 255], [9, 9, 9, 255]]
    func image(_ paint: (Int, Int) -> Int) -> RGBAImage {
      var pixels: [UInt8] = []
      for y in 0..<16 { for x in 0..<16 { pixels += colors[paint(x, y)] } }
      return RGBAImage(width: 16, height: 16, pixels: pixels)
    }
    let frames = [
      image { x, y in (x / 4 + y / 4) % 4 },
      image { x, y in x == y ? 3 : (x / 4 + y / 4) % 4 },
      image { x, y in x == 15 - y ? 0 : (x / 4 + y / 4) % 4 },
    ].map { AnimationSequence.Frame(image: $0, duration: 40_000_000) }
    let animation = try AnimationSequence(frames: frames)
    let bytes = try GIFEncoder.encode(animation)
    #expect(bytes[10] & 0x87 == 0x81, "a global table of 4 entries")
    let (provider, _) = try decodeAll(bytes)
    #expect(provider.frameInfo[0].transparentIndex == nil)
    for info in provider.frameInfo.dropFirst() {
      if let index = info.transparentIndex { #expect(index < 4) }
    }
    let (shown, _) = try decodedSequence(bytes)
    #expect(shown == expectedSequence(animation))
  }

  /// Eight colours and a transparent canvas around them, every colour in
  /// every frame (no index to borrow): the table stays at 8 entries and
  /// the transparent index is 8, beyond it, declared by every frame.
  @Test func transparentIndexBeyondAFullTable() throws {
    let colors: [[UInt8]] = (0..<8).map { (index: Int) -> [UInt8] in
      let level = UInt8(index * 30)
      return [level, 255 - level, index % 2 == 0 ? 0 : 200, 255]
    }
    func image(shift: Int) -> RGBAImage {
      var pixels: [UInt8] = []
      for y in 0..<8 {
        for x in 0..<8 {
          let outside = x < 2 || y < 2
          pixels += outside ? [0, 0, 0, 0] : colors[(x + y + shift) % 8]
        }
      }
      return RGBAImage(width: 8, height: 8, pixels: pixels)
    }
    let frames = (0..<3).map { AnimationSequence.Frame(image: image(shift: $0), duration: 50_000_000) }
    let animation = try AnimationSequence(frames: frames)
    let bytes = try GIFEncoder.encode(animation)
    #expect(bytes[10] & 0x87 == 0x82, "a global table of 8 entries")
    #expect(bytes[11] == 8, "the background is the transparent index")
    let (provider, _) = try decodeAll(bytes)
    #expect(provider.frameInfo.allSatisfy { $0.transparentIndex == 8 })
    #expect(provider.frameInfo[0].rectangle == PixelRect(x: 2, y: 2, width: 6, height: 6))
    let (shown, _) = try decodedSequence(bytes)
    #expect(shown == expectedSequence(animation))
    let palette = GIFPalette(colors: (0..<8).map { UInt32($0) }, transparentAt: 8)
    #expect(palette.transparentIsBeyondTable && palette.bits == 3 && palette.tableBytes.count == 24)
    #expect(!GIFPalette(colors: (0..<8).map { UInt32($0) }, transparentAt: 3).transparentIsBeyondTable)
    #expect(GIFPalette(colors: (0..<5).map { UInt32($0) }, transparentAt: 5).bits == 3)
  }

  @Test func oneFrame() throws {
    let image = RGBAImage(width: 3, height: 2, pixels: [UInt8](repeating: 200, count: 24))
    let animation = try AnimationSequence(frames: [.init(image: image, duration: 70_000_000)], loops: .once)
    let bytes = try GIFEncoder.encode(animation)
    #expect(try GIFFrameProvider(bytes: bytes).rawLoopCount == nil, "1 play: no loop extension")
    let (shown, loops) = try decodedSequence(bytes)
    #expect(shown == expectedSequence(animation))
    #expect(loops == .once)
  }

  /// Pixels turning transparent where the canvas was opaque need a
  /// disposal; a frame going back to an earlier one can use restore.
  @Test func transparencyNeedsDisposal() throws {
    func image(_ paint: (Int, Int) -> [UInt8]) -> RGBAImage {
      var pixels: [UInt8] = []
      for y in 0..<8 { for x in 0..<8 { pixels += paint(x, y) } }
      return RGBAImage(width: 8, height: 8, pixels: pixels)
    }
    let clear: [UInt8] = [9, 9, 9, 0]
    let frames = [
      image { x, _ in x < 4 ? [255, 0, 0, 255] : clear },
      image { x, _ in x >= 4 ? [0, 255, 0, 255] : clear },
      image { _, _ in clear },
      image { x, y in x == y ? [0, 0, 255, 255] : clear },
      image { _, _ in [1, 2, 3, 255] },
      image { x, y in x == 7 - y ? [0, 0, 255, 255] : clear },
    ].map { AnimationSequence.Frame(image: $0, duration: 30_000_000) }
    let animation = try AnimationSequence(frames: frames)
    let (shown, loops) = try decodedSequence(try GIFEncoder.encode(animation))
    #expect(shown == expectedSequence(animation))
    #expect(loops == .infinite)
  }

  /// A pixel turning transparent outside the last frame's rectangle: no
  /// disposal of that frame clears it, so the encoder rewrites that frame
  /// over the whole canvas and clears it all.
  @Test func transparencyOutsideTheLastRectangle() throws {
    func image(_ paint: [Int: [UInt8]]) -> RGBAImage {
      var pixels = [UInt8](repeating: 0, count: 4 * 4 * 4)
      for (index, color) in paint { pixels.replaceSubrange(index * 4..<index * 4 + 4, with: color) }
      return RGBAImage(width: 4, height: 4, pixels: pixels)
    }
    let a: [UInt8] = [200, 10, 10, 255]
    let b: [UInt8] = [10, 200, 10, 255]
    let c: [UInt8] = [10, 10, 200, 255]
    let frames = [image([0: a, 15: b]), image([0: a, 15: c]), image([15: c]), image([15: b, 5: a])]
      .map { AnimationSequence.Frame(image: $0, duration: 20_000_000) }
    let animation = try AnimationSequence(frames: frames)
    let bytes = try GIFEncoder.encode(animation)
    let (provider, _) = try decodeAll(bytes)
    #expect(provider.frameInfo[1].disposal == 2)
    #expect(provider.frameInfo[1].rectangle == PixelRect(x: 0, y: 0, width: 4, height: 4))
    let (shown, _) = try decodedSequence(bytes)
    #expect(shown == expectedSequence(animation))
  }

  @Test func identicalFramesMerge() throws {
    let a = RGBAImage(width: 2, height: 2, pixels: [UInt8](repeating: 255, count: 16))
    let b = RGBAImage(width: 2, height: 2, pixels: [UInt8](repeating: 100, count: 12) + [255, 255, 255, 255])
    let animation = try AnimationSequence(frames: [
      .init(image: a, duration: 20_000_000), .init(image: a, duration: 30_000_000), .init(image: b, duration: 40_000_000),
    ])
    let bytes = try GIFEncoder.encode(animation)
    let (provider, _) = try decodeAll(bytes)
    #expect(provider.frameCount == 2)
    #expect(provider.frameDuration(at: 0) == 50_000_000)
  }

  /// A frame longer than 65,535 cs is split; the total stays exact.
  @Test func longDelaysSplit() throws {
    let a = RGBAImage(width: 2, height: 1, pixels: [1, 2, 3, 255, 4, 5, 6, 255])
    let b = RGBAImage(width: 2, height: 1, pixels: [1, 2, 3, 255, 7, 8, 9, 255])
    let long: Int64 = 150_001 * 10_000_000
    let animation = try AnimationSequence(frames: [.init(image: a, duration: long), .init(image: b, duration: 20_000_000)])
    let bytes = try GIFEncoder.encode(animation)
    let (provider, _) = try decodeAll(bytes)
    #expect(provider.frameCount > 2)
    #expect(provider.frameInfo.allSatisfy { $0.delayCentiseconds >= 2 })
    let (shown, _) = try decodedSequence(bytes)
    #expect(shown == expectedSequence(animation))
  }

  @Test func loopCounts() throws {
    let image = RGBAImage(width: 1, height: 1, pixels: [1, 2, 3, 255])
    for plays: Int64 in [1, 2, 7, 65_536] {
      let animation = try AnimationSequence(frames: [.init(image: image, duration: 20_000_000)], loops: try .plays(plays))
      let bytes = try GIFEncoder.encode(animation)
      let (_, loops) = try decodedSequence(bytes)
      #expect(loops.plays == plays)
      #expect(try GIFFrameProvider(bytes: bytes).rawLoopCount == (plays == 1 ? nil : UInt16(plays - 1)))
    }
    let forever = try AnimationSequence(frames: [.init(image: image, duration: 20_000_000)], loops: .infinite)
    #expect(try GIFFrameProvider(bytes: try GIFEncoder.encode(forever)).rawLoopCount == 0)
    let tooMany = try AnimationSequence(frames: [.init(image: image, duration: 20_000_000)], loops: try .plays(65_537))
    #expect(throws: AnimationEncodingError.loopCountTooLarge(plays: 65_537)) { try GIFEncoder.encode(tooMany) }
  }

  @Test func canvasTooLarge() throws {
    let image = RGBAImage(width: 65_536, height: 1, pixels: [UInt8](repeating: 255, count: 65_536 * 4))
    let animation = try AnimationSequence(frames: [.init(image: image, duration: 20_000_000)])
    #expect(throws: AnimationEncodingError.canvasTooLarge(width: 65_536, height: 1)) { try GIFEncoder.encode(animation) }
  }

  // MARK: Delays

  /// Every written frame starts within 5 ms of its exact start, no delay is
  /// below 2 cs (or above 65,535), and whole-centisecond sources keep their
  /// total exactly. Prints its seed; `PBT_SEED` replays it.
  @Test func delayRounding() {
    let name = "GIFEncoderTests.delayRounding"
    let seed = PBTEnvironment.seedOverride ?? PBTEnvironment.defaultSeed(for: name)
    print("\(name): seed \(seed) (replay: PBT_SEED=\(seed) swift test --filter \(name))")
    let gen = Gen<UInt64>(generate: { $0.next() })
    forAll(name, gen: gen, iterations: 2_000, seed: seed) { caseSeed in
      var rng = SplitMix64(seed: caseSeed)
      let wholeCentiseconds = rng.next() % 2 == 0
      let durations: [Int64] = (0..<(1 + Int(rng.next() % 12))).map { _ in
        let scale: UInt64 = rng.next() % 10 == 0 ? 1_000_000_000_000 : 60_000_000
        let raw = Int64(rng.next() % scale)
        return wholeCentiseconds ? raw / 10_000_000 * 10_000_000 : raw
      }
      let total = durations.reduce(0, +)
      let schedule = try GIFDelaySchedule(durations: durations, allowsShortDelays: false)
      var start: Int64 = 0
      var lastFrame = -1
      for entry in schedule.entries {
        try ensure((2...65_535).contains(entry.centiseconds), "case \(caseSeed): delay \(entry.centiseconds)")
        if !entry.isContinuation {
          try ensure(entry.frame > lastFrame, "case \(caseSeed): frames out of order")
          let exact = durations[..<entry.frame].reduce(0, +)
          try ensure(abs(start * 10_000_000 - exact) <= 5_000_000, "case \(caseSeed): frame \(entry.frame) at \(start) cs, exact \(exact) ns")
          lastFrame = entry.frame
        }
        start += Int64(entry.centiseconds)
      }
      if total >= 15_000_000 {
        try ensure(abs(start * 10_000_000 - total) <= 5_000_000, "case \(caseSeed): total \(start) cs, exact \(total) ns")
        if wholeCentiseconds { try ensure(start * 10_000_000 == total, "case \(caseSeed): total not exact") }
      } else {
        try ensure(start == 2, "case \(caseSeed): a short animation lasts 2 cs")
      }
      return true
    }
  }

  @Test func shortFramesMerge() throws {
    let ms: Int64 = 1_000_000
    // 30, 10 (merged into the first), 30 ms.
    let schedule = try GIFDelaySchedule(durations: [30 * ms, 10 * ms, 30 * ms], allowsShortDelays: false)
    #expect(schedule.entries.map(\.frame) == [0, 2])
    #expect(schedule.entries.map(\.centiseconds) == [4, 3])
    let allowed = try GIFDelaySchedule(durations: [30 * ms, 10 * ms, 30 * ms], allowsShortDelays: true)
    #expect(allowed.entries.map(\.centiseconds) == [3, 1, 3])
    // A zero-length first frame never shows; a 1 cs first frame absorbs
    // the next.
    #expect(try GIFDelaySchedule(durations: [0, 50 * ms], allowsShortDelays: false).entries.map(\.frame) == [1])
    let first = try GIFDelaySchedule(durations: [10 * ms, 10 * ms, 50 * ms], allowsShortDelays: false)
    #expect(first.entries.map(\.frame) == [0, 2])
    #expect(first.entries.map(\.centiseconds) == [2, 5])
    // Browser-policy durations (>= 20 ms, or 100 ms) are exact.
    let browser = try GIFDelaySchedule(durations: [100 * ms, 20 * ms, 100 * ms], allowsShortDelays: false)
    #expect(browser.entries.map(\.centiseconds) == [10, 2, 10])
  }

  /// A delay longer than 2^20 GIF frames can carry is a typed error,
  /// found before any frame is built; one that takes a thousand frames is
  /// written, and decodes back to its length.
  @Test func aDurationTooLongForTheFormatIsRefused() throws {
    let image = RGBAImage(width: 1, height: 1, pixels: [1, 2, 3, 255])
    let endless = try AnimationSequence(frames: [.init(image: image, duration: .max)])
    #expect(throws: AnimationEncodingError.durationTooLong(nanoseconds: .max)) { try GIFEncoder.encode(endless) }
    let twoFrames = try AnimationSequence(frames: [.init(image: image, duration: .max / 2), .init(image: image, duration: .max / 2)])
    #expect(throws: AnimationEncodingError.durationTooLong(nanoseconds: .max / 2 * 2)) { try GIFEncoder.encode(twoFrames) }
    // 1,000 delays of 65,535 cs and one of 100 cs.
    let long: Int64 = (1_000 * 65_535 + 100) * 10_000_000
    let bytes = try GIFEncoder.encode(try AnimationSequence(frames: [.init(image: image, duration: long)]))
    let provider = try GIFFrameProvider(bytes: bytes)
    #expect(provider.frameCount >= 1_001)
    #expect((0..<provider.frameCount).reduce(Int64(0)) { $0 + provider.frameDuration(at: $1) } == long)
  }

  // MARK: True colour

  /// A moving gradient (thousands of colours): one quantized palette;
  /// prints the mean PSNR, with and without dithering.
  @Test func gradientQuality() throws {
    let width = 96
    let height = 64
    var frames: [AnimationSequence.Frame] = []
    for index in 0..<6 {
      var pixels: [UInt8] = []
      pixels.reserveCapacity(width * height * 4)
      for y in 0..<height {
        for x in 0..<width {
          pixels += [UInt8((x * 255) / (width - 1)), UInt8((y * 255) / (height - 1)), UInt8((x + y + index * 20) % 256), 255]
        }
      }
      frames.append(.init(image: RGBAImage(width: width, height: height, pixels: pixels), duration: 40_000_000))
    }
    let animation = try AnimationSequence(frames: frames)
    for dithering in [false, true] {
      let bytes = try GIFEncoder.encode(animation, options: GIFEncodingOptions(dithering: dithering))
      let (provider, images) = try decodeAll(bytes)
      #expect(provider.frameCount == frames.count)
      let mean = zip(frames, images).map { psnr($0.image, $1) }.reduce(0, +) / Double(images.count)
      print("GIFEncoderTests.gradientQuality: dithering \(dithering): mean PSNR \(String(format: "%.2f", mean)) dB, \(bytes.count) bytes")
      #expect(mean > 25)
      #expect(provider.frameDuration(at: 0) == 40_000_000)
    }
  }

  // MARK: Corpus

  /// Re-encoding every animated GIF of the corpus reads back as the
  /// source: composited canvases, durations, loop count. Files that fail
  /// to open or have one frame are skipped; a frame that fails to decode
  /// ends the comparison there.
  @Test(.enabled(if: corpusAvailable, "skipped: the GIF corpus ../shared/corpus/gif is not present"))
  func corpusReencodesExactly() throws {
    var checked = 0
    var sourceBytes = 0
    var encodedBytes = 0
    for name in corpusFiles() {
      let path = corpusDirectory + "/" + name
      guard let bytes = readFile(path), let provider = try? GIFFrameProvider(bytes: bytes), provider.frameCount > 1 else { continue }
      var frames: [AnimationSequence.Frame] = []
      for index in 0..<provider.frameCount {
        guard let image = try? provider.frame(at: index) else { break }
        frames.append(.init(image: image, duration: provider.frameDuration(at: index)))
      }
      guard !frames.isEmpty else { continue }
      let animation = try AnimationSequence(frames: frames, loops: provider.loopCount)
      let encoded = try GIFEncoder.encode(animation)
      let (shown, loops) = try decodedSequence(encoded)
      let expected = expectedSequence(animation)
      #expect(shown == expected, "\(name)")
      #expect(loops == animation.loops, "\(name)")
      checked += 1
      sourceBytes += bytes.count
      encodedBytes += encoded.count
    }
    print("GIFEncoderTests.corpusReencodesExactly: \(checked) animated files, \(sourceBytes) bytes in, \(encodedBytes) bytes re-encoded")
    #expect(checked > 0)
  }
}
