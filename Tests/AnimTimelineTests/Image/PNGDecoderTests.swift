import Testing
import TimelineScript

@testable import AnimTimeline

/// The decoder on PNGs built by the test suite's own writer: every colour
/// type and bit depth, interlaced or not, every filter, stored,
/// fixed-Huffman and dynamic-Huffman data over one or several IDATs.
@Suite struct PNGDecoderTests {
  /// (colour type, bit depth) pairs PNG allows.
  static let formats: [(Int, Int)] = [
    (0, 1), (0, 2), (0, 4), (0, 8), (0, 16),
    (2, 8), (2, 16),
    (3, 1), (3, 2), (3, 4), (3, 8),
    (4, 8), (4, 16),
    (6, 8), (6, 16),
  ]

  static func writer(
    _ colorType: Int, _ depth: Int, _ width: Int, _ height: Int, interlaced: Bool, _ rng: inout SplitMix64
  ) -> TestPNGWriter {
    let channels = [0: 1, 2: 3, 3: 1, 4: 2, 6: 4][colorType]!
    let limit = colorType == 3 ? min(1 << depth, 200) : 1 << depth
    let samples = (0..<(width * height * channels)).map { _ in Int(rng.next() % UInt64(limit)) }
    var writer = TestPNGWriter(
      width: width, height: height, colorType: colorType, bitDepth: depth, interlaced: interlaced, samples: samples)
    if colorType == 3 {
      // Fewer entries than indices used, so some indices are past the end.
      let entries = max(1, limit - 3)
      writer.palette = (0..<(entries * 3)).map { _ in UInt8(truncatingIfNeeded: rng.next()) }
      writer.transparency = (0..<min(entries, 5)).map { _ in UInt8(truncatingIfNeeded: rng.next()) }
    }
    return writer
  }

  @Test(arguments: [false, true])
  func everyFormat(interlaced: Bool) throws {
    var rng = SplitMix64(seed: interlaced ? 2 : 1)
    for (colorType, depth) in PNGDecoderTests.formats {
      for (width, height) in [(1, 1), (3, 2), (9, 17), (17, 9), (33, 3)] {
        for compression in [TestPNGWriter.Compression.stored, .fixedLiterals, .library] {
          var writer = PNGDecoderTests.writer(colorType, depth, width, height, interlaced: interlaced, &rng)
          writer.compression = compression
          writer.idatChunks = Int(rng.next() % 4) + 1
          let label = "type \(colorType) depth \(depth) \(width)x\(height) \(compression) interlaced \(interlaced)"
          let image = try RGBAImage(pngData: writer.file())
          #expect(image.width == width && image.height == height, "\(label)")
          #expect(image.pixels == writer.expectedPixels(), "\(label)")
        }
      }
    }
  }

  /// Each filter type alone, at 1, 2, 3, 4, 6 and 8 bytes a pixel.
  @Test func everyFilterAlone() throws {
    var rng = SplitMix64(seed: 12)
    for filter in UInt8(0)...4 {
      for (colorType, depth) in [(0, 8), (4, 8), (2, 8), (6, 8), (2, 16), (6, 16), (0, 2)] {
        var writer = PNGDecoderTests.writer(colorType, depth, 11, 7, interlaced: false, &rng)
        writer.filters = [filter]
        #expect(try RGBAImage(pngData: writer.file()).pixels == writer.expectedPixels(), "filter \(filter)")
      }
    }
  }

  /// A grey or RGB colour key makes exactly the matching samples
  /// transparent; at 16 bits the whole sample must match, not its high
  /// byte.
  @Test func colorKeys() throws {
    var grey = TestPNGWriter(width: 4, height: 1, colorType: 0, bitDepth: 16, samples: [0x1234, 0x1235, 0x12FF, 0x0034])
    grey.transparency = [0x12, 0x34]
    #expect(try RGBAImage(pngData: grey.file()).pixels.enumerated().filter { $0.offset % 4 == 3 }.map(\.element) == [0, 255, 255, 255])
    #expect(try RGBAImage(pngData: grey.file()).pixels == grey.expectedPixels())

    var rgb = TestPNGWriter(width: 3, height: 1, colorType: 2, bitDepth: 8, samples: [1, 2, 3, 1, 2, 4, 1, 2, 3])
    rgb.transparency = [0, 1, 0, 2, 0, 3]
    let pixels = try RGBAImage(pngData: rgb.file()).pixels
    #expect(pixels == [1, 2, 3, 0, 1, 2, 4, 255, 1, 2, 3, 0])

    var rgb16 = TestPNGWriter(width: 2, height: 1, colorType: 2, bitDepth: 16, samples: [0x0100, 0x0200, 0x0300, 0x0101, 0x0200, 0x0300])
    rgb16.transparency = [1, 0, 2, 0, 3, 0]
    #expect(try RGBAImage(pngData: rgb16.file()).pixels == [1, 2, 3, 0, 1, 2, 3, 255])

    var grey2 = TestPNGWriter(width: 4, height: 1, colorType: 0, bitDepth: 2, samples: [0, 1, 2, 3])
    grey2.transparency = [0, 2]
    #expect(try RGBAImage(pngData: grey2.file()).pixels == [0, 0, 0, 255, 85, 85, 85, 255, 170, 170, 170, 0, 255, 255, 255, 255])
  }

