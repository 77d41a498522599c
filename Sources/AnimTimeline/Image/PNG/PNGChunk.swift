/// One whole chunk of a PNG file as ``PNGChunkReader`` found it: its type,
/// where it starts, where its data lies, and whether its CRC-32 matches.
struct PNGChunk: Hashable, Sendable {
  /// The chunk's type.
  var type: PNGChunkType
  /// The offset of the chunk's length field in the file.
  var offset: Int
  /// The offsets of the chunk's data (without the type and the CRC).
  var data: Range<Int>
  /// Whether the stored CRC-32 equals the CRC-32 of the type and data.
  var crcMatches: Bool

  /// The data's length in bytes.
  var length: Int { data.count }
}
