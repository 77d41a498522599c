/// One drawing of an animation: a format's drawer (its decoders and their
/// scratch), a working canvas and the frame it shows. The shared state
/// (``AnimationDecodingState``) keeps the workers not drawing now; a
/// request takes one under the provider's lock, draws with it outside the
/// lock, and gives it back, so threads asking for different frames draw
/// in parallel, each on its own canvas.
///
/// Drawing is in place, on the working canvas. Moving on from the frame
/// shown to the next applies the shown frame's disposal to its own
/// rectangle (nothing, a clear, or putting back the pixels saved from under
/// it) and draws the next frame's rectangle, so sequential playback costs
/// the frames' rectangles, never the whole canvas. Whole canvases are
/// copied only where a copy is the point: into the cache (a canvas stored
/// for later seeks) and out of it (a seek that starts from a stored one
/// and keeps its result). A seek whose frame is only lent
/// (`withFrame(at:_:)`) draws on the cached canvas itself instead
/// (``Start/lent(_:)``), saving the pixels under each frame it draws, and
/// puts them back afterwards (``returnLentCanvas()``): the frames'
/// rectangles again, not the canvas.
struct AnimationWorker<Drawer: AnimationFrameDrawer>: Sendable {
  /// The format's part: draws a frame's pixels.
  var drawer: Drawer
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
  /// The pixels drawn (frames' clipped rectangles) since the working
  /// canvas last started from a blank or cached canvas, or was stored,
  /// counted up to the layout's `sequentialCheckpointPixels`.
  var pixelsSinceStart = 0
  /// With a `maxPixelSize`: what downscales the canvas (its scratch is
  /// the worker's own).
  var downsampler: Downsampler?
  /// What drawing showed about each frame drawn since the worker was
  /// taken, for the shared state to record when it is given back. Its
  /// capacity is kept from request to request.
  var drawn: [DrawnFrame] = []

  /// What drawing a frame showed.
  struct DrawnFrame: Sendable {
    /// The frame.
    var position: Int
    /// Whether all its pixels were decoded.
    var complete: Bool
    /// Whether it was decoded whole and overwrites every pixel.
    var coversCanvas: Bool
  }

  /// Whether the cache had room, when the worker was taken, for a canvas
  /// that is not a checkpoint: a replay offers the cache such canvases only
  /// then, since each offer takes the provider's lock, and a full cache
  /// takes only checkpoints (it only fills, never empties).
  // bench share gifplayer-muybridge.gif --timelines 1000 --threads 2: an
  // offer per frame a seek drew, each under the lock.
  var cacheHadRoom = true
  /// The thread that last took the worker to draw on a canvas of its own
  /// choosing (``ThreadIdentity``), or 0.
  var lastThread: UInt = 0
  /// While the worker draws on a lent canvas: the frame its own canvas
  /// shows (`nil` otherwise). Its own canvas waits in `parkedCanvas`, its
  /// saved rectangle in `spareSaved`, and its other state in the two
  /// `parked…` values. (Plain fields, not a nested type: a type nested in
  /// this generic one is generic too, and its metadata was looked up at
  /// run time on every copy of a worker: 2,000 instructions a frame of
  /// sequential playback, callgrind.)
  var parkedCursor: Int? = nil
  /// The worker's own canvas while it draws on a lent one; empty otherwise.
  var parkedCanvas: [UInt8] = []
  /// The worker's `drawnOnStandIn` while it draws on a lent canvas.
  var parkedDrawnOnStandIn = false
  /// The worker's `pixelsSinceStart` while it draws on a lent canvas.
  var parkedPixelsSinceStart = 0
  /// While the worker draws on a lent canvas: the pixels under each frame
  /// drawn, before it was drawn, one rectangle after another
  /// (`undoRectangles`), in the first `undoByteCount` bytes. It only
  /// grows (doubling), so a worker stops allocating once it has drawn its
  /// longest seek.
  var undoPixels: [UInt8] = []
  /// The bytes of `undoPixels` in use.
  var undoByteCount = 0
  /// The clipped rectangles whose pixels `undoPixels` holds, in order.
  var undoRectangles: [PixelRect] = []
  /// The saved-rectangle storage not in use: the lent canvas's while the
  /// worker's own is parked, and the other way round.
  var spareSaved: [UInt8] = []

  /// How a worker offers the shared cache a canvas, with the frames drawn
  /// since its last offer (see ``render(_:from:at:in:store:)``); returns
  /// whether the canvas was kept.
  typealias Store = (_ canvas: [UInt8], _ key: Int, _ isCheckpoint: Bool, _ drawn: [DrawnFrame]) -> Bool

