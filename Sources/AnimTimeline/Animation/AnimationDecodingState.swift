/// The mutable half of an animated image provider, whatever its format:
/// the working canvas, the canvas cache, the format's frame drawer (its
/// decoders) and what decoding has learnt about each frame. Every copy of
/// a provider shares one, behind a lock (``AnimationRenderer``); the
/// methods here run with that lock held, and read the file's fixed facts
/// from its ``AnimationLayout``.
///
/// Drawing is in place, on one working canvas. Moving on from the frame
/// shown to the next applies the shown frame's disposal to its own
/// rectangle (nothing, a clear, or putting back the pixels saved from under
/// it) and draws the next frame's rectangle, so sequential playback costs
/// the frames' rectangles, never the whole canvas. Whole canvases are
/// copied only where a copy is the point: into the cache (a canvas stored
/// for later seeks) and out of it (a seek that starts from a stored one).
struct AnimationDecodingState<Drawer: AnimationFrameDrawer>: Sendable {
  /// The format's part: draws a frame's pixels.
  var drawer: Drawer
  var cache: AnimationCanvasCache
  /// The frame `canvas` shows, or -1 before any frame is drawn.
  var cursor = -1
  /// The composited canvas of frame `cursor`, `width * height * 4` bytes
  /// (empty before any frame is drawn).
  var canvas: [UInt8] = []
  /// Whether frame `cursor` was drawn on a blank stand-in for a canvas that
  /// was not known (allowed because the frame covers the whole canvas
  /// opaquely): `canvas` is exact, but what disposal 3 would go back to,
  /// and so `saved`, is not.
  var drawnOnStandIn = false
  /// When frame `cursor` restores the canvas after it:
  /// the pixels under its clipped rectangle before it was drawn, row after
  /// row. Sized once to the layout's `restoreByteCount`.
  var saved: [UInt8] = []
  /// Per frame: whether it decodes whole, once known.
  var completeness: [AnimationFrameCompleteness]
  /// Per frame: decoded, complete, opaque and covering the canvas.
  var coversCanvas: [Bool]
  var frameDecodes = 0
  /// The pixels drawn (frames' clipped rectangles) since the working
  /// canvas last started from a blank or cached canvas, or was stored:
  /// what a replay to `cursor` from there would draw.
  var pixelsSinceStart = 0
  /// Whether a frame was ever asked for out of sequence (a seek, or
  /// several timelines at different frames): from then on the frames
  /// drawn are kept (when the layout keeps frames).
  var seenOutOfSequence = false
  /// With a `maxPixelSize`: the downscaled frames and what makes them;
  /// `nil` for full-size output.
  var smallFrames: SmallFrames?

  /// Downscaled output frames, cached by frame index under the provider's
  /// budget (checkpoints of the full canvas are then not kept).
  struct SmallFrames {
    var downsampler: Downsampler
    var cache: AnimationCanvasCache
  }

  /// The state of a file just opened: nothing drawn, the completeness the
  /// format knows without decoding (`.unknown` otherwise), a cache of
  /// `cacheByteBudget` bytes for checkpoints, or, when `layout` downscales,
  /// for the small frames.
  init(drawer: Drawer, layout: AnimationLayout, completeness: [AnimationFrameCompleteness], cacheByteBudget: Int) {
    self.drawer = drawer
    self.completeness = completeness
    self.coversCanvas = [Bool](repeating: false, count: layout.frames.count)
    if let downsampler = layout.downsampler {
      cache = AnimationCanvasCache(budget: 0)
      smallFrames = SmallFrames(downsampler: downsampler, cache: AnimationCanvasCache(budget: cacheByteBudget))
    } else {
      cache = AnimationCanvasCache(budget: cacheByteBudget)
    }
  }

  /// What a frame is drawn over when drawing does not simply go on from
  /// the frame before it.
  private enum Start {
    /// The canvas already holds what the frame is drawn over.
    case inPlace
    /// A canvas from the cache.
    case cached([UInt8])
    /// Transparent black: the true canvas, or a stand-in under a frame
    /// that covers it.
    case blank
  }

