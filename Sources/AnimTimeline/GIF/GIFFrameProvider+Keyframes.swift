extension GIFFrameProvider {
  /// Whether frame `index` is drawn on a blank canvas, as the file's
  /// metadata shows: a seek to it decodes no earlier frame. Frame 0 always
  /// is; a later frame is when the frames before it clear everything they
  /// drew (disposal 2 over the whole canvas, restore-previous, or nothing
  /// drawn at all). `false` for an index out of range.
  ///
  /// A frame can also become a keyframe once decoded (opaque and covering
  /// the canvas); this tells only what the metadata guarantees.
  ///
  /// - Complexity: O(1).
  public func isDrawnOnBlankCanvas(_ index: Int) -> Bool {
    renderer.isDrawnOnBlankCanvas(index)
  }

  /// The spacing of the cache's checkpoints: the canvases before frames
  /// 0, *s*, 2*s*, ... are kept in preference, *s* chosen so that they fit
  /// in ``GIFOptions/cacheByteBudget``. Once they are cached, a seek
  /// decodes at most *s* frames (fewer from a frame drawn on a blank
  /// canvas). `Int.max` when the budget holds no canvas.
  public var checkpointSpacing: Int { renderer.layout.checkpointStride }

  /// The checkpoint spacing (``checkpointSpacing``).
  var checkpointStride: Int { renderer.layout.checkpointStride }
}
