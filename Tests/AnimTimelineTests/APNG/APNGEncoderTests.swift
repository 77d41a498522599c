import Foundation
import Testing
import TimelineScript
@testable import AnimTimeline

/// ``APNGEncoder``: what it writes decodes through ``APNGFrameProvider`` to
/// exactly the source canvases, durations and loop count.
@Suite struct APNGEncoderTests {
  // MARK: Generated animations

  /// The colours an animation draws from.
  enum Palette: CaseIterable {
    case fewOpaque, fewTranslucent, manyOpaque, manyTranslucent, fullRandom
  }

  /// A random colour of `palette`.
  static func color(_ palette: Palette, _ colors: [[UInt8]], _ rng: inout SplitMix64) -> [UInt8] {
    switch palette {
    case .fullRandom:
      let alpha = rng.element(of: [0, 255, 255, UInt8(rng.int(in: 0...255))])
      return [UInt8(rng.int(in: 0...255)), UInt8(rng.int(in: 0...255)), UInt8(rng.int(in: 0...255)), alpha]
    default:
      return rng.element(of: colors)
    }
  }

  /// A random animation: a random first canvas, then each canvas the one
  /// before with rectangles painted (a colour or noise), cleared, or
  /// restored from two canvases back, or repeated unchanged.
  static func animation(_ rng: inout SplitMix64, maxSide: Int = 20, maxFrames: Int = 8) -> AnimationSequence {
    let width = rng.int(in: 1...maxSide)
    let height = rng.int(in: 1...maxSide)
    let palette = rng.element(of: Palette.allCases)
    let colorCount = palette == .fewOpaque || palette == .fewTranslucent ? rng.int(in: 1...6) : rng.int(in: 100...300)
    let translucent = palette == .fewTranslucent || palette == .manyTranslucent
    let colors: [[UInt8]] = (0..<colorCount).map { _ in
      let alpha: UInt8 = translucent ? rng.element(of: [0, 0, 128, 255, 255, UInt8(rng.int(in: 0...255))]) : 255
      return [UInt8(rng.int(in: 0...255)), UInt8(rng.int(in: 0...255)), UInt8(rng.int(in: 0...255)), alpha]
    }
    var canvas: [UInt8] = []
    for _ in 0..<width * height { canvas += color(palette, colors, &rng) }
    var canvases = [canvas]
    for _ in 1..<rng.int(in: 1...maxFrames) {
      var next = canvases[canvases.count - 1]
      switch rng.int(in: 0...9) {
      case 0:
        break  // repeated
      case 1 where canvases.count >= 2:
        next = canvases[canvases.count - 2]
      default:
        for _ in 0..<rng.int(in: 1...3) {
          let x = rng.int(in: 0...width - 1)
          let y = rng.int(in: 0...height - 1)
          let w = rng.int(in: 1...width - x)
          let h = rng.int(in: 1...height - y)
          let mode = rng.int(in: 0...3)
          let fill = color(palette, colors, &rng)
          for row in y..<y + h {
            for column in x..<x + w {
              let pixel: [UInt8] =
                switch mode {
                case 0: [0, 0, 0, 0]
                case 1: color(palette, colors, &rng)
                default: fill
                }
              let offset = (row * width + column) * 4
              next.replaceSubrange(offset..<offset + 4, with: translucent || palette == .fullRandom ? pixel : fill)
            }
          }
        }
      }
      canvases.append(next)
    }
    let frames = canvases.map { pixels in
      let duration: Int64 =
        switch rng.int(in: 0...4) {
        case 0: Int64(rng.int(in: 0...100)) * 10_000_000  // centiseconds
        case 1: Int64(rng.int(in: 0...3000)) * 1_000_000  // milliseconds
        case 2: 1_000_000_000 / Int64(rng.element(of: [1, 2, 3, 7, 24, 25, 30, 60, 64, 90, 1000]))
        default: rng.int64(in: 0...3_000_000_000)
        }
      return AnimationSequence.Frame(image: RGBAImage(width: width, height: height, pixels: pixels), duration: duration)
    }
    let loops: LoopCount = rng.chance(1, in: 2) ? .infinite : (try? .plays(Int64(rng.int(in: 1...5)))) ?? .once
    // Consistent frames of one size with durations >= 0.
    return try! AnimationSequence(frames: frames, loops: loops)
  }

  /// The sequence's frames with consecutive equal canvases merged: what
  /// the decoder must give back.
  static func merged(_ frames: [AnimationSequence.Frame]) -> [AnimationSequence.Frame] {
    var out: [AnimationSequence.Frame] = []
    for frame in frames {
      if let last = out.last, last.image == frame.image {
        out[out.count - 1].duration += frame.duration
      } else {
        out.append(frame)
      }
    }
    return out
  }