  /// Whether frame `position` is a keyframe now: its canvas can be made
  /// without drawing an earlier frame.
  func isKeyframe(_ position: Int, in file: AnimationLayout) -> Bool {
    file.blankBefore[position] || coversCanvas[position]
  }

  /// Makes `cursor == target`, with `canvas` its composited canvas; then
  /// checks the invariants (debug builds).
  ///
  /// - Complexity: O(*r* × *a*) for *r* frames drawn and *a* pixels of
  ///   their rectangles, plus O(*c*) for a canvas of *c* pixels when a
  ///   seek starts from a cached or blank canvas, and O(*c*) for each
  ///   canvas stored in the cache.
  mutating func render(_ target: Int, in file: AnimationLayout) {
    defer { _checkInvariants(in: file) }
    let byteCount = file.canvasByteCount
    if cursor == target, canvas.count == byteCount { return }
    let frames = file.frames
    // The nearest start at or before `target`.
    var start = target
    while start > 0 {
      if cache.contains(start) || file.blankBefore[start] { break }
      if coversCanvas[start], start == target || frames[start].disposal != .restorePrevious { break }
      start -= 1
    }
    // Going on from the frame shown draws no more frames than starting
    // over (and copies no canvas) when it is at most one frame before the
    // start. It cannot go past a frame drawn on a stand-in that restores.
    let continues =
      cursor >= 0 && cursor < target && cursor + 1 >= start && canvas.count == byteCount
      && !(drawnOnStandIn && frames[cursor].disposal == .restorePrevious)
    if !continues {
      cursor = start
      pixelsSinceStart = 0
      if let cached = cache.canvas(for: start) {
        drawnOnStandIn = false
        draw(start, on: .cached(cached), in: file)
      } else {
        drawnOnStandIn = !file.blankBefore[start]
        draw(start, on: .blank, in: file)
      }
    }
    // One step of sequential playback, or a replay toward a seek target.
    let isReplay = !continues || target - cursor > 1
    while cursor < target {
      advance(isReplay: isReplay, in: file)
    }
  }

  /// Applies frame `cursor`'s disposal to the canvas, stores the result
  /// in the cache when it should be, and draws the next frame on it.
  ///
  /// A replay toward a seek target stores every checkpoint on its way, and
  /// the other canvases while the cache has room for them without evicting
  /// (``AnimationCanvasCache/insert(copying:for:isCheckpoint:)``).
  /// Sequential playback (not `isReplay`) stores a checkpoint only once it
  /// has drawn the layout's `sequentialCheckpointPixels` since its last
  /// start, and no other canvas: each would cost a canvas copy, and while
  /// the cache grows fresh pages, more than drawing several frames.
  // bench decode (gifplayer-muybridge.gif): a copy per frame cost as much
  // as drawing the frame.
  private mutating func advance(isReplay: Bool, in file: AnimationLayout) {
    // A replay draws frames no request asked for yet: their composited
    // canvases are kept too (while they fit without evicting), so that a
    // later request for one decodes nothing.
    if isReplay, file.keepsFrames {
      cache.insert(copying: canvas, for: Self.outputKey(cursor, in: file), isCheckpoint: false)
    }
    let frame = file.frames[cursor]
    let width = file.canvasWidth
    let height = file.canvasHeight
    switch frame.disposal {
    case .keep:
      break
    case .clearRectangle:
      AnimationCanvas.clear(frame.rectangle, width: width, height: height, canvas: &canvas)
    case .restorePrevious:
      #if ANIMTIMELINE_INTERNAL_CHECKS
      precondition(!drawnOnStandIn, "restored the canvas from under a frame drawn on a stand-in")
      #endif
      AnimationCanvas.restore(frame.rectangle, width: width, height: height, from: saved, canvas: &canvas)
    }
    cursor += 1
    drawnOnStandIn = false
    let isCheckpoint = cursor % file.checkpointStride == 0
    if file.blankBefore[cursor] {
      pixelsSinceStart = 0
    } else if isReplay || (isCheckpoint && pixelsSinceStart >= file.sequentialCheckpointPixels) {
      if cache.insert(copying: canvas, for: cursor, isCheckpoint: isCheckpoint) { pixelsSinceStart = 0 }
    }
    draw(cursor, on: .inPlace, in: file)
  }

