@testable import AnimTimeline

/// Small APNG files for the tests, built chunk by chunk so that a test can
/// damage, drop, reorder or cut any chunk. Chunk CRCs come from the
/// suite's reference CRC-32 (`TestPNG.chunk`); frame data from
/// ``TestPNGWriter`` (stored deflate, filter types cycling 0...4).
struct TestAPNG {
  /// One chunk: type, data, and whether its CRC is to be broken.
  struct Chunk {
    var type: String
    var data: [UInt8]
    var badCRC = false
  }

  var chunks: [Chunk]

  /// The file: signature and chunks.
  func file() -> [UInt8] {
    var out = TestPNG.signature
    for chunk in chunks {
      var bytes = TestPNG.chunk(chunk.type, chunk.data)
      if chunk.badCRC { bytes[bytes.count - 1] ^= 0xFF }
      out += bytes
    }
    return out
  }

  /// The index of the first chunk of `type` (at or after `from`).
  func position(of type: String, from: Int = 0) -> Int? {
    chunks.indices.first { $0 >= from && chunks[$0].type == type }
  }

  /// The offset in ``file()`` of chunk `index`.
  func offset(ofChunk index: Int) -> Int {
    8 + chunks[0..<index].reduce(0) { $0 + 12 + $1.data.count }
  }

  static func be32(_ value: Int) -> [UInt8] { TestPNG.bigEndian(UInt32(truncatingIfNeeded: value)) }
  static func be16(_ value: Int) -> [UInt8] { [UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)] }

  static func ihdr(_ width: Int, _ height: Int, colorType: Int = 6, bitDepth: Int = 8, interlaced: Bool = false) -> Chunk {
    Chunk(type: "IHDR", data: be32(width) + be32(height) + [UInt8(bitDepth), UInt8(colorType), 0, 0, interlaced ? 1 : 0])
  }

  static func actl(frames: Int, plays: Int) -> Chunk {
    Chunk(type: "acTL", data: be32(frames) + be32(plays))
  }

  static func fctl(
    _ sequence: Int, _ width: Int, _ height: Int, x: Int = 0, y: Int = 0, delay: (Int, Int) = (1, 10),
    dispose: Int = 0, blend: Int = 0
  ) -> Chunk {
    let data =
      be32(sequence) + be32(width) + be32(height) + be32(x) + be32(y) + be16(delay.0) + be16(delay.1)
      + [UInt8(dispose), UInt8(blend)]
    return Chunk(type: "fcTL", data: data)
  }

  static func fdat(_ sequence: Int, _ payload: [UInt8]) -> Chunk {
    Chunk(type: "fdAT", data: be32(sequence) + payload)
  }

  static func idat(_ payload: [UInt8]) -> Chunk { Chunk(type: "IDAT", data: payload) }
  static var iend: Chunk { Chunk(type: "IEND", data: []) }

  /// An 8-bit RGBA image of `width` × `height` whose pixels depend on
  /// `seed`, as a writer (its `zlib(filteredData())` is the frame data).
  static func image(_ width: Int, _ height: Int, seed: Int) -> TestPNGWriter {
    let samples = (0..<width * height * 4).map { ($0 * 37 + seed * 101) % 256 }
    return TestPNGWriter(width: width, height: height, colorType: 6, bitDepth: 8, samples: samples)
  }

  /// The zlib stream of `image(width, height, seed:)`.
  static func data(_ width: Int, _ height: Int, seed: Int) -> [UInt8] {
    let writer = image(width, height, seed: seed)
    return writer.zlib(writer.filteredData())
  }

  /// A valid 6×4 APNG of three frames: the default image is frame 0
  /// (whole canvas), frame 1 is 2×3 at (3, 1) in one `fdAT`, frame 2 is
  /// 6×4 in two `fdAT`s; `num_plays` 3.
  ///
  /// Chunks: 0 IHDR, 1 acTL, 2 fcTL(0), 3 IDAT, 4 fcTL(1), 5 fdAT(2),
  /// 6 fcTL(3), 7 fdAT(4), 8 fdAT(5), 9 IEND.
  static var threeFrames: TestAPNG {
    let last = data(6, 4, seed: 3)
    let half = last.count / 2
    return TestAPNG(chunks: [
      ihdr(6, 4), actl(frames: 3, plays: 3),
      fctl(0, 6, 4), idat(data(6, 4, seed: 1)),
      fctl(1, 2, 3, x: 3, y: 1, delay: (7, 100), dispose: 1, blend: 1), fdat(2, data(2, 3, seed: 2)),
      fctl(3, 6, 4, delay: (1, 0), dispose: 2), fdat(4, Array(last[0..<half])), fdat(5, Array(last[half...])),
      iend,
    ])
  }

  /// ``threeFrames`` with frame 1's data a row of filter type 5 (no such
  /// filter): a frame that fails after the default image decoded.
  static var threeFramesWithABadFilter: TestAPNG {
    var apng = threeFrames
    var broken = image(2, 3, seed: 2)
    broken.filters = [5]
    apng.chunks[5] = fdat(2, broken.zlib(broken.filteredData()))
    return apng
  }

  /// Opens `file` as ``APNGFrameProvider`` does (every frame's data
  /// checked or drawn) and returns the index it keeps.
  static func open(_ file: [UInt8]) -> Result<APNGIndex, PNGError> {
    Result { () throws(PNGError) -> APNGIndex in try APNGFrameProvider(bytes: file).index }
  }
}