  /// Whether `nanoseconds` is `num/den` seconds with both in 16 bits.
  static func isExactFraction(_ nanoseconds: Int64) -> Bool {
    var (a, b) = (nanoseconds, Int64(1_000_000_000))
    while b != 0 { (a, b) = (b, a % b) }
    return nanoseconds / a <= 65_535 && 1_000_000_000 / a <= 65_535
  }

  /// Checks that `bytes` decode (policy `raw`) to `animation`: every
  /// merged canvas exactly, each frame boundary within `1 s / 65,535`
  /// (times the longest duration in seconds, when over 1 s) of the exact
  /// one, the loop count; a one-frame animation is its still PNG.
  static func checkRoundTrip(_ animation: AnimationSequence, _ bytes: [UInt8]) throws -> String? {
    let provider = try APNGFrameProvider(bytes: bytes, options: APNGOptions(delayPolicy: .raw))
    if animation.frames.count == 1 {
      guard !provider.isAnimated, bytes == (try animation.frames[0].image.pngData()) else { return "not the still PNG" }
      return try provider.frame(at: 0) == animation.frames[0].image ? nil : "still pixels differ"
    }
    guard provider.isAnimated, provider.animationError == nil else { return "not animated: \(provider.animationError ?? "")" }
    let want = merged(animation.frames)
    guard provider.frameCount == want.count else { return "\(provider.frameCount) frames, want \(want.count)" }
    guard provider.loopCount == animation.loops else { return "loops \(provider.loopCount), want \(animation.loops)" }
    let longest = want.map(\.duration).max() ?? 0
    let tolerance = max(1_000_000_000, longest) / 65_535 + 2
    var exactEnd: Int64 = 0
    var decodedEnd: Int64 = 0
    var allExact = true
    for (index, frame) in want.enumerated() {
      guard try provider.frame(at: index) == frame.image else { return "frame \(index): pixels differ" }
      let decoded = provider.frameDuration(at: index)
      exactEnd += frame.duration
      decodedEnd += decoded
      allExact = allExact && isExactFraction(frame.duration)
      if allExact && decoded != frame.duration { return "frame \(index): \(decoded) ns, want exactly \(frame.duration)" }
      if abs(exactEnd - decodedEnd) > tolerance {
        return "frame \(index): ends at \(decodedEnd) ns, want \(exactEnd) (tolerance \(tolerance))"
      }
    }
    return nil
  }

  @Test func generatedAnimationsRoundTrip() {
    let gen = Gen<UInt64>(generate: { $0.next() })
    let name = "APNGEncoderTests.generatedAnimationsRoundTrip"
    let seed = PBTEnvironment.seedOverride ?? PBTEnvironment.defaultSeed(for: name)
    print("\(name): seed \(seed) (replay: PBT_SEED=\(seed) swift test --filter \(name))")
    forAll(name, gen: gen, iterations: 300, seed: seed) { seed in
      var rng = SplitMix64(seed: seed)
      let animation = APNGEncoderTests.animation(&rng)
      for choose in [true, false] {
        let bytes = try APNGEncoder.encode(animation, options: APNGEncodingOptions(choosesDisposalAndBlend: choose))
        if let problem = try APNGEncoderTests.checkRoundTrip(animation, bytes) {
          throw PropertyFailure(message: "case seed \(seed), choosing \(choose): \(problem)")
        }
      }
      return true
    }
  }

  @Test func largerAnimationsRoundTrip() throws {
    var rng = SplitMix64(seed: 19)
    for _ in 0..<6 {
      let animation = APNGEncoderTests.animation(&rng, maxSide: 120, maxFrames: 30)
      let problem = try APNGEncoderTests.checkRoundTrip(animation, try APNGEncoder.encode(animation))
      #expect(problem == nil)
    }
  }

