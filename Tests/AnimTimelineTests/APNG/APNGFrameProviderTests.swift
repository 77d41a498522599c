import AnimTimelineTestSupport
import Foundation
import Testing
import TimelineScript
@testable import AnimTimeline

/// The APNG provider on the animation engine: every corpus frame's pixels
/// through the provider (not only the test's reference compositor), the
/// conformance checker on generated animations with every dispose and
/// blend op, timing and play counts, and opening by content.
@Suite struct APNGFrameProviderTests {
  /// A generated APNG of `count` frames on a `width × height` canvas:
  /// random rectangles, dispose ops 0...2 and blend ops 0...1, semi-
  /// transparent pixels, every few frames a covering `SOURCE` keyframe.
  static func animation(seed: UInt64, width: Int = 12, height: Int = 9, count: Int = 24) -> [UInt8] {
    var generator = SplitMix64(seed: seed)
    var chunks: [TestAPNG.Chunk] = [TestAPNG.ihdr(width, height), TestAPNG.actl(frames: count, plays: 0)]
    var sequence = 0
    for position in 0..<count {
      let covering = position == 0 || position % 7 == 0
      let w = covering ? width : Int.random(in: 1...width, using: &generator)
      let h = covering ? height : Int.random(in: 1...height, using: &generator)
      let x = covering ? 0 : Int.random(in: 0...(width - w), using: &generator)
      let y = covering ? 0 : Int.random(in: 0...(height - h), using: &generator)
      let dispose = Int.random(in: 0...2, using: &generator)
      let blend = covering ? 0 : Int.random(in: 0...1, using: &generator)
      chunks.append(TestAPNG.fctl(sequence, w, h, x: x, y: y, delay: (Int.random(in: 1...9, using: &generator), 100), dispose: dispose, blend: blend))
      sequence += 1
      let data = TestAPNG.data(w, h, seed: Int(generator.next() % 1000))
      if position == 0 {
        chunks.append(TestAPNG.idat(data))
      } else {
        chunks.append(TestAPNG.fdat(sequence, data))
        sequence += 1
      }
    }
    chunks.append(TestAPNG.iend)
    return TestAPNG(chunks: chunks).file()
  }

  @Test func generatedAnimationsConform() throws {
    let seed = PBTEnvironment.seedOverride ?? PBTEnvironment.defaultSeed(for: "apng-conformance")
    for round in 0..<4 {
      let bytes = Self.animation(seed: seed &+ UInt64(round))
      let canvasBytes = 12 * 9 * 4 + AnimationCanvasCache.entryOverhead
      for options in [APNGOptions(cacheByteBudget: 3 * canvasBytes), APNGOptions(cacheByteBudget: 3 * canvasBytes, maxPixelSize: 5)] {
        let check = ProviderConformanceTests.animated("apng", budget: options.cacheByteBudget) {
          try APNGFrameProvider(bytes: bytes, options: options)
        }
        let failures = check.failures()
        #expect(failures.isEmpty, "round \(round): \(failures)")
      }
      // The engine's frames equal the reference compositor's.
      let provider = try APNGFrameProvider(bytes: bytes)
      let index = try TestAPNG.open(bytes).get()
      let reference = try ReferenceAPNGCompositor(index: index, bytes: bytes).canvases()
      for (position, canvas) in reference.enumerated() {
        #expect(try provider.frame(at: position).pixels == canvas, "round \(round), frame \(position)")
      }
    }
  }

