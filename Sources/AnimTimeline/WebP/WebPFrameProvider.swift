/// A ``FrameProvider`` for WebP files, still or animated: fully composited
/// RGBA canvases byte-identical to libwebp's, per-frame durations and a
/// loop count, as `shared/spec/webp.md` and `Docs/WebP.md` describe.
///
/// It is the WebP façade over the format-independent animation engine
/// (`Docs/AnimationEngine.md`), as ``APNGFrameProvider`` is APNG's:
/// opening reads every chunk, then, because the spec drops the frames from
/// the first one whose data does not decode, plays the animation through
/// once as a first play would when its frames fit the cache budget (they
/// stay cached, so that playing them again decodes nothing), or else only
/// checks each frame's data. Frames come in any
/// order with the pixels of sequential drawing;
/// every copy and thread shares one cache under
/// ``WebPOptions/cacheByteBudget``; ``withFrame(at:_:)`` lends a frame
/// without a copy.
public struct WebPFrameProvider: AnimatedImageProvider {
  /// The frame type: the composited canvas.
  public typealias Frame = RGBAImage

  /// The file and what opening read from it, shared with the engine's
  /// drawers.
  let file: AnimationFile<WebPIndex>
  /// The options the provider was opened with.
  public let options: WebPOptions
  /// The animation engine.
  let renderer: AnimationRenderer<WebPFrameDrawer>

  /// Opens a WebP file held in memory.
  ///
  /// - Throws: a ``WebPError``, with its byte offset, when the file cannot
  ///   be shown; damage after the first frame of an animation is not an
  ///   error (``isTruncated``).
  /// - Complexity: O(*n* + *p*) for *n* bytes and *p* pixels of all frames
  ///   (each frame is drawn or checked once).
  public init(bytes: [UInt8], options: WebPOptions = WebPOptions()) throws(WebPError) {
    let read: Result<WebPIndex, WebPError> = bytes.withUnsafeBytes { raw in
      Result { () throws(WebPError) in try WebPIndex(raw, options: options) }
    }
    var file = AnimationFile(bytes: bytes, index: try read.get())
    var renderer = Self.renderer(of: file, options: options)
    // Every frame drawn once, in order (the first play), or checked.
    if let failed = renderer.openingPass() {
      guard failed > 0 else {
        let failure = renderer.withLastDrawer { $0.lastFailure }
        throw .undecodableImage(
          frame: 0, reason: failure?.description ?? "no pixels",
          offset: failure?.offset ?? file.index.frames[0].chunkOffset)
      }
      file = AnimationFile(bytes: bytes, index: file.index.truncated(before: failed))
      renderer = Self.renderer(of: file, options: options)
      _ = renderer.openingPass()
    }
    self.file = file
    self.options = options
    self.renderer = renderer
  }

  /// The engine over the frames of `file`.
  private static func renderer(of file: AnimationFile<WebPIndex>, options: WebPOptions)
    -> AnimationRenderer<WebPFrameDrawer>
  {
    let index = file.index
    let frames = index.frames.map { frame in
      AnimationFrame(
        rectangle: frame.rectangle, disposal: frame.disposesToBackground ? .clearRectangle : .keep,
        drawsNothing: false,
        duration: index.isAnimated
          ? options.delayPolicy.duration(
            raw: frame.rawDelayNanoseconds, browserMilliseconds: Int64(frame.durationMilliseconds)) : 0)
    }
    let layout = AnimationLayout(
      canvas: index.canvas, frames: frames, cacheByteBudget: options.cacheByteBudget,
      maxPixelSize: options.maxPixelSize)
    return AnimationRenderer(
      layout: layout, drawer: WebPFrameDrawer(file: file), cacheByteBudget: options.cacheByteBudget)
  }

  /// Opens a WebP file from any sequence of bytes.
  ///
  /// - Throws: as ``init(bytes:options:)-([UInt8],_)``.
  /// - Complexity: as ``init(bytes:options:)-([UInt8],_)``.
  public init(bytes: some Sequence<UInt8>, options: WebPOptions = WebPOptions()) throws(WebPError) {
    try self.init(bytes: Array(bytes), options: options)
  }

  // MARK: FrameProvider

  /// What opening read from the file.
  var index: WebPIndex { file.index }

