/// The 5-byte header of a `VP8L` chunk: signature byte `0x2f`, the width
/// and height less one in 14 bits each, the alpha-is-used bit and 3
/// version bits (which must be 0).
struct VP8LHeader: Hashable, Sendable {
  /// The image width in pixels, 1...16384.
  var width: Int
  /// The image height in pixels, 1...16384.
  var height: Int
  /// The alpha-is-used hint: whether the encoder says some pixel is not
  /// opaque (it changes no pixel).
  var alphaIsUsed: Bool

  /// The header's size in bytes.
  static let size = 5
  /// The signature byte.
  static let signature: UInt8 = 0x2f

  /// Reads the header at the start of `payload` (a `VP8L` chunk's data,
  /// found at byte `offset` of the file), checking what libwebp checks:
  /// at least 5 bytes, the signature byte and version 0.
  ///
  /// - Throws: ``VP8LDecodingError/Kind/badHeader`` at `offset`.
  static func read(_ payload: UnsafeRawBufferPointer, offset: Int) throws(VP8LDecodingError) -> VP8LHeader {
    guard payload.count >= size, payload[0] == signature, payload[4] >> 5 == 0 else {
      throw VP8LDecodingError(.badHeader, offset: offset)
    }
    // Bits 8...39, least significant first.
    let fields = UInt32(payload[1]) | UInt32(payload[2]) << 8 | UInt32(payload[3]) << 16 | UInt32(payload[4]) << 24
    return VP8LHeader(
      width: Int(fields & 0x3FFF) + 1,
      height: Int((fields >> 14) & 0x3FFF) + 1,
      alphaIsUsed: (fields >> 28) & 1 == 1)
  }
}