  /// Draws frame `position` over `start`, saving the pixels under its
  /// rectangle first when its disposal will restore them, and records what
  /// the drawing showed about the frame.
  private mutating func draw(_ position: Int, on start: Start, in file: AnimationLayout) {
    let frame = file.frames[position]
    let byteCount = file.canvasByteCount
    let width = file.canvasWidth
    let height = file.canvasHeight
    let restores = frame.disposal == .restorePrevious
    if restores, saved.count < file.restoreByteCount {
      saved = [UInt8](repeating: 0, count: file.restoreByteCount)  // once per provider
    }
    // Out of `self` while the drawer (part of `self`) draws.
    var canvas = self.canvas
    self.canvas = []
    var saved = self.saved
    self.saved = []
    let complete = drawer.draw(position, canvas: &canvas) { canvas, overwritten in
      // A frame that overwrites every pixel needs no canvas below, unless
      // its disposal will go back to it.
      // bench decode (harvesters.gif, noise 500x500): skipping the blank
      // or the cached canvas below a covering frame.
      let needsBelow = !overwritten || restores
      switch start {
      case .inPlace:
        break
      case let .cached(pixels):
        if needsBelow {
          Self.copy(pixels, into: &canvas)
        } else if canvas.count != byteCount {
          canvas = [UInt8](repeating: 0, count: byteCount)
        }
      case .blank:
        if needsBelow {
          Self.resetToBlank(&canvas, byteCount: byteCount)
        } else if canvas.count != byteCount {
          canvas = [UInt8](repeating: 0, count: byteCount)
        }
      }
      if restores {
        AnimationCanvas.save(frame.rectangle, width: width, height: height, canvas: canvas, into: &saved)
      }
    }
    self.canvas = canvas
    self.saved = saved
    frameDecodes += 1
    // Counted up to the threshold only: bounded whatever the frame count.
    if pixelsSinceStart < file.sequentialCheckpointPixels {
      let visible = frame.rectangle.clipped(toWidth: width, height: height)
      pixelsSinceStart += visible.width * visible.height
    }
    completeness[position] = complete ? .complete : .incomplete
    if complete, drawer.overwritesCanvas(position) {
      coversCanvas[position] = true
    }
  }

  /// Makes `canvas` `byteCount` transparent black bytes, reusing its
  /// storage.
  ///
  /// Writing in place makes the storage unique first: free when nobody
  /// else holds it, one extra copy when a caller still holds the frame.
  private static func resetToBlank(_ canvas: inout [UInt8], byteCount: Int) {
    if canvas.count != byteCount {
      canvas = [UInt8](repeating: 0, count: byteCount)
    } else {
      canvas.withUnsafeMutableBufferPointer { $0.update(repeating: 0) }
    }
  }

  /// Copies `source` into `destination`, reusing its storage (as
  /// ``resetToBlank(_:byteCount:)``).
  private static func copy(_ source: [UInt8], into destination: inout [UInt8]) {
    if destination.count != source.count {
      destination = [UInt8](unsafeUninitializedCapacity: source.count) { target, initialized in
        source.withUnsafeBufferPointer { from in _ = target.initialize(fromContentsOf: from) }
        initialized = source.count
      }
    } else {
      destination.withUnsafeMutableBufferPointer { target in
        source.withUnsafeBufferPointer { from in
          // Safe: equal counts, checked above.
          _ = target.update(fromContentsOf: from)
        }
      }
    }
  }
}

