/// A ``FrameProvider`` for GIF87a/GIF89a files: fully composited RGBA
/// canvases, per-frame durations and a loop count, the way browsers show
/// the file (`Docs/GIFProvider.md`).
///
/// Opening a GIF reads its blocks once and decodes no pixels. Frames are
/// decoded on demand; ``frame(at:)`` accepts any order and returns the same
/// pixels as decoding `0...index` in sequence. Sequential playback decodes
/// each frame once, drawing only the frame's rectangle and what its
/// predecessor's disposal touches; a seek replays from the nearest known
/// canvas at or before the target: a cached canvas, or a *keyframe* (a
/// frame drawn on a blank canvas, or a complete opaque frame covering the
/// whole canvas).
///
/// **Sharing.** One provider serves any number of timelines on any number
/// of threads. The file's bytes and what opening learnt are immutable; the
/// decoding state (the canvas cache, what decoding learnt, the idle
/// workers: a working canvas and decoders each) lives in one object that
/// every copy of the provider shares, behind a lock. So a copy costs a few
/// references, all copies draw from one cache under one
/// ``GIFOptions/cacheByteBudget``, and requests from several threads draw
/// in parallel, each with its own worker, outside the lock.
///
/// Memory: the file bytes, per-frame metadata, a working canvas per
/// worker (as many as the most threads that have drawn at once; plus, for
/// files that use disposal 3, the pixels under the largest such frame)
/// and a canvas cache bounded by ``GIFOptions/cacheByteBudget``.
///
/// The provider is the GIF façade over the format-independent animation
/// engine (`Sources/AnimTimeline/Animation`, `Docs/AnimationEngine.md`):
/// GIF contributes its container index (`GIFIndex`) and its frame
/// drawer (LZW and colour tables); compositing order, disposal,
/// keyframes, the cache and thumbnails are the engine's.
public struct GIFFrameProvider: FrameProvider, Sendable {
  /// The frame type: the composited canvas.
  public typealias Frame = RGBAImage

  /// The file and what opening read from it, shared with the engine's
  /// drawers.
  let file: AnimationFile<GIFIndex>
  /// The options the provider was opened with.
  public let options: GIFOptions
  /// The animation engine: the layout, and the decoding state every copy
  /// shares behind its lock.
  let renderer: AnimationRenderer<GIFFrameDrawer>

  /// Opens a GIF held in memory.
  ///
  /// - Throws: a ``GIFError`` when the bytes cannot be shown at all.
  /// - Complexity: O(*n*) in the number of bytes; no pixel is decoded.
  public init(bytes: [UInt8], options: GIFOptions = GIFOptions()) throws(GIFError) {
    guard bytes.count <= options.maxFileBytes else {
      throw .fileTooLarge(bytes: bytes.count, limit: options.maxFileBytes)
    }
    let index = try bytes.withUnsafeBufferPointer { buffer throws(GIFError) in
      try GIFIndex(buffer, maxCanvasPixels: options.maxCanvasPixels)
    }
    file = AnimationFile(bytes: bytes, index: index)
    self.options = options
    let layout = AnimationLayout(
      canvas: ImageSize(width: index.canvasWidth, height: index.canvasHeight),
      frames: index.frames.map { $0.animationFrame(under: options.delayPolicy) }, cacheByteBudget: options.cacheByteBudget,
      maxPixelSize: options.maxPixelSize)
    renderer = AnimationRenderer(
      layout: layout, drawer: GIFFrameDrawer(file: file), cacheByteBudget: options.cacheByteBudget)
  }

  /// Opens a GIF from any sequence of bytes.
  ///
  /// - Throws: as ``init(bytes:options:)-([UInt8],_)``.
  /// - Complexity: O(*n*).
  public init(bytes: some Sequence<UInt8>, options: GIFOptions = GIFOptions()) throws(GIFError) {
    try self.init(bytes: Array(bytes), options: options)
  }

  /// Opens a GIF from raw memory (the bytes are copied).
  ///
  /// - Throws: as ``init(bytes:options:)-([UInt8],_)``.
  /// - Complexity: O(*n*).
  public init(buffer: UnsafeRawBufferPointer, options: GIFOptions = GIFOptions()) throws(GIFError) {
    guard buffer.count <= options.maxFileBytes else {
      throw .fileTooLarge(bytes: buffer.count, limit: options.maxFileBytes)
    }
    try self.init(bytes: [UInt8](buffer), options: options)
  }

  /// What opening read from the file.
  var index: GIFIndex { file.index }

  // MARK: FrameProvider

  /// The number of frames counted (at least 1).
  public var frameCount: Int { index.frames.count }

  /// The duration of frame `index` in nanoseconds, after the delay policy.
  public func frameDuration(at index: Int) -> Int64 {
    renderer.frameDuration(at: index)
  }

  /// The number of plays, from the stored loop value and the loop policy.
  public var loopCount: LoopCount {
    guard let raw = index.rawLoopCount else { return LoopCount(_unchecked: 1) }
    if raw == 0 { return .infinite }
    switch options.loopPolicy {
    case .browser: return LoopCount(_unchecked: Int64(raw) + 1)
    case .literal: return LoopCount(_unchecked: Int64(raw))
    }
  }

  // MARK: GIF facts

  /// The canvas width: the logical screen's, grown to the first frame.
  public var canvasWidth: Int { index.canvasWidth }
  /// The canvas height: the logical screen's, grown to the first frame.
  public var canvasHeight: Int { index.canvasHeight }
  /// The stored loop value of the last valid NETSCAPE2.0/ANIMEXTS1.0 block
  /// read, or `nil` when there is none.
  public var rawLoopCount: UInt16? { index.rawLoopCount }
  /// Whether the file ended before its trailer or had an unknown block
  /// after the first frame (frames counted so far stand).
  public var isTruncated: Bool { index.isTruncated }
  /// What the file stores about each frame.
  public var frameInfo: [GIFFrameInfo] { index.frames }
  /// Decoding and caching counters, shared by every copy of the provider.
  public var statistics: AnimationCacheStatistics { renderer.statistics }
  /// The size of the frames the provider hands out: the canvas, or the
  /// canvas fitted within ``GIFOptions/maxPixelSize`` when that is set.
  public var frameSize: ImageSize { renderer.layout.frameSize }
}
