import Testing
import TimelineScript

@testable import AnimTimeline

/// Malformed PNGs give the right typed error; no input traps.
@Suite struct PNGMalformedTests {
  static func decode(_ file: [UInt8], _ options: PNGDecodingOptions = PNGDecodingOptions()) -> Result<RGBAImage, PNGError> {
    Result { () throws(PNGError) in try RGBAImage(pngData: file, options: options) }
  }

  static func error(_ file: [UInt8], _ options: PNGDecodingOptions = PNGDecodingOptions()) -> PNGError? {
    if case .failure(let error) = decode(file, options) { return error }
    return nil
  }

  static var small: TestPNGWriter {
    TestPNGWriter(width: 5, height: 4, colorType: 6, bitDepth: 8, samples: (0..<80).map { $0 * 3 % 256 })
  }

  /// Every prefix of a few small files is an error (the file is cut before
  /// IEND ends), never a trap.
  @Test func truncatedAtEveryOffset() throws {
    var rng = SplitMix64(seed: 40)
    var interlaced = PNGDecoderTests.writer(3, 4, 9, 6, interlaced: true, &rng)
    interlaced.compression = .library
    var stored = PNGMalformedTests.small
    stored.idatChunks = 3
    let ours = try ImageGen.image(7, 5, .gradient, &rng).pngData()
    for file in [stored.file(), interlaced.file(), ours] {
      #expect(throws: Never.self) { try RGBAImage(pngData: file) }
      for cut in 0..<file.count {
        guard let error = PNGMalformedTests.error(Array(file[0..<cut])) else {
          Issue.record("a cut at \(cut) of \(file.count) bytes decoded")
          continue
        }
        if cut >= 8 { #expect(error == .truncated(offset: cut), "cut at \(cut)") }
      }
    }
  }

  /// Every byte of a small file changed to each of a few values: the
  /// decoder either throws or decodes; it never traps.
  @Test func corruptedBytesNeverTrap() {
    let file = PNGMalformedTests.small.file()
    var decoded = 0
    for index in 0..<file.count {
      for value in [0, 1, 0x7F, 0x80, 0xFF] as [UInt8] where file[index] != value {
        var bad = file
        bad[index] = value
        if case .success = PNGMalformedTests.decode(bad) { decoded += 1 }
      }
    }
    // Only the CRC-free signature bytes could decode changed; none does.
    #expect(decoded == 0)
  }

  @Test func badSignatureAndChunks() {
    var file = PNGMalformedTests.small.file()
    file[1] = 0x51
    #expect(PNGMalformedTests.error(file) == .badSignature(offset: 1))
    #expect(PNGMalformedTests.error([]) == .truncated(offset: 0))

    file = PNGMalformedTests.small.file()
    file[8 + 8 + 2] ^= 1  // a byte of IHDR's width
    #expect(PNGMalformedTests.error(file) == .badCRC(chunk: "IHDR", offset: 8))

    file = PNGMalformedTests.small.file()
    file[8 + 4] = 0x31  // type "1HDR"
    #expect(PNGMalformedTests.error(file) == .badChunk(offset: 8))

    file = PNGMalformedTests.small.file()
    file[8] = 0x80  // length 2^31 + 13
    #expect(PNGMalformedTests.error(file) == .badChunk(offset: 8))
  }

  @Test func chunkOrder() {
    let chunks = TestPNG.chunks(PNGMalformedTests.small.file()).map { ($0.type, $0.data) }
    let ihdr = chunks[0]
    let idat = chunks[1]
    let iend = chunks[2]
    #expect(PNGMalformedTests.error(TestPNG.file([idat, ihdr, iend])) == .misplacedChunk(chunk: "IDAT", offset: 8))
    #expect(PNGMalformedTests.error(TestPNG.file([ihdr, ihdr, idat, iend])) == .misplacedChunk(chunk: "IHDR", offset: 33))
    #expect(PNGMalformedTests.error(TestPNG.file([ihdr, iend])) == .missingImageData(offset: 33))
    let split1 = ("IDAT", Array(idat.1[0..<10]))
    let split2 = ("IDAT", Array(idat.1[10...]))
    #expect(PNGMalformedTests.decode(TestPNG.file([ihdr, split1, split2, iend])).isSuccess)
    #expect(
      PNGMalformedTests.error(TestPNG.file([ihdr, split1, ("tEXt", [65, 0, 66]), split2, iend]))
        == .misplacedChunk(chunk: "IDAT", offset: 33 + 22 + 15))
    #expect(PNGMalformedTests.error(TestPNG.file([ihdr, ("ABCD", []), idat, iend])) == .unknownCriticalChunk(chunk: "ABCD", offset: 33))
    #expect(PNGMalformedTests.error(TestPNG.file([ihdr, idat, ("PLTE", [0, 0, 0]), iend])) == .misplacedChunk(chunk: "PLTE", offset: 33 + 12 + idat.1.count))
    #expect(PNGMalformedTests.error(TestPNG.file([ihdr, ("PLTE", [0, 0]), idat, iend])) == .badChunkLength(chunk: "PLTE", length: 2, offset: 33))
    #expect(PNGMalformedTests.error(TestPNG.file([("IHDR", Array(ihdr.1[0..<12])), idat, iend])) == .badChunkLength(chunk: "IHDR", length: 12, offset: 8))
  }