  @Test func choosingOpsIsNeverLargerThanNoneAndSource() throws {
    var rng = SplitMix64(seed: 2)
    var smaller = 0
    var ops: Set<[UInt8]> = []
    for _ in 0..<60 {
      let animation = APNGEncoderTests.animation(&rng, maxSide: 48, maxFrames: 10)
      let chosen = try APNGEncoder.encode(animation)
      let plain = try APNGEncoder.encode(animation, options: APNGEncodingOptions(choosesDisposalAndBlend: false))
      #expect(chosen.count <= plain.count)
      if chosen.count < plain.count { smaller += 1 }
      let provider = try APNGFrameProvider(bytes: chosen)
      for info in provider.frameInfo { ops.insert([info.disposeOp, info.blendOp]) }
      let plainOps = try APNGFrameProvider(bytes: plain).frameInfo.map { [$0.disposeOp, $0.blendOp] }
      #expect(plainOps.allSatisfy { $0 == [0, 0] })
    }
    #expect(smaller > 0)
    // PREVIOUS and OVER are chosen somewhere (BACKGROUND: below).
    #expect(Set(ops.map { $0[0] }).isSuperset(of: [0, 2]))
    #expect(Set(ops.map { $0[1] }) == [0, 1])
  }

  @Test func aMovingSpriteIsDisposedToBackground() throws {
    var rng = SplitMix64(seed: 11)
    let sprite: [UInt8] = (0..<8 * 8).flatMap { _ in [UInt8(rng.int(in: 0...255)), UInt8(rng.int(in: 0...255)), 9, 255] }
    let frames = (0..<6).map { step in
      var canvas = [UInt8](repeating: 0, count: 64 * 64 * 4)
      for y in 0..<8 {
        let start = ((20 + y) * 64 + step * 10) * 4
        canvas.replaceSubrange(start..<start + 32, with: sprite[y * 32..<(y + 1) * 32])
      }
      return AnimationSequence.Frame(image: RGBAImage(width: 64, height: 64, pixels: canvas), duration: 50_000_000)
    }
    let animation = try AnimationSequence(frames: frames)
    let bytes = try APNGEncoder.encode(animation)
    #expect(try APNGEncoderTests.checkRoundTrip(animation, bytes) == nil)
    let info = try APNGFrameProvider(bytes: bytes).frameInfo
    #expect(info.dropLast().allSatisfy { $0.disposeOp == 1 })
    #expect(info.dropFirst().allSatisfy { $0.width == 8 && $0.height == 8 })
    let plain = try APNGEncoder.encode(animation, options: APNGEncodingOptions(choosesDisposalAndBlend: false))
    #expect(bytes.count < plain.count)
  }

  // MARK: Layouts, delays, loops, errors

  /// The `IHDR` colour type of a file.
  static func colorType(_ bytes: [UInt8]) -> UInt8 { bytes[25] }

  static func solid(_ width: Int, _ height: Int, _ pixel: [UInt8]) -> RGBAImage {
    RGBAImage(width: width, height: height, pixels: Array([[UInt8]](repeating: pixel, count: width * height).joined()))
  }

  @Test func oneFrameIsTheStillPNG() throws {
    var rng = SplitMix64(seed: 7)
    for _ in 0..<20 {
      let animation = APNGEncoderTests.animation(&rng, maxFrames: 1)
      let bytes = try APNGEncoder.encode(animation)
      #expect(bytes == (try animation.frames[0].image.pngData()))
      let acTL = Array("acTL".utf8)
      #expect(!(0..<max(0, bytes.count - 3)).contains { Array(bytes[$0..<$0 + 4]) == acTL })
    }
  }

  @Test func layoutsFollowTheColours() throws {
    // Two colours over 64 x 64: indexed.
    let a = APNGEncoderTests.solid(64, 64, [255, 0, 0, 255])
    var b = a
    b.pixels.replaceSubrange(0..<4, with: [0, 0, 255, 255])
    let indexed = try APNGEncoder.encode(try AnimationSequence(frames: [.init(image: a, duration: 10), .init(image: b, duration: 10)]))
    #expect(APNGEncoderTests.colorType(indexed) == 3)
    // Over 256 opaque colours in all (none over 256 in one frame): RGB.
    var rng = SplitMix64(seed: 3)
    let frames = (0..<3).map { _ in
      AnimationSequence.Frame(
        image: RGBAImage(width: 10, height: 10, pixels: (0..<400).map { $0 % 4 == 3 ? 255 : UInt8(rng.int(in: 0...255)) }),
        duration: 1)
    }
    let rgb = try APNGEncoder.encode(try AnimationSequence(frames: frames))
    #expect(APNGEncoderTests.colorType(rgb) == 2)
    var translucent = frames
    translucent[1].image.pixels[3] = 7
    let rgba = try APNGEncoder.encode(try AnimationSequence(frames: translucent))
    #expect(APNGEncoderTests.colorType(rgba) == 6)
    for (animation, bytes) in [(frames, rgb), (translucent, rgba)] {
      #expect(try APNGEncoderTests.checkRoundTrip(try AnimationSequence(frames: animation), bytes) == nil)
    }
  }