  /// What a frame is drawn over when drawing does not simply go on from
  /// the frame before it.
  enum Start: Sendable {
    /// A canvas from the cache, to copy.
    case cached([UInt8])
    /// A canvas the cache lent (``AnimationCanvasCache/lend(_:)``), to draw
    /// on in place and give back with ``returnLentCanvas()``; the worker's
    /// own canvas waits meanwhile.
    case lent([UInt8])
    /// Transparent black: the true canvas, or a stand-in under a frame
    /// that covers it.
    case blank
  }

  /// A worker with no canvas yet, drawing with `drawer`.
  init(drawer: Drawer, downsampler: Downsampler?) {
    self.drawer = drawer
    self.downsampler = downsampler
  }

  /// Makes `cursor == target`, with `canvas` its composited canvas:
  /// drawing frame `startFrame` over `start` first, or, with no `start`,
  /// going on from the frame shown (at most `target`). `store` offers a
  /// canvas to the shared cache (under the lock: see ``advance(isReplay:in:store:)``)
  /// with what drawing showed about the frames drawn since the last offer
  /// (`drawn`, which the shared state records under the same lock), and
  /// says whether the canvas was kept.
  ///
  /// - Complexity: O(*r* × *a*) for *r* frames drawn and *a* pixels of
  ///   their rectangles, plus O(*c*) for a canvas of *c* pixels when
  ///   starting from a cached (not lent) or blank canvas, and O(*c*) for
  ///   each canvas stored.
  mutating func render(
    _ target: Int, from start: consuming Start?, at startFrame: Int, in file: AnimationLayout,
    store: Store
  ) {
    // A lent canvas becomes the working canvas, referenced from there only
    // (not from `start` too), so drawing on it copies nothing.
    var start = start
    var drawsOnLent = false
    if case let .lent(pixels)? = start {
      parkedCursor = cursor
      parkedDrawnOnStandIn = drawnOnStandIn
      parkedPixelsSinceStart = pixelsSinceStart
      parkedCanvas = canvas
      canvas = pixels
      drawsOnLent = true
    }
    if drawsOnLent {
      start = nil
      swap(&saved, &spareSaved)
      undoByteCount = 0
      undoRectangles.removeAll(keepingCapacity: true)
      cursor = startFrame
      pixelsSinceStart = 0
      drawnOnStandIn = false
      draw(startFrame, on: nil, in: file)
    } else if let start {
      cursor = startFrame
      pixelsSinceStart = 0
      if case .blank = start {
        drawnOnStandIn = !file.frames[startFrame].startsBlank
      } else {
        drawnOnStandIn = false
      }
      draw(startFrame, on: start, in: file)
    }
    // One step of sequential playback, or a replay toward a seek target.
    let isReplay = drawsOnLent || start != nil || target - cursor > 1
    while cursor < target {
      advance(isReplay: isReplay, in: file, store: store)
    }
  }

