/// CRC-32 (IEEE 802.3, reflected, as zlib's `crc32`) by its bitwise
/// definition: the checksum the GIF corpus records for every composited
/// canvas (`../shared/corpus/gif/*.json`).
enum BitwiseCRC32 {
  /// The CRC-32 of `bytes`, one bit at a time.
  ///
  /// - Complexity: O(*n*).
  static func checksum(_ bytes: [UInt8]) -> UInt32 {
    bytes.withUnsafeBufferPointer { buffer in
      var value: UInt32 = 0xFFFF_FFFF
      for byte in buffer {
        value ^= UInt32(byte)
        for _ in 0..<8 { value = (value >> 1) ^ (0xEDB8_8320 & (0 &- (value & 1))) }
      }
      return ~value
    }
  }

  /// `crc` as 8 lowercase hexadecimal digits, as the corpus writes it.
  static func hex(_ crc: UInt32) -> String {
    let digits = String(crc, radix: 16)
    return String(repeating: "0", count: 8 - digits.count) + digits
  }
}
