import Testing

@testable import AnimTimeline

/// A collection of bytes without contiguous storage: every reader that
/// takes "any sequence of bytes" must accept it (issue #21).
struct ScatteredBytes: Collection {
  var chunks: [[UInt8]]
  var startIndex: Int { 0 }
  var endIndex: Int { chunks.reduce(0) { $0 + $1.count } }
  func index(after i: Int) -> Int { i + 1 }
  subscript(position: Int) -> UInt8 {
    var rest = position
    for chunk in chunks {
      if rest < chunk.count { return chunk[rest] }
      rest -= chunk.count
    }
    preconditionFailure("index \(position) out of range")
  }

  init(_ bytes: [UInt8], chunk: Int = 7) {
    chunks = stride(from: 0, to: bytes.count, by: chunk).map { Array(bytes[$0..<Swift.min($0 + chunk, bytes.count)]) }
  }
}

/// Issue #21: `AsepriteSheet(bytes:)` and `RGBAImage(pngData:)` took
/// `[UInt8]` only, while `GIFFrameProvider(bytes:)` took any sequence of
/// bytes. All three read the same byte collections now.
@Suite struct ByteInputTests {
  @Test func asepriteSheetReadsAnyByteCollection() throws {
    let bytes = Array(AsepriteFixtures.hash.utf8)
    let expected = try AsepriteSheet(bytes: bytes)
    // A slice that does not start at index 0, in the middle of a larger buffer.
    let padded = [UInt8](repeating: 0x20, count: 5) + bytes + [0x20]
    let slice = padded[5..<(5 + bytes.count)]
    #expect(try AsepriteSheet(bytes: slice) == expected)
    #expect(try AsepriteSheet(bytes: ScatteredBytes(bytes)) == expected)
    #expect(try AsepriteSheet(bytes: ContiguousArray(bytes)) == expected)
    #expect(try AsepriteSheet(bytes: AsepriteFixtures.hash.utf8) == expected)
    // Errors are the same, whatever the collection.
    let cut = Array(bytes.prefix(40))
    let error = try #require(throws: SpriteSheetError.self) { try AsepriteSheet(bytes: cut) }
    #expect(throws: error) { try AsepriteSheet(bytes: ScatteredBytes(cut)) }
    #expect(throws: error) { try AsepriteSheet(bytes: padded[5..<45]) }
  }

  @Test func pngDecoderReadsAnyByteCollection() throws {
    let image = RGBAImage(width: 3, height: 2, pixels: (0..<24).map { UInt8($0 * 10) })
    let png = try image.pngData()
    #expect(try RGBAImage(pngData: png) == image)
    let padded = [0, 1, 2] + png + [9]
    #expect(try RGBAImage(pngData: padded[3..<(3 + png.count)]) == image)
    #expect(try RGBAImage(pngData: ScatteredBytes(png, chunk: 5)) == image)
    let cut = Array(png.prefix(30))
    let error = try #require(throws: PNGError.self) { try RGBAImage(pngData: cut) }
    #expect(throws: error) { try RGBAImage(pngData: ScatteredBytes(cut)) }
    #expect(throws: error) { try RGBAImage(pngData: padded[3..<33]) }
  }

  @Test func gifProviderReadsTheSameCollections() throws {
    var encoder = TestGIFWriter(screenWidth: 4, screenHeight: 1)
    encoder.frames = [.init(width: 4, height: 1, fill: 1), .init(width: 4, height: 1, indices: [2, 3, 2, 3])]
    let gif = encoder.encode()
    let expected = try GIFFrameProvider(bytes: gif)
    let padded = [7, 7] + gif
    #expect(try GIFFrameProvider(bytes: padded[2...]).frame(at: 1) == expected.frame(at: 1))
    #expect(try GIFFrameProvider(bytes: ScatteredBytes(gif)).frame(at: 1) == expected.frame(at: 1))
  }
}