  /// The number of frames (1 for a still image).
  public var frameCount: Int { index.frames.count }

  /// The duration of frame `index` in nanoseconds, after the delay policy;
  /// 0 for a still image, and for an index out of range.
  public func frameDuration(at index: Int) -> Int64 {
    renderer.frameDuration(at: index)
  }

  /// `ANIM`'s loop count as plays (0: forever); 1 for a still image.
  public var loopCount: LoopCount {
    guard let loops = index.loopCount else { return LoopCount(_unchecked: 1) }
    return loops == 0 ? .infinite : LoopCount(_unchecked: Int64(loops))
  }

  /// The composited canvas of frame `index` (any order; the pixels of
  /// drawing `0...index` in sequence).
  ///
  /// - Throws: ``FrameProviderError/indexOutOfRange(index:count:)``.
  /// - Complexity: as ``GIFFrameProvider/frame(at:)``.
  public func frame(at index: Int) throws(FrameProviderError) -> RGBAImage {
    try renderer.frame(checking: index)
  }

  /// Calls `body` with frame `index`, lent without a copy (see
  /// ``AnimatedImageProvider/withFrame(at:_:)``): a seek that starts from
  /// a cached canvas draws on that canvas in place and puts it back once
  /// `body` returns.
  ///
  /// - Throws: ``LentFrameError/provider(_:)`` for an index out of range,
  ///   ``LentFrameError/body(_:)`` with what `body` threw.
  /// - Complexity: as ``frame(at:)``, without a canvas copy.
  public func withFrame<Result, BodyFailure: Error>(
    at index: Int, _ body: (borrowing RGBAImage) throws(BodyFailure) -> Result
  ) throws(LentFrameError<FrameProviderError, BodyFailure>) -> Result {
    try withFrame(at: index, lending: renderer.lend, body)
  }

  /// Whether frame `index` decoded whole: always, for a frame that
  /// opening kept.
  ///
  /// - Throws: ``FrameProviderError/indexOutOfRange(index:count:)``.
  public func isFrameComplete(_ index: Int) throws(FrameProviderError) -> Bool {
    try renderer.isFrameComplete(checking: index)
  }

  // MARK: WebP facts

  /// The canvas size: `VP8X`'s, or the still image's.
  public var canvasSize: ImageSize { index.canvas }
  /// The size of the frames handed out: the canvas, or its thumbnail size.
  public var frameSize: ImageSize { renderer.layout.frameSize }
  /// Whether the file ends before its RIFF size, or frames after the
  /// first were dropped because their data does not decode.
  public var isTruncated: Bool { index.isTruncated }
  /// Whether the file is an animation (else a still image).
  public var isAnimated: Bool { index.isAnimated }
  /// `ANIM`'s loop count as stored, or `nil` for a still image.
  public var rawLoopCount: UInt16? { index.loopCount }
  /// `ANIM`'s background colour as `0xAARRGGBB`, or `nil` for a still
  /// image. Never drawn: the canvas starts transparent black.
  public var rawBackgroundColor: UInt32? { index.background }
  /// Each frame as stored (the whole canvas, for a still image).
  public var frameInfo: [WebPFrameInfo] { index.frames }
  /// Each frame's rectangle on the canvas.
  public var frameRectangles: [PixelRect] { index.frames.map(\.rectangle) }
  /// Decoding and caching counters, shared by every copy of the provider.
  public var statistics: AnimationCacheStatistics { renderer.statistics }
  /// The byte budget of the provider's cache (``WebPOptions/cacheByteBudget``).
  public var cacheByteBudget: Int { options.cacheByteBudget }
  /// The spacing of the cache's checkpoints (see
  /// ``GIFFrameProvider/checkpointSpacing``).
  public var checkpointSpacing: Int { renderer.layout.checkpointStride }

  /// Whether frame `index` is drawn on a blank canvas, as the file's
  /// metadata shows; `false` for an index out of range.
  ///
  /// - Complexity: O(1).
  public func isDrawnOnBlankCanvas(_ index: Int) -> Bool {
    renderer.isDrawnOnBlankCanvas(index)
  }

  /// Checks the engine's invariants (debug builds and tests).
  func _checkInvariants() { renderer._checkInvariants() }
}
