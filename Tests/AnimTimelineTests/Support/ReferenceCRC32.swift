/// CRC-32 (IEEE 802.3, reflected, as zlib's `crc32`): the checksum the GIF
/// corpus records for every composited canvas
/// (`../shared/corpus/gif/*.json`), written from its definition, a byte at
/// a time through the table of the bitwise division.
enum ReferenceCRC32 {
  /// The remainder of each byte value, bit by bit.
  static let table: [UInt32] = (0..<256).map { byte in
    var value = UInt32(byte)
    for _ in 0..<8 { value = (value >> 1) ^ (0xEDB8_8320 & (0 &- (value & 1))) }
    return value
  }

  /// The CRC-32 of `bytes`.
  ///
  /// - Complexity: O(*n*).
  static func checksum(_ bytes: [UInt8]) -> UInt32 {
    table.withUnsafeBufferPointer { table in
      bytes.withUnsafeBufferPointer { buffer in
        var value: UInt32 = 0xFFFF_FFFF
        for byte in buffer { value = table[Int(UInt8(truncatingIfNeeded: value) ^ byte)] ^ (value >> 8) }
        return ~value
      }
    }
  }

  /// `crc` as 8 lowercase hexadecimal digits, as the corpus writes it.
  static func hex(_ crc: UInt32) -> String {
    let digits = String(crc, radix: 16)
    return String(repeating: "0", count: 8 - digits.count) + digits
  }
}