  /// A `tRNS` that cannot apply is ignored, as libpng ignores it (only
  /// critical chunks and CRCs are fatal): before `PLTE`, with more entries
  /// than `PLTE`, of the wrong size, after one that applied; so is a grey
  /// image's `PLTE`. Found by `Scripts/mutate-compare.py` (a `tRNS` moved
  /// before `PLTE` made the file an error).
  @Test func ancillaryTransparencyThatCannotApplyIsIgnored() throws {
    let indexed = TestPNGWriter(width: 2, height: 1, colorType: 3, bitDepth: 8, samples: [0, 1], palette: [9, 9, 9, 7, 7, 7])
    let parts = TestPNG.chunks(indexed.file()).map { ($0.type, $0.data) }
    let (ihdr, plte, idat, iend) = (parts[0], parts[1], parts[2], parts[3])
    #expect(plte.0 == "PLTE" && idat.0 == "IDAT")
    let opaque: [UInt8] = [9, 9, 9, 255, 7, 7, 7, 255]
    let cases: [([(String, [UInt8])], [UInt8])] = [
      ([ihdr, plte, ("tRNS", [10]), idat, iend], [9, 9, 9, 10, 7, 7, 7, 255]),
      ([ihdr, ("tRNS", [10]), plte, idat, iend], opaque),
      ([ihdr, plte, ("tRNS", [10, 20, 30]), idat, iend], opaque),
      ([ihdr, plte, ("tRNS", []), idat, iend], opaque),
      ([ihdr, plte, ("tRNS", [10]), ("tRNS", [20, 30]), idat, iend], [9, 9, 9, 10, 7, 7, 7, 255]),
      ([ihdr, plte, ("tRNS", [10, 20, 30]), ("tRNS", [20, 30]), idat, iend], [9, 9, 9, 20, 7, 7, 7, 30]),
    ]
    for (chunks, pixels) in cases {
      let image = try RGBAImage(pngData: TestPNG.file(chunks))
      #expect(image.pixels == pixels, "\(chunks.map(\.0))")
    }
    let grey = TestPNGWriter(width: 2, height: 1, colorType: 0, bitDepth: 8, samples: [0, 200])
    let greyParts = TestPNG.chunks(grey.file()).map { ($0.type, $0.data) }
    let withPalette = [greyParts[0], ("PLTE", [1, 2]), ("tRNS", [0, 1, 2]), greyParts[1], greyParts[2]]
    #expect(try RGBAImage(pngData: TestPNG.file(withPalette)).pixels == [0, 0, 0, 255, 200, 200, 200, 255])
    let twoPalettes = [greyParts[0], ("PLTE", [1, 2, 3]), ("PLTE", [1, 2, 3]), greyParts[1], greyParts[2]]
    #expect(PNGMalformedTests.error(TestPNG.file(twoPalettes)) == .misplacedChunk(chunk: "PLTE", offset: 33 + 15))
  }

