import Testing

@testable import AnimTimeline

/// ``PNGChunkReader`` and ``PNGChunkType``.
@Suite struct PNGChunkReaderTests {
  static func steps(_ file: [UInt8]) -> [PNGChunkReader.Step] {
    file.withUnsafeBytes { raw in
      var reader = PNGChunkReader(raw)
      var steps: [PNGChunkReader.Step] = []
      while true {
        let step = reader.next()
        steps.append(step)
        if case .chunk = step { continue }
        // A cut or malformed header leaves the reader where it was.
        #expect(reader.next() == step)
        return steps
      }
    }
  }

  @Test func typesAreTheirLetters() {
    let names: [(PNGChunkType, String)] = [
      (.ihdr, "IHDR"), (.plte, "PLTE"), (.trns, "tRNS"), (.idat, "IDAT"), (.iend, "IEND"), (.actl, "acTL"),
      (.fctl, "fcTL"), (.fdat, "fdAT"),
    ]
    for (type, name) in names {
      #expect(type.name == name)
      let raw = name.utf8.reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
      #expect(type.rawValue == raw)
      #expect(type.isAncillary == (name.first?.isLowercase ?? false))
    }
  }

  /// A whole file: every chunk with its type, offset, data range and a
  /// matching CRC; then a cut at the end of the file.
  @Test func readsEveryChunk() throws {
    let apng = TestAPNG.threeFrames
    let file = apng.file()
    let steps = PNGChunkReaderTests.steps(file)
    #expect(steps.count == apng.chunks.count + 1)
    for (index, chunk) in apng.chunks.enumerated() {
      guard case .chunk(let read) = steps[index] else {
        Issue.record("chunk \(index): \(steps[index])")
        continue
      }
      let offset = apng.offset(ofChunk: index)
      #expect(read.type.name == chunk.type)
      #expect(read.offset == offset)
      #expect(read.data == offset + 8..<offset + 8 + chunk.data.count)
      #expect(read.crcMatches)
    }
    #expect(steps.last == .cut(offset: file.count))
  }

  @Test func badCRCIsAFlagAndTheReaderMovesOn() {
    var apng = TestAPNG.threeFrames
    apng.chunks[4].badCRC = true
    let steps = PNGChunkReaderTests.steps(apng.file())
    #expect(steps.count == apng.chunks.count + 1)
    for (index, step) in steps.enumerated() where index < apng.chunks.count {
      if case .chunk(let read) = step { #expect(read.crcMatches == (index != 4)) } else { Issue.record("\(step)") }
    }
  }

  /// Cut anywhere: the chunks before the cut, then a cut at the start of
  /// the chunk the end falls in.
  @Test func cutAtEveryOffset() {
    let apng = TestAPNG.threeFrames
    let file = apng.file()
    let starts = apng.chunks.indices.map { apng.offset(ofChunk: $0) }
    for cut in 8..<file.count {
      let steps = PNGChunkReaderTests.steps(Array(file[0..<cut]))
      let whole = starts.indices.filter { $0 + 1 < starts.count ? starts[$0 + 1] <= cut : file.count <= cut }
      #expect(steps.count == whole.count + 1, "cut at \(cut)")
      let cutChunk = starts.last { $0 <= cut } ?? 8
      #expect(steps.last == .cut(offset: cutChunk), "cut at \(cut)")
    }
  }

  /// A length above 2^31 - 1 or a type that is not four letters is
  /// malformed, checked before whether the chunk fits in the file.
  @Test func malformedHeaders() {
    let start = TestPNG.signature + TestPNG.chunk("IHDR", [UInt8](repeating: 1, count: 13))
    let cases: [[UInt8]] = [
      [0xFF, 0xFF, 0xFF, 0xFF] + Array("tEXt".utf8),
      [0x80, 0, 0, 0] + Array("tEXt".utf8),
      [0, 0, 0, 0] + Array("fd@T".utf8),
      [0, 0, 0, 4] + Array("t1XT".utf8) + [1, 2],
      [0, 0, 0, 0] + [0x49, 0x44, 0x41, 0xD4],
    ]
    for header in cases {
      let steps = PNGChunkReaderTests.steps(start + header)
      #expect(steps.count == 2)
      #expect(steps.last == .malformed(offset: start.count), "\(header)")
    }
    // A length of 2^31 - 1 is well formed: a cut.
    let steps = PNGChunkReaderTests.steps(start + [0x7F, 0xFF, 0xFF, 0xFF] + Array("tEXt".utf8))
    #expect(steps.last == .cut(offset: start.count))
  }
}
