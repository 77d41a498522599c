import Testing
import TimelineScript

@testable import AnimTimeline

/// Every PNG the encoder writes decodes to exactly the image it came from.
@Suite struct PNGRoundTripTests {
  @Test func randomImagesRoundTrip() {
    forAll("PNGRoundTripTests.randomImagesRoundTrip", gen: ImageGen.images, iterations: 150) { image in
      let file = try image.pngData()
      let decoded = try RGBAImage(pngData: file)
      try ensure(decoded == image, "decoded \(decoded) differs from \(image)")
      return true
    }
  }

  @Test(arguments: ImageGen.Content.allCases)
  func everyContentKindRoundTrips(_ content: ImageGen.Content) throws {
    var rng = SplitMix64(seed: 7)
    for (width, height) in [(1, 1), (2, 1), (1, 2), (517, 1), (1, 333), (31, 17), (300, 130)] {
      let image = ImageGen.image(width, height, content, &rng)
      #expect(try RGBAImage(pngData: image.pngData()) == image, "\(content) \(width)x\(height)")
    }
  }

  /// An image of more than 256 colours is truecolour: RGB exactly when
  /// every pixel is opaque.
  @Test func opaqueImagesAreWrittenAsRGB() throws {
    var rng = SplitMix64(seed: 3)
    let opaque = ImageGen.image(30, 20, .opaqueNoise, &rng)
    var translucent = opaque
    translucent.pixels[4 * 35 + 3] = 254
    #expect(try TestPNG.chunks(opaque.pngData())[0].data[9] == 2)
    #expect(try TestPNG.chunks(translucent.pngData())[0].data[9] == 6)
    #expect(try RGBAImage(pngData: translucent.pngData()) == translucent)
  }

  /// Truecolour rows of at most 16 KiB are compressed both with the
  /// per-row filters and unfiltered, and the smaller file is written;
  /// either way the rows read back exactly. Larger images choose by
  /// sampling, and read back exactly too.
  @Test func truecolourKeepsTheSmallerOfFilteredAndUnfiltered() throws {
    var rng = SplitMix64(seed: 12)
    var sawFiltered = false
    var sawUnfiltered = false
    // A smooth gradient (the filters win) and random dithering between
    // two colours in each block of pixels (no filters win: the
    // differences take three values where the pixels take two), small
    // and large, each of more than 256 colours.
    for (width, height) in [(40, 30), (300, 200)] {
      let gradient = ImageGen.image(width, height, .gradient, &rng)
      let block = width <= 40 ? 2 : 10
      let pairs = (0..<((width + block - 1) / block) * ((height + block - 1) / block)).map { _ in
        (0..<6).map { _ in UInt8(truncatingIfNeeded: rng.next()) }
      }
      var dithered = [UInt8]()
      for y in 0..<height {
        for x in 0..<width {
          let pair = pairs[(y / block) * ((width + block - 1) / block) + x / block]
          let side = rng.chance(1, in: 2) ? 0 : 3
          dithered += pair[side..<side + 3] + [255]
        }
      }
      for image in [gradient, RGBAImage(width: width, height: height, pixels: dithered)] {
        let file = try image.pngData()
        #expect(try RGBAImage(pngData: file) == image)
        let chunks = TestPNG.chunks(file)
        let bytesPerPixel = chunks[0].data[9] == 2 ? 3 : 4
        let rowBytes = width * bytesPerPixel + 1
        let rows = try DeflateTests.inflate(chunks[1].data, capacity: height * rowBytes, zlib: true)
        let unfiltered = (0..<height).allSatisfy { rows[$0 * rowBytes] == 0 }
        if unfiltered { sawUnfiltered = true } else { sawFiltered = true }
        guard height * rowBytes <= 1 << 14 else { continue }
        // Both candidates, made by the encoder's own parts.
        var buffer = [UInt8](repeating: 0, count: height * (width * 4 + 1) + DeflateEncoder.readPadding)
        let sizes = image.pixels.withUnsafeBufferPointer { pixels in
          buffer.withUnsafeMutableBufferPointer { buffer in
            [true, false].map { filtered in
              let count =
                filtered
                ? PNGEncoder.filter(pixels.baseAddress!, width: width, height: height, bytesPerPixel: bytesPerPixel, into: buffer.baseAddress!)
                : PNGEncoder.unfiltered(pixels.baseAddress!, width: width, height: height, bytesPerPixel: bytesPerPixel, into: buffer.baseAddress!)
              return PNGEncoder.file(
                width: width, height: height, bitDepth: 8, colorType: chunks[0].data[9], chunks: [],
                rows: buffer.baseAddress!, count: count
              ).count
            }
          }
        }
        #expect(file.count == sizes.min(), "\(width)x\(height): \(file.count) bytes, candidates \(sizes)")
      }
    }
    #expect(sawFiltered && sawUnfiltered)
  }

  /// The file is well formed by an independent reading: signature,
  /// IHDR, IDAT, IEND, every CRC right, and the IDAT's zlib stream
  /// decompresses (with the library's inflater) to rows whose filter
  /// bytes are valid and whose unfiltered bytes are the pixels.
  @Test func fileStructure() throws {
    var rng = SplitMix64(seed: 11)
    let image = ImageGen.image(13, 6, .gradient, &rng)
    let file = try image.pngData()
    #expect(Array(file.prefix(8)) == TestPNG.signature)
    let chunks = TestPNG.chunks(file)
    #expect(chunks.map(\.type) == ["IHDR", "IDAT", "IEND"])
    for chunk in chunks {
      let stored = Array(file[chunk.offset + 8 + chunk.data.count..<chunk.offset + 12 + chunk.data.count])
      #expect(stored == TestPNG.bigEndian(ReferenceCRC32.checksum(Array(chunk.type.utf8) + chunk.data)))
    }
    #expect(chunks[0].data == TestPNG.bigEndian(13) + TestPNG.bigEndian(6) + [8, 6, 0, 0, 0])
    let stream = chunks[1].data
    #expect(stream[0] == 0x78 && (Int(stream[0]) << 8 | Int(stream[1])) % 31 == 0)
    var filtered = [UInt8](repeating: 0, count: 6 * (13 * 4 + 1))
    let written = try stream.withUnsafeBytes { bytes in
      try filtered.withUnsafeMutableBufferPointer { output in
        try Inflater.inflate(bytes, segments: [0..<stream.count][...], zlib: true, into: output)
      }
    }
    #expect(written == filtered.count)
    for row in 0..<6 { #expect(filtered[row * 53] <= 4) }
    #expect(Array(stream.suffix(4)) == TestPNG.bigEndian(TestDeflate.adler32(filtered)))
  }

  @Test func pamHeaderAndPixels() throws {
    let image = RGBAImage(width: 2, height: 1, pixels: [1, 2, 3, 4, 5, 6, 7, 8])
    let expected = Array("P7\nWIDTH 2\nHEIGHT 1\nDEPTH 4\nMAXVAL 255\nTUPLTYPE RGB_ALPHA\nENDHDR\n".utf8) + [1, 2, 3, 4, 5, 6, 7, 8]
    #expect(try image.pamData() == expected)
  }
}
