/// The size of a lossy WebP image, read from the first ten bytes of its
/// `VP8 ` chunk payload (a VP8 key frame header, RFC 6386 section 9.1)
/// with the checks libwebp's `VP8GetInfo` makes.
struct VP8FrameHeader: Hashable, Sendable {
  /// The image width in pixels, 1...16383.
  var width: Int
  /// The image height in pixels, 1...16383.
  var height: Int

  /// The length of the key frame header: the 3-byte frame tag, the 3-byte
  /// start code and the two 16-bit size fields.
  static let byteCount = 10

  /// Reads and checks the frame header at the start of `payload` (a whole
  /// `VP8 ` chunk payload) that starts at absolute file offset `offset`:
  /// at least 10 bytes, a key frame, profile 0...3, the show bit set, a
  /// first partition length below the payload's size, the start code
  /// `9d 01 2a`, and a non-zero 14-bit width and height (the two scale
  /// bits of each are ignored, as libwebp ignores them).
  ///
  /// - Throws: ``VP8DecodingError`` for the first check that fails.
  static func read(_ payload: UnsafeRawBufferPointer, offset: Int) throws(VP8DecodingError) -> VP8FrameHeader {
    try read(payload, chunkSize: payload.count, offset: offset)
  }

  /// ``read(_:offset:)`` of a `VP8 ` chunk whose declared payload size is
  /// `chunkSize` when the decoder is given `payload`, which may run past
  /// the chunk (see ``VP8Decoder/decode(_:chunkSize:offset:into:)``): the
  /// 10 bytes are counted in `payload`, the first partition length is
  /// checked against `chunkSize`, as libwebp's `VP8GetInfo` does.
  ///
  /// - Throws: ``VP8DecodingError`` for the first check that fails.
  static func read(
    _ payload: UnsafeRawBufferPointer, chunkSize: Int, offset: Int
  ) throws(VP8DecodingError) -> VP8FrameHeader {
    guard payload.count >= byteCount else {
      throw VP8DecodingError(kind: .truncatedHeader(payload.count), offset: offset)
    }
    guard payload[3] == 0x9D && payload[4] == 0x01 && payload[5] == 0x2A else {
      throw VP8DecodingError(kind: .badStartCode, offset: offset + 3)
    }
    let tag = Int(payload[0]) | Int(payload[1]) << 8 | Int(payload[2]) << 16
    guard tag & 1 == 0 else { throw VP8DecodingError(kind: .notKeyFrame, offset: offset) }
    let profile = (tag >> 1) & 7
    guard profile <= 3 else { throw VP8DecodingError(kind: .unsupportedProfile(profile), offset: offset) }
    guard (tag >> 4) & 1 == 1 else { throw VP8DecodingError(kind: .invisibleFrame, offset: offset) }
    let firstPartitionLength = tag >> 5
    guard firstPartitionLength < chunkSize else {
      throw VP8DecodingError(kind: .firstPartitionTooLong(firstPartitionLength), offset: offset)
    }
    let width = (Int(payload[6]) | Int(payload[7]) << 8) & 0x3FFF
    let height = (Int(payload[8]) | Int(payload[9]) << 8) & 0x3FFF
    guard width > 0 && height > 0 else { throw VP8DecodingError(kind: .emptyImage, offset: offset + 6) }
    return VP8FrameHeader(width: width, height: height)
  }
}
