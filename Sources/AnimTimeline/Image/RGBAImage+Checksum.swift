extension RGBAImage {
  /// The CRC-32 of ``pixels`` (the function of zlib's `crc32` and of PNG
  /// chunks): a cheap fingerprint of a frame, for an ETag, a cache key or
  /// comparing with another decoder (`timeline-demo info --crc`).
  ///
  /// - Complexity: O(*n*) in the number of bytes.
  public var pixelChecksum: UInt32 {
    pixels.withUnsafeBytes { CRC32.update(0, $0) }
  }
}
