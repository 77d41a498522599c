/// Counters of an animated image provider's decoding and caching work
/// (``GIFFrameProvider/statistics``), for tests and benchmarks.
public struct AnimationCacheStatistics: Hashable, Sendable {
  /// How many times a frame was decoded and drawn.
  public var frameDecodes: Int
  /// The bytes the canvas cache holds now (pixels plus a fixed 64-byte
  /// overhead an entry); at most the provider's cache byte budget
  /// (``GIFOptions/cacheByteBudget``).
  public var cachedBytes: Int
  /// The most bytes the canvas cache ever held.
  public var peakCachedBytes: Int
  /// How many cached canvases were evicted.
  public var evictions: Int
  /// How many canvases the cache holds now.
  public var cachedCanvases: Int

  /// Makes statistics from their parts.
  public init(frameDecodes: Int, cachedBytes: Int, peakCachedBytes: Int, evictions: Int, cachedCanvases: Int) {
    self.frameDecodes = frameDecodes
    self.cachedBytes = cachedBytes
    self.peakCachedBytes = peakCachedBytes
    self.evictions = evictions
    self.cachedCanvases = cachedCanvases
  }
}

/// The GIF provider's counters: ``AnimationCacheStatistics``, the engine's.
public typealias GIFCacheStatistics = AnimationCacheStatistics
