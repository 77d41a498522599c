import Testing
@testable import TimelineDemo

/// Slicing-by-8 against the bitwise definition, at every alignment and
/// tail length.
@Suite struct CRC32Tests {
  static func bitwise(_ bytes: [UInt8]) -> UInt32 {
    var value: UInt32 = 0xFFFF_FFFF
    for byte in bytes {
      value ^= UInt32(byte)
      for _ in 0..<8 {
        value = value & 1 != 0 ? 0xEDB8_8320 ^ (value >> 1) : value >> 1
      }
    }
    return ~value
  }

  @Test func slicingMatchesBitwise() {
    var generator = SplitMix64(seed: 9)
    let bytes = (0..<300).map { _ in UInt8.random(in: 0...255, using: &generator) }
    for start in 0..<9 {
      for count in [0, 1, 7, 8, 9, 15, 16, 17, 100, 291 - start] {
        let slice = Array(bytes[start..<start + count])
        let expected = Self.bitwise(slice)
        #expect(CRC32.checksum(slice) == expected, "start \(start) count \(count)")
        #expect(CRC32.checksum(AnySequence(slice)) == expected, "sequence, count \(count)")
        let split = count / 3
        let continued = CRC32.update(CRC32.checksum(Array(slice[..<split])), Array(slice[split...]))
        #expect(continued == expected, "continued, count \(count)")
      }
    }
  }
}