  /// Applies frame `cursor`'s disposal to the canvas, offers the result to
  /// the cache when it should be kept, and draws the next frame on it.
  ///
  /// A replay toward a seek target offers every canvas on its way (the
  /// cache keeps the checkpoints, and the others while they fit without
  /// evicting: ``AnimationCanvasCache/insert(copying:for:isCheckpoint:)``).
  /// Sequential playback (not `isReplay`) offers a checkpoint only once it
  /// has drawn the layout's `sequentialCheckpointPixels` since its last
  /// start, and no other canvas: each would cost a canvas copy, and while
  /// the cache grows fresh pages, more than drawing several frames.
  private mutating func advance(isReplay: Bool, in file: AnimationLayout, store: Store) {
    // A replay draws frames no request asked for yet: their composited
    // canvases are kept too (while they fit without evicting), so that a
    // later request for one decodes nothing.
    if isReplay, file.keepsFrames, cacheHadRoom {
      _ = offer(AnimationDecodingState<Drawer>.outputKey(cursor, in: file), isCheckpoint: false, to: store)
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
    let isCheckpoint = file.isCheckpoint(cursor)
    if file.frames[cursor].startsBlank {
      pixelsSinceStart = 0
    } else if isReplay ? isCheckpoint || cacheHadRoom : isCheckpoint && pixelsSinceStart >= file.sequentialCheckpointPixels {
      if offer(cursor, isCheckpoint: isCheckpoint, to: store) { pixelsSinceStart = 0 }
    }
    draw(cursor, on: nil, in: file)
  }

  /// Offers the canvas to the cache under `key` through `store`, with the
  /// frames drawn since the last offer, which the shared state records
  /// under the same lock: a canvas the cache hands out is never of a frame
  /// whose completeness is still unknown (``AnimationRenderer/isFrameComplete(_:)``
  /// asks for a frame, then reads what was learnt). Returns whether the
  /// canvas was kept.
  // GIFSharingTests.eightThreadsShareOneProvider: recorded only when the
  // worker was given back, a frame was found in the cache, under the
  // frame after it, while its completeness was still unknown.
  private mutating func offer(_ key: Int, isCheckpoint: Bool, to store: Store) -> Bool {
    let kept = store(canvas, key, isCheckpoint, drawn)
    drawn.removeAll(keepingCapacity: true)
    return kept
  }

  /// Draws frame `position` over `start` (`nil`: the canvas as it is),
  /// saving the pixels under its rectangle first when its disposal will
  /// restore them, and records what the drawing showed about the frame.
  private mutating func draw(_ position: Int, on start: Start?, in file: AnimationLayout) {
    let frame = file.frames[position]
    let byteCount = file.canvasByteCount
    let width = file.canvasWidth
    let height = file.canvasHeight
    let restores = frame.disposal == .restorePrevious
    if restores, saved.count < file.restoreByteCount {
      saved = [UInt8](zeroed: file.restoreByteCount)  // once per worker
    }
    if parkedCursor != nil {
      // Everything drawing and then disposing of this frame changes lies
      // in its clipped rectangle: what is under it now undoes both.
      let visible = frame.rectangle.clipped(toWidth: width, height: height)
      let byteCount = visible.width * visible.height * 4
      if undoPixels.count - undoByteCount < byteCount {
        undoPixels.append(contentsOf: repeatElement(0, count: max(byteCount, undoPixels.count)))
      }
      AnimationCanvas.save(visible, width: width, height: height, canvas: canvas, into: &undoPixels, at: undoByteCount)
      undoByteCount += byteCount
      undoRectangles.append(visible)
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
      case nil, .lent:
        // A lent canvas is the working canvas already (`render`).
        break
      case let .cached(pixels):
        if needsBelow {
          Self.copy(pixels, into: &canvas)
        } else if canvas.count != byteCount {
          canvas = [UInt8](zeroed: byteCount)
        }
      case .blank:
        if needsBelow {
          Self.resetToBlank(&canvas, byteCount: byteCount)
        } else if canvas.count != byteCount {
          canvas = [UInt8](zeroed: byteCount)
        }
      }
      if restores {
        AnimationCanvas.save(frame.rectangle, width: width, height: height, canvas: canvas, into: &saved)
      }
    }
    self.canvas = canvas
    self.saved = saved
    drawn.append(DrawnFrame(position: position, complete: complete, coversCanvas: complete && drawer.overwritesCanvas(position)))
    // Counted up to the threshold only: bounded whatever the frame count.
    if pixelsSinceStart < file.sequentialCheckpointPixels {
      let visible = frame.rectangle.clipped(toWidth: width, height: height)
      pixelsSinceStart += visible.width * visible.height
    }
  }

  /// Undoes the drawing on a lent canvas (``Start/lent(_:)``), last frame
  /// first, and returns the canvas as it was lent; the worker's own canvas
  /// and state are back. The frames drawn stay in `drawn`.
  ///
  /// - Complexity: O(*a*) for the *a* pixels of the rectangles drawn.
  mutating func returnLentCanvas(in file: AnimationLayout) -> [UInt8] {
    guard let ownCursor = parkedCursor else { return [] }
    var end = undoByteCount
    for visible in undoRectangles.reversed() {
      end -= visible.width * visible.height * 4
      AnimationCanvas.restore(
        visible, width: file.canvasWidth, height: file.canvasHeight, from: undoPixels, at: end, canvas: &canvas)
    }
    let lent = canvas
    canvas = parkedCanvas
    parkedCanvas = []
    swap(&saved, &spareSaved)
    cursor = ownCursor
    drawnOnStandIn = parkedDrawnOnStandIn
    pixelsSinceStart = parkedPixelsSinceStart
    parkedCursor = nil
    return lent
  }

  /// The working canvas downscaled to the layout's frame size.
  ///
  /// - Complexity: O(*c*) for a canvas of *c* pixels.
  mutating func downscaled() -> [UInt8] {
    guard var downsampler else { return canvas }
    self.downsampler = nil
    defer { self.downsampler = downsampler }
    let size = downsampler.targetSize
    return [UInt8](unsafeUninitializedCapacity: size.width * size.height * 4) { target, initialized in
      canvas.withUnsafeBufferPointer { source in downsampler.resampleUnchecked(source, into: target) }
      initialized = target.count
    }
  }

  /// Makes `canvas` `byteCount` transparent black bytes, reusing its
  /// storage.
  ///
  /// Writing in place makes the storage unique first: free when nobody
  /// else holds it, one extra copy when a caller still holds the frame.
  private static func resetToBlank(_ canvas: inout [UInt8], byteCount: Int) {
    if canvas.count != byteCount {
      canvas = [UInt8](zeroed: byteCount)
    } else {
      canvas.withUnsafeMutableBufferPointer { $0.update(repeating: 0) }
    }
  }

  /// Copies `source` into `destination`, reusing its storage (as
  /// ``resetToBlank(_:byteCount:)``).
  private static func copy(_ source: [UInt8], into destination: inout [UInt8]) {
    if destination.count != source.count {
      destination = [UInt8](copying: source)
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
