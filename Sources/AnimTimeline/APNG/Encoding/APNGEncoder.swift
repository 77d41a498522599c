/// Writes an ``AnimationSequence`` as an animated PNG (APNG, PNG Third
/// Edition) that ``APNGFrameProvider`` decodes to exactly the sequence's
/// canvases, every RGBA byte.
///
/// - **One frame**: a still PNG, the bytes of ``RGBAImage/pngData()``
///   (no `acTL`: the duration and loop count are not kept).
/// - **Frames**: consecutive equal canvases are merged (their durations
///   added); the default image (`IDAT`) is frame 0, the whole canvas.
///   Every frame after it holds only the rectangle where it differs from
///   the canvas the decoder holds once the frame before was disposed of;
///   with ``APNGEncodingOptions/choosesDisposalAndBlend`` the dispose op of
///   the frame before (`NONE`, `BACKGROUND`, `PREVIOUS`) and the frame's
///   blend op (`SOURCE`, or `OVER` with the pixels that stay the same made
///   fully transparent) are the pair whose compressed frame is smallest.
/// - **Colours**: one layout for all frames, as `APNGColorLayout` says
///   (indexed when all the canvases use at most 256 RGBA colours and it
///   pays, else RGB when all are opaque, else RGBA).
/// - **Delays**: exact `num/den` seconds when the duration is such a
///   fraction with both terms in 16 bits (it then decodes to the same
///   nanoseconds with the `raw` delay policy); else fractions that keep
///   each frame's end as close as possible to the exact one (see
///   `APNGDelay`). A frame longer than 65,535 s, the longest delay, is
///   split into equal frames of at most that (each after the first a 1 × 1
///   `SOURCE` frame that redraws a pixel as it is). Note that the default
///   `browser` delay policy plays 10 ms or less as 100 ms.
/// - **Loops**: `num_plays` 0 for ``LoopCount/infinite``, else the plays.
public enum APNGEncoder {
  /// The APNG file of `animation` (a still PNG for one frame).
  ///
  /// - Throws: ``AnimationEncodingError/canvasTooLarge(width:height:)``
  ///   for a side above 2^31 - 1, then
  ///   ``AnimationEncodingError/loopCountTooLarge(plays:)`` for more than
  ///   2^31 - 1 plays.
  /// - Complexity: O(*f* · *p*) for *f* frames of *p* pixels: with
  ///   ``APNGEncodingOptions/choosesDisposalAndBlend`` up to six
  ///   compressions of each frame's rectangle (fewer when dispose ops give
  ///   the same canvas or `OVER` cannot help), else one.
  public static func encode(
    _ animation: AnimationSequence, options: APNGEncodingOptions = APNGEncodingOptions()
  ) throws(AnimationEncodingError) -> [UInt8] {
    let size = animation.size
    guard size.width <= PNGEncoder.maxChunkLength && size.height <= PNGEncoder.maxChunkLength else {
      throw .canvasTooLarge(width: size.width, height: size.height)
    }
    let plays = animation.loops.plays ?? 0
    guard plays <= Int64(PNGEncoder.maxChunkLength) else { throw .loopCountTooLarge(plays: plays) }
    let canvases = animation.canvases
    if canvases.count == 1 {
      do throws(ImageError) {
        return try PNGEncoder.encode(canvases.first)
      } catch {
        throw .invalidImage(frame: 0, error)
      }
    }

    let shown = shownFrames(canvases, durations: animation.durations)
    let layout = APNGColorLayout(canvases: canvases, wantsTransparent: true)
    let written = writtenFrames(shown, canvases: canvases, layout: layout, options: options)
    let delays = APNGDelay.fractions(for: shown.map(\.duration))

    var out = PNGEncoder.header(width: size.width, height: size.height, bitDepth: layout.bitDepth, colorType: layout.colorType)
    var control: [UInt8] = []
    PNGEncoder.appendBigEndian(UInt32(truncatingIfNeeded: written.count), to: &control)
    PNGEncoder.appendBigEndian(UInt32(truncatingIfNeeded: plays), to: &control)
    PNGEncoder.appendChunk("acTL", control, to: &out)
    for (type, data) in layout.chunks { PNGEncoder.appendChunk(type, data, to: &out) }
    var sequence: UInt32 = 0
    for (index, frame) in written.enumerated() {
      var data: [UInt8] = []
      for value in [frame.rectangle.width, frame.rectangle.height, frame.rectangle.x, frame.rectangle.y] {
        PNGEncoder.appendBigEndian(UInt32(truncatingIfNeeded: value), to: &data)
      }
      let delay = delays[index]
      data += [
        UInt8(delay.numerator >> 8), UInt8(delay.numerator & 0xFF), UInt8(delay.denominator >> 8),
        UInt8(delay.denominator & 0xFF), frame.dispose, frame.blend,
      ]
      PNGEncoder.appendChunk("fcTL", data, sequence: sequence, to: &out)
      sequence &+= 1
      var next: UInt32? = index == 0 ? nil : sequence  // frame 0 is the IDAT
      PNGEncoder.appendImageData(frame.stream, sequence: &next, to: &out)
      sequence = next ?? sequence
    }
    PNGEncoder.appendChunk("IEND", [], to: &out)
    return out
  }

