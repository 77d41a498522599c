/// The animation engine as a provider holds it: a file's fixed layout and
/// the decoding state every copy of the provider shares, behind one lock.
///
/// A format's provider (``GIFFrameProvider``) is a façade over one: it
/// checks the frame index, then asks the renderer. Everything here is
/// format-independent; the format's part is the state's drawer.
struct AnimationRenderer<Drawer: AnimationFrameDrawer>: Sendable {
  /// The file's fixed facts.
  let layout: AnimationLayout
  /// The decoding state every copy shares, behind its lock.
  let state: Locked<AnimationDecodingState<Drawer>>

  /// The renderer of a file laid out as `layout`, drawn by `drawer`, with
  /// a cache of `cacheByteBudget` bytes.
  init(layout: AnimationLayout, drawer: consuming Drawer, cacheByteBudget: Int) {
    self.layout = layout
    state = Locked(AnimationDecodingState(drawer: drawer, layout: layout, cacheByteBudget: cacheByteBudget))
    _checkInvariants()
  }

  /// The pixels of frame `index` (in range: the façade checks), of the
  /// layout's frame size.
  ///
  /// - Complexity: see ``AnimationWorker/render(_:from:at:in:store:)``.
  func frame(at index: Int) -> RGBAImage {
    RGBAImage(width: layout.frameSize.width, height: layout.frameSize.height, pixels: output(index))
  }

  /// The pixels of frame `index` as the provider hands them out: kept
  /// ones at once; otherwise drawn by a worker taken under the lock, the
  /// drawing itself (decoding, compositing, downscaling) outside it, so
  /// that threads asking for different frames draw in parallel.
  // bench share gifplayer-muybridge.gif --timelines 1000 --threads 2.
  private func output(_ index: Int) -> [UInt8] {
    // The worker's box moves out of the idle ones into `worker` and back;
    // the worker itself is never copied: a copy retains and releases each
    // of its buffers (about 20 with a PNG drawer), a quarter of playing a
    // 4x4 APNG (callgrind), and a second reference to its canvas would make
    // drawing copy the canvas.
    var worker: AnimationWorkerBox<Drawer>? = nil
    let start: AnimationWorker<Drawer>.Start?
    let startFrame: Int
    switch state.withLock({ $0.plan(index, in: layout, taking: &worker) }) {
    case let .ready(pixels):
      return pixels
    case let .draw(from, at):
      (start, startFrame) = (from, at)
    }
    return finished(&worker, index, from: consume start, at: startFrame)
  }

  /// Draws frame `index` with `worker` from `start` (not lent), downscales
  /// it when the layout does, and gives the worker back: the frame's
  /// pixels.
  private func finished(
    _ worker: inout AnimationWorkerBox<Drawer>?, _ index: Int, from start: consuming AnimationWorker<Drawer>.Start?,
    at startFrame: Int
  ) -> [UInt8] {
    render(worker, index, from: start, at: startFrame)
    let output = layout.downsampler == nil ? worker?.worker.canvas ?? [] : worker?.worker.downscaled() ?? []
    return state.withLock { $0.finish(&worker, drawing: index, output: output, in: layout) }
  }

  /// Draws frame `index` with `worker`, outside the lock, storing canvases
  /// in the cache under it.
  private func render(
    _ worker: AnimationWorkerBox<Drawer>?, _ index: Int, from start: consuming AnimationWorker<Drawer>.Start?,
    at startFrame: Int
  ) {
    let state = self.state
    worker?.worker.render(index, from: start, at: startFrame, in: layout) { canvas, key, isCheckpoint, drawn in
      state.withLock { $0.offer(canvas, for: key, isCheckpoint: isCheckpoint, drawn: drawn) }
    }
  }

