import AnimTimeline
import Testing

@Suite struct RGBAImageChecksumTests {
  /// The CRC-32 check values (zlib's `crc32` gives the same).
  @Test func knownValues() {
    #expect(RGBAImage(width: 2, height: 1, pixels: Array("12345678".utf8)).pixelChecksum == 0x9AE0_DAAF)
    #expect(RGBAImage(width: 0, height: 0, pixels: []).pixelChecksum == 0)
    #expect(RGBAImage(width: 8, height: 1, pixels: [UInt8](repeating: 0, count: 32)).pixelChecksum == 0x190A_55AD)
  }
}