  /// A frame of the file: a canvas of the sequence shown for a duration.
  struct Shown {
    /// The index of the sequence's frame whose canvas shows.
    var frame: Int
    /// How long, in nanoseconds (at most ``APNGDelay/maxDuration``).
    var duration: Int64
    /// Whether this is a piece of a frame too long for one delay, after
    /// the first: the canvas stays as it is.
    var repeatsPrevious: Bool
  }

  /// The frames to write: consecutive equal canvases merged (durations
  /// added, saturating), then frames longer than ``APNGDelay/maxDuration``
  /// split into the fewest pieces of at most that, as equal as they can be.
  ///
  /// - Complexity: O(*f*) in the frames (the chain knows which are equal).
  static func shownFrames(_ canvases: CanvasChain, durations: [Int64]) -> [Shown] {
    var merged: [Shown] = []
    for (index, duration) in durations.enumerated() {
      if index > 0, canvases.steps[index - 1].rectangle == nil, let last = merged.last {
        let (sum, overflow) = last.duration.addingReportingOverflow(duration)
        merged[merged.count - 1].duration = overflow ? .max : sum
      } else {
        merged.append(Shown(frame: index, duration: duration, repeatsPrevious: false))
      }
    }
    var shown: [Shown] = []
    for entry in merged {
      let pieces = entry.duration / APNGDelay.maxDuration + (entry.duration % APNGDelay.maxDuration == 0 ? 0 : 1)
      guard pieces > 1 else {
        shown.append(entry)
        continue
      }
      let (quotient, remainder) = entry.duration.quotientAndRemainder(dividingBy: pieces)
      for piece in 0..<pieces {
        shown.append(
          Shown(frame: entry.frame, duration: quotient + (piece < remainder ? 1 : 0), repeatsPrevious: piece > 0))
      }
    }
    return shown
  }

  /// A frame as written: its rectangle, its dispose op (chosen with the
  /// next frame), its blend op and its zlib stream.
  struct Written {
    /// The frame's rectangle on the canvas.
    var rectangle: PixelRect
    /// The dispose op: 0 `NONE`, 1 `BACKGROUND`, 2 `PREVIOUS` (never for
    /// frame 0).
    var dispose: UInt8
    /// The blend op: 0 `SOURCE`, 1 `OVER`.
    var blend: UInt8
    /// The rectangle's pixels as a zlib stream in the file's layout.
    var stream: [UInt8]
  }

  /// Every frame's rectangle, ops and data, so that drawing them in order
  /// gives the canvases `shown` shows: frame 0 the whole canvas; frame *k*
  /// the rectangle where canvas *k* differs from the canvas after frame
  /// *k* − 1's dispose op, the op and frame *k*'s blend op chosen by the
  /// smallest stream (``candidates(target:disposed:layout:options:)``).
  ///
  /// - Complexity: O(*f* · *p*) compressions' worth, up to six a frame.
  static func writtenFrames(
    _ shown: [Shown], canvases: CanvasChain, layout: APNGColorLayout, options: APNGEncodingOptions
  ) -> [Written] {
    let first = canvases.first
    var written = [Written(rectangle: canvases.bounds, dispose: 0, blend: 0, stream: layout.stream(first.pixels, width: first.width, height: first.height))]
    // The canvas just before the last frame written was drawn.
    var before = RGBAImage(width: first.width, height: first.height, pixels: [UInt8](repeating: 0, count: first.pixels.count))
    // The canvases in order: `shown` lists them in order, some more than
    // once, some (equal to the one before) not at all.
    var walk = canvases.makeIterator()
    var position = 0
    var target = walk.next()?.canvas ?? first
    for index in 1..<shown.count {
      let previous = target
      while position < shown[index].frame, let element = walk.next() {
        target = element.canvas
        position += 1
      }
      if shown[index].repeatsPrevious {
        let corner = PixelRect(x: 0, y: 0, width: 1, height: 1)
        let pixels = target.cropped(to: corner)
        written.append(Written(rectangle: corner, dispose: 0, blend: 0, stream: layout.stream(pixels, width: 1, height: 1)))
        before = previous
        continue
      }
      // The canvases each dispose op of the previous frame leaves.
      var disposed: [(op: UInt8, canvas: RGBAImage)] = [(0, previous)]
      if options.choosesDisposalAndBlend {
        var cleared = previous
        clear(&cleared, written[index - 1].rectangle)
        if cleared != previous { disposed.append((1, cleared)) }
        // Frame 0's PREVIOUS disposes as BACKGROUND. PREVIOUS after an
        // OVER frame is skipped: Pillow (13.0) restores it to the canvas
        // with that frame drawn (it blends into the saved canvas itself).
        if index > 1 && written[index - 1].blend == 0 && !disposed.contains(where: { $0.canvas == before }) {
          disposed.append((2, before))
        }
      }
      var best: (op: UInt8, frame: Written, canvas: RGBAImage)? = nil
      for (op, canvas) in disposed {
        for frame in candidates(target: target, disposed: canvas, layout: layout, options: options)
        where best.map({ frame.stream.count < $0.frame.stream.count }) ?? true {
          best = (op, frame, canvas)
        }
      }
      // `disposed` is never empty: a best exists.
      guard let best else { continue }
      written[index - 1].dispose = best.op
      written.append(best.frame)
      before = best.canvas
    }
    return written
  }

