/// A ``FrameProvider`` for APNG and still PNG files: fully composited RGBA
/// canvases, per-frame durations and a play count, as
/// `shared/spec/apng.md` and `Docs/APNG.md` describe (the PNG Third
/// Edition's APNG, as browsers play it).
///
/// A still PNG, or an APNG whose animation is broken, is one frame: a
/// static image (``animationError`` says why an APNG plays still).
///
/// It is the APNG façade over the format-independent animation engine
/// (`Docs/AnimationEngine.md`), as ``WebPFrameProvider`` is WebP's:
/// opening reads every chunk and checks the default image's data (whose
/// rows its first drawing then expands without inflating them again);
/// then, because the first frame whose data does not decode makes the
/// file play as its still image (or, cut by the end of the file, is
/// dropped), it plays the animation through once as a first play would
/// when its frames fit the cache budget (they stay cached, so that each
/// frame's data is inflated once by opening and the first play), or else
/// only checks each frame's data. Frames come in any order with the
/// pixels of sequential drawing; every copy and thread shares one cache under
/// ``APNGOptions/cacheByteBudget``; ``withFrame(at:_:)`` lends a frame
/// without a copy.
public struct APNGFrameProvider: AnimatedImageProvider {
  /// The frame type: the composited canvas.
  public typealias Frame = RGBAImage

  /// The file and what opening read from it, shared with the engine's
  /// drawers.
  let file: AnimationFile<APNGIndex>
  /// The options the provider was opened with.
  public let options: APNGOptions
  /// The animation engine.
  let renderer: AnimationRenderer<APNGFrameDrawer>

  /// Opens a PNG or APNG held in memory.
  ///
  /// - Throws: a ``PNGError``, with its byte offset, when the file is not
  ///   a PNG or its still image cannot be decoded; damage to the animation
  ///   is not an error (``animationError``).
  /// - Complexity: O(*n* + *m* + *p*) for *n* bytes and *m* decompressed
  ///   bytes of all frames, and *p* pixels of all frames when they fit the
  ///   cache budget (each frame is drawn or checked once; twice when a
  ///   frame's data does not decode).
  public init(bytes: [UInt8], options: APNGOptions = APNGOptions()) throws(PNGError) {
    guard bytes.count <= options.decoding.maxFileBytes else {
      throw .fileTooLarge(bytes: bytes.count, limit: options.decoding.maxFileBytes)
    }
    // The index (frames unchecked), and the decoder whose scratch the
    // builder checked the default image with (holding its inflated rows).
    let opened: Result<(APNGIndex, APNGFrameDecoder), PNGError> = bytes.withUnsafeBytes { raw in
      Result { () throws(PNGError) in
        var builder = APNGIndexBuilder(bytes: raw, options: options.decoding)
        let index = try builder.build()
        return (index, builder.frameDecoder(for: index))
      }
    }
    // The decoder moves into the renderer (consumed, not copied): a copy
    // still held here shared its scratch, so the first play's draws copied
    // the inflater's tables and buffers (callgrind, a 4x4 APNG).
    let (openedIndex, openedDecoder) = try (consume opened).get()
    var file = AnimationFile(bytes: bytes, index: openedIndex)
    var renderer = Self.renderer(of: file, decoder: consume openedDecoder, options: options)
    // Every frame of an animation drawn once, in order (the first play),
    // or checked; the first that does not decode changes the index, once
    // (the frames of the new one passed, or it is the still image). A still
    // image's data was checked by the builder: it is drawn when asked for.
    if file.index.isAnimated, let failed = renderer.openingPass() {
      let failure = renderer.withLastDrawer { $0.lastFailure } ?? .truncatedImageData(offset: bytes.count)
      // The still image's data was checked: it cannot fail; if it did,
      // it is an error to throw, as for a still image that does not decode.
      guard let checked = file.index.failing(frame: failed, with: failure) else { throw failure }
      file = AnimationFile(bytes: bytes, index: checked)
      renderer = Self.renderer(of: file, decoder: APNGFrameDecoder(), options: options)
      if checked.isAnimated, renderer.openingPass() != nil {
        throw renderer.withLastDrawer { $0.lastFailure } ?? .truncatedImageData(offset: bytes.count)
      }
    }
    self.file = file
    self.options = options
    self.renderer = renderer
  }

