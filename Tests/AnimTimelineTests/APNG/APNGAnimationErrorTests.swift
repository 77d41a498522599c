import Testing

@testable import AnimTimeline

/// Each animation error of `shared/spec/apng.md`: the file plays as its
/// still image (one frame, the whole canvas, delay 0/0, ops 0, no play
/// count) and keeps the error with the offset of the chunk where it
/// showed.
@Suite struct APNGAnimationErrorTests {
  typealias Kind = APNGAnimationError.Kind

  /// Opens `apng` and checks that it plays as its still image with an
  /// error; returns the error.
  @discardableResult
  static func stillWithError(
    _ apng: TestAPNG, _ comment: Comment? = nil, sourceLocation: SourceLocation = #_sourceLocation
  ) -> APNGAnimationError? {
    guard case .success(let index) = TestAPNG.open(apng.file()) else {
      Issue.record("rejected", sourceLocation: sourceLocation)
      return nil
    }
    #expect(index.numPlays == nil, comment, sourceLocation: sourceLocation)
    #expect(index.frames.count == 1, comment, sourceLocation: sourceLocation)
    if let still = index.frames.first {
      #expect(still.x == 0 && still.y == 0 && still.width == 6 && still.height == 4, sourceLocation: sourceLocation)
      #expect(still.delayNumerator == 0 && still.delayDenominator == 0, sourceLocation: sourceLocation)
      #expect(still.disposeOp == 0 && still.blendOp == 0, sourceLocation: sourceLocation)
      let idat = apng.position(of: "IDAT") ?? 0
      let offset = apng.offset(ofChunk: idat) + 8
      #expect(index.segments(of: still).first == offset..<offset + apng.chunks[idat].data.count, sourceLocation: sourceLocation)
    }
    #expect(index.animationError != nil, comment, sourceLocation: sourceLocation)
    return index.animationError
  }

  /// The error's kind and the chunk it names.
  static func expect(
    _ apng: TestAPNG, _ kind: Kind, atChunk chunk: Int, sourceLocation: SourceLocation = #_sourceLocation
  ) {
    let error = stillWithError(apng, "\(kind)", sourceLocation: sourceLocation)
    #expect(error?.kind == kind, sourceLocation: sourceLocation)
    #expect(error?.offset == apng.offset(ofChunk: chunk), sourceLocation: sourceLocation)
  }

  @Test func theBaseFileAnimates() throws {
    let index = try TestAPNG.open(TestAPNG.threeFrames.file()).get()
    #expect(index.animationError == nil)
    #expect(index.numPlays == 3)
    #expect(index.frames.count == 3)
    #expect(!index.isTruncated)
  }

  @Test func animationControl() throws {
    var apng = TestAPNG.threeFrames
    apng.chunks.insert(TestAPNG.actl(frames: 3, plays: 3), at: 2)
    APNGAnimationErrorTests.expect(apng, .secondAnimationControl, atChunk: 2)

    apng = TestAPNG.threeFrames
    apng.chunks.insert(TestAPNG.actl(frames: 3, plays: 3), at: 5)
    APNGAnimationErrorTests.expect(apng, .secondAnimationControl, atChunk: 5)

    for length in [7, 9] {
      apng = TestAPNG.threeFrames
      apng.chunks[1].data = Array((TestAPNG.be32(3) + TestAPNG.be32(3) + [0]).prefix(length))
      APNGAnimationErrorTests.expect(apng, .badAnimationControlLength(length), atChunk: 1)
    }
    for frames in [0, 1 << 31, 0xFFFF_FFFF] {
      apng = TestAPNG.threeFrames
      apng.chunks[1] = TestAPNG.actl(frames: frames, plays: 0)
      APNGAnimationErrorTests.expect(apng, .badFrameCount(UInt32(frames)), atChunk: 1)
    }
    apng = TestAPNG.threeFrames
    apng.chunks[1] = TestAPNG.actl(frames: 3, plays: 1 << 31)
    APNGAnimationErrorTests.expect(apng, .badPlayCount(1 << 31), atChunk: 1)
    // 2^31 - 1 is allowed.
    apng.chunks[1] = TestAPNG.actl(frames: 3, plays: (1 << 31) - 1)
    #expect(try TestAPNG.open(apng.file()).get().numPlays == (1 << 31) - 1)
  }