  @Test func exactFractionsDecodeToTheSameNanoseconds() throws {
    let durations: [Int64] = [
      0, 10_000_000, 1_000_000_000 / 64, 40_000_000, 65_535_000_000_000, 1_000_000_000 / 50_000, 33_000_000,
      1_000_000_000 / 62_500 * 3, 123_000_000,
    ]
    let frames = durations.enumerated().map { index, duration in
      AnimationSequence.Frame(image: APNGEncoderTests.solid(2, 2, [UInt8(index), 0, 0, 255]), duration: duration)
    }
    let animation = try AnimationSequence(frames: frames, loops: try .plays(3))
    let provider = try APNGFrameProvider(bytes: try APNGEncoder.encode(animation), options: APNGOptions(delayPolicy: .raw))
    #expect((0..<provider.frameCount).map { provider.frameDuration(at: $0) } == durations)
    #expect(provider.loopCount == (try LoopCount.plays(3)))
    #expect(provider.rawPlayCount == 3)
    // 1 ns is 1 / 10^9 s: not a 16-bit fraction; it decodes to 0 and the
    // next frame makes up for it.
    #expect(APNGEncoderTests.isExactFraction(1) == false)
  }

  @Test func inexactDelaysKeepBoundariesClose() throws {
    // A third of a second, 10^9 / 3 rounded down, three times: the ends
    // stay within a nanosecond of the exact ones.
    let third: Int64 = 333_333_333
    let frames = (0..<9).map { index in
      AnimationSequence.Frame(image: APNGEncoderTests.solid(1, 1, [UInt8(index), 0, 0, 255]), duration: third)
    }
    let provider = try APNGFrameProvider(
      bytes: try APNGEncoder.encode(try AnimationSequence(frames: frames)), options: APNGOptions(delayPolicy: .raw))
    var end: Int64 = 0
    for index in 0..<9 {
      end += provider.frameDuration(at: index)
      #expect(abs(end - third * Int64(index + 1)) <= 1)
      #expect(provider.frameInfo[index].delayDenominator == 3)
    }
    for target in [Int64(1), 7, 999_999_999, 65_534_999_999_999, 12_345_678_901, 1_000_000_001] {
      let (numerator, denominator) = APNGDelay.approximation(of: target)
      #expect(numerator <= 65_535 && denominator >= 1 && denominator <= 65_535)
      #expect(abs(APNGDelay.nanoseconds(numerator, denominator) - target) <= max(1_000_000_000, target) / 65_535 + 1)
    }
  }

  @Test func framesLongerThanTheLongestDelayAreSplit() throws {
    let long: Int64 = 200_000 * 1_000_000_000 + 7
    let frames = [
      AnimationSequence.Frame(image: APNGEncoderTests.solid(3, 2, [1, 2, 3, 255]), duration: long),
      AnimationSequence.Frame(image: APNGEncoderTests.solid(3, 2, [4, 5, 6, 255]), duration: 20_000_000),
    ]
    let provider = try APNGFrameProvider(
      bytes: try APNGEncoder.encode(try AnimationSequence(frames: frames)), options: APNGOptions(delayPolicy: .raw))
    #expect(provider.frameCount == 5)
    let durations = (0..<5).map { provider.frameDuration(at: $0) }
    #expect(durations.allSatisfy { $0 <= 65_535_000_000_000 })
    // Pieces of 50,000 s and 1.75 ns: each written as 50,000 s, the
    // missing 7 ns left to the next frame, 0.020000007 s, whose best
    // 16-bit fraction is 1/50 s.
    #expect(durations[0..<4].reduce(0, +) == long - 7)
    #expect(durations[4] == 20_000_000)
    for index in 0..<4 { #expect(try provider.frame(at: index) == frames[0].image) }
    #expect(try provider.frame(at: 4) == frames[1].image)
  }

  @Test func loopCounts() throws {
    let frames = [
      AnimationSequence.Frame(image: APNGEncoderTests.solid(1, 1, [0, 0, 0, 0]), duration: 100_000_000),
      AnimationSequence.Frame(image: APNGEncoderTests.solid(1, 1, [9, 9, 9, 9]), duration: 100_000_000),
    ]
    for plays: Int64? in [nil, 1, 2, 0x7FFF_FFFF] {
      let loops = try plays.map { try LoopCount.plays($0) } ?? .infinite
      let provider = try APNGFrameProvider(bytes: try APNGEncoder.encode(try AnimationSequence(frames: frames, loops: loops)))
      #expect(provider.loopCount == loops)
      #expect(provider.rawPlayCount == UInt32(plays ?? 0))
    }
    #expect(throws: AnimationEncodingError.loopCountTooLarge(plays: 0x8000_0000)) {
      try APNGEncoder.encode(try AnimationSequence(frames: frames, loops: try .plays(0x8000_0000)))
    }
  }