  /// A grey or RGB colour key is masked to the bit depth before the
  /// comparison: bits above it (which a writer should leave 0) are
  /// ignored, as libpng does.
  @Test func colorKeyMaskedToBitDepth() throws {
    var grey4 = TestPNGWriter(width: 3, height: 1, colorType: 0, bitDepth: 4, samples: [5, 6, 15])
    grey4.transparency = [0xAB, 0xC5]  // 0xABC5 & 0xF == 5
    #expect(try RGBAImage(pngData: grey4.file()).pixels == [85, 85, 85, 0, 102, 102, 102, 255, 255, 255, 255, 255])
    var rgb8 = TestPNGWriter(width: 2, height: 1, colorType: 2, bitDepth: 8, samples: [1, 2, 3, 1, 2, 4])
    rgb8.transparency = [0x7F, 1, 0x01, 2, 0xFF, 3]
    #expect(try RGBAImage(pngData: rgb8.file()).pixels == [1, 2, 3, 0, 1, 2, 4, 255])
  }

  /// Values written out by hand: 16-bit samples keep their high byte,
  /// 4-bit grey is multiplied by 17, palette indices past the end are
  /// opaque black, tRNS shorter than the palette leaves the rest opaque.
  @Test func handComputedValues() throws {
    let grey16 = TestPNGWriter(width: 2, height: 1, colorType: 4, bitDepth: 16, samples: [0xABCD, 0x00FF, 0xFF00, 0x8080])
    #expect(try RGBAImage(pngData: grey16.file()).pixels == [0xAB, 0xAB, 0xAB, 0x00, 0xFF, 0xFF, 0xFF, 0x80])
    let grey4 = TestPNGWriter(width: 3, height: 1, colorType: 0, bitDepth: 4, samples: [0, 7, 15])
    #expect(try RGBAImage(pngData: grey4.file()).pixels == [0, 0, 0, 255, 119, 119, 119, 255, 255, 255, 255, 255])
    var indexed = TestPNGWriter(width: 4, height: 1, colorType: 3, bitDepth: 2, samples: [0, 1, 2, 3])
    indexed.palette = [10, 20, 30, 40, 50, 60, 70, 80, 90]
    indexed.transparency = [128]
    #expect(try RGBAImage(pngData: indexed.file()).pixels == [10, 20, 30, 128, 40, 50, 60, 255, 70, 80, 90, 255, 0, 0, 0, 255])
  }

  /// Ancillary chunks are skipped; a PLTE in an RGB image is a suggestion
  /// and ignored.
  @Test func ancillaryChunksAreSkipped() throws {
    var writer = TestPNGWriter(width: 2, height: 2, colorType: 2, bitDepth: 8, samples: Array(0..<12))
    writer.palette = [1, 2, 3]
    writer.extraChunks = [("gAMA", [0, 0, 0xB1, 0x8F]), ("tEXt", Array("Comment\0hello".utf8)), ("zzZz", [1, 2, 3])]
    #expect(try RGBAImage(pngData: writer.file()).pixels == writer.expectedPixels())
  }

  /// An Adam7 image whose early passes are empty (width or height below
  /// 5): those passes have no rows and no filter bytes.
  @Test func interlacedTinyImages() throws {
    var rng = SplitMix64(seed: 30)
    for width in 1...9 {
      for height in 1...9 {
        let writer = PNGDecoderTests.writer(6, 8, width, height, interlaced: true, &rng)
        #expect(try RGBAImage(pngData: writer.file()).pixels == writer.expectedPixels(), "\(width)x\(height)")
      }
    }
  }
}