  @Test func frameControl() {
    for length in [25, 27] {
      var apng = TestAPNG.threeFrames
      apng.chunks[4].data = Array((apng.chunks[4].data + [0]).prefix(length))
      APNGAnimationErrorTests.expect(apng, .badFrameControlLength(length), atChunk: 4)
    }
    let cases: [(TestAPNG.Chunk, Kind)] = [
      (TestAPNG.fctl(1, 0, 3), .emptyFrame),
      (TestAPNG.fctl(1, 2, 0), .emptyFrame),
      (TestAPNG.fctl(1, 2, 3, x: 5), .frameOutsideCanvas),
      (TestAPNG.fctl(1, 2, 3, y: 2), .frameOutsideCanvas),
      (TestAPNG.fctl(1, 2, 3, x: 0xFFFF_FFFF), .frameOutsideCanvas),
      (TestAPNG.fctl(1, 0xFFFF_FFFF, 3, x: 1), .frameOutsideCanvas),
      (TestAPNG.fctl(1, 0x7FFF_FFFF, 3), .frameOutsideCanvas),
      (TestAPNG.fctl(1, 2, 3, dispose: 3), .badDisposeOp(3)),
      (TestAPNG.fctl(1, 2, 3, blend: 2), .badBlendOp(2)),
    ]
    for (chunk, kind) in cases {
      var apng = TestAPNG.threeFrames
      apng.chunks[4] = chunk
      APNGAnimationErrorTests.expect(apng, kind, atChunk: 4)
    }
  }

  /// An `fcTL` before `IDAT` must cover the whole canvas at (0, 0).
  @Test func defaultFrameMustBeTheCanvas() {
    for chunk in [TestAPNG.fctl(0, 5, 4), TestAPNG.fctl(0, 6, 3), TestAPNG.fctl(0, 5, 4, x: 1), TestAPNG.fctl(0, 6, 3, y: 1)] {
      var apng = TestAPNG.threeFrames
      apng.chunks[2] = chunk
      APNGAnimationErrorTests.expect(apng, .defaultFrameNotCanvas, atChunk: 2)
    }
  }

  @Test func twoFrameControlsWithoutData() {
    // Before IDAT.
    var apng = TestAPNG.threeFrames
    apng.chunks.insert(TestAPNG.fctl(1, 6, 4), at: 3)
    APNGAnimationErrorTests.expect(apng, .frameWithoutData, atChunk: 3)
    // After IDAT: frame 1's fdAT removed.
    apng = TestAPNG.threeFrames
    apng.chunks.remove(at: 5)
    apng.chunks[5] = TestAPNG.fctl(2, 6, 4)
    apng.chunks[6] = TestAPNG.fdat(3, apng.chunks[6].data.dropFirst(4).map { $0 })
    apng.chunks[7] = TestAPNG.fdat(4, apng.chunks[7].data.dropFirst(4).map { $0 })
    APNGAnimationErrorTests.expect(apng, .frameWithoutData, atChunk: 5)
    // A last fcTL without data: its frame's data does not decode.
    apng = TestAPNG.threeFrames
    apng.chunks[1] = TestAPNG.actl(frames: 4, plays: 3)
    apng.chunks.insert(TestAPNG.fctl(6, 1, 1), at: 9)
    let error = APNGAnimationErrorTests.stillWithError(apng)
    guard case .badFrameData(frame: 3, _)? = error?.kind else {
      Issue.record("\(String(describing: error))")
      return
    }
  }

  /// `fcTL` and `fdAT` sequence numbers must count 0, 1, 2, ... in file
  /// order.
  @Test func sequenceNumbers() {
    var apng = TestAPNG.threeFrames
    apng.chunks[2] = TestAPNG.fctl(1, 6, 4)
    APNGAnimationErrorTests.expect(apng, .badSequenceNumber(expected: 0, found: 1), atChunk: 2)
    // A gap.
    apng = TestAPNG.threeFrames
    apng.chunks[5].data.replaceSubrange(0..<4, with: TestAPNG.be32(3))
    APNGAnimationErrorTests.expect(apng, .badSequenceNumber(expected: 2, found: 3), atChunk: 5)
    // A repeat.
    apng = TestAPNG.threeFrames
    apng.chunks[8].data.replaceSubrange(0..<4, with: TestAPNG.be32(4))
    APNGAnimationErrorTests.expect(apng, .badSequenceNumber(expected: 5, found: 4), atChunk: 8)
    // fdAT chunks swapped (their numbers with them).
    apng = TestAPNG.threeFrames
    apng.chunks.swapAt(7, 8)
    APNGAnimationErrorTests.expect(apng, .badSequenceNumber(expected: 4, found: 5), atChunk: 7)
  }

