/// Policies and limits for opening an APNG or a still PNG
/// (``APNGFrameProvider``).
public struct APNGOptions: Hashable, Sendable {
  /// How a frame's `num/den` delay becomes its playing duration;
  /// ``AnimationDelayPolicy/browser`` by default (Chromium's and
  /// Firefox's: whole milliseconds, 10 ms or less playing as 100 ms).
  public var delayPolicy: AnimationDelayPolicy
  /// The limits of the PNG decoder: canvas pixels, decompressed bytes,
  /// file size, each checked before allocating.
  public var decoding: PNGDecodingOptions
  /// The byte budget of the cache of composited canvases used for random
  /// access; 64 MiB by default. Exceeding it never fails: entries are
  /// evicted.
  public var cacheByteBudget: Int
  /// When set, frames come out downscaled to fit `maxPixelSize` ×
  /// `maxPixelSize` pixels (as ``GIFOptions/maxPixelSize``).
  public var maxPixelSize: Int?

  /// Makes options; every parameter has the documented default.
  public init(
    delayPolicy: AnimationDelayPolicy = .browser, decoding: PNGDecodingOptions = PNGDecodingOptions(),
    cacheByteBudget: Int = 64 << 20, maxPixelSize: Int? = nil
  ) {
    self.delayPolicy = delayPolicy
    self.decoding = decoding
    self.cacheByteBudget = cacheByteBudget
    self.maxPixelSize = maxPixelSize
  }
}
