/// The WebP format's part of the animation engine: decodes a frame's image
/// (``WebPFrameDecoder``) into a buffer of the largest frame's size, then
/// writes it onto the canvas with WebP's blend
/// (``AnimationCanvas/compositeWebP(_:at:blends:keeping:width:height:canvas:)``):
/// a key frame never blends, and the pixels inside the rectangle the
/// previous frame cleared are not blended.
struct WebPFrameDrawer: AnimationFrameChecker {
  /// The file and what opening read from it.
  let file: AnimationFile<WebPIndex>
  /// The decoder and its scratch, reused from frame to frame.
  var decoder = WebPFrameDecoder()
  /// The decoded frame, sized once to the largest frame.
  var pixels: [UInt8] = []
  /// Why the last frame that did not decode failed (opening reports it).
  var lastFailure: WebPImageError?

  /// Draws frame `position` (see ``AnimationFrameDrawer``). A frame whose
  /// image does not decode draws nothing and is incomplete; opening draws
  /// every frame once and keeps only those before the first such frame.
  ///
  /// - Complexity: O(*d* + *p*) for *d* data bytes and *p* pixels of the
  ///   frame.
  mutating func draw(
    _ position: Int, canvas: inout [UInt8], prepare: (inout [UInt8], _ overwritten: Bool) -> Void
  ) -> Bool {
    let frame = file.index.frames[position]
    // A frame that covers the canvas and is not blended (a key frame, or
    // one that does not blend) is its own canvas: decoded straight into it.
    // bench decode --reopen (libwebp__lossy_alpha1.webp, gallery1_1.webp):
    // no frame buffer to fill, fault in and copy.
    if frame.rectangle.covers(width: file.index.canvas.width, height: file.index.canvas.height),
      file.index.keyFrames[position] || !frame.blends
    {
      prepare(&canvas, true)
      return decode(frame, into: &canvas)
    }
    let byteCount = frame.width * frame.height * 4
    if pixels.count < byteCount {
      pixels = [UInt8](zeroed: byteCount)  // grows to the largest frame, once
    }
    // Out of `self` while `decode` (a mutating method) writes it.
    var buffer = pixels
    pixels = []
    let decoded = decode(frame, into: &buffer)
    pixels = buffer
    prepare(&canvas, decoded && overwritesCanvas(position))
    guard decoded else { return false }
    let previous = position > 0 ? file.index.frames[position - 1] : nil
    let keeping = previous.flatMap { $0.disposesToBackground ? $0.rectangle : nil }
    pixels.withUnsafeBufferPointer { source in
      AnimationCanvas.compositeWebP(
        UnsafeBufferPointer(rebasing: source[0..<byteCount]), at: frame.rectangle,
        blends: frame.blends && !file.index.keyFrames[position], keeping: keeping, width: file.index.canvas.width,
        height: file.index.canvas.height, canvas: &canvas)
    }
    return true
  }

  /// Whether frame `position`'s image decodes (see
  /// ``AnimationFrameChecker``): its bitstreams read without producing
  /// pixels, as ``WebPFrameDecoder/decode(_:bytes:into:)`` does with no output; else
  /// `lastFailure` says why.
  ///
  /// - Complexity: O(*d* + *p*) for *d* data bytes and *p* pixels of the
  ///   frame, cheaper than drawing it.
  mutating func check(_ position: Int) -> Bool {
    run(file.index.frames[position], into: nil)
  }

  /// Decodes `frame`'s image into the start of `target` (which holds its
  /// pixels); whether it decoded (else `lastFailure` says why).
  private mutating func decode(_ frame: WebPFrameInfo, into target: inout [UInt8]) -> Bool {
    target.withUnsafeMutableBufferPointer { target in run(frame, into: target) }
  }

  /// ``WebPFrameDecoder/decode(_:bytes:into:)`` on the file: decodes
  /// `frame` into `target`, or checks it without one; whether it decoded
  /// (else `lastFailure` says why).
  private mutating func run(_ frame: WebPFrameInfo, into target: UnsafeMutableBufferPointer<UInt8>?) -> Bool {
    var decoded = true
    file.bytes.withUnsafeBytes { bytes in
      do throws(WebPImageError) {
        try decoder.decode(frame, bytes: bytes, into: target)
      } catch {
        decoded = false
        lastFailure = error
      }
    }
    return decoded
  }

  /// Whether frame `position` replaces every pixel: it covers the canvas
  /// and has no alpha or does not blend.
  func overwritesCanvas(_ position: Int) -> Bool {
    let frame = file.index.frames[position]
    return (!frame.hasAlpha || !frame.blends)
      && frame.rectangle.covers(width: file.index.canvas.width, height: file.index.canvas.height)
  }

  /// This file's drawer with no scratch yet (see ``AnimationFrameDrawer/spare``).
  var spare: WebPFrameDrawer { WebPFrameDrawer(file: file) }
}
