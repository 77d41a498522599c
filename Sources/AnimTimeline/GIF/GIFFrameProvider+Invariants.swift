extension GIFFrameProvider {
  /// Checks the invariants of the playback state, the keyframe bookkeeping
  /// and the canvas cache; compiled only with `ANIMTIMELINE_INTERNAL_CHECKS`
  /// (debug builds and tests), like `TimelineCore._checkInvariants()`. It
  /// runs when a provider is opened and after every ``render(_:)``, so
  /// after every frame that ``frame(at:)`` or ``isFrameComplete(_:)``
  /// makes.
  ///
  /// - The cache (``GIFCanvasCache/_checkInvariants(canvasByteCount:)``):
  ///   its byte total is at most the budget and equals the sum of its
  ///   entries; every entry is a canvas; its keys are frames whose canvas
  ///   is not known to be blank, marked as checkpoints exactly at the
  ///   stride, and the checkpoints alone fit the budget.
  /// - The canvases: `shown` and a non-blank `base` are
  ///   `canvasWidth * canvasHeight * 4` bytes, and at most two canvases
  ///   live outside the cache (`base`, `shown` and the cache's spare,
  ///   counted by storage), the bound `Docs/GIFProvider.md` states.
  /// - The keyframes: the shown frame has been decoded; a frame marked as
  ///   covering the canvas was decoded whole, opaque, over the whole
  ///   canvas; a base that is not the true canvas is the blank stand-in
  ///   under such a frame, and a blank base taken as exact lies under a
  ///   frame known to start on a blank canvas.
  ///
  /// - Complexity: O(*e*) for *e* cached canvases, up to
  ///   ``GIFCanvasCache/entriesWalkedByChecks``; O(1) above.
  @inline(__always)
  func _checkInvariants() {
    #if ANIMTIMELINE_INTERNAL_CHECKS
    let count = index.frames.count
    let canvasBytes = canvasByteCount
    precondition(count >= 1, "a provider without frames")
    precondition(
      completeness.count == count && blankBefore.count == count && coversCanvas.count == count,
      "per-frame bookkeeping out of step with the frames")
    precondition(blankBefore[0], "the first frame does not start on a blank canvas")
    precondition(checkpointStride >= 1, "checkpoint stride below 1")
    let capacity = cache.budget / (canvasBytes + GIFCanvasCache.entryOverhead)
    if capacity > 0 {
      precondition((count - 1) / checkpointStride + 1 <= capacity, "the checkpoints alone overflow the budget")
    }
    cache._checkInvariants(canvasByteCount: canvasBytes)

    guard cursor >= 0 else {
      precondition(cursor == -1 && shown.isEmpty, "a canvas shown before any frame was drawn")
      return
    }
    precondition(cursor < count, "the cursor is past the last frame")
    precondition(shown.count == canvasBytes, "the shown canvas is not width*height*4 bytes")
    precondition(baseIsBlank || base.count == canvasBytes, "the base canvas is not width*height*4 bytes")
    precondition(completeness[cursor] != .unknown, "the shown frame's completeness is unknown")
    precondition(
      baseIsExact || (baseIsBlank && coversCanvas[cursor]),
      "an inexact base under a frame that does not cover the canvas")
    precondition(
      !(baseIsBlank && baseIsExact) || blankBefore[cursor],
      "a blank base taken as exact under a frame not known to start blank")
    if coversCanvas[cursor] { checkCovers(cursor) }

    guard cache.entries.count <= GIFCanvasCache.entriesWalkedByChecks else { return }
    var cached = Set<UnsafeRawPointer>(minimumCapacity: cache.entries.count)
    for (key, entry) in cache.entries {
      precondition(key >= 1 && key < count, "a cached canvas for no frame after the first")
      precondition(!blankBefore[key], "a cached canvas for a frame known to start blank")
      precondition(entry.isCheckpoint == (key % checkpointStride == 0), "a checkpoint flag off the stride")
      if coversCanvas[key] { checkCovers(key) }
      if let storage = Self.storage(entry.pixels) { cached.insert(storage) }
    }
    // Outside the cache: `base` and `shown`, or, while the spare waits for
    // the next frame, `shown` and the spare (`base` is then cached).
    var outside = Set<UnsafeRawPointer>()
    for canvas in [base, shown] where canvas.count == canvasBytes {
      if let storage = Self.storage(canvas), !cached.contains(storage) { outside.insert(storage) }
    }
    if let spare = cache._spareStorage, !cached.contains(spare) { outside.insert(spare) }
    precondition(outside.count <= 2, "more than two canvases held outside the cache")
    #endif
  }

  #if ANIMTIMELINE_INTERNAL_CHECKS
  /// Checks that frame `position`, marked as covering the canvas, is one.
  private func checkCovers(_ position: Int) {
    let frame = index.frames[position]
    precondition(
      completeness[position] == .complete && frame.transparentIndex == nil && !Self.drawsNothing(frame)
        && Self.covers(frame, index),
      "a frame marked as covering the canvas does not")
  }

  /// The address of `canvas`'s storage (its identity), without copying.
  private static func storage(_ canvas: [UInt8]) -> UnsafeRawPointer? {
    canvas.withUnsafeBytes { $0.baseAddress }
  }
  #endif
}