  @Test func frameDataPlacement() {
    // fdAT before IDAT.
    var apng = TestAPNG.threeFrames
    apng.chunks.insert(TestAPNG.fdat(1, []), at: 3)
    APNGAnimationErrorTests.expect(apng, .frameDataBeforeImageData, atChunk: 3)
    // fdAT before any fcTL (the default image is not a frame).
    apng = TestAPNG(chunks: [
      TestAPNG.ihdr(6, 4), TestAPNG.actl(frames: 1, plays: 0), TestAPNG.idat(TestAPNG.data(6, 4, seed: 1)),
      TestAPNG.fdat(0, TestAPNG.data(6, 4, seed: 2)), TestAPNG.fctl(1, 6, 4), TestAPNG.iend,
    ])
    APNGAnimationErrorTests.expect(apng, .frameDataWithoutFrameControl, atChunk: 3)
    // fdAT shorter than 4 bytes.
    for length in [0, 3] {
      apng = TestAPNG.threeFrames
      apng.chunks[5].data = Array(apng.chunks[5].data.prefix(length))
      APNGAnimationErrorTests.expect(apng, .shortFrameData(length), atChunk: 5)
    }
    // An fdAT after IDAT with no fcTL of its own continues the default
    // image's frame.
    apng = TestAPNG.threeFrames
    apng.chunks.insert(TestAPNG.fdat(1, [0x78, 0x01, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01]), at: 4)
    APNGAnimationErrorTests.expect(apng, .frameDataInDefaultImage, atChunk: 4)
    // IDAT after an fdAT, and after a second fcTL.
    apng = TestAPNG.threeFrames
    apng.chunks.insert(TestAPNG.idat([]), at: 6)
    APNGAnimationErrorTests.expect(apng, .misplacedChunk(.idat), atChunk: 6)
    apng = TestAPNG.threeFrames
    apng.chunks.insert(TestAPNG.idat([]), at: 5)
    APNGAnimationErrorTests.expect(apng, .misplacedChunk(.idat), atChunk: 5)
  }

  /// A frame whose data is not the image data of an image of its size.
  @Test func undecodableFrameData() {
    let good = TestAPNG.data(2, 3, seed: 2)
    var badFilter = TestAPNG.image(2, 3, seed: 2)
    badFilter.filters = [0, 5]
    let cases: [[UInt8]] = [
      [],  // no data
      [0x78, 0x02] + good.dropFirst(2),  // bad zlib header
      good.dropLast(1),  // cut stream
      Array(good.dropLast(4)) + [0, 0, 0, 0],  // bad Adler-32
      TestAPNG.image(2, 2, seed: 2).zlib(TestAPNG.image(2, 2, seed: 2).filteredData()),  // a row short
      TestAPNG.image(3, 3, seed: 2).zlib(TestAPNG.image(3, 3, seed: 2).filteredData()),  // too much
      badFilter.zlib(badFilter.filteredData()),  // filter type 5
      [0x78, 0x01, 0x07] + good.dropFirst(3),  // reserved block type
    ]
    for (number, payload) in cases.enumerated() {
      var apng = TestAPNG.threeFrames
      apng.chunks[5] = TestAPNG.fdat(2, payload)
      let error = APNGAnimationErrorTests.stillWithError(apng, "case \(number)")
      guard case .badFrameData(frame: 1, _)? = error?.kind else {
        Issue.record("case \(number): \(String(describing: error))")
        continue
      }
      #expect(error?.offset == apng.offset(ofChunk: 4), "case \(number)")
    }
  }

  @Test func badCRCs() {
    for chunk in [1, 2, 4, 5, 7, 9] {
      var apng = TestAPNG.threeFrames
      apng.chunks[chunk].badCRC = true
      APNGAnimationErrorTests.expect(apng, .badCRC(PNGChunkType(rawValue: apng.chunks[chunk].type.utf8.reduce(0) { $0 << 8 | UInt32($1) })), atChunk: chunk)
    }
    var apng = TestAPNG.threeFrames
    apng.chunks.insert(TestAPNG.Chunk(type: "tEXt", data: Array("a\0b".utf8), badCRC: true), at: 6)
    APNGAnimationErrorTests.expect(apng, .badCRC(PNGChunkType(rawValue: 0x7445_5874)), atChunk: 6)
  }

