extension GIFFrameProvider {
  /// The composited canvas of frame `index`.
  ///
  /// Any order is fine; the pixels equal those of decoding `0...index` in
  /// sequence. The next frame after the last one asked for costs one frame
  /// decode; a seek replays from the nearest cached canvas or keyframe at or
  /// before `index`.
  ///
  /// - Throws: ``FrameProviderError/indexOutOfRange(index:count:)``.
  /// - Complexity: O(*r* × *c*) for *r* frames replayed and a canvas of *c*
  ///   pixels; *r* is 1 for sequential playback.
  public func frame(at index: Int) throws(FrameProviderError) -> RGBAImage {
    guard self.index.frames.indices.contains(index) else {
      throw .indexOutOfRange(index: index, count: self.index.frames.count)
    }
    // Interim (until the shared cache lands): decode on a copy.
    var state = self
    state.render(index)
    return RGBAImage(width: canvasWidth, height: canvasHeight, pixels: state.shown)
  }

  /// Whether all `width * height` pixels of frame `index` were decoded,
  /// decoding it first when that is not yet known.
  ///
  /// - Throws: ``FrameProviderError/indexOutOfRange(index:count:)``.
  /// - Complexity: O(1) when known; otherwise as ``frame(at:)``.
  public mutating func isFrameComplete(_ index: Int) throws(FrameProviderError) -> Bool {
    guard self.index.frames.indices.contains(index) else {
      throw .indexOutOfRange(index: index, count: self.index.frames.count)
    }
    if completeness[index] == .unknown { render(index) }
    return completeness[index] == .complete
  }

  /// Whether frame `index` is a keyframe now: its canvas can be made
  /// without drawing an earlier frame.
  func isKeyframe(_ index: Int) -> Bool {
    blankBefore[index] || coversCanvas[index]
  }

  /// Makes `cursor == target`, with `shown` its composited canvas; then
  /// checks the invariants (debug builds).
  mutating func render(_ target: Int) {
    defer { _checkInvariants() }
    if cursor == target, shown.count == canvasByteCount { return }
    // Find the nearest start at or before `target`.
    var start = target
    var fromCursor = false
    while true {
      if start == cursor, cursor < target, shown.count == canvasByteCount,
        baseIsExact || !Self.restoresPrevious(index.frames[start])
      {
        fromCursor = true
        break
      }
      if cache.contains(start) || blankBefore[start] { break }
      if coversCanvas[start], start == target || !Self.restoresPrevious(index.frames[start]) { break }
      if start == 0 { break }
      start -= 1
    }
    if !fromCursor {
      if let cached = cache.canvas(for: start) {
        base = cached
        baseIsBlank = false
        baseIsExact = true
      } else {
        // Blank: exact when `blankBefore`, a stand-in for a covering frame.
        // `base` keeps its storage for later; `drawCursor` blanks `shown`.
        baseIsBlank = true
        baseIsExact = blankBefore[start]
      }
      cursor = start
      drawCursor()
    }
    // One step of sequential playback, or a replay toward a seek target.
    let isReplay = !fromCursor || target - cursor > 1
    while cursor < target {
      advance(isReplay: isReplay)
    }
  }

  /// Draws frame `cursor` on `base` into `shown`.
  private mutating func drawCursor() {
    let frame = index.frames[cursor]
    let base = baseIsBlank ? nil : self.base
    let byteCount = canvasByteCount
    var canvas = shown
    shown = []  // `canvas` holds the only reference, so writes need no copy
    let complete = bytes.withUnsafeBufferPointer { buffer in
      compositor.draw(frame, index: index, bytes: buffer, canvas: &canvas) { canvas, overwritten in
        // bench decode (harvesters.gif, noise 500x500): a frame that turns
        // out to cover the canvas opaquely skips copying the canvas below.
        if overwritten {
          if canvas.count != byteCount { canvas = [UInt8](repeating: 0, count: byteCount) }
        } else if let base {
          Self.copy(base, into: &canvas)
        } else {
          Self.resetToBlank(&canvas, byteCount: byteCount)
        }
      }
    }
    shown = canvas
    frameDecodes += 1
    completeness[cursor] = complete ? .complete : .incomplete
    if complete, frame.transparentIndex == nil, !Self.drawsNothing(frame), Self.covers(frame, index) {
      coversCanvas[cursor] = true
    }
  }

  /// Applies frame `cursor`'s disposal and draws the next frame.
  ///
  /// The canvas before the next frame goes to the cache. In sequential
  /// playback (not `isReplay`) a canvas that is not a checkpoint is kept
  /// only while the cache has room: trading one for another on every frame
  /// buys nothing a seek needs, and costs a fresh canvas per frame.
  // bench decode (gifplayer-muybridge.gif): with the cache full, allocating
  // a canvas and freeing one per frame cost more in page faults than
  // decoding the frame.
  private mutating func advance(isReplay: Bool) {
    let frame = index.frames[cursor]
    let disposal = frame.disposalMethod
    switch disposal {
    case .restorePrevious:
      break  // `base` stays: the canvas before `cursor` is the one before `cursor + 1`.
    case .clearRectangle:
      Self.copy(shown, into: &base)
      baseIsBlank = false
      GIFCompositor.clear(frame, canvasWidth: canvasWidth, canvasHeight: canvasHeight, canvas: &base)
      baseIsExact = true
    case .keep:
      // The canvas after `cursor` is the one before `cursor + 1`: take it
      // as it is, and let `drawCursor` reuse the old base's storage.
      // bench decode (gifplayer-muybridge.gif): one canvas copy a frame
      // instead of two.
      swap(&base, &shown)
      baseIsBlank = false
      baseIsExact = true
    }
    // Whether `shown`'s storage (the old base) is also in the cache.
    let shownIsCached = disposal == .keep && cache.contains(cursor)
    cursor += 1
    #if ANIMTIMELINE_INTERNAL_CHECKS
    precondition(baseIsExact || blankBefore[cursor], "advanced from an inexact canvas")
    #endif
    if baseIsExact, !baseIsBlank, !blankBefore[cursor] {
      cache.insert(base, for: cursor, isCheckpoint: cursor % checkpointStride == 0, mayEvict: isReplay)
    }
    // Draw into a canvas the cache evicted rather than have the cached one
    // copied into a new allocation (freeing one canvas and allocating
    // another costs page faults). The spare may wait one frame, but only
    // while `base` is in the cache, so at most two canvases live outside
    // it. bench decode (gifplayer-muybridge.gif), first play: minor faults
    // 26.8k -> 17.9k, 155 -> 102 us a frame.
    if shownIsCached, let spare = cache.takeSpare(), spare.count == shown.count {
      shown = spare
    } else if !cache.contains(cursor) {
      _ = cache.takeSpare()
    }
    drawCursor()
  }

  static func restoresPrevious(_ frame: GIFFrameInfo) -> Bool {
    frame.disposalMethod == .restorePrevious
  }

  var canvasByteCount: Int { canvasWidth * canvasHeight * 4 }

  /// Makes `canvas` `byteCount` transparent black bytes, reusing its
  /// storage.
  ///
  /// Writing in place makes the storage unique first: free when nobody
  /// else holds it (the caller dropped the frame, the cache evicted it),
  /// one extra copy when somebody does.
  // bench decode (gifplayer-muybridge.gif): reusing the storage instead of
  // taking a fresh canvas for every frame handed out avoids a new
  // allocation, and its page faults, per frame.
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
      destination = source
      // Make it unique now, so the next write does not copy again.
      destination.withUnsafeMutableBufferPointer { _ in }
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
