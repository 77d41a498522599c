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

  /// The header says RGB exactly when every pixel is opaque.
  @Test func opaqueImagesAreWrittenAsRGB() throws {
    var rng = SplitMix64(seed: 3)
    let opaque = ImageGen.image(9, 4, .opaqueNoise, &rng)
    var translucent = opaque
    translucent.pixels[4 * 35 + 3] = 254
    #expect(try TestPNG.chunks(opaque.pngData())[0].data[9] == 2)
    #expect(try TestPNG.chunks(translucent.pngData())[0].data[9] == 6)
    #expect(try RGBAImage(pngData: translucent.pngData()) == translucent)
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
        try Inflater.inflate(bytes, segments: [0..<stream.count], zlib: true, into: output)
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