  @Test func identicalFramesMerge() throws {
    let a = APNGEncoderTests.solid(4, 4, [1, 1, 1, 255])
    let b = APNGEncoderTests.solid(4, 4, [2, 2, 2, 255])
    let animation = try AnimationSequence(frames: [
      .init(image: a, duration: 10_000_000), .init(image: a, duration: 20_000_000), .init(image: b, duration: 30_000_000),
      .init(image: b, duration: 40_000_000), .init(image: a, duration: 50_000_000),
    ])
    let provider = try APNGFrameProvider(bytes: try APNGEncoder.encode(animation), options: APNGOptions(delayPolicy: .raw))
    #expect(provider.frameCount == 3)
    #expect((0..<3).map { provider.frameDuration(at: $0) } == [30_000_000, 70_000_000, 50_000_000])
    // All frames equal: one animated frame keeps the duration and loops.
    let same = try AnimationSequence(frames: [.init(image: a, duration: 10_000_000), .init(image: a, duration: 5_000_000)], loops: 2)
    let one = try APNGFrameProvider(bytes: try APNGEncoder.encode(same), options: APNGOptions(delayPolicy: .raw))
    #expect(one.isAnimated && one.frameCount == 1)
    #expect(one.frameDuration(at: 0) == 15_000_000)
    #expect(one.loopCount == 2)
  }

  // MARK: Re-encoding the corpora

  /// Re-encodes what `provider` decodes (frames until one fails, default
  /// delay policy) and checks that the file decodes to the same merged
  /// canvases, durations and loop count; `nil` when there is nothing to
  /// compare (a still, or fewer than two frames).
  static func reencode<P: AnimatedImageProvider>(_ provider: P) throws -> String? {
    var frames: [AnimationSequence.Frame] = []
    for index in 0..<provider.frameCount {
      guard let image = try? provider.frame(at: index) else { break }
      frames.append(AnimationSequence.Frame(image: image, duration: provider.frameDuration(at: index)))
    }
    guard frames.count >= 2 else { return nil }
    let animation = try AnimationSequence(frames: frames, loops: provider.loopCount)
    let bytes = try APNGEncoder.encode(animation)
    let decoded = try APNGFrameProvider(bytes: bytes)
    let want = merged(frames)
    guard decoded.frameCount == want.count else { return "\(decoded.frameCount) frames, want \(want.count)" }
    guard decoded.loopCount == provider.loopCount else { return "loops \(decoded.loopCount), want \(provider.loopCount)" }
    for (index, frame) in want.enumerated() {
      guard try decoded.frame(at: index) == frame.image else { return "frame \(index): pixels differ" }
      guard decoded.frameDuration(at: index) == frame.duration else {
        return "frame \(index): \(decoded.frameDuration(at: index)) ns, want \(frame.duration)"
      }
    }
    return ""
  }

  @Test(.enabled(if: apngCorpusAvailable, "skipped: the APNG corpus ../shared/corpus/apng is not present"))
  func reencodingTheAPNGCorpusIsExact() throws {
    var compared = 0
    for name in APNGCorpusTests.files() {
      guard let bytes = readFile(apngCorpusDirectory + "/" + name), let provider = try? APNGFrameProvider(bytes: bytes),
        provider.isAnimated
      else { continue }
      let problem = try APNGEncoderTests.reencode(provider)
      if problem != nil { compared += 1 }
      #expect(problem == nil || problem == "", "\(name): \(problem ?? "")")
    }
    print("APNG corpus: \(compared) animations re-encoded")
    #expect(compared > 50)
  }

  @Test(.enabled(if: corpusAvailable, "skipped: the GIF corpus ../shared/corpus/gif is not present"))
  func reencodingTheGIFCorpusIsExact() throws {
    var compared = 0
    for name in corpusFiles() {
      guard let bytes = readFile(corpusDirectory + "/" + name), let provider = try? GIFFrameProvider(bytes: bytes) else { continue }
      let problem = try APNGEncoderTests.reencode(provider)
      if problem != nil { compared += 1 }
      #expect(problem == nil || problem == "", "\(name): \(problem ?? "")")
    }
    print("GIF corpus: \(compared) animations re-encoded")
    #expect(compared > 50)
  }
}
