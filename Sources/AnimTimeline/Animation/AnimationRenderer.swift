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
  /// the frame completeness the format knows without decoding, and a
  /// cache of `cacheByteBudget` bytes.
  init(layout: AnimationLayout, drawer: Drawer, completeness: [AnimationFrameCompleteness], cacheByteBudget: Int) {
    self.layout = layout
    state = Locked(
      AnimationDecodingState(drawer: drawer, layout: layout, completeness: completeness, cacheByteBudget: cacheByteBudget))
    _checkInvariants()
  }

  /// The pixels of frame `index` (in range: the façade checks), of the
  /// layout's frame size.
  ///
  /// - Complexity: see ``AnimationDecodingState/render(_:in:)``.
  func frame(at index: Int) -> RGBAImage {
    state.withLock { state in
      RGBAImage(width: layout.frameSize.width, height: layout.frameSize.height, pixels: state.output(index, in: layout))
    }
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
    layout.blankBefore.indices.contains(index) && layout.blankBefore[index]
  }

  /// Whether frame `index` (in range) decodes whole, decoding it first when
  /// that is not yet known.
  func isFrameComplete(_ index: Int) -> Bool {
    state.withLock { state in
      if state.completeness[index] == .unknown { state.render(index, in: layout) }
      return state.completeness[index] == .complete
    }
  }

  /// Draws every frame once, in order, as a first play does, keeping each
  /// composited frame when the layout keeps frames (so that playing them
  /// again decodes nothing); returns the first frame that does not decode
  /// whole, or `nil` when every frame does. Drawing stops there.
  ///
  /// A format whose opening must decode every frame anyway (WebP: the
  /// frames from the first that does not decode are dropped) makes that
  /// decoding the first play.
  ///
  /// - Complexity: O(*f*) frame draws for *f* frames, and a canvas copy
  ///   for each frame kept.
  func playThrough() -> Int? {
    state.withLock { $0.playThrough(in: layout) }
  }

  /// The opening of a format that must know whether every frame decodes
  /// (see `AnimationDecodingState.openingPass(in:)`): the frames drawn and
  /// kept when they fit the cache, else only checked. Returns the first
  /// frame that does not decode whole, or `nil`.
  ///
  /// - Complexity: O(*f*) frame checks or draws for *f* frames.
  func openingPass() -> Int? where Drawer: AnimationFrameChecker {
    state.withLock { $0.openingPass(in: layout) }
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
      let cache = state.smallFrames?.cache ?? state.cache
      return AnimationCacheStatistics(
        frameDecodes: state.frameDecodes, cachedBytes: cache.bytes, peakCachedBytes: cache.peakBytes,
        evictions: cache.evictions, cachedCanvases: cache.entries.count)
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
