/// Policies and limits for opening a WebP file (``WebPFrameProvider``).
public struct WebPOptions: Hashable, Sendable {
  /// How a frame's millisecond duration becomes its playing duration;
  /// ``AnimationDelayPolicy/browser`` by default (10 ms or less plays as
  /// 100 ms, as Chromium and Firefox play it).
  public var delayPolicy: AnimationDelayPolicy
  /// The most canvas pixels (width × height) accepted, checked before
  /// anything is allocated; 16,777,216 by default (`shared/spec/webp.md`).
  public var maxCanvasPixels: Int
  /// The largest file accepted, in bytes; 256 MiB by default.
  public var maxFileBytes: Int
  /// The byte budget of the cache of composited canvases used for random
  /// access; 64 MiB by default. Exceeding it never fails: entries are
  /// evicted.
  public var cacheByteBudget: Int
  /// When set, frames come out downscaled to fit `maxPixelSize` ×
  /// `maxPixelSize` pixels (as ``GIFOptions/maxPixelSize``).
  public var maxPixelSize: Int?

  /// Makes options; every parameter has the documented default.
  public init(
    delayPolicy: AnimationDelayPolicy = .browser, maxCanvasPixels: Int = 16_777_216, maxFileBytes: Int = 256 << 20,
    cacheByteBudget: Int = 64 << 20, maxPixelSize: Int? = nil
  ) {
    self.delayPolicy = delayPolicy
    self.maxCanvasPixels = maxCanvasPixels
    self.maxFileBytes = maxFileBytes
    self.cacheByteBudget = cacheByteBudget
    self.maxPixelSize = maxPixelSize
  }
}
