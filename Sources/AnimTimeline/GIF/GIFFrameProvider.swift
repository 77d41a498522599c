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
/// decoding state (the working canvas, the canvas cache, the decoders) lives
/// in one object that every copy of the provider shares, behind a lock. So a
/// copy costs a few references, all copies draw from one cache under one
/// ``GIFOptions/cacheByteBudget``, and requests from several threads are
/// served one at a time.
///
/// Memory: the file bytes, per-frame metadata, one working canvas (plus,
/// for files that use disposal 3, the pixels under the largest such frame)
/// and a canvas cache bounded by ``GIFOptions/cacheByteBudget``.
public struct GIFFrameProvider: FrameProvider, Sendable {
  /// The frame type: the composited canvas.
  public typealias Frame = RGBAImage

  let bytes: [UInt8]
  let index: GIFIndex
  /// The options the provider was opened with.
  public let options: GIFOptions
  /// Per frame: the canvas before the frame is known to be blank.
  let blankBefore: [Bool]
  /// Canvases before frames `k * checkpointStride` are kept in preference.
  let checkpointStride: Int
  /// The bytes of the largest rectangle, clipped to the canvas, of a frame
  /// that restores the canvas after it (disposal 3 or 4): the most pixels
  /// `GIFDecodingState.saved` holds. 0 when no frame restores.
  let restoreByteCount: Int
  /// The size of the frames the provider hands out: the canvas, or the
  /// canvas fitted within ``GIFOptions/maxPixelSize`` when that is set.
  public let frameSize: ImageSize
  /// The decoding state every copy shares, behind its lock.
  let state: Locked<GIFDecodingState>

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
    self.bytes = bytes
    self.index = index
    self.options = options
    let count = index.frames.count
    var completeness = [GIFFrameCompleteness](repeating: .unknown, count: count)
    var blankBefore = [Bool](repeating: false, count: count)
    var restoreByteCount = 0
    for (position, frame) in index.frames.enumerated() {
      if frame.disposalMethod == .restorePrevious {
        let visible = GIFCompositor.visibleRectangle(of: frame, canvasWidth: index.canvasWidth, canvasHeight: index.canvasHeight)
        restoreByteCount = max(restoreByteCount, visible.columns * visible.rows * 4)
      }
      if frame.width == 0 || frame.height == 0 {
        completeness[position] = .complete
      } else if !(1...8).contains(frame.lzwMinimumCodeSize) {
        completeness[position] = .incomplete
      }
      if position == 0 {
        blankBefore[position] = true
      } else {
        let previous = index.frames[position - 1]
        switch previous.disposalMethod {
        case .clearRectangle:
          // The frame drew only inside its rectangle, which is now cleared.
          blankBefore[position] = Self.covers(previous, index) || blankBefore[position - 1]
        case .restorePrevious:
          blankBefore[position] = blankBefore[position - 1]
        case .keep:
          blankBefore[position] = blankBefore[position - 1] && Self.drawsNothing(previous)
        }
      }
    }
    self.blankBefore = blankBefore
    self.restoreByteCount = restoreByteCount
    let canvas = ImageSize(width: index.canvasWidth, height: index.canvasHeight)
    // A maxPixelSize below 1 keeps full-size frames (GIFOptions.maxPixelSize).
    let frameSize = options.maxPixelSize.flatMap { try? canvas.fitted(within: ImageSize(width: $0, height: $0)) } ?? canvas
    // Downscaled output: the budget goes to the small frames, and no
    // full-size canvas is cached (no checkpoints).
    let downsampler = frameSize == canvas ? nil : Downsampler(from: canvas, to: frameSize)
    self.frameSize = downsampler == nil ? canvas : frameSize
    let canvasBytes = index.canvasWidth * index.canvasHeight * 4
    let capacity = downsampler == nil ? options.cacheByteBudget / (canvasBytes + GIFCanvasCache.entryOverhead) : 0
    self.checkpointStride = capacity > 0 ? max(1, (count + capacity - 1) / capacity) : Int.max
    var decoding = GIFDecodingState(
      cache: GIFCanvasCache(budget: downsampler == nil ? options.cacheByteBudget : 0), completeness: completeness,
      coversCanvas: [Bool](repeating: false, count: count))
    if let downsampler {
      decoding.smallFrames = GIFDecodingState.SmallFrames(
        downsampler: downsampler, cache: GIFCanvasCache(budget: options.cacheByteBudget))
    }
    self.state = Locked(decoding)
    _checkInvariants()
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

  /// Whether the frame's rectangle covers the whole canvas.
  static func covers(_ frame: GIFFrameInfo, _ index: GIFIndex) -> Bool {
    frame.x == 0 && frame.y == 0 && frame.width >= index.canvasWidth && frame.height >= index.canvasHeight
  }

  /// Whether the frame can draw no pixel at all.
  static func drawsNothing(_ frame: GIFFrameInfo) -> Bool {
    frame.width == 0 || frame.height == 0 || !(1...8).contains(frame.lzwMinimumCodeSize)
  }

  // MARK: FrameProvider

  /// The number of frames counted (at least 1).
  public var frameCount: Int { index.frames.count }

  /// The duration of frame `index` in nanoseconds, after the delay policy.
  public func frameDuration(at index: Int) -> Int64 {
    guard self.index.frames.indices.contains(index) else { return 0 }
    let raw = Int64(self.index.frames[index].delayCentiseconds) * 10_000_000
    switch options.delayPolicy {
    case .browser:
      return raw <= 10_000_000 ? 100_000_000 : raw
    case .raw:
      return raw
    case let .minimum(nanoseconds):
      return max(raw, nanoseconds)
    }
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
  public var statistics: GIFCacheStatistics {
    state.withLock { state in
      // With maxPixelSize the cache that counts is the small frames'.
      let cache = state.smallFrames?.cache ?? state.cache
      return GIFCacheStatistics(
        frameDecodes: state.frameDecodes, cachedBytes: cache.bytes, peakCachedBytes: cache.peakBytes,
        evictions: cache.evictions, cachedCanvases: cache.entries.count)
    }
  }
}