  /// Calls `body` with frame `index` (in range: the façade checks) as
  /// ``frame(at:)`` would give it, without copying a canvas to do so.
  ///
  /// A frame that is kept, or shown by a worker, is lent as it is. A seek
  /// that starts from a cached canvas draws on that canvas itself (the
  /// cache lends it, ``AnimationCanvasCache/lend(_:)``), saving the
  /// pixels under each frame it draws; once `body` returns, they are put
  /// back and the canvas goes back to the cache as it was. So such a seek
  /// costs the rectangles of the frames drawn, twice, instead of a canvas
  /// copy. A frame `body` copies out keeps its pixels: the putting back
  /// then goes to a copy of the canvas.
  ///
  /// `body` neither throws nor returns a value, so that this function is
  /// generic over the drawer only, and specialized where a façade calls
  /// it (its callers keep `body`'s result and error themselves:
  /// ``AnimatedImageProvider/withFrame(at:lending:_:)``).
  ///
  /// - Complexity: as ``frame(at:)``, without the canvas copy of a seek.
  // bench share gifplayer-muybridge.gif --timelines 1000: 53 % of the
  // time was copying start canvases out of the cache. A version generic
  // over `body`'s result and error ran unspecialized, and looked up the
  // worker's metadata on every copy of it (callgrind).
  func lend(_ index: Int, to body: (borrowing RGBAImage) -> Void) {
    let size = layout.frameSize
    var worker: AnimationWorkerBox<Drawer>? = nil
    let start: AnimationWorker<Drawer>.Start?
    let startFrame: Int
    switch state.withLock({ $0.plan(index, in: layout, lending: true, taking: &worker) }) {
    case let .ready(pixels):
      return body(RGBAImage(width: size.width, height: size.height, pixels: pixels))
    case let .draw(from, at):
      (start, startFrame) = (from, at)
    }
    guard case .lent = start else {
      let pixels = finished(&worker, index, from: consume start, at: startFrame)
      return body(RGBAImage(width: size.width, height: size.height, pixels: pixels))
    }
    render(worker, index, from: consume start, at: startFrame)
    body(RGBAImage(width: size.width, height: size.height, pixels: worker?.worker.canvas ?? []))
    let lent = worker?.worker.returnLentCanvas(in: layout) ?? []
    state.withLock { $0.giveBack(&worker, lentCanvas: lent, for: startFrame, in: layout) }
  }

  /// How long frame `index` shows, in nanoseconds (the layout's, after the
  /// format's delay policy); 0 for an index out of range.
  func frameDuration(at index: Int) -> Int64 {
    layout.frames.indices.contains(index) ? layout.frames[index].duration : 0
  }

  /// The pixels of frame `index`, for the façades whose error for an
  /// index out of range is ``FrameProviderError`` (APNG, WebP).
  ///
  /// - Throws: ``FrameProviderError/indexOutOfRange(index:count:)``.
  func frame(checking index: Int) throws(FrameProviderError) -> RGBAImage {
    guard layout.frames.indices.contains(index) else {
      throw .indexOutOfRange(index: index, count: layout.frames.count)
    }
    return frame(at: index)
  }

  /// Whether frame `index` decodes whole (see ``isFrameComplete(_:)``),
  /// for the same façades.
  ///
  /// - Throws: ``FrameProviderError/indexOutOfRange(index:count:)``.
  func isFrameComplete(checking index: Int) throws(FrameProviderError) -> Bool {
    guard layout.frames.indices.contains(index) else {
      throw .indexOutOfRange(index: index, count: layout.frames.count)
    }
    return isFrameComplete(index)
  }

  /// Whether frame `index` is drawn on a blank canvas, as the file's
  /// metadata shows; `false` for an index out of range.
  func isDrawnOnBlankCanvas(_ index: Int) -> Bool {
    layout.frames.indices.contains(index) && layout.frames[index].startsBlank
  }

  /// Whether frame `index` (in range) decodes whole, decoding it first when
  /// that is not yet known.
  func isFrameComplete(_ index: Int) -> Bool {
    if state.withLock({ $0.learnt[index].completeness == .unknown }) { _ = output(index) }
    return state.withLock { $0.learnt[index].completeness == .complete }
  }

