import Testing
@testable import TimelineDemo
import TimelineScript

/// The CRC-32 of `info --crc` and PNG chunks: zlib's check values, and
/// slicing-by-8 (contiguous bytes) against the byte-at-a-time table (any
/// sequence) at every alignment and tail length.
@Suite struct CRC32Tests {
  @Test func checkValues() {
    #expect(CRC32.checksum(Array("123456789".utf8)) == 0xCBF4_3926)
    #expect(CRC32.checksum(Array("The quick brown fox jumps over the lazy dog".utf8)) == 0x414F_A339)
    #expect(CRC32.checksum([UInt8]()) == 0)
    #expect(CRC32.checksum([UInt8](repeating: 0, count: 32)) == 0x190A_55AD)
    #expect(CRC32.hex(0x0000_ABCD) == "0000abcd")
  }

  @Test func slicingMatchesByteAtATime() {
    var generator = SplitMix64(seed: 9)
    let bytes = (0..<300).map { _ in UInt8.random(in: 0...255, using: &generator) }
    for start in 0..<9 {
      for count in [0, 1, 7, 8, 9, 15, 16, 17, 100, 291 - start] {
        let slice = Array(bytes[start..<start + count])
        let expected = CRC32.checksum(AnySequence(slice))
        #expect(CRC32.checksum(slice) == expected, "start \(start) count \(count)")
        let split = count / 3
        let continued = CRC32.update(CRC32.checksum(Array(slice[..<split])), Array(slice[split...]))
        #expect(continued == expected, "continued, count \(count)")
      }
    }
  }
}
