import Foundation
@testable import AnimTimeline

/// The folder of the WebP conformance corpus (`../shared/corpus/webp`).
let vp8lCorpusDirectory = sharedPath("corpus/webp")

/// Whether the WebP corpus folder exists; its tests are skipped without it.
let vp8lCorpusAvailable = isDirectory(vp8lCorpusDirectory)

/// The corpus's `.webp` names, sorted.
func vp8lCorpusFiles() -> [String] {
  let names = (try? FileManager.default.contentsOfDirectory(atPath: vp8lCorpusDirectory)) ?? []
  return names.filter { $0.hasSuffix(".webp") }.sorted()
}

/// A minimal RIFF chunk scanner for the tests (the library's WebP
/// container parser is not this file's business).
struct VP8LTestChunk {
  /// The four-character type.
  var type: String
  /// Where the chunk's data starts in the file.
  var start: Int
  /// The data's length as the header says (may run past the file's end).
  var declaredSize: Int
  /// The data that the file holds (clamped to its end).
  var range: Range<Int>

  /// Whether the whole declared data is in the file.
  var isWhole: Bool { range.count == declaredSize }

  /// The chunks of `bytes[range]`, in order, stopping at a header that
  /// does not fit.
  static func scan(_ bytes: [UInt8], _ range: Range<Int>) -> [VP8LTestChunk] {
    var chunks: [VP8LTestChunk] = []
    var position = range.lowerBound
    while position + 8 <= range.upperBound {
      let type = String(decoding: bytes[position..<position + 4], as: UTF8.self)
      let size = Int(bytes[position + 4]) | Int(bytes[position + 5]) << 8 | Int(bytes[position + 6]) << 16
        | Int(bytes[position + 7]) << 24
      let start = position + 8
      let end = min(start + size, range.upperBound)
      chunks.append(VP8LTestChunk(type: type, start: start, declaredSize: size, range: start..<end))
      position = start + size + (size & 1)
    }
    return chunks
  }

  /// The top-level chunks of a RIFF/WEBP file (empty if it is not one).
  static func topLevel(_ bytes: [UInt8]) -> [VP8LTestChunk] {
    guard bytes.count >= 12, bytes[0..<4].elementsEqual("RIFF".utf8), bytes[8..<12].elementsEqual("WEBP".utf8)
    else { return [] }
    return scan(bytes, 12..<bytes.count)
  }

  /// A 24-bit little-endian field.
  static func uint24(_ bytes: [UInt8], _ at: Int) -> Int {
    Int(bytes[at]) | Int(bytes[at + 1]) << 8 | Int(bytes[at + 2]) << 16
  }
}

/// Writes bits least significant first, as VP8L reads them (for
/// hand-built streams).
struct VP8LTestBitWriter {
  /// The bytes written so far (the last one possibly partial).
  var bytes: [UInt8] = []
  /// Bits used in the last byte (0 when it is full or there is none).
  private var used = 0

  /// Appends the low `count` bits of `value`.
  mutating func write(_ value: Int, _ count: Int) {
    for bit in 0..<count {
      if used == 0 { bytes.append(0) }
      if (value >> bit) & 1 == 1 { bytes[bytes.count - 1] |= UInt8(1 << used) }
      used = (used + 1) & 7
    }
  }

  /// A VP8L header for a `width` x `height` image.
  static func header(width: Int, height: Int, alpha: Bool = false) -> VP8LTestBitWriter {
    var writer = VP8LTestBitWriter()
    writer.write(0x2f, 8)
    writer.write(width - 1, 14)
    writer.write(height - 1, 14)
    writer.write(alpha ? 1 : 0, 1)
    writer.write(0, 3)
    return writer
  }

  /// A simple prefix code of one symbol (below 256).
  mutating func singleSymbolCode(_ symbol: Int) {
    write(1, 1)  // simple
    write(0, 1)  // one symbol
    write(1, 1)  // 8-bit symbol
    write(symbol, 8)
  }

  /// A simple prefix code of two symbols (below 256), one bit each: the
  /// smaller symbol is bit 0.
  mutating func twoSymbolCode(_ first: Int, _ second: Int) {
    write(1, 1)
    write(1, 1)
    write(1, 1)
    write(first, 8)
    write(second, 8)
  }
}
