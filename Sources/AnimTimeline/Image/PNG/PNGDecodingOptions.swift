/// Limits for decoding a PNG, each checked before the memory it guards is
/// allocated.
public struct PNGDecodingOptions: Hashable, Sendable {
  /// The largest image, in pixels (`width * height`); 16,777,216
  /// (4096×4096) by default.
  public var maxPixels: Int
  /// The largest number of bytes the image's filtered rows may take
  /// decompressed (one filter byte per row plus the samples, summed over
  /// the passes of an interlaced image); 256 MiB by default.
  public var maxDecompressedBytes: Int
  /// The largest input accepted, in bytes; 256 MiB by default.
  public var maxFileBytes: Int

  /// Makes options; every parameter has the documented default.
  public init(
    maxPixels: Int = 16_777_216,
    maxDecompressedBytes: Int = 256 << 20,
    maxFileBytes: Int = 256 << 20
  ) {
    self.maxPixels = maxPixels
    self.maxDecompressedBytes = maxDecompressedBytes
    self.maxFileBytes = maxFileBytes
  }
}
