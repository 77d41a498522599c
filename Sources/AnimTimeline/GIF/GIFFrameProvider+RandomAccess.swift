extension GIFFrameProvider {
  /// The composited canvas of frame `index`.
  ///
  /// Any order is fine; the pixels equal those of decoding `0...index` in
  /// sequence. The next frame after the last one drawn costs one frame
  /// decode; a seek replays from the nearest cached canvas or keyframe at or
  /// before `index`. Safe to call from any thread: the copies of a provider
  /// draw one request at a time.
  ///
  /// The image shares its pixels with the provider's working canvas until
  /// either changes (copy-on-write): while the caller keeps it, the next
  /// frame the provider draws first copies the whole canvas. To look at a
  /// frame without that copy, use ``withFrame(at:_:)``.
  ///
  /// - Throws: ``GIFError/frameIndexOutOfRange(index:count:)``.
  /// - Complexity: O(*r* × *a*) for *r* frames drawn and *a* pixels of
  ///   their rectangles (*r* is 1 for sequential playback), plus O(*c*)
  ///   for a canvas of *c* pixels when a seek starts from a cached or blank
  ///   canvas or a canvas is cached.
  public func frame(at index: Int) throws(GIFError) -> RGBAImage {
    guard self.index.frames.indices.contains(index) else {
      throw .frameIndexOutOfRange(index: index, count: self.index.frames.count)
    }
    return renderer.frame(at: index)
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
  ) throws(LentFrameError<GIFError, BodyFailure>) -> Result {
    try withFrame(at: index, lending: renderer.lend, body)
  }

  /// Whether all `width * height` pixels of frame `index` were decoded,
  /// decoding it first when that is not yet known.
  ///
  /// - Throws: ``GIFError/frameIndexOutOfRange(index:count:)``.
  /// - Complexity: O(1) when known; otherwise as ``frame(at:)``.
  public func isFrameComplete(_ index: Int) throws(GIFError) -> Bool {
    guard self.index.frames.indices.contains(index) else {
      throw .frameIndexOutOfRange(index: index, count: self.index.frames.count)
    }
    return renderer.isFrameComplete(index)
  }

  /// Whether frame `index` is a keyframe now: its canvas can be made
  /// without drawing an earlier frame.
  func isKeyframe(_ index: Int) -> Bool {
    renderer.isKeyframe(index)
  }

  /// Checks the engine's invariants (debug builds and tests).
  func _checkInvariants() { renderer._checkInvariants() }
}