  /// Frame candidates that turn `disposed` into `target`: the rectangle
  /// where they differ (a 1 × 1 corner when they are equal) with `SOURCE`,
  /// and with `OVER` when the options allow it and it differs: pixels equal
  /// on both made the layout's transparent pixel, valid only when every
  /// other pixel is opaque or lands on a fully transparent canvas pixel
  /// (and is not itself fully transparent).
  ///
  /// - Complexity: one or two streams of the rectangle.
  static func candidates(
    target: RGBAImage, disposed: RGBAImage, layout: APNGColorLayout, options: APNGEncodingOptions
  ) -> [Written] {
    let rectangle = target.differingRectangle(from: disposed) ?? PixelRect(x: 0, y: 0, width: 1, height: 1)
    let source = target.cropped(to: rectangle)
    var result = [
      Written(
        rectangle: rectangle, dispose: 0, blend: 0,
        stream: layout.stream(source, width: rectangle.width, height: rectangle.height))
    ]
    if options.choosesDisposalAndBlend, let transparent = layout.transparentPixel,
      let over = overPixels(source, disposed: disposed, rectangle: rectangle, transparent: transparent)
    {
      result.append(
        Written(
          rectangle: rectangle, dispose: 0, blend: 1,
          stream: layout.stream(over, width: rectangle.width, height: rectangle.height)))
    }
    return result
  }

  /// Makes `rectangle` of `image` transparent black, as `BACKGROUND` does.
  ///
  /// - Complexity: O(*n*) in the rectangle's pixels.
  static func clear(_ image: inout RGBAImage, _ rectangle: PixelRect) {
    let width = image.width
    image.pixels.withUnsafeMutableBufferPointer { pixels in
      for y in rectangle.y..<rectangle.y + rectangle.height {
        let start = (y * width + rectangle.x) * 4
        pixels[start..<start + rectangle.width * 4].update(repeating: 0)
      }
    }
  }

  /// The `OVER` frame for `source` (the target's pixels in `rectangle`)
  /// on `disposed`: each pixel equal to the canvas's becomes `transparent`;
  /// `nil` when `OVER` cannot give the target (a changed pixel neither
  /// opaque nor landing, not fully transparent, on a fully transparent
  /// canvas pixel) or no pixel stays (then it is the `SOURCE` frame).
  ///
  /// - Complexity: O(*n*) in the rectangle's pixels.
  static func overPixels(_ source: [UInt8], disposed: RGBAImage, rectangle: PixelRect, transparent: UInt32) -> [UInt8]? {
    var out = source
    var unchanged = 0
    let valid = out.withUnsafeMutableBytes { out in
      disposed.pixels.withUnsafeBytes { canvas in
        for y in 0..<rectangle.height {
          for x in 0..<rectangle.width {
            let offset = (y * rectangle.width + x) * 4
            let pixel = UInt32(littleEndian: out.loadUnaligned(fromByteOffset: offset, as: UInt32.self))
            let canvasOffset = ((rectangle.y + y) * disposed.width + rectangle.x + x) * 4
            let under = UInt32(littleEndian: canvas.loadUnaligned(fromByteOffset: canvasOffset, as: UInt32.self))
            if pixel == under {
              out.storeBytes(of: transparent.littleEndian, toByteOffset: offset, as: UInt32.self)
              unchanged += 1
            } else if pixel >> 24 != 0xFF && !(under >> 24 == 0 && pixel >> 24 != 0) {
              return false
            }
          }
        }
        return true
      }
    }
    return valid && unchanged > 0 ? out : nil
  }
}
