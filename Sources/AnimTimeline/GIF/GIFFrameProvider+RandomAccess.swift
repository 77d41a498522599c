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

  /// Calls `body` with the composited canvas of frame `index`, without
  /// copying it, and returns what `body` returns.
  ///
  /// The pixels are those of ``frame(at:)``. The image is the provider's
  /// working canvas itself, lent for the duration of `body`: drawing the
  /// next frame in sequence then changes only that frame's rectangle and
  /// what disposal touches, and no canvas is copied. `body` runs without the
  /// provider's lock, so it may call this provider again, and other threads
  /// may draw meanwhile; a frame drawn while the image is lent goes to a
  /// fresh copy of the canvas (copy-on-write), so the lent image never
  /// changes under `body`. Copying the image out of `body` keeps it valid,
  /// at the price of that copy.
  ///
  /// `body` may throw an error of any type (`BodyFailure`, `Never` when it
  /// cannot fail); the error says which side failed, and keeps the type of
  /// each.
  ///
  /// - Throws: ``LentFrameError/provider(_:)`` with
  ///   ``GIFError/frameIndexOutOfRange(index:count:)`` (`body` is not
  ///   called), or ``LentFrameError/body(_:)`` with what `body` threw.
  /// - Complexity: as ``frame(at:)``, plus `body`.
  public func withFrame<Result, BodyFailure: Error>(
    at index: Int, _ body: (borrowing RGBAImage) throws(BodyFailure) -> Result
  ) throws(GIFLentFrameError<BodyFailure>) -> Result {
    let image: RGBAImage
    do {
      image = try frame(at: index)
    } catch {
      throw .provider(error)
    }
    do {
      return try body(image)
    } catch {
      throw .body(error)
    }
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
