/// A PNG chunk type: its four ASCII letters as one big-endian `UInt32`, so
/// that reading and comparing a type allocates nothing.
struct PNGChunkType: Hashable, Sendable {
  /// The four type bytes, the first in the high byte.
  var rawValue: UInt32

  /// `IHDR`, the image header.
  static var ihdr: PNGChunkType { PNGChunkType(rawValue: 0x4948_4452) }
  /// `PLTE`, the palette.
  static var plte: PNGChunkType { PNGChunkType(rawValue: 0x504C_5445) }
  /// `tRNS`, palette alpha or a colour key.
  static var trns: PNGChunkType { PNGChunkType(rawValue: 0x7452_4E53) }
  /// `IDAT`, the default image's compressed data.
  static var idat: PNGChunkType { PNGChunkType(rawValue: 0x4944_4154) }
  /// `IEND`, the end of the file.
  static var iend: PNGChunkType { PNGChunkType(rawValue: 0x4945_4E44) }
  /// `acTL`, APNG animation control.
  static var actl: PNGChunkType { PNGChunkType(rawValue: 0x6163_544C) }
  /// `fcTL`, APNG frame control.
  static var fctl: PNGChunkType { PNGChunkType(rawValue: 0x6663_544C) }
  /// `fdAT`, APNG frame data.
  static var fdat: PNGChunkType { PNGChunkType(rawValue: 0x6664_4154) }

  /// Whether the chunk is ancillary (bit 5 of its first byte: a lower-case
  /// first letter); a decoder may skip an unknown ancillary chunk, never
  /// an unknown critical one.
  var isAncillary: Bool { rawValue & 0x2000_0000 != 0 }

  /// The four letters, for messages (allocates a `String`: error paths
  /// only).
  ///
  /// - Complexity: O(1).
  var name: String {
    let bytes = [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: rawValue >> UInt32($0)) }
    return String(decoding: bytes, as: UTF8.self)
  }
}