  /// The engine over the frames of `file`, drawn with `decoder`.
  private static func renderer(
    of file: AnimationFile<APNGIndex>, decoder: consuming APNGFrameDecoder, options: APNGOptions
  ) -> AnimationRenderer<APNGFrameDrawer> {
    let index = file.index
    let frames = index.frames.indices.map { position in
      let frame = index.frames[position]
      let disposal: AnimationDisposal =
        switch frame.disposeOp {
        case 1: .clearRectangle
        case 2: position == 0 ? .clearRectangle : .restorePrevious  // frame 0's PREVIOUS disposes as BACKGROUND
        default: .keep
        }
      return AnimationFrame(
        rectangle: PixelRect(x: frame.x, y: frame.y, width: frame.width, height: frame.height), disposal: disposal,
        drawsNothing: false,
        duration: index.isAnimated
          ? options.delayPolicy.duration(
            raw: frame.rawDelayNanoseconds, browserMilliseconds: Int64(frame.browserDelayMilliseconds)) : 0)
    }
    let layout = AnimationLayout(
      canvas: ImageSize(width: index.header.width, height: index.header.height), frames: frames,
      cacheByteBudget: options.cacheByteBudget, maxPixelSize: options.maxPixelSize)
    return AnimationRenderer(
      layout: layout, drawer: APNGFrameDrawer(file: file, decoder: consume decoder), cacheByteBudget: options.cacheByteBudget)
  }

  /// Opens a PNG or APNG from any sequence of bytes.
  ///
  /// - Throws: as ``init(bytes:options:)-([UInt8],_)``.
  /// - Complexity: as ``init(bytes:options:)-([UInt8],_)``.
  public init(bytes: some Sequence<UInt8>, options: APNGOptions = APNGOptions()) throws(PNGError) {
    try self.init(bytes: Array(bytes), options: options)
  }

  // MARK: FrameProvider

  /// The number of frames (1 for a still image).
  public var frameCount: Int { index.frames.count }

  /// The duration of frame `index` in nanoseconds, after the delay policy;
  /// 0 for a still image, and for an index out of range.
  public func frameDuration(at index: Int) -> Int64 {
    renderer.frameDuration(at: index)
  }

  /// `num_plays` plays (0: forever); 1 for a still image.
  public var loopCount: LoopCount {
    guard let plays = index.numPlays else { return LoopCount(_unchecked: 1) }
    return plays == 0 ? .infinite : LoopCount(_unchecked: Int64(plays))
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

  // MARK: APNG facts

  /// What opening read from the file.
  var index: APNGIndex { file.index }

  /// The canvas size: `IHDR`'s.
  public var canvasSize: ImageSize { ImageSize(width: index.header.width, height: index.header.height) }
  /// The size of the frames handed out: the canvas, or its thumbnail size.
  public var frameSize: ImageSize { renderer.layout.frameSize }
  /// Whether the file ends before `IEND`.
  public var isTruncated: Bool { index.isTruncated }
  /// Whether the file plays as an animation (else as its still image).
  public var isAnimated: Bool { index.isAnimated }
  /// `num_plays` as stored, or `nil` when the file plays as its still
  /// image.
  public var rawPlayCount: UInt32? { index.numPlays }
  /// Why an APNG plays as its still image, or damage found after a still
  /// PNG's image data, with its byte offset; `nil` when there is none.
  public var animationError: String? { index.animationError.map(\.description) }
  /// Each frame's `fcTL` as stored (the default image's whole canvas, for
  /// a still image).
  public var frameInfo: [APNGFrameInfo] { index.frames }
  /// Each frame's rectangle on the canvas.
  public var frameRectangles: [PixelRect] {
    index.frames.map { PixelRect(x: $0.x, y: $0.y, width: $0.width, height: $0.height) }
  }
  /// Decoding and caching counters, shared by every copy of the provider.
  public var statistics: AnimationCacheStatistics { renderer.statistics }

  /// Checks the engine's invariants (debug builds and tests).
  func _checkInvariants() { renderer._checkInvariants() }
}