extension AnimationDecodingState {
  /// Draws every frame in order, keeping each composited frame (or, with a
  /// `maxPixelSize`, each downscaled one) when the layout keeps frames;
  /// the first frame that does not decode whole, or `nil`. The last frame
  /// is not copied into the cache: it stays the working canvas (a still
  /// image is never copied).
  ///
  /// - Complexity: O(*f*) frame draws, and a canvas copy per frame kept.
  mutating func playThrough(in file: AnimationLayout) -> Int? {
    for position in file.frames.indices {
      if smallFrames != nil {
        _ = output(position, in: file)
      } else {
        render(position, in: file)
        if file.keepsFrames, position < file.frames.count - 1 {
          cache.insert(copying: canvas, for: Self.outputKey(position, in: file), isCheckpoint: false)
        }
      }
      if completeness[position] != .complete { return position }
    }
    return nil
  }

  /// Frames drawn by ``playThrough(in:)`` when the layout keeps them (or
  /// downscales them): those stay cached and the first play after opening
  /// decodes nothing. Otherwise each frame is only checked (its data read,
  /// nothing drawn or cached), since the first play would draw it again
  /// anyway. Returns the first frame that does not decode whole, or `nil`.
  ///
  /// - Complexity: O(*f*) frame checks or draws for *f* frames.
  // bench decode --reopen (gif2webp__gifplayer-muybridge__minsize.webp,
  // 380 frames over the budget): opening drew and composited every frame
  // that the first play then drew again.
  mutating func openingPass(in file: AnimationLayout) -> Int? where Drawer: AnimationFrameChecker {
    if file.keepsFrames || smallFrames != nil { return playThrough(in: file) }
    for position in file.frames.indices {
      guard drawer.check(position) else {
        completeness[position] = .incomplete
        return position
      }
      completeness[position] = .complete
      if drawer.overwritesCanvas(position) { coversCanvas[position] = true }
    }
    return nil
  }

  /// The cache key of frame `position`'s composited canvas (its output),
  /// apart from the keys `1..<count` of the canvases drawn on (under a
  /// frame).
  static func outputKey(_ position: Int, in file: AnimationLayout) -> Int { file.frames.count + position }

  /// The pixels of frame `target` as the provider hands them out: the
  /// working canvas after drawing it, or, with a `maxPixelSize`,
  /// its downscaled image (from the cache, or made and cached).
  ///
  /// - Complexity: O(1) for a cached small frame; otherwise as `render`,
  ///   plus O(*c*) to downscale a canvas of *c* pixels.
  mutating func output(_ target: Int, in file: AnimationLayout) -> [UInt8] {
    // Taken out while used, so that its buffers stay uniquely referenced.
    guard var small = smallFrames else {
      // A composited frame kept from an earlier request: no decode at all.
      let key = Self.outputKey(target, in: file)
      if file.keepsFrames, cursor != target, let kept = cache.canvas(for: key) { return kept }
      // The next frame in sequence (the first after the last, for a
      // looping player) is drawn in place and not kept while only one
      // player has asked: it would never ask for it again before drawing
      // it anyway, and keeping it would cost a canvas copy per frame. Once
      // a request has come out of sequence (a seek, or another timeline at
      // another frame), every frame drawn is kept while it fits without
      // evicting, so that each frame of an animation that fits the budget
      // is decoded once for any number of timelines.
      // bench share (1,000 timelines over a 4-frame 64x48 GIF): 0.71
      // decodes a request before, 4 decodes in all after.
      let sequential = cursor == target || cursor + 1 == target || (target == 0 && cursor == file.frames.count - 1)
      if !sequential { seenOutOfSequence = true }
      render(target, in: file)
      if seenOutOfSequence, file.keepsFrames { cache.insert(copying: canvas, for: key, isCheckpoint: false) }
      return canvas
    }
    smallFrames = nil
    defer { smallFrames = small }
    if let cached = small.cache.canvas(for: target) { return cached }
    render(target, in: file)
    let size = small.downsampler.targetSize
    let pixels = [UInt8](unsafeUninitializedCapacity: size.width * size.height * 4) { target, initialized in
      canvas.withUnsafeBufferPointer { source in small.downsampler.resampleUnchecked(source, into: target) }
      initialized = target.count
    }
    _ = small.cache.insert(copying: pixels, for: target, isCheckpoint: true)  // may evict (LRU)
    return pixels
  }
}
