/// CRC-32 as PNG chunks use it (ISO 3309 / ITU-T V.42: the reflected
/// polynomial 0xEDB88320, initial value and final XOR all ones; the same
/// function as zlib's `crc32`).
///
/// Eight bytes a step through eight 256-entry tables ("slicing by 8").
enum CRC32 {
  /// `table[k * 256 + b]` is the CRC register after byte `b` followed by
  /// `k` zero bytes; `table[0..<256]` is the plain byte-at-a-time table.
  static let table: [UInt32] = {
    var table = [UInt32](repeating: 0, count: 8 * 256)
    for byte in 0..<256 {
      var value = UInt32(byte)
      for _ in 0..<8 {
        value = (value >> 1) ^ (0xEDB8_8320 & (0 &- (value & 1)))
      }
      table[byte] = value
    }
    for k in 1..<8 {
      for byte in 0..<256 {
        let previous = table[(k - 1) * 256 + byte]
        table[k * 256 + byte] = (previous >> 8) ^ table[Int(previous & 0xFF)]
      }
    }
    return table
  }()

  /// Continues `crc` (0 to start) over `bytes`.
  ///
  /// - Complexity: O(*n*).
  static func update(_ crc: UInt32, _ bytes: UnsafeRawBufferPointer) -> UInt32 {
    guard let start = bytes.baseAddress else { return crc }
    let count = bytes.count
    var value = ~crc
    table.withUnsafeBufferPointer { table in
      var offset = 0
      while count - offset >= 8 {
        let low = value ^ UInt32(littleEndian: start.loadUnaligned(fromByteOffset: offset, as: UInt32.self))
        let high = UInt32(littleEndian: start.loadUnaligned(fromByteOffset: offset + 4, as: UInt32.self))
        // Every index is `k * 256 + (one byte)` with k < 8: inside the table.
        value =
          table[7 * 256 + Int(low & 0xFF)] ^ table[6 * 256 + Int((low >> 8) & 0xFF)]
          ^ table[5 * 256 + Int((low >> 16) & 0xFF)] ^ table[4 * 256 + Int(low >> 24)]
          ^ table[3 * 256 + Int(high & 0xFF)] ^ table[2 * 256 + Int((high >> 8) & 0xFF)]
          ^ table[256 + Int((high >> 16) & 0xFF)] ^ table[Int(high >> 24)]
        offset += 8
      }
      while offset < count {
        let byte = start.load(fromByteOffset: offset, as: UInt8.self)
        value = table[Int((value ^ UInt32(byte)) & 0xFF)] ^ (value >> 8)
        offset += 1
      }
    }
    return ~value
  }

  /// The CRC-32 of `bytes[range]`.
  ///
  /// - Complexity: O(*n*) in the range's length.
  static func checksum(_ bytes: UnsafeRawBufferPointer, _ range: Range<Int>) -> UInt32 {
    update(0, UnsafeRawBufferPointer(rebasing: bytes[range]))
  }
}