  /// An `acTL` whose CRC is bad makes the file a still PNG, whose
  /// diagnostic is that CRC even after an error that then no longer counts
  /// (an `fdAT` before it; Scripts/mutate-compare.py --seed 77 found the
  /// diagnostic dropped).
  @Test func aBadAnimationControlCRCAfterAnEarlierError() throws {
    var apng = TestAPNG.threeFrames
    apng.chunks[1].badCRC = true
    apng.chunks.insert(TestAPNG.fdat(0, [0, 0, 0, 0]), at: 1)
    APNGAnimationErrorTests.expect(apng, .badCRC(.actl), atChunk: 2)
    // The same fdAT with no acTL at all: a still PNG with nothing to report.
    apng.chunks.remove(at: 2)
    let index = try TestAPNG.open(apng.file()).get()
    #expect(index.animationError == nil)
    #expect(index.frames.count == 1)
  }

  /// Chunks after the image data that the still decoder would reject.
  @Test func chunksAfterTheImageData() throws {
    var apng = TestAPNG.threeFrames
    apng.chunks.insert(TestAPNG.Chunk(type: "PLTE", data: [1, 2, 3]), at: 6)
    APNGAnimationErrorTests.expect(apng, .misplacedChunk(.plte), atChunk: 6)
    apng = TestAPNG.threeFrames
    apng.chunks.insert(TestAPNG.ihdr(6, 4), at: 6)
    APNGAnimationErrorTests.expect(apng, .misplacedChunk(.ihdr), atChunk: 6)
    apng = TestAPNG.threeFrames
    apng.chunks.insert(TestAPNG.Chunk(type: "CRIT", data: []), at: 5)
    APNGAnimationErrorTests.expect(apng, .unknownCriticalChunk(PNGChunkType(rawValue: 0x4352_4954)), atChunk: 5)
    apng = TestAPNG.threeFrames
    apng.chunks.insert(TestAPNG.Chunk(type: "fd@T", data: []), at: 6)
    APNGAnimationErrorTests.expect(apng, .malformedChunk, atChunk: 6)
    // A tRNS (an ancillary chunk out of place) is skipped.
    apng = TestAPNG.threeFrames
    apng.chunks.insert(TestAPNG.Chunk(type: "tRNS", data: [0, 1, 0, 2, 0, 3]), at: 6)
    let index = try TestAPNG.open(apng.file()).get()
    #expect(index.animationError == nil)
    #expect(index.frames.count == 3)
  }

  @Test func frameCountMismatch() {
    for declared in [2, 4] {
      var apng = TestAPNG.threeFrames
      apng.chunks[1] = TestAPNG.actl(frames: declared, plays: 3)
      APNGAnimationErrorTests.expect(apng, .frameCountMismatch(declared: UInt32(declared), found: 3), atChunk: 9)
    }
  }

  /// A still PNG keeps damage after its image data as a diagnostic.
  @Test func stillPNGDamageIsADiagnostic() throws {
    let still = TestAPNG(chunks: [
      TestAPNG.ihdr(6, 4), TestAPNG.idat(TestAPNG.data(6, 4, seed: 1)),
      TestAPNG.Chunk(type: "tEXt", data: [1], badCRC: true), TestAPNG.iend,
    ])
    APNGAnimationErrorTests.expect(still, .badCRC(PNGChunkType(rawValue: 0x7445_5874)), atChunk: 2)
    // An IDAT after the first run of IDATs has ended.
    var secondRun = still
    secondRun.chunks[2].badCRC = false
    secondRun.chunks.insert(TestAPNG.Chunk(type: "IDAT", data: []), at: 3)
    APNGAnimationErrorTests.expect(secondRun, .misplacedChunk(.idat), atChunk: 3)
    // A malformed chunk header (length 2^32 - 1): nothing after it is read.
    var malformed = still.file()
    let cut = TestAPNG.offset(still)(ofChunk: 2)
    malformed.replaceSubrange(cut..<cut + 4, with: [0xFF, 0xFF, 0xFF, 0xFF])
    let index = try TestAPNG.open(malformed).get()
    #expect(index.animationError == APNGAnimationError(kind: .malformedChunk, offset: cut))
    #expect(!index.isTruncated)
    #expect(index.frames.count == 1)
  }
}
