extension AnimationDecodingState {
  /// Checks the invariants of the shared state, the keyframe bookkeeping,
  /// the canvas cache and every idle worker; compiled only with
  /// `ANIMTIMELINE_INTERNAL_CHECKS` (debug builds and tests), like
  /// `TimelineCore._checkInvariants()`. It runs when a provider is opened
  /// and after every request that draws (``finish(_:drawing:output:in:)``),
  /// so after every frame that `frame(at:)`, `withFrame(at:_:)` or
  /// `isFrameComplete(_:)` makes, with the provider's lock held.
  ///
  /// - The cache (``AnimationCanvasCache/_checkInvariants(canvasByteCount:)``):
  ///   its byte total is at most the budget and equals the sum of its
  ///   entries; every entry is a canvas; its keys are frames whose canvas
  ///   is not known to be blank, marked as checkpoints exactly at the
  ///   stride, and the checkpoints alone fit the budget.
  /// - The workers (no more idle than were made): each working canvas is
  ///   `canvasWidth * canvasHeight * 4` bytes and shares no storage with
  ///   a cached canvas, and each saved rectangle is either absent or
  ///   the size opening computed, so at most two canvases' worth of bytes
  ///   live outside the cache per worker, the bound
  ///   `Docs/AnimationEngine.md` states.
  /// - The keyframes: a frame a worker shows has been decoded; a frame
  ///   marked as covering the canvas was decoded whole and overwrites
  ///   every pixel (the drawer's `overwritesCanvas`); a frame drawn on a
  ///   stand-in canvas is such a frame.
  ///
  /// - Complexity: O(*e*) for *e* cached canvases, up to
  ///   ``AnimationCanvasCache/entriesWalkedByChecks``; O(1) above.
  @inline(__always)
  func _checkInvariants(in file: AnimationLayout) {
    #if ANIMTIMELINE_INTERNAL_CHECKS
    let count = file.frames.count
    let canvasBytes = file.canvasByteCount
    precondition(count >= 1, "a provider without frames")
    precondition(learnt.count == count, "per-frame bookkeeping out of step with the frames")
    precondition(file.frames[0].startsBlank, "the first frame does not start on a blank canvas")
    precondition(file.checkpointStride >= 1, "checkpoint stride below 1")
    let capacity = cache.budget / (canvasBytes + AnimationCanvasCache.entryOverhead)
    if capacity > 0 {
      precondition(file.checkpointCount <= capacity, "the checkpoints alone overflow the budget")
    }
    cache._checkInvariants(canvasByteCount: canvasBytes)
    if let smallFrames {
      // Small frames only, of the provider's frame size; no checkpoints.
      precondition(file.downsampler != nil && cache.budget == 0, "small frames with full-size checkpoints")
      smallFrames._checkInvariants(canvasByteCount: file.frameSize.width * file.frameSize.height * 4)
    }
    precondition(file.restoreByteCount >= 0 && file.restoreByteCount <= canvasBytes, "a saved rectangle beyond the canvas")
    precondition(idle.count <= workerCount, "more idle workers than were made")
    for box in idle { check(box.worker, in: file) }
    precondition(Set(idle.map(ObjectIdentifier.init)).count == idle.count, "a worker idle twice")

    guard cache.entries.count <= AnimationCanvasCache.entriesWalkedByChecks else { return }
    precondition(cache.keyCount == (smallFrames == nil ? 2 * count : 0), "cache keys not those of the frames")
    for key in cache.entries.indices {
      let entry = cache.entries[key]
      guard entry.isStored else { continue }
      for box in idle where !entry.isLent {
        precondition(Self.storage(entry.pixels) != Self.storage(box.worker.canvas), "the working canvas is also a cached canvas")
      }
      if key >= count {
        // A composited frame kept for later requests: never a checkpoint.
        precondition(key < 2 * count && !entry.isCheckpoint, "a kept frame outside the frames, or a checkpoint")
        continue
      }
      precondition(key >= 1, "a cached canvas for no frame after the first")
      precondition(!file.frames[key].startsBlank, "a cached canvas for a frame known to start blank")
      precondition(entry.isCheckpoint == file.isCheckpoint(key), "a checkpoint flag off the stride")
      if learnt[key].coversCanvas { checkCovers(key, in: file) }
    }
    #endif
  }

  #if ANIMTIMELINE_INTERNAL_CHECKS
  /// Checks an idle worker: its canvas, its saved rectangle, and what is
  /// known of the frame it shows.
  private func check(_ worker: AnimationWorker<Drawer>, in file: AnimationLayout) {
    precondition(worker.drawn.isEmpty, "an idle worker with drawing not recorded")
    precondition(worker.parkedCursor == nil && worker.parkedCanvas.isEmpty, "an idle worker still drawing on a lent canvas")
    precondition(
      worker.saved.isEmpty || worker.saved.count == file.restoreByteCount,
      "the saved rectangle is not the size opening computed")
    precondition((worker.downsampler == nil) == (file.downsampler == nil), "a worker without the layout's downscaling")
    let cursor = worker.cursor
    guard cursor >= 0 else {
      precondition(cursor == -1 && worker.canvas.isEmpty, "a canvas shown before any frame was drawn")
      return
    }
    precondition(cursor < file.frames.count, "the cursor is past the last frame")
    precondition(worker.canvas.count == file.canvasByteCount, "the working canvas is not width*height*4 bytes")
    precondition(learnt[cursor].completeness != .unknown, "the shown frame's completeness is unknown")
    precondition(!worker.drawnOnStandIn || learnt[cursor].coversCanvas, "a frame drawn on a stand-in does not cover the canvas")
    precondition(!worker.drawnOnStandIn || !file.frames[cursor].startsBlank, "a stand-in under a frame known to start blank")
    if file.frames[cursor].disposal == .restorePrevious {
      let visible = file.frames[cursor].rectangle.clipped(toWidth: file.canvasWidth, height: file.canvasHeight)
      precondition(worker.saved.count >= visible.width * visible.height * 4, "no room for the pixels under a restoring frame")
    }
    if learnt[cursor].coversCanvas { checkCovers(cursor, in: file) }
  }

  /// Checks that frame `position`, marked as covering the canvas, is one.
  private func checkCovers(_ position: Int, in file: AnimationLayout) {
    precondition(
      learnt[position].completeness == .complete && prototype.overwritesCanvas(position)
        && !file.frames[position].drawsNothing
        && file.frames[position].rectangle.covers(width: file.canvasWidth, height: file.canvasHeight),
      "a frame marked as covering the canvas does not")
  }

  /// The address of `canvas`'s storage (its identity), without copying.
  private static func storage(_ canvas: [UInt8]) -> UnsafeRawPointer? {
    canvas.withUnsafeBytes { $0.baseAddress }
  }
  #endif
}
