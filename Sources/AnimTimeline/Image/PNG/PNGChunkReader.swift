/// Walks the chunks of a PNG file one at a time, from the byte after the
/// signature, checking each chunk's header and CRC-32.
///
/// A chunk header is *malformed* when its length is above 2^31 - 1 or its
/// type is not four ASCII letters, checked in that order and before
/// whether the chunk fits in the file; a well-formed chunk that runs past
/// the end of the file (or a header cut short) is *cut*. The reader never
/// reads outside the buffer and allocates nothing.
struct PNGChunkReader {
  /// What ``next()`` found.
  enum Step: Hashable, Sendable {
    /// A whole chunk; the reader moved past it.
    case chunk(PNGChunk)
    /// The file ends inside the chunk header or chunk that starts at
    /// `offset` (or exactly at `offset`, before any header); the reader
    /// stays there.
    case cut(offset: Int)
    /// The chunk header at `offset` is malformed; the reader stays there.
    case malformed(offset: Int)
  }

  /// The file.
  let bytes: UnsafeRawBufferPointer
  /// The offset of the next chunk.
  private(set) var offset: Int

  /// A reader of the chunks of `bytes` starting at `offset` (8: the first
  /// chunk after the signature).
  init(_ bytes: UnsafeRawBufferPointer, offset: Int = 8) {
    self.bytes = bytes
    self.offset = offset
  }

  /// The next chunk, or why there is none; after a whole chunk the reader
  /// moves to the one after it, otherwise it stays where it is.
  ///
  /// - Complexity: O(*n*) in the chunk's length (the CRC-32).
  mutating func next() -> Step {
    let count = bytes.count
    if offset > count || count - offset < 8 { return .cut(offset: offset) }
    // As a UInt32 first: a 32-bit `Int` cannot hold every length.
    let rawLength = PNGChunkReader.bigEndian32(bytes, offset)
    if rawLength > 0x7FFF_FFFF { return .malformed(offset: offset) }
    let length = Int(rawLength)
    var rawType: UInt32 = 0
    for index in offset + 4..<offset + 8 {
      let byte = bytes[index]
      let folded = byte | 0x20
      if folded < 0x61 || folded > 0x7A { return .malformed(offset: offset) }
      rawType = rawType << 8 | UInt32(byte)
    }
    // `count - offset >= 8` here, and `length` is at most 2^31 - 1.
    if count - offset - 12 < length { return .cut(offset: offset) }
    let dataStart = offset + 8
    let dataEnd = dataStart + length
    let stored = PNGChunkReader.bigEndian32(bytes, dataEnd)
    let chunk = PNGChunk(
      type: PNGChunkType(rawValue: rawType), offset: offset, data: dataStart..<dataEnd,
      crcMatches: CRC32.checksum(bytes, offset + 4..<dataEnd) == stored)
    offset = dataEnd + 4
    return .chunk(chunk)
  }

  /// The big-endian 32-bit value at `at` (`at + 4` must be at most
  /// `bytes.count`).
  ///
  /// - Complexity: O(1).
  static func bigEndian32(_ bytes: UnsafeRawBufferPointer, _ at: Int) -> UInt32 {
    UInt32(bytes[at]) << 24 | UInt32(bytes[at + 1]) << 16 | UInt32(bytes[at + 2]) << 8 | UInt32(bytes[at + 3])
  }

  /// The big-endian 16-bit value at `at` (`at + 2` must be at most
  /// `bytes.count`).
  ///
  /// - Complexity: O(1).
  static func bigEndian16(_ bytes: UnsafeRawBufferPointer, _ at: Int) -> Int {
    Int(bytes[at]) << 8 | Int(bytes[at + 1])
  }
}
