/// A provider of an animated image's composited frames, whatever its
/// format (``GIFFrameProvider``, ``APNGFrameProvider``, ``WebPFrameProvider``): the engine's
/// public face.
///
/// Every such provider opens a file without decoding pixels, hands out
/// full RGBA canvases (or thumbnails, with a `maxPixelSize`) in any order
/// with the pixels of sequential drawing, shares one cache under one byte
/// budget among all its copies and threads, and lends frames without a
/// copy. ``AnimatedImage/open(bytes:gifOptions:apngOptions:webpOptions:)`` picks the provider by the file's
/// content.
public protocol AnimatedImageProvider: FrameProvider, Sendable where Frame == RGBAImage {
  /// The canvas size in pixels.
  var canvasSize: ImageSize { get }
  /// The size of the frames handed out: the canvas, or its thumbnail size.
  var frameSize: ImageSize { get }
  /// Whether the file ended before its end marker (the frames read stand).
  var isTruncated: Bool { get }
  /// Where each frame is drawn on the canvas, as the file stores it.
  var frameRectangles: [PixelRect] { get }
  /// Decoding and caching counters, shared by every copy of the provider.
  var statistics: AnimationCacheStatistics { get }
  /// The byte budget of the provider's cache.
  var cacheByteBudget: Int { get }
  /// The spacing of the cache's checkpoints: once they are cached, a seek
  /// decodes at most this many frames; `Int.max` when the budget holds no
  /// canvas.
  var checkpointSpacing: Int { get }

  /// Whether frame `index` is drawn on a blank canvas, as the file's
  /// metadata shows (a seek to it decodes no earlier frame); `false` for an
  /// index out of range.
  func isDrawnOnBlankCanvas(_ index: Int) -> Bool

  /// Whether all the pixels of frame `index` were decoded.
  ///
  /// - Throws: a `Failure` for an index out of range.
  func isFrameComplete(_ index: Int) throws(Failure) -> Bool

  /// Calls `body` with frame `index`, lent without a copy.
  ///
  /// - Throws: ``LentFrameError/provider(_:)`` for an index out of range,
  ///   ``LentFrameError/body(_:)`` with what `body` threw.
  func withFrame<Result, BodyFailure: Error>(
    at index: Int, _ body: (borrowing RGBAImage) throws(BodyFailure) -> Result
  ) throws(LentFrameError<Failure, BodyFailure>) -> Result
}

extension AnimatedImageProvider {
  /// Calls `body` with the composited canvas of frame `index`, without
  /// copying it, and returns what `body` returns.
  ///
  /// The pixels are those of ``FrameProvider/frame(at:)``. The image is the provider's
  /// working canvas itself, lent for the duration of `body`: drawing the
  /// next frame in sequence then changes only that frame's rectangle and
  /// what disposal touches, and no canvas is copied. (A provider over the
  /// engine also lends a seek's frame without a copy: it draws it on the
  /// cached canvas the seek starts from and puts that canvas back after
  /// `body`.) `body` runs without the
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
  /// - Throws: ``LentFrameError/provider(_:)`` with what ``FrameProvider/frame(at:)``
  ///   throws, an index out of range (`body` is not called), or
  ///   ``LentFrameError/body(_:)`` with what `body` threw.
  /// - Complexity: as ``FrameProvider/frame(at:)``, plus `body`.
  public func withFrame<Result, BodyFailure: Error>(
    at index: Int, _ body: (borrowing RGBAImage) throws(BodyFailure) -> Result
  ) throws(LentFrameError<Failure, BodyFailure>) -> Result {
    try withCopiedFrame(at: index, body)
  }

  /// `body` called with ``FrameProvider/frame(at:)``'s image, its errors
  /// told apart as ``withFrame(at:_:)`` tells them.
  func withCopiedFrame<Result, BodyFailure: Error>(
    at index: Int, _ body: (borrowing RGBAImage) throws(BodyFailure) -> Result
  ) throws(LentFrameError<Failure, BodyFailure>) -> Result {
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
}

extension AnimatedImageProvider {
  /// ``withFrame(at:_:)`` for a provider over the engine: the frame is
  /// lent by `lending` (``AnimationRenderer/lend(_:to:)``, which a façade
  /// passes with its renderer's concrete type, so that it runs
  /// specialized; a seek from a cached canvas draws on it in place instead
  /// of copying it); an index out of range fails as
  /// ``FrameProvider/frame(at:)`` does.
  func withFrame<Result, BodyFailure: Error>(
    at index: Int, lending: (Int, (borrowing RGBAImage) -> Void) -> Void,
    _ body: (borrowing RGBAImage) throws(BodyFailure) -> Result
  ) throws(LentFrameError<Failure, BodyFailure>) -> Result {
    guard index >= 0, index < frameCount else { return try withCopiedFrame(at: index, body) }
    var outcome: Swift.Result<Result, BodyFailure>?
    // `lending` calls its closure before it returns; `body` does not
    // escape.
    withoutActuallyEscaping(body) { body in
      lending(index) { image in
        do throws(BodyFailure) {
          outcome = .success(try body(image))
        } catch {
          outcome = .failure(error)
        }
      }
    }
    switch outcome {
    case let .success(value)?: return value
    case let .failure(error)?: throw .body(error)
    case nil: return try withCopiedFrame(at: index, body)  // not reached: `lending` always calls
    }
  }
}

extension GIFFrameProvider: AnimatedImageProvider {
  /// The canvas size: the logical screen's, grown to the first frame.
  public var canvasSize: ImageSize { ImageSize(width: canvasWidth, height: canvasHeight) }

  /// Each frame's rectangle on the logical screen (it may reach past the
  /// canvas).
  public var frameRectangles: [PixelRect] { index.frames.map(\.rectangle) }

  /// The byte budget of the provider's cache (``GIFOptions/cacheByteBudget``).
  public var cacheByteBudget: Int { options.cacheByteBudget }
}

extension APNGFrameProvider {
  /// The byte budget of the provider's cache (``APNGOptions/cacheByteBudget``).
  public var cacheByteBudget: Int { options.cacheByteBudget }

  /// The spacing of the cache's checkpoints (see
  /// ``GIFFrameProvider/checkpointSpacing``).
  public var checkpointSpacing: Int { renderer.layout.checkpointStride }

  /// Whether frame `index` is drawn on a blank canvas, as the file's
  /// metadata shows; `false` for an index out of range.
  ///
  /// - Complexity: O(1).
  public func isDrawnOnBlankCanvas(_ index: Int) -> Bool {
    renderer.isDrawnOnBlankCanvas(index)
  }
}
