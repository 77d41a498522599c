/// CRC-32 (IEEE 802.3, reflected, as zlib's `crc32`), used by `info --crc`
/// and by PNG chunks.
enum CRC32 {
  /// The byte-at-a-time table for the reflected polynomial 0xEDB88320.
  static let table: [UInt32] = (0..<256).map { (byte: UInt32) -> UInt32 in
    var value = byte
    for _ in 0..<8 {
      value = value & 1 != 0 ? 0xEDB8_8320 ^ (value >> 1) : value >> 1
    }
    return value
  }

  /// Continues `crc` (0 to start) over `bytes`.
  ///
  /// - Complexity: O(*n*).
  static func update(_ crc: UInt32, _ bytes: some Sequence<UInt8>) -> UInt32 {
    var value = ~crc
    table.withUnsafeBufferPointer { table in
      for byte in bytes {
        value = table[Int((value ^ UInt32(byte)) & 0xFF)] ^ (value >> 8)
      }
    }
    return ~value
  }

  /// The CRC-32 of `bytes`.
  ///
  /// - Complexity: O(*n*).
  static func checksum(_ bytes: some Sequence<UInt8>) -> UInt32 {
    update(0, bytes)
  }

  /// The CRC-32 of an array, through its buffer (fast in debug builds too).
  ///
  /// - Complexity: O(*n*).
  static func checksum(_ bytes: [UInt8]) -> UInt32 {
    bytes.withUnsafeBufferPointer { buffer in
      table.withUnsafeBufferPointer { table in
        var value: UInt32 = 0xFFFF_FFFF
        for byte in buffer {
          value = table[Int((value ^ UInt32(byte)) & 0xFF)] ^ (value >> 8)
        }
        return ~value
      }
    }
  }

  /// `crc` as 8 lowercase hexadecimal digits.
  static func hex(_ crc: UInt32) -> String {
    let digits = String(crc, radix: 16)
    return String(repeating: "0", count: 8 - digits.count) + digits
  }
}
