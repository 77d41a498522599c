/// Adler-32 (RFC 1950, section 8.2), the checksum that ends a zlib stream.
enum Adler32 {
  /// The largest number of bytes whose sums cannot overflow 32 bits
  /// before the reduction modulo 65521 (RFC 1950's NMAX).
  static let blockLength = 5552

  /// Continues `adler` (1 to start) over `bytes`.
  ///
  /// - Complexity: O(*n*).
  static func update(_ adler: UInt32, _ bytes: UnsafeRawBufferPointer) -> UInt32 {
    var a = adler & 0xFFFF
    var b = adler >> 16
    guard let start = bytes.baseAddress else { return adler }
    let count = bytes.count
    var offset = 0
    while offset < count {
      let end = offset + min(blockLength, count - offset)
      // Four bytes a step, then the rest; each byte adds to `a`, and `b`
      // gathers `a` after every byte.
      while end - offset >= 4 {
        let word = UInt32(littleEndian: start.loadUnaligned(fromByteOffset: offset, as: UInt32.self))
        a &+= word & 0xFF
        b &+= a
        a &+= (word >> 8) & 0xFF
        b &+= a
        a &+= (word >> 16) & 0xFF
        b &+= a
        a &+= word >> 24
        b &+= a
        offset += 4
      }
      while offset < end {
        a &+= UInt32(start.load(fromByteOffset: offset, as: UInt8.self))
        b &+= a
        offset += 1
      }
      a %= 65521
      b %= 65521
    }
    return b << 16 | a
  }
}