  @Test func everyCorpusFrameThroughTheProvider() throws {
    guard apngCorpusAvailable else {
      print("APNGFrameProviderTests.everyCorpusFrameThroughTheProvider: skipped, no corpus at \(apngCorpusDirectory)")
      return
    }
    var files = 0
    var frames = 0
    for name in APNGCorpusTests.files() {
      let path = apngCorpusDirectory + "/" + name
      let bytes = try #require(readFile(path))
      let want = try JSONParser.parse(try #require(readFile(path + ".json"))).value
      guard case let .array(expected)? = want["frames"]?.value else { continue }
      let provider = try APNGFrameProvider(bytes: bytes)
      #expect(provider.frameCount == expected.count, "\(name)")
      for (position, element) in expected.enumerated() where position < provider.frameCount {
        guard case let .string(crc)? = element.value["crc32"]?.value else { continue }
        let got = ReferenceCRC32.hex(try provider.frame(at: position).pixelChecksum)
        #expect(got == crc, "\(name) frame \(position)")
        frames += 1
      }
      files += 1
    }
    #expect(files >= 260)
    print("APNG provider: \(files) corpus files, \(frames) frames equal to their CRC-32")
  }

  @Test func timingAndPlays() throws {
    let file = TestAPNG.threeFrames.file()
    let provider = try APNGFrameProvider(bytes: file)
    #expect(provider.frameCount == 3 && provider.isAnimated && provider.rawPlayCount == 3)
    #expect(provider.loopCount == LoopCount(3))
    // 1/10 s; 7/100 s; 1/0 = 1/100 s = 10 ms, which browsers play as 100 ms.
    #expect((0..<3).map { provider.frameDuration(at: $0) } == [100_000_000, 70_000_000, 100_000_000])
    let raw = try APNGFrameProvider(bytes: file, options: APNGOptions(delayPolicy: .raw))
    #expect((0..<3).map { raw.frameDuration(at: $0) } == [100_000_000, 70_000_000, 10_000_000])
    #expect(provider.frameDuration(at: 3) == 0 && provider.frameDuration(at: -1) == 0)
    #expect(throws: FrameProviderError.indexOutOfRange(index: 3, count: 3)) { try provider.frame(at: 3) }

    // A still PNG: one frame, static, one play.
    let still = try APNGFrameProvider(bytes: try RGBAImage(width: 3, height: 2, pixels: Array(repeating: 7, count: 24)).pngData())
    #expect(still.frameCount == 1 && !still.isAnimated && still.rawPlayCount == nil && still.loopCount == LoopCount(1))
    #expect(still.frameDuration(at: 0) == 0)
    #expect(try still.frame(at: 0).pixels == Array(repeating: 7, count: 24))
  }

  @Test func openingByContent() throws {
    let gif = try AnimatedImage.open(bytes: GIFSharingTests.animation())
    #expect(gif is GIFFrameProvider && gif.frameCount == 60)
    let png = try AnimatedImage.open(bytes: TestAPNG.threeFrames.file())
    #expect(png is APNGFrameProvider && png.frameCount == 3)
    #expect(AnimatedImage.format(of: [0x47, 0x49, 0x46, 0x38, 0x39, 0x61]) == .gif)
    #expect(AnimatedImage.format(of: Array("RIFF....WEBP".utf8)) == .webp)
    #expect(AnimatedImage.format(of: Array("FORM....AIFF".utf8)) == nil)
    // Short inputs: a signature's prefix is not the signature.
    let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
    #expect(AnimatedImage.format(of: signature) == .png)
    #expect(AnimatedImage.format(of: signature + [0]) == .png)
    #expect(AnimatedImage.format(of: signature.dropLast()) == nil)
    #expect(AnimatedImage.format(of: Array("GIF".utf8)) == nil)
    #expect(AnimatedImage.format(of: Array("GIF8".utf8)) == .gif)
    #expect(AnimatedImage.format(of: Array("RIF".utf8)) == nil)
    #expect(AnimatedImage.format(of: [UInt8]()) == nil)
    #expect(throws: AnimatedImageError.unknownFormat) { try AnimatedImage.open(bytes: Array("hello".utf8)) }
    #expect(throws: AnimatedImageError.self) { try AnimatedImage.open(bytes: Array(TestAPNG.threeFrames.file().prefix(20))) }
    // One path: a timeline over whatever was opened.
    let timeline = try Timeline(provider: png)
    #expect(timeline.frameCount == 3)
  }
}