  /// Draws every frame once, in order, as a first play does, keeping each
  /// composited frame when the layout keeps frames (so that playing them
  /// again decodes nothing); returns the first frame that does not decode
  /// whole, or `nil` when every frame does. Drawing stops there. The last
  /// frame is not copied into the cache: it stays the working canvas (a
  /// still image is never copied).
  ///
  /// A format whose opening must decode every frame anyway (WebP: the
  /// frames from the first that does not decode are dropped) makes that
  /// decoding the first play.
  ///
  /// - Complexity: O(*f*) frame draws for *f* frames, and a canvas copy
  ///   for each frame kept.
  func playThrough() -> Int? {
    let count = layout.frames.count
    for position in 0..<count {
      let pixels = output(position)
      let complete = state.withLock { state in
        if state.smallFrames == nil, layout.keepsFrames, position < count - 1 {
          state.cache.insert(
            copying: pixels, for: AnimationDecodingState<Drawer>.outputKey(position, in: layout), isCheckpoint: false)
        }
        return state.learnt[position].completeness == .complete
      }
      if !complete { return position }
    }
    return nil
  }

  /// Frames drawn by ``playThrough()`` when the layout keeps them (or
  /// downscales them): those stay cached and the first play after opening
  /// decodes nothing. Otherwise each frame is only checked (its data read,
  /// nothing drawn or cached), since the first play would draw it again
  /// anyway. Returns the first frame that does not decode whole, or `nil`.
  ///
  /// - Complexity: O(*f*) frame checks or draws for *f* frames.
  // bench decode --reopen (gif2webp__gifplayer-muybridge__minsize.webp,
  // 380 frames over the budget): opening drew and composited every frame
  // that the first play then drew again.
  func openingPass() -> Int? where Drawer: AnimationFrameChecker {
    if layout.keepsFrames || layout.downsampler != nil { return playThrough() }
    return state.withLock { state in
      // Opening: no other thread has the provider yet.
      let box = state.takeWorker(in: layout)
      defer { state.idle.append(box) }
      for position in layout.frames.indices {
        let complete = box.worker.drawer.check(position)
        state.learn(position, complete: complete, coversCanvas: complete && box.worker.drawer.overwritesCanvas(position))
        if !complete { return position }
      }
      return nil
    }
  }

  /// Changes the drawer of every worker, and the one new workers start
  /// from (tests: a drawer's switches).
  func updateDrawers(_ body: (inout Drawer) -> Void) {
    state.withLock { state in
      body(&state.prototype)
      for box in state.idle { body(&box.worker.drawer) }
    }
  }

  /// Reads the drawer that drew last (opening: the only one).
  func withLastDrawer<Result>(_ body: (Drawer) -> Result) -> Result {
    state.withLock { body($0.idle.last?.worker.drawer ?? $0.prototype) }
  }

  /// Whether frame `index` (in range) is a keyframe now: its canvas can be
  /// made without drawing an earlier frame.
  func isKeyframe(_ index: Int) -> Bool {
    state.withLock { $0.isKeyframe(index, in: layout) }
  }

  /// The decoding and caching counters.
  var statistics: AnimationCacheStatistics {
    state.withLock { state in
      // With maxPixelSize the cache that counts is the small frames'.
      let cache = state.smallFrames ?? state.cache
      return AnimationCacheStatistics(
        frameDecodes: state.frameDecodes, cachedBytes: cache.bytes, peakCachedBytes: cache.peakBytes,
        evictions: cache.evictions, cachedCanvases: cache.count)
    }
  }

  /// Checks the invariants of the shared decoding state (see
  /// `AnimationDecodingState._checkInvariants(in:)`), taking the lock;
  /// compiled only with `ANIMTIMELINE_INTERNAL_CHECKS` (debug builds and
  /// tests).
  @inline(__always)
  func _checkInvariants() {
    #if ANIMTIMELINE_INTERNAL_CHECKS
    state.withLock { $0._checkInvariants(in: layout) }
    #endif
  }
}
