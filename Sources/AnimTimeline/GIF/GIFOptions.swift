/// Policies and limits for opening a GIF.
public struct GIFOptions: Hashable, Sendable {
  /// How a stored frame delay becomes a playing duration: the engine's
  /// ``AnimationDelayPolicy`` (browsers' rule: 0 or 1 cs plays as 100 ms).
  public typealias DelayPolicy = AnimationDelayPolicy

  /// How the stored NETSCAPE/ANIMEXTS loop value becomes a number of plays.
  public enum LoopPolicy: Hashable, Sendable {
    /// Browsers' rule: absent → 1 play, 0 → infinite, `N` → `N + 1` plays.
    case browser
    /// ImageIO's rule: absent → 1 play, 0 → infinite, `N` → `N` plays.
    case literal
  }

  /// The delay policy; `.browser` by default.
  public var delayPolicy: DelayPolicy
  /// The loop policy; `.browser` by default.
  public var loopPolicy: LoopPolicy
  /// The largest canvas (after growing to the first frame), in pixels;
  /// 16,777,216 (4096×4096) by default. Checked before any allocation.
  public var maxCanvasPixels: Int
  /// The byte budget of the cache of composited canvases used for random
  /// access; 64 MiB by default. Exceeding it never fails: entries are
  /// evicted.
  public var cacheByteBudget: Int
  /// The largest input accepted, in bytes; 256 MiB by default.
  public var maxFileBytes: Int
  /// When set, frames come out downscaled to fit `maxPixelSize` ×
  /// `maxPixelSize` pixels (aspect kept, never enlarged, area averaging:
  /// ``RGBAImage/resized(toFit:)``), and the cache holds those small
  /// frames, one per frame, under ``cacheByteBudget``: what a thumbnail
  /// server needs, as Kingfisher's and SDWebImage's downsampling keep small
  /// images rather than decoded originals. Compositing still needs the one
  /// full-size working canvas; no full-size canvas is cached, so a seek
  /// to a frame whose small image is not cached yet replays from the
  /// nearest keyframe. `nil` (the default) keeps full-size canvases, as
  /// does a value below 1 or one the canvas already fits.
  public var maxPixelSize: Int?

  /// Makes options; every parameter has the documented default.
  public init(
    delayPolicy: DelayPolicy = .browser,
    loopPolicy: LoopPolicy = .browser,
    maxCanvasPixels: Int = 16_777_216,
    cacheByteBudget: Int = 64 << 20,
    maxFileBytes: Int = 256 << 20,
    maxPixelSize: Int? = nil
  ) {
    self.delayPolicy = delayPolicy
    self.loopPolicy = loopPolicy
    self.maxCanvasPixels = maxCanvasPixels
    self.cacheByteBudget = cacheByteBudget
    self.maxFileBytes = maxFileBytes
    self.maxPixelSize = maxPixelSize
  }
}
