import Testing
import TimelineScript

@testable import AnimTimeline

/// ``APNGIndex`` on valid files (frames, delays, ops, data ranges, the
/// still/animated decision), truncation, the still image's errors, and
/// ``APNGFrameDecoder``'s pixels.
@Suite struct APNGIndexTests {
  /// Frame `frame`'s pixels through ``APNGFrameDecoder``.
  static func pixels(_ index: APNGIndex, _ file: [UInt8], _ frame: Int, _ decoder: inout APNGFrameDecoder) throws -> [UInt8] {
    let info = index.frames[frame]
    var pixels = [UInt8](repeating: 0, count: info.width * info.height * 4)
    try file.withUnsafeBytes { raw in
      try pixels.withUnsafeMutableBufferPointer { output in
        try decoder.decode(frame: frame, of: index, bytes: raw, into: output)
      }
    }
    return pixels
  }

  @Test func framesOfAValidFile() throws {
    let apng = TestAPNG.threeFrames
    let file = apng.file()
    let index = try TestAPNG.open(file).get()
    #expect(index.header.width == 6 && index.header.height == 4)
    #expect(index.isAnimated && index.numPlays == 3)
    #expect(index.animationError == nil && !index.isTruncated)
    let frames = index.frames
    #expect(frames.count == 3)
    func payload(_ chunk: Int, skip: Int) -> Range<Int> {
      let start = apng.offset(ofChunk: chunk) + 8 + skip
      return start..<start + apng.chunks[chunk].data.count - skip
    }
    #expect(frames[0] == APNGFrameInfo(
      x: 0, y: 0, width: 6, height: 4, delayNumerator: 1, delayDenominator: 10, disposeOp: 0, blendOp: 0,
      segmentRange: 0..<1, controlOffset: apng.offset(ofChunk: 2)))
    #expect(frames[1] == APNGFrameInfo(
      x: 3, y: 1, width: 2, height: 3, delayNumerator: 7, delayDenominator: 100, disposeOp: 1, blendOp: 1,
      segmentRange: 1..<2, controlOffset: apng.offset(ofChunk: 4)))
    #expect(frames[2] == APNGFrameInfo(
      x: 0, y: 0, width: 6, height: 4, delayNumerator: 1, delayDenominator: 0, disposeOp: 2, blendOp: 0,
      segmentRange: 2..<4, controlOffset: apng.offset(ofChunk: 6)))
    // Every frame's stream in one array, in file order.
    #expect(index.segments == [payload(3, skip: 0), payload(5, skip: 4), payload(7, skip: 4), payload(8, skip: 4)])
    #expect(Array(index.segments(of: frames[2])) == [payload(7, skip: 4), payload(8, skip: 4)])
    // One decoder for every frame, in any order.
    var decoder = APNGFrameDecoder()
    let expected = [TestAPNG.image(6, 4, seed: 1), TestAPNG.image(2, 3, seed: 2), TestAPNG.image(6, 4, seed: 3)]
    for frame in [2, 0, 1, 2, 1] {
      #expect(try APNGIndexTests.pixels(index, file, frame, &decoder) == expected[frame].expectedPixels(), "frame \(frame)")
    }
  }

  /// The index builder hands its scratch to the frame decoder with the
  /// default image it checked still inflated: when that image is a frame
  /// (a still PNG's, an animation's frame 0) its first decoding inflates
  /// nothing (shown by decoding it from bytes whose data was then wiped),
  /// later ones inflate again, and a frame whose rows it does not hold is
  /// inflated.
  @Test func theLastImageOpeningCheckedIsNotInflatedAgain() throws {
    /// `file` with every byte of `frame`'s data segments zeroed.
    func wiped(_ file: [UInt8], _ index: APNGIndex, _ frame: Int) -> [UInt8] {
      var copy = file
      for segment in index.segments(of: index.frames[frame]) { for offset in segment { copy[offset] = 0 } }
      return copy
    }
    func opened(_ file: [UInt8]) throws -> (APNGIndex, APNGFrameDecoder) {
      try file.withUnsafeBytes { raw in
        try Result { () throws(PNGError) -> (APNGIndex, APNGFrameDecoder) in
          var builder = APNGIndexBuilder(bytes: raw, options: PNGDecodingOptions())
          let index = try builder.build()
          return (index, builder.frameDecoder(for: index))
        }.get()
      }
    }
    // A still PNG: its one frame.
    let still = TestAPNG(chunks: [TestAPNG.ihdr(6, 4), TestAPNG.idat(TestAPNG.data(6, 4, seed: 1)), TestAPNG.iend]).file()
    var (index, decoder) = try opened(still)
    #expect(!index.isAnimated && index.frames.count == 1)
    let expected = TestAPNG.image(6, 4, seed: 1).expectedPixels()
    #expect(try APNGIndexTests.pixels(index, wiped(still, index, 0), 0, &decoder) == expected)
    #expect(throws: PNGError.self) { try APNGIndexTests.pixels(index, wiped(still, index, 0), 0, &decoder) }
    #expect(try APNGIndexTests.pixels(index, still, 0, &decoder) == expected)
    // An animation: its frame 0 (the default image), not the others.
    let file = TestAPNG.threeFrames.file()
    (index, decoder) = try opened(file)
    #expect(index.isAnimated && index.frames.count == 3)
    #expect(throws: PNGError.self) { try APNGIndexTests.pixels(index, wiped(file, index, 1), 1, &decoder) }
    (index, decoder) = try opened(file)
    #expect(
      try APNGIndexTests.pixels(index, wiped(file, index, 0), 0, &decoder)
        == TestAPNG.image(6, 4, seed: 1).expectedPixels())
    // Checking a frame leaves its rows inflated for its decoding.
    (index, decoder) = try opened(file)
    let checked = file.withUnsafeBytes { raw in
      Result { () throws(PNGError) in try decoder.check(frame: 2, of: index, bytes: raw) }
    }
    try checked.get()
    #expect(
      try APNGIndexTests.pixels(index, wiped(file, index, 2), 2, &decoder)
        == TestAPNG.image(6, 4, seed: 3).expectedPixels())
  }

  @Test func delays() {
    func frame(_ numerator: UInt16, _ denominator: UInt16) -> APNGFrameInfo {
      APNGFrameInfo(
        x: 0, y: 0, width: 1, height: 1, delayNumerator: numerator, delayDenominator: denominator, disposeOp: 0,
        blendOp: 0, segmentRange: 0..<0, controlOffset: 0)
    }
    #expect(frame(1, 10).rawDelayNanoseconds == 100_000_000)
    #expect(frame(1, 0).rawDelayNanoseconds == 10_000_000)
    #expect(frame(1, 3).rawDelayNanoseconds == 333_333_333)
    #expect(frame(2, 3).rawDelayNanoseconds == 666_666_667)
    #expect(frame(1, 1024).rawDelayNanoseconds == 976_563)  // 976,562.5: the tie rounds up
    #expect(frame(65535, 1).rawDelayNanoseconds == 65_535_000_000_000)
    #expect(frame(0, 0).rawDelayNanoseconds == 0)
    #expect(frame(1, 10).browserDelayMilliseconds == 100)
    #expect(frame(11, 1000).browserDelayMilliseconds == 11)
    #expect(frame(10, 1000).browserDelayMilliseconds == 100)
    #expect(frame(0, 0).browserDelayMilliseconds == 100)
    #expect(frame(2, 3).browserDelayMilliseconds == 666)
    #expect(frame(3, 0).browserDelayMilliseconds == 30)
  }

  /// With no `fcTL` before `IDAT`, the default image is not a frame.
  @Test func defaultImageOutsideTheAnimation() throws {
    let apng = TestAPNG(chunks: [
      TestAPNG.ihdr(6, 4), TestAPNG.actl(frames: 1, plays: 0), TestAPNG.idat(TestAPNG.data(6, 4, seed: 1)),
      TestAPNG.fctl(0, 2, 2, x: 4, y: 2, dispose: 2, blend: 1), TestAPNG.fdat(1, TestAPNG.data(2, 2, seed: 5)),
      TestAPNG.iend,
    ])
    let file = apng.file()
    let index = try TestAPNG.open(file).get()
    #expect(index.numPlays == 0)
    #expect(index.frames.count == 1)
    #expect(index.frames[0].x == 4 && index.frames[0].width == 2 && index.frames[0].disposeOp == 2)
    var decoder = APNGFrameDecoder()
    #expect(try APNGIndexTests.pixels(index, file, 0, &decoder) == TestAPNG.image(2, 2, seed: 5).expectedPixels())
  }

  /// `acTL` may come after an `fcTL`, as long as both are before `IDAT`.
  @Test func frameControlBeforeAnimationControl() throws {
    var apng = TestAPNG.threeFrames
    apng.chunks.swapAt(1, 2)
    let index = try TestAPNG.open(apng.file()).get()
    #expect(index.animationError == nil && index.frames.count == 3)
  }

  /// Without `acTL` before `IDAT` the file is a still PNG: its APNG chunks
  /// are ancillary chunks, skipped, and no error.
  @Test func notAnAPNGWithoutAnimationControl() throws {
    var withoutControl = TestAPNG.threeFrames
    withoutControl.chunks.remove(at: 1)
    var controlAfterData = TestAPNG.threeFrames
    controlAfterData.chunks.insert(controlAfterData.chunks.remove(at: 1), at: 3)
    for apng in [withoutControl, controlAfterData] {
      let index = try TestAPNG.open(apng.file()).get()
      #expect(!index.isAnimated)
      #expect(index.animationError == nil)
      #expect(index.frames.count == 1 && index.frames[0].disposeOp == 0 && index.frames[0].delayNumerator == 0)
    }
  }

  /// The still image: the IDAT segments, its pixels as the still PNG
  /// decoder gives them, for every colour type (interlaced too).
  @Test func stillImagePixelsEqualThePNGDecoders() throws {
    var rng = SplitMix64(seed: 77)
    for (colorType, depths) in [(0, [1, 2, 4, 8, 16]), (2, [8, 16]), (3, [1, 2, 4, 8]), (4, [8, 16]), (6, [8, 16])] {
      for depth in depths {
        for interlaced in [false, true] {
          var writer = PNGDecoderTests.writer(colorType, depth, 5, 7, interlaced: interlaced, &rng)
          writer.idatChunks = 2
          let file = writer.file()
          let index = try TestAPNG.open(file).get()
          #expect(!index.isAnimated && index.frames.count == 1 && index.segments(of: index.frames[0]).count == 2)
          var decoder = APNGFrameDecoder()
          let pixels = try APNGIndexTests.pixels(index, file, 0, &decoder)
          #expect(pixels == (try RGBAImage(pngData: file).pixels), "type \(colorType) depth \(depth) \(interlaced)")
        }
      }
    }
  }

  /// Frames in every format: the file's colour type, bit depth, palette,
  /// colour key and interlacing, at each frame's size.
  @Test func framePixelsInEveryFormat() throws {
    var rng = SplitMix64(seed: 78)
    for (colorType, depth) in [(0, 2), (0, 16), (2, 16), (3, 4), (4, 8), (6, 16)] {
      for interlaced in [false, true] {
        let canvas = PNGDecoderTests.writer(colorType, depth, 9, 10, interlaced: interlaced, &rng)
        var frame = PNGDecoderTests.writer(colorType, depth, 3, 5, interlaced: interlaced, &rng)
        frame.palette = canvas.palette
        frame.transparency = canvas.transparency
        var chunks = [TestAPNG.Chunk(type: "IHDR", data: TestPNG.chunks(canvas.file())[0].data)]
        if !canvas.palette.isEmpty { chunks.append(TestAPNG.Chunk(type: "PLTE", data: canvas.palette)) }
        if let transparency = canvas.transparency { chunks.append(TestAPNG.Chunk(type: "tRNS", data: transparency)) }
        chunks += [
          TestAPNG.actl(frames: 2, plays: 1), TestAPNG.fctl(0, 9, 10),
          TestAPNG.idat(canvas.zlib(canvas.filteredData())), TestAPNG.fctl(1, 3, 5, x: 6, y: 5),
          TestAPNG.fdat(2, frame.zlib(frame.filteredData())), TestAPNG.iend,
        ]
        let file = TestAPNG(chunks: chunks).file()
        let index = try TestAPNG.open(file).get()
        #expect(index.animationError == nil, "type \(colorType) depth \(depth)")
        guard index.frames.count == 2 else { continue }
        var decoder = APNGFrameDecoder()
        #expect(try APNGIndexTests.pixels(index, file, 1, &decoder) == frame.expectedPixels(), "type \(colorType) depth \(depth)")
        #expect(try APNGIndexTests.pixels(index, file, 0, &decoder) == canvas.expectedPixels(), "type \(colorType) depth \(depth)")
      }
    }
  }

  /// Cut anywhere: an error while the default image's data is not whole;
  /// after it, truncated, the whole frames before the cut one stand, and
  /// with none left the still image plays. Never a trap.
  @Test func truncatedAtEveryOffset() throws {
    let apng = TestAPNG.threeFrames
    let file = apng.file()
    let afterIDAT = apng.offset(ofChunk: 4)
    let frameEnds = [afterIDAT, apng.offset(ofChunk: 6), apng.offset(ofChunk: 9)]
    for cut in 0..<file.count {
      let result = TestAPNG.open(Array(file[0..<cut]))
      guard cut >= afterIDAT else {
        if case .success = result { Issue.record("cut at \(cut) opened") }
        continue
      }
      let index = try result.get()
      #expect(index.isTruncated, "cut at \(cut)")
      #expect(index.animationError == nil, "cut at \(cut)")
      #expect(index.numPlays == 3, "cut at \(cut)")
      #expect(index.frames.count == frameEnds.filter { $0 <= cut }.count, "cut at \(cut)")
    }
    #expect(try TestAPNG.open(file).get().isTruncated == false)
  }

  /// A broken frame before the cut one is an animation error; the cut
  /// frame itself is dropped.
  @Test func truncatedWithABrokenFrame() throws {
    let apng = TestAPNG.threeFramesWithABadFilter
    let file = apng.file()
    let laterCut = try TestAPNG.open(Array(file[0..<apng.offset(ofChunk: 8)])).get()
    #expect(laterCut.isTruncated && !laterCut.isAnimated && laterCut.animationError != nil)
    let ownCut = try TestAPNG.open(Array(file[0..<apng.offset(ofChunk: 5) + 20])).get()
    #expect(ownCut.isTruncated && ownCut.animationError == nil && ownCut.numPlays == 3 && ownCut.frames.count == 1)
  }

  /// No frame left (the default image is not a frame, the cut is in
  /// frame 0): the still image, truncated, no error.
  @Test func truncatedWithNoWholeFrame() throws {
    let apng = TestAPNG(chunks: [
      TestAPNG.ihdr(6, 4), TestAPNG.actl(frames: 1, plays: 0), TestAPNG.idat(TestAPNG.data(6, 4, seed: 1)),
      TestAPNG.fctl(0, 2, 2), TestAPNG.fdat(1, TestAPNG.data(2, 2, seed: 5)), TestAPNG.iend,
    ])
    let index = try TestAPNG.open(Array(apng.file()[0..<apng.offset(ofChunk: 4) + 10])).get()
    #expect(index.isTruncated && !index.isAnimated && index.animationError == nil && index.frames.count == 1)
  }

  /// Up to the end of the default image's data, APNGIndex throws what the
  /// still PNG decoder throws.
  @Test func stillImageErrorsAreThePNGDecoders() {
    var apng = TestAPNG.threeFrames
    var cases: [[UInt8]] = [[], [137, 80, 78], Array(apng.file().prefix(8)), [1] + apng.file().dropFirst()]
    apng.chunks[0].badCRC = true
    cases.append(apng.file())
    apng = TestAPNG.threeFrames
    apng.chunks[3].badCRC = true
    cases.append(apng.file())
    apng = TestAPNG.threeFrames
    apng.chunks[0] = TestAPNG.ihdr(6, 4, bitDepth: 3)
    cases.append(apng.file())
    apng = TestAPNG.threeFrames
    apng.chunks.remove(at: 3)
    cases.append(apng.file())  // no IDAT
    apng = TestAPNG.threeFrames
    apng.chunks.insert(TestAPNG.Chunk(type: "tEXt", data: [1], badCRC: true), at: 1)
    cases.append(apng.file())
    apng = TestAPNG.threeFrames
    apng.chunks.insert(TestAPNG.Chunk(type: "CRIT", data: []), at: 1)
    cases.append(apng.file())
    apng = TestAPNG.threeFrames
    apng.chunks[3].data.removeLast(6)  // the default image's data cut
    cases.append(apng.file())
    apng = TestAPNG.threeFrames
    var badFilter = TestAPNG.image(6, 4, seed: 1)
    badFilter.filters = [0, 9]
    apng.chunks[3] = TestAPNG.idat(badFilter.zlib(badFilter.filteredData()))
    cases.append(apng.file())
    apng = TestAPNG.threeFrames
    apng.chunks[0] = TestAPNG.ihdr(4097, 4096)
    cases.append(apng.file())
    apng = TestAPNG.threeFrames
    apng.chunks[0] = TestAPNG.ihdr(6, 4, colorType: 3)
    cases.append(apng.file())  // indexed without PLTE
    for (number, file) in cases.enumerated() {
      let decoderError = PNGMalformedTests.error(file)
      #expect(decoderError != nil, "case \(number)")
      guard case .failure(let error) = TestAPNG.open(file) else {
        Issue.record("case \(number) opened")
        continue
      }
      #expect(error == decoderError, "case \(number)")
    }
  }

  /// Random damage never traps; whatever opens decodes every frame.
  @Test func randomDamageNeverTraps() throws {
    var rng = SplitMix64(seed: 2025)
    let file = TestAPNG.threeFrames.file()
    var decoder = APNGFrameDecoder()
    for _ in 0..<3000 {
      var damaged = file
      for _ in 0..<Int(rng.next() % 3 + 1) {
        let at = Int(rng.next() % UInt64(damaged.count))
        damaged[at] = UInt8(truncatingIfNeeded: rng.next())
      }
      if rng.next() % 4 == 0 { damaged.removeLast(Int(rng.next() % UInt64(damaged.count))) }
      guard case .success(let index) = TestAPNG.open(damaged) else { continue }
      for frame in index.frames.indices {
        #expect(throws: Never.self) { _ = try APNGIndexTests.pixels(index, damaged, frame, &decoder) }
      }
    }
  }
}