  @Test func badHeaders() {
    func header(_ width: UInt32, _ height: UInt32, _ depth: UInt8, _ type: UInt8, _ rest: [UInt8] = [0, 0, 0]) -> [UInt8] {
      TestPNG.file([("IHDR", TestPNG.bigEndian(width) + TestPNG.bigEndian(height) + [depth, type] + rest), ("IEND", [])])
    }
    #expect(PNGMalformedTests.error(header(0, 5, 8, 6)) == .badDimensions(width: 0, height: 5))
    #expect(PNGMalformedTests.error(header(5, 0x8000_0000, 8, 6)) == .badDimensions(width: 5, height: 0x8000_0000))
    #expect(PNGMalformedTests.error(header(5, 5, 4, 2)) == .unsupportedFormat(colorType: 2, bitDepth: 4, offset: 8))
    #expect(PNGMalformedTests.error(header(5, 5, 16, 3)) == .unsupportedFormat(colorType: 3, bitDepth: 16, offset: 8))
    #expect(PNGMalformedTests.error(header(5, 5, 8, 1)) == .unsupportedFormat(colorType: 1, bitDepth: 8, offset: 8))
    #expect(PNGMalformedTests.error(header(5, 5, 8, 6, [1, 0, 0])) == .unsupportedFormat(colorType: 6, bitDepth: 8, offset: 8))
    #expect(PNGMalformedTests.error(header(5, 5, 8, 6, [0, 0, 2])) == .unsupportedFormat(colorType: 6, bitDepth: 8, offset: 8))
    // The largest dimensions: refused by the limits before any allocation.
    #expect(
      PNGMalformedTests.error(header(0x7FFF_FFFF, 0x7FFF_FFFF, 16, 6))
        == .imageTooLarge(width: 0x7FFF_FFFF, height: 0x7FFF_FFFF, limit: 16_777_216))
  }

  @Test func limits() {
    let file = PNGMalformedTests.small.file()  // 5x4 RGBA 8-bit: 4 * 21 bytes of rows
    #expect(PNGMalformedTests.error(file, PNGDecodingOptions(maxPixels: 19)) == .imageTooLarge(width: 5, height: 4, limit: 19))
    #expect(PNGMalformedTests.decode(file, PNGDecodingOptions(maxPixels: 20)).isSuccess)
    #expect(
      PNGMalformedTests.error(file, PNGDecodingOptions(maxDecompressedBytes: 83)) == .decompressedDataTooLarge(bytes: 84, limit: 83))
    #expect(PNGMalformedTests.decode(file, PNGDecodingOptions(maxDecompressedBytes: 84)).isSuccess)
    #expect(PNGMalformedTests.error(file, PNGDecodingOptions(maxFileBytes: file.count - 1)) == .fileTooLarge(bytes: file.count, limit: file.count - 1))
  }

  @Test func badImageData() {
    var writer = PNGMalformedTests.small
    writer.filters = [1, 5]
    #expect(PNGMalformedTests.error(writer.file()) == .badFilterType(5, row: 1))

    // Rows missing, rows in excess: the image data of a 5x3 and a 5x5
    // image under the header of a 5x4 one.
    let chunks = TestPNG.chunks(PNGMalformedTests.small.file()).map { ($0.type, $0.data) }
    var shorter = PNGMalformedTests.small
    shorter.height = 3
    shorter.samples = Array(shorter.samples[0..<60])
    let shortIDAT = TestPNG.chunks(shorter.file())[1]
    #expect(PNGMalformedTests.error(TestPNG.file([chunks[0], ("IDAT", shortIDAT.data), chunks[2]])) == .missingRows(offset: 33 + 8 + shortIDAT.data.count))
    var taller = PNGMalformedTests.small
    taller.height = 5
    taller.samples += Array(taller.samples[0..<20])
    let tallIDAT = TestPNG.chunks(taller.file())[1]
    if case .excessImageData = PNGMalformedTests.error(TestPNG.file([chunks[0], ("IDAT", tallIDAT.data), chunks[2]])) {
    } else {
      Issue.record("excess rows not reported")
    }

    // A wrong Adler-32 (the chunk's CRC made right again).
    var stream = chunks[1].1
    stream[stream.count - 1] ^= 0xFF
    if case .badAdler32 = PNGMalformedTests.error(TestPNG.file([chunks[0], ("IDAT", stream), chunks[2]])) {
    } else {
      Issue.record("bad Adler-32 not reported")
    }
    // A bad zlib header: compression method 7.
    var header = chunks[1].1
    header[0] = 0x77
    #expect(PNGMalformedTests.error(TestPNG.file([chunks[0], ("IDAT", header), chunks[2]])) == .badZlibHeader(offset: 41))
    // An indexed image without PLTE.
    let indexed = TestPNGWriter(width: 2, height: 1, colorType: 3, bitDepth: 8, samples: [0, 0])
    #expect(PNGMalformedTests.error(indexed.file()) == .missingPalette(offset: 41))
  }

  @Test func errorsDescribeThemselves() {
    #expect(PNGError.badCRC(chunk: "IDAT", offset: 33).description == "bad CRC-32 in the IDAT chunk at byte 33")
    #expect(PNGError.truncated(offset: 7).description.contains("byte 7"))
  }
}

extension Result {
  var isSuccess: Bool {
    if case .success = self { return true }
    return false
  }
}
