/// Writes an ``AnimationSequence`` as an animated GIF (GIF89a).
///
/// What a decoder following the browsers (as ``GIFFrameProvider`` does
/// with its default options) shows from the output:
/// - **Pixels.** GIF transparency is on or off: a pixel with alpha below
///   128 becomes transparent (and reads back as transparent black,
///   0,0,0,0), any other becomes opaque. When the frames use at most 256
///   colours in all (or at most 255 in what each frame changes, with local
///   colour tables), every canvas reads back exactly. Otherwise the colours
///   are reduced to one palette for the whole animation (median cut and
///   k-means, optionally with ordered dithering; see ``GIFEncodingOptions``).
/// - **Timing.** Frame boundaries are rounded to centiseconds, each within
///   5 ms of its exact time and never drifting; no delay below 2 cs is
///   written unless ``GIFEncodingOptions/allowsShortDelays`` (see
///   `GIFDelaySchedule` for how shorter frames merge). Consecutive
///   identical canvases are merged.
/// - **Loops.** The NETSCAPE2.0 extension is written so that the browser
///   rule (absent: 1 play, 0: infinite, *N*: *N* + 1 plays) gives back
///   ``AnimationSequence/loops``.
///
/// Frames after the first are written as the rectangle that differs from
/// what the decoder's canvas holds after the previous frame's disposal,
/// which the encoder picks (none, clear, or restore) by the size of the
/// next frame encoded after each; inside it, each unchanged pixel is
/// written as the transparent index or as its colour, whichever the LZW
/// strings make shorter.
public enum GIFEncoder {
  /// The largest canvas side a GIF can hold.
  public static let maximumSide = 65_535

  /// The GIF bytes of `animation`.
  ///
  /// - Throws: ``AnimationEncodingError/canvasTooLarge(width:height:)``
  ///   when a side is above 65,535, and
  ///   ``AnimationEncodingError/loopCountTooLarge(plays:)`` when the plays
  ///   minus one are above 65,535.
  /// - Complexity: O(*n* · *p*) for *n* frames of *p* pixels, plus, for an
  ///   animation of more than 256 colours, the palette's construction (see
  ///   `ColorQuantizer`).
  public static func encode(
    _ animation: AnimationSequence,
    options: GIFEncodingOptions = GIFEncodingOptions()
  ) throws(AnimationEncodingError) -> [UInt8] {
    let size = animation.size
    guard size.width <= maximumSide, size.height <= maximumSide else {
      throw .canvasTooLarge(width: size.width, height: size.height)
    }
    let loopValue: UInt16?
    if let plays = animation.loops.plays {
      guard plays - 1 <= Int64(UInt16.max) else { throw .loopCountTooLarge(plays: plays) }
      loopValue = plays <= 1 ? nil : UInt16(plays - 1)
    } else {
      loopValue = 0
    }

    // Canvases as the decoder can show them; identical neighbours merged.
    // Kept as a chain (the first canvas and where each later one changes):
    // whole, they were 213 MB for gifplayer-muybridge.gif, and each pass
    // over them waited on memory.
    var targets: CanvasChain?
    var durations: [Int64] = []
    // Whether each target is opaque, from the pass that checks it is
    // normalized (each pass over every canvas costs as much as the LZW).
    var opaque: [Bool] = []
    // Whether the last source canvas was normal and opaque: then so is
    // every pixel outside where the next one changes, and only that
    // rectangle needs checking (bench encode gifplayer-muybridge.gif:
    // the check of whole canvases was most of this loop's time).
    var lastWasNormalOpaque = false
    // Whether the last target is the last source canvas itself.
    var lastWasNormal = false
    for (element, duration) in zip(animation.canvases, animation.durations) {
      let (isNormal, isOpaque) =
        lastWasNormalOpaque
        ? element.change.map { classify(element.canvas, in: $0) } ?? (true, true) : classify(element.canvas)
      lastWasNormalOpaque = isNormal && isOpaque
      let target = isNormal ? element.canvas : normalized(element.canvas)
      defer { lastWasNormal = isNormal }
      if var chain = targets {
        // The rectangle where each target differs from the one before,
        // found once here for the palette passes and the disposal choice
        // below, which each found it again (these scans were 23 % of
        // `bench encode gifplayer-muybridge.gif`'s samples). Two source
        // canvases both normal differ where the sequence says. (The chain
        // is taken out of `targets` while it grows, so that its steps are
        // not copied.)
        targets = nil
        let change = isNormal && lastWasNormal ? element.change : target.differingRectangle(from: chain.last)
        guard let rectangle = change else {
          targets = chain
          let (sum, overflow) = durations[durations.count - 1].addingReportingOverflow(duration)
          durations[durations.count - 1] = overflow ? .max : sum
          continue
        }
        chain.append(target, changing: rectangle)
        targets = chain
      } else {
        targets = CanvasChain(first: target)
      }
      durations.append(duration)
      opaque.append(isNormal ? isOpaque : classify(target).isOpaque)
    }
    // A sequence has a frame: so has the chain.
    guard var frames = targets else { throw .noFrames }
    let schedule = try GIFDelaySchedule(durations: durations, allowsShortDelays: options.allowsShortDelays)
    var used: [Int] = []
    for entry in schedule.entries where used.last != entry.frame { used.append(entry.frame) }
    if used.count < frames.count {
      // The frames the schedule skips (merged into the one before) go.
      var kept: CanvasChain?
      var next = 0
      for (position, element) in frames.enumerated() where next < used.count && used[next] == position {
        next += 1
        if kept == nil { kept = CanvasChain(first: element.canvas) } else { kept?.append(element.canvas) }
      }
      if let kept { frames = kept }
    }
    let opaqueFrames = used.map { opaque[$0] }

    var globalPalette = exactPalette(of: frames)
    if globalPalette == nil && needsQuantization(frames) {
      let (palette, quantized) = quantize(frames, dithering: options.dithering)
      frames = quantized
      globalPalette = palette
    }
    var borrows = false
    if let palette = globalPalette {
      // An opaque animation needs no transparent entry: its frames borrow
      // an index they do not draw to skip unchanged pixels. Nor does one
      // whose colours fill a power-of-two table, if each frame can borrow
      // one (the entry would be beyond the table, one more code bit).
      let anyTransparent = opaqueFrames.contains(false)
      borrows = anyTransparent && canBorrowTransparency(palette, frames: frames)
      globalPalette = orderedForCodeSize(palette, frames: frames, keepsTransparent: anyTransparent && !borrows)
    }

    var output = Array("GIF89a".utf8)
    for value in [size.width, size.height] {
      output += [UInt8(truncatingIfNeeded: value), UInt8(truncatingIfNeeded: value >> 8)]
    }
    if let globalPalette {
      // The background colour: the transparent entry (see the first frame).
      let background = UInt8(truncatingIfNeeded: globalPalette.transparentIndex ?? 0)
      output += [0xF0 | UInt8(globalPalette.bits - 1), background, 0]
      output += globalPalette.tableBytes
    } else {
      output += [0x70, 0, 0]
    }
    if let loopValue {
      output += [0x21, 0xFF, 11] + Array("NETSCAPE2.0".utf8)
      output += [3, 1, UInt8(truncatingIfNeeded: loopValue), UInt8(truncatingIfNeeded: loopValue >> 8), 0]
    }

    let blank = RGBAImage(width: size.width, height: size.height, pixels: [UInt8](repeating: 0, count: size.width * size.height * 4))
    var previous: GIFEncodedFrame?
    var previousFrame = -1
    // The canvases in the order `schedule` shows them, the current one
    // and where it differs from the one written before it.
    var walk = frames.makeIterator()
    var target = blank
    var change: PixelRect?
    for entry in schedule.entries {
      let repeated = entry.frame == previousFrame
      if !repeated, let element = walk.next() {
        target = element.canvas
        change = element.change
      }
      previousFrame = entry.frame
      var encoded: GIFEncodedFrame? = nil
      if var last = previous {
        // Kept, an exact frame leaves the canvas its target: `change`
        // tells how the next one differs (an entry repeating a frame: not).
        let unchanged = PixelRect(x: 0, y: 0, width: 1, height: 1)
        let keptChange: PixelRect? = !last.isExact ? nil : repeated ? unchanged : change ?? unchanged
        if let (disposal, frame) = bestDisposal(
          after: last, next: target, nextIsOpaque: opaque[entry.frame], palette: globalPalette,
          delay: entry.centiseconds, keepsOnly: borrows, keptChange: keptChange, fast: options.effort == .fast)
        {
          last.disposal = disposal
          encoded = frame
        } else {
          // No disposal gives a canvas the next frame can be drawn on (it
          // turns pixels transparent outside the last rectangle): write
          // the last frame over the whole canvas, then clear it all.
          // (With no byte limit, there is always a frame.)
          if let whole = encodeFrame(
            base: last.canvasBefore, target: last.canvasAfter,
            rectangle: PixelRect(x: 0, y: 0, width: size.width, height: size.height),
            palette: globalPalette, delay: last.delay)
          {
            last = whole
          }
          last.disposal = 2
        }
        (options.effort == .fast ? last : tryOtherChoices(last)).write(to: &output)
      }
      if let encoded {
        previous = encoded
        continue
      }
      // The first frame, or one after a frame cleared in full: drawn over
      // a blank canvas. Decoders disagree about what a first frame leaves uncovered
      // (browsers: transparent; Pillow and gifsicle: the background
      // colour). With a global table that has a transparent entry, the
      // background is that entry and every frame declares it, so every
      // decoder shows the uncovered area transparent and the frame can
      // shrink to what is not; otherwise the first frame covers the canvas.
      let whole = PixelRect(x: 0, y: 0, width: size.width, height: size.height)
      let firstShrinks = previous == nil && globalPalette?.transparentIndex != nil
      let drawn =
        previous == nil && !firstShrinks
        ? whole : target.differingRectangle(from: blank) ?? PixelRect(x: 0, y: 0, width: 1, height: 1)
      previous = encodeFrame(base: blank, target: target, rectangle: drawn, palette: globalPalette, delay: entry.centiseconds)
    }
    if let previous { (options.effort == .fast ? previous : tryOtherChoices(previous)).write(to: &output) }
    output.append(0x3B)
    return output
  }

  // MARK: Pixels

  /// A pixel packed `0xAARRGGBB` from RGBA bytes at `offset`.
  @inline(__always)
  static func pixel(_ bytes: UnsafeBufferPointer<UInt8>, _ offset: Int) -> UInt32 {
    UInt32(bytes[offset + 3]) << 24 | UInt32(bytes[offset]) << 16 | UInt32(bytes[offset + 1]) << 8 | UInt32(bytes[offset + 2])
  }

  /// Stores the packed pixel `value` as RGBA bytes at `offset`.
  @inline(__always)
  static func store(_ value: UInt32, _ bytes: UnsafeMutableBufferPointer<UInt8>, _ offset: Int) {
    bytes[offset] = UInt8(truncatingIfNeeded: value >> 16)
    bytes[offset + 1] = UInt8(truncatingIfNeeded: value >> 8)
    bytes[offset + 2] = UInt8(truncatingIfNeeded: value)
    bytes[offset + 3] = UInt8(truncatingIfNeeded: value >> 24)
  }

  /// `image` as GIF can show it: alpha below 128 becomes transparent black
  /// (0,0,0,0, as the decoder's canvas holds it), any other alpha 255.
  ///
  /// - Complexity: O(*p*) in the pixels.
  static func normalized(_ image: RGBAImage) -> RGBAImage {
    // Decoded GIFs (and most opaque sources) need no change: check first,
    // so that such a canvas is shared, not copied (`Benchmarks/encoders.py`
    // spent 7% of its time copying canvases here).
    let isNormal = classify(image).isNormal
    if isNormal { return image }
    var pixels = image.pixels
    var offset = 0
    while offset + 3 < pixels.count {
      if pixels[offset + 3] < 128 {
        pixels[offset] = 0
        pixels[offset + 1] = 0
        pixels[offset + 2] = 0
        pixels[offset + 3] = 0
      } else {
        pixels[offset + 3] = 255
      }
      offset += 4
    }
    return RGBAImage(width: image.width, height: image.height, pixels: pixels)
  }

  // MARK: Palettes

  /// One colour table for all of `frames` (normalized), with a
  /// transparent entry when there is room (a transparent pixel needs one;
  /// otherwise it lets unchanged pixels be skipped), or `nil` when their
  /// colours do not fit.
  ///
  /// - Complexity: O(*n*) for the *n* pixels of the first canvas and of
  ///   each later canvas's rectangle that differs from the one before.
  static func exactPalette(of frames: CanvasChain) -> GIFPalette? {
    var palette = GIFPalette()
    var hasTransparent = false
    // Pixels already in the palette, direct-mapped by a hash of the raw
    // pixel: most look-ups stop here (photographic frames of 256 colours
    // have few runs). Filled with a pixel no normalized image has.
    let seen = UnsafeMutableBufferPointer<UInt32>.allocate(capacity: 4096)
    seen.initialize(repeating: 0x7F00_0000)
    defer { seen.deallocate() }
    for element in frames {
      // After the first canvas, only the rectangle that changed can hold a
      // colour not seen yet (bench encode gifplayer-muybridge.gif: this
      // scan of every canvas was 15 % of the time).
      guard let changed = element.change else { continue }
      let image = element.canvas
      let fits = image.pixels.withUnsafeBufferPointer { bytes -> Bool in
        // Runs of one colour are common: one look-up a run, found by
        // comparing the raw 4-byte pixels (12% of the time of
        // `Benchmarks/encoders.py` went to look-ups a pixel).
        let raw = UnsafeRawBufferPointer(bytes)
        // No normalized pixel has alpha 127 (the high byte of a
        // little-endian load): the first pixel is always looked up.
        var last: UInt32 = 0x7F00_0000
        for y in changed.y..<changed.y + changed.height {
          var offset = (y * image.width + changed.x) * 4
          let end = offset + changed.width * 4
          while offset < end && offset + 3 < bytes.count {
            let word = raw.loadUnaligned(fromByteOffset: offset, as: UInt32.self)
            if word == last {
              offset += 4
              continue
            }
            last = word
            let slot = Int((word &* 0x9E37_79B1) >> 20)
            if seen[slot] == word {
              offset += 4
              continue
            }
            seen[slot] = word
            let value = pixel(bytes, offset)
            offset += 4
            if value == 0 {
              hasTransparent = true
              continue
            }
            if !palette.insert(value & 0xFF_FFFF) { return false }
          }
        }
        return true
      }
      guard fits else { return nil }
    }
    if !palette.addTransparentEntry() && hasTransparent { return nil }
    return palette
  }

  /// `palette` reordered so that frames need short LZW codes: its entries
  /// by how many pixels of `frames` are likely written with each (each
  /// frame against the one before it, the first in full): the colours
  /// changed to, and for the transparent entry the pixels changed to
  /// transparent and the unchanged ones inside the changed rectangle. A
  /// frame's minimum code size covers the highest index it writes, so the
  /// entries most frames write get the low indices. Without
  /// `keepsTransparent`, the transparent entry is dropped (frames of an
  /// opaque animation borrow an index they do not draw instead; see
  /// ``encodeFrame(base:target:rectangle:palette:delay:)``). When the
  /// colours fill a power-of-two table, the transparent entry goes last,
  /// beyond the table (``GIFPalette/transparentIsBeyondTable``): placed
  /// among them it would double the table, which costs more than the
  /// longer codes of the frames that write it.
  ///
  /// - Complexity: O(*n* · *p*).
  static func orderedForCodeSize(_ palette: GIFPalette, frames: CanvasChain, keepsTransparent: Bool) -> GIFPalette {
    var counts = [Int](repeating: 0, count: 256)
    var transparentCount = 0
    // The first frame is drawn over a blank canvas (shrunk to what is not
    // transparent when there is a transparent entry).
    let first = frames.first
    let blank = RGBAImage(width: first.width, height: first.height, pixels: [UInt8](repeating: 0, count: first.pixels.count))
    for element in frames {
      let image = element.canvas
      guard let rectangle = element.previous == nil ? image.differingRectangle(from: blank) : element.change else {
        continue
      }
      let old = element.previous ?? blank
      image.pixels.withUnsafeBufferPointer { bytes in
        old.pixels.withUnsafeBufferPointer { held in
          var lastValue: UInt32 = 0
          var lastIndex: Int?
          for y in rectangle.y..<rectangle.y + rectangle.height {
            var offset = (y * image.width + rectangle.x) * 4
            for _ in 0..<rectangle.width {
              let value = pixel(bytes, offset)
              let unchanged = value == pixel(held, offset)
              offset += 4
              if value == 0 || unchanged {
                transparentCount += 1
                continue
              }
              if value != lastValue {
                lastValue = value
                lastIndex = palette.index(of: value & 0xFF_FFFF)
              }
              if let lastIndex { counts[lastIndex] += 1 }
            }
          }
        }
      }
    }
    let colors = palette.colors
    let order = colors.indices.sorted { counts[$0] > counts[$1] || (counts[$0] == counts[$1] && $0 < $1) }
    guard keepsTransparent && palette.transparentIndex != nil else {
      return GIFPalette(colors: order.map { colors[$0] }, transparentAt: nil)
    }
    let position = palette.colorsFillTable ? order.count : order.firstIndex { counts[$0] < transparentCount } ?? order.count
    return GIFPalette(colors: order.map { colors[$0] }, transparentAt: position)
  }

  /// Whether the frames of an animation with transparent pixels can do
  /// without `palette`'s transparent entry, and whether that pays: its
  /// colours are a power of two in number (the entry would be beyond the
  /// table, and each frame writing it would need one more code bit than
  /// its colours), the first frame and the pixels each later frame changes from
  /// the one before leave one of them unused (an index to borrow as the
  /// frame's transparent one), and no pixel turns from opaque to
  /// transparent (keep is always valid, and the only disposal used: the
  /// changed pixels are those checked here). The first frame then covers
  /// the canvas, its transparent pixels written with the borrowed index.
  ///
  /// - Complexity: O(*n* · *p*).
  static func canBorrowTransparency(_ palette: GIFPalette, frames: CanvasChain) -> Bool {
    guard palette.transparentIndex != nil, palette.colorsFillTable else { return false }
    for element in frames {
      let image = element.canvas
      let before = element.previous
      var drawn = [Bool](repeating: false, count: 256)
      var distinct = 0
      let keeps = image.pixels.withUnsafeBufferPointer { bytes -> Bool in
        (before ?? image).pixels.withUnsafeBufferPointer { held -> Bool in
          var last: UInt32 = 0
          var offset = 0
          while offset + 3 < bytes.count {
            let value = pixel(bytes, offset)
            let old = pixel(held, offset)
            offset += 4
            if value == 0 {
              if before != nil && old != 0 { return false }
            } else if before == nil || value != old, value != last {
              last = value
              if let index = palette.index(of: value & 0xFF_FFFF), !drawn[index] {
                drawn[index] = true
                distinct += 1
              }
            }
          }
          return true
        }
      }
      if !keeps || distinct >= palette.colors.count { return false }
    }
    return true
  }

  /// Whether some frame of `frames` changes more colours from the frame
  /// before it (the first: from a blank canvas) than a local colour table
  /// holds (see ``changesFitLocalTable(_:over:)``).
  ///
  /// - Complexity: O(*n* · *p*).
  static func needsQuantization(_ frames: CanvasChain) -> Bool {
    let first = frames.first
    let blank = RGBAImage(width: first.width, height: first.height, pixels: [UInt8](repeating: 0, count: first.pixels.count))
    for element in frames where !changesFitLocalTable(element.canvas, over: element.previous ?? blank) {
      return true
    }
    return false
  }

  /// Whether the pixels of `image` that differ from `canvas` have few
  /// enough colours for one local colour table: 256, or 255 and the
  /// transparent entry when the rectangle that differs also holds
  /// unchanged pixels.
  ///
  /// - Complexity: O(*p*).
  static func changesFitLocalTable(_ image: RGBAImage, over canvas: RGBAImage) -> Bool {
    guard let rectangle = image.differingRectangle(from: canvas) else { return true }
    var palette = GIFPalette()
    var anyUnchanged = false
    let fits = image.pixels.withUnsafeBufferPointer { bytes -> Bool in
      canvas.pixels.withUnsafeBufferPointer { old -> Bool in
        for y in rectangle.y..<rectangle.y + rectangle.height {
          var offset = (y * image.width + rectangle.x) * 4
          for _ in 0..<rectangle.width {
            let value = pixel(bytes, offset)
            let changed = value != pixel(old, offset)
            offset += 4
            if !changed { anyUnchanged = true }
            if value == 0 || !changed { continue }
            if !palette.insert(value & 0xFF_FFFF) { return false }
          }
        }
        return true
      }
    }
    return fits && !(anyUnchanged && palette.count > 255)
  }

  /// One palette of 255 colours and a transparent entry for all of
  /// `frames`, and the frames mapped to it.
  ///
  /// One palette for the whole animation rather than one per frame: the
  /// colours stay put from frame to frame (no flicker, and unchanged
  /// regions stay unchanged, so frame differencing keeps working), and a
  /// single global table is smaller than a table per frame. Per-frame
  /// palettes would only win on animations whose scenes change colours
  /// completely, which are rare.
  ///
  /// - Complexity: that of `ColorQuantizer`, plus O(*n* · *p*) sampling
  ///   and O(*p* + *r*) mapping (cached nearest-colour look-ups) for the
  ///   first canvas and the *r* pixels where the later ones change.
  static func quantize(_ frames: CanvasChain, dithering: Bool) -> (GIFPalette, CanvasChain) {
    var opaque = 0
    for element in frames {
      let pixels = element.canvas.pixels
      var offset = 3
      while offset < pixels.count {
        if pixels[offset] != 0 { opaque += 1 }
        offset += 4
      }
    }
    let stride = max(1, opaque / ColorQuantizer.sampleLimit)
    var sample: [UInt32] = []
    sample.reserveCapacity(min(opaque, ColorQuantizer.sampleLimit) + 1)
    var seen = 0
    for element in frames {
      element.canvas.pixels.withUnsafeBufferPointer { bytes in
        var offset = 0
        while offset + 3 < bytes.count {
          let value = pixel(bytes, offset)
          offset += 4
          if value == 0 { continue }
          if seen % stride == 0 { sample.append(value & 0xFF_FFFF) }
          seen += 1
        }
      }
    }
    var quantizer = ColorQuantizer(sample: sample, maximumColors: 255)
    var palette = GIFPalette()
    for color in quantizer.palette { _ = palette.insert(color) }
    _ = palette.addTransparentEntry()
    // The dither spread: half the distance between neighbouring palette
    // colours if they filled the RGB cube evenly (about 20 for 255
    // colours); the palette is denser where the pixels are, so the full
    // distance would add visible noise there.
    let perChannel = max(1, Int((Double(quantizer.palette.count) + 0.5).squareRoot().squareRoot() * 1.6))
    let spread = 128 / perChannel
    let colors = quantizer.palette
    // Each pixel maps by its colour and place alone, so a mapped canvas
    // differs from the one before only where the source did: the first
    // is mapped whole, each later one only inside its change.
    var mapped: CanvasChain?
    var canvas = frames.first
    for element in frames {
      guard let rectangle = element.change else {
        mapped?.append(canvas, changing: nil)
        continue
      }
      let width = canvas.width
      element.canvas.pixels.withUnsafeBufferPointer { source in
        canvas.pixels.withUnsafeMutableBufferPointer { bytes in
          for y in rectangle.y..<rectangle.y + rectangle.height {
            var index = y * width + rectangle.x
            for _ in 0..<rectangle.width {
              let value = pixel(source, index * 4)
              if value != 0 {
                var color = value & 0xFF_FFFF
                if dithering { color = ColorQuantizer.dithered(color, x: index % width, y: index / width, spread: spread) }
                store(0xFF00_0000 | colors[quantizer.nearestIndex(color)], bytes, index * 4)
              } else {
                store(0, bytes, index * 4)
              }
              index += 1
            }
          }
        }
      }
      if mapped == nil { mapped = CanvasChain(first: canvas) } else { mapped?.append(canvas, within: rectangle) }
    }
    return (palette, mapped ?? CanvasChain(first: canvas))
  }

  // MARK: Frames

  /// The disposal for `frame` after which `next` is written in the fewest
  /// bytes, with `next` encoded over the canvas it leaves; `nil` when no
  /// disposal is valid. A disposal is valid when it leaves no opaque pixel
  /// where `next` is transparent (drawing cannot make a pixel
  /// transparent). Each valid one is tried: `next`'s changed rectangle
  /// over its canvas, encoded as it would be written (LZW data and local
  /// table). Ties go to none, then clear, then restore. With local colour
  /// tables (`palette` `nil`), a disposal after which the next frame's
  /// changes fit one table exactly wins over one after which they do not.
  /// With `keepsOnly` (see ``canBorrowTransparency(_:frames:)``), keep is
  /// the only candidate.
  ///
  /// - Complexity: O(*p*) a candidate, plus its encoding.
  static func bestDisposal(
    after frame: GIFEncodedFrame, next: RGBAImage, nextIsOpaque opaque: Bool, palette: GIFPalette?, delay: Int,
    keepsOnly: Bool, keptChange: PixelRect? = nil, fast: Bool = false
  ) -> (Int, GIFEncodedFrame)? {
    // Fast: keeping, when the next frame can be drawn over the canvas it
    // leaves, without trying the others (`GIFEncodingOptions.Effort.fast`).
    if fast, opaque || canBeDrawn(next, over: frame.canvasAfter) {
      let rectangle =
        keptChange ?? next.differingRectangle(from: frame.canvasAfter) ?? PixelRect(x: 0, y: 0, width: 1, height: 1)
      return encodeFrame(base: frame.canvasAfter, target: next, rectangle: rectangle, palette: palette, delay: delay).map {
        (1, $0)
      }
    }
    // Drawing can turn no pixel transparent, so only a next frame with
    // transparent pixels needs a check, and only it can need a clear: over
    // an opaque next frame, clearing the rectangle only adds it to the
    // difference. (Skipping the clear's canvas copy and the checks halved
    // the time of `Benchmarks/encoders.py` on opaque animations.)
    var candidates = [(1, frame.canvasAfter)]
    if !opaque && !keepsOnly {
      var cleared = frame.canvasAfter
      cleared.pixels.withUnsafeMutableBufferPointer { bytes in
        let rectangle = frame.rectangle
        for y in rectangle.y..<rectangle.y + rectangle.height {
          let start = (y * cleared.width + rectangle.x) * 4
          for offset in start..<start + rectangle.width * 4 { bytes[offset] = 0 }
        }
      }
      candidates.append((2, cleared))
    }
    if !keepsOnly { candidates.append((3, frame.canvasBefore)) }
    // Candidates whose changed rectangle is more than twice the smallest
    // one's (and 256 pixels more) are not tried: their stream is
    // practically never the smallest, and each trial costs an LZW pass.
    var valid: [(Int, RGBAImage, PixelRect)] = []
    var smallestArea = Int.max
    // The canvases a clear or a restore leaves differ from the kept one
    // only inside the last frame's rectangle: with the next frame's change
    // over the kept canvas known, only the two rectangles are compared
    // (the whole canvas, compared for each, was 3 % of `convert`'s time
    // on the corpus's whole-frame GIFs).
    let bounds = keptChange.map { $0.union(frame.rectangle) }
    for (disposal, canvas) in candidates {
      guard opaque || canBeDrawn(next, over: canvas) else { continue }
      let found =
        disposal == 1 ? keptChange ?? next.differingRectangle(from: canvas)
        : bounds.map { next.differingRectangle(from: canvas, within: $0) } ?? next.differingRectangle(from: canvas)
      let rectangle = found ?? PixelRect(x: 0, y: 0, width: 1, height: 1)
      smallestArea = min(smallestArea, rectangle.width * rectangle.height)
      valid.append((disposal, canvas, rectangle))
    }
    // The smallest rectangle first: it is usually the winner, and the
    // other candidates' LZW passes then stop as soon as they can no
    // longer win. With the global table a frame's bytes grow with its
    // stream's, so a candidate preferred to the best (ties go to none,
    // then clear, then restore) may match its stream, another must beat
    // it. (Output unchanged; Performance.md, 2026-11-27.)
    let tried = valid.filter { $0.2.width * $0.2.height <= 2 * smallestArea + 256 }
      .sorted { ($0.2.width * $0.2.height, $0.0) < ($1.2.width * $1.2.height, $1.0) }
    var best: (Int, GIFEncodedFrame)?
    var bestRank = (lossy: 1, size: Int.max)
    for (disposal, canvas, rectangle) in tried {
      var limit = Int.max
      if palette != nil, let (bestDisposal, bestFrame) = best, bestFrame.isExact {
        limit = bestFrame.data.count - (disposal < bestDisposal ? 0 : 1)
      }
      guard
        let encoded = encodeFrame(
          base: canvas, target: next, rectangle: rectangle, palette: palette, delay: delay, byteLimit: limit)
      else { continue }
      // Lossy (a local table reduced by quantization) only when no
      // disposal is exact: ranked after every exact one.
      let rank = (lossy: encoded.isExact ? 0 : 1, size: encoded.byteCount)
      if let (bestDisposal, _) = best, rank > bestRank || (rank == bestRank && disposal > bestDisposal) { continue }
      bestRank = rank
      best = (disposal, encoded)
    }
    return best
  }

  /// `frame` with the smallest of its LZW candidates: unchanged pixels
  /// preferably transparent or preferably their colour (the other choice
  /// allowed where the table has a string for it), each with the full
  /// table cleared or kept (when it filled).
  /// ``encodeFrame(base:target:rectangle:palette:delay:)`` tries only
  /// unchanged pixels transparent without choices, which the disposal is
  /// chosen by.
  ///
  /// - Complexity: O(*r*) in the rectangle's pixels, at most four LZW
  ///   passes.
  static func tryOtherChoices(_ frame: GIFEncodedFrame) -> GIFEncodedFrame {
    guard let choices = frame.otherChoices else { return frame }
    var frame = frame
    frame.otherChoices = nil
    let codeSize = frame.minimumCodeSize
    // A trial stops as soon as its codes are longer than the best so
    // far's: it can no longer win. Whether its table would have filled
    // is then unknown, so the kept-table trial after it is made too.
    // bench encode, the corpus's 119 animations: this and the LZW
    // encoder's buffers, 406-439 -> 369-381 ms in all, the same bytes.
    func consider(_ preferred: [UInt8], _ other: [UInt8]?, clears: Bool) -> Bool {
      let result = preferred.withUnsafeBufferPointer { indices in
        (other ?? []).withUnsafeBufferPointer { alternatives in
          LZWEncoder.encode(
            indices, alternatives: other == nil ? nil : alternatives, minimumCodeSize: codeSize, clearsFullTable: clears,
            byteLimit: frame.data.count - 1)
        }
      }
      guard let (data, filled) = result else { return true }
      if data.count < frame.data.count { frame.data = data }
      return filled
    }
    if choices.second != nil {
      if consider(choices.first, choices.second, clears: true) { _ = consider(choices.first, choices.second, clears: false) }
    } else if choices.filledTable {
      _ = consider(choices.first, nil, clears: false)
    }
    if let second = choices.second, consider(second, choices.first, clears: true) {
      _ = consider(second, choices.first, clears: false)
    }
    return frame
  }

  /// Whether `image` is as GIF shows it (every pixel opaque or 0,0,0,0),
  /// and whether every pixel is opaque: one pass of 4-byte loads, no
  /// branch a pixel (the byte-by-byte checks were 8% of the time of
  /// `Benchmarks/encoders.py` on gifplayer-muybridge.gif).
  ///
  /// - Complexity: O(*p*).
  static func classify(_ image: RGBAImage) -> (isNormal: Bool, isOpaque: Bool) {
    classify(image, in: PixelRect(x: 0, y: 0, width: image.width, height: image.height))
  }

  /// ``classify(_:)`` of the pixels of `image` inside `rectangle`.
  ///
  /// - Complexity: O(*r*) in the rectangle's pixels.
  static func classify(_ image: RGBAImage, in rectangle: PixelRect) -> (isNormal: Bool, isOpaque: Bool) {
    image.pixels.withUnsafeBytes { raw in
      var notNormal: UInt32 = 0
      var notOpaque: UInt32 = 0
      // 1 for a pixel that is not opaque, and whether it is not 0,0,0,0
      // either, in arithmetic only. Alpha is byte 3: the high byte of a
      // little-endian load.
      @inline(__always) func check(_ word: UInt32) {
        let translucent = ((word >> 24 &+ 1) >> 8) ^ 1
        notOpaque |= translucent
        notNormal |= translucent & ((word | (0 &- word)) >> 31)
      }
      // Two pixels a load (one a load, this pass was 9 % of `bench encode
      // gifplayer-muybridge.gif`'s samples).
      for y in rectangle.y..<rectangle.y + rectangle.height {
        var offset = (y * image.width + rectangle.x) * 4
        let end = offset + rectangle.width * 4
        while offset + 8 <= end {
          let pair = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
          check(UInt32(truncatingIfNeeded: pair))
          check(UInt32(truncatingIfNeeded: pair >> 32))
          offset += 8
        }
        if offset + 4 <= end {
          check(UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: offset, as: UInt32.self)))
        }
      }
      return (notNormal == 0, notOpaque == 0)
    }
  }

  /// Whether `target` can be drawn over `canvas`: no pixel transparent in
  /// `target` is opaque in `canvas`.
  static func canBeDrawn(_ target: RGBAImage, over canvas: RGBAImage) -> Bool {
    target.pixels.withUnsafeBufferPointer { wanted in
      canvas.pixels.withUnsafeBufferPointer { held in
        var offset = 3
        while offset < wanted.count {
          if wanted[offset] == 0 && held[offset] != 0 { return false }
          offset += 4
        }
        return true
      }
    }
  }

  /// Encodes the pixels of `target` inside `rectangle`, drawn over `base`
  /// (`target` may be transparent only where `base` is). With `palette`
  /// `nil`, a local colour table is made (reduced by `ColorQuantizer` in
  /// the rare case the changed pixels have more colours than it holds).
  ///
  /// Unchanged pixels may be written as the transparent index or as their
  /// colour: both are tried when they differ, and the shorter LZW stream
  /// wins.
  ///
  /// Returns `nil` only when the LZW stream is longer than `byteLimit`
  /// bytes (the pass stops there: a trial that can no longer win).
  ///
  /// - Complexity: O(*r*) in the rectangle's pixels, plus O(*p*) to copy
  ///   the canvas.
  static func encodeFrame(
    base: RGBAImage, target: RGBAImage, rectangle: PixelRect, palette global: GIFPalette?, delay: Int,
    byteLimit: Int = .max
  ) -> GIFEncodedFrame? {
    let width = base.width
    let count = rectangle.width * rectangle.height
    // The rectangle's pixels: wanted colours and whether each changes,
    // from 4-byte loads (a byte at a time, this loop was a quarter of this
    // function's samples in `bench encode gifplayer-muybridge.gif`).
    var unchangedCount = 0
    var changed = [Bool](repeating: false, count: count)
    var wanted = [UInt32](unsafeUninitializedCapacity: count) { wanted, initialized in
      changed.withUnsafeMutableBufferPointer { changed in
        target.pixels.withUnsafeBytes { target in
          base.pixels.withUnsafeBytes { base in
            var index = 0
            for y in rectangle.y..<rectangle.y + rectangle.height {
              var offset = (y * width + rectangle.x) * 4
              for _ in 0..<rectangle.width {
                let word = UInt32(littleEndian: target.loadUnaligned(fromByteOffset: offset, as: UInt32.self))
                let same = word == UInt32(littleEndian: base.loadUnaligned(fromByteOffset: offset, as: UInt32.self))
                // R, G, B, A bytes to 0xAARRGGBB.
                wanted[index] = word & 0xFF00_FF00 | (word & 0xFF) << 16 | (word >> 16) & 0xFF
                changed[index] = !same
                unchangedCount &+= same ? 1 : 0
                offset += 4
                index += 1
              }
            }
          }
        }
      }
      initialized = count
    }
    let anyUnchanged = unchangedCount > 0
    var palette: GIFPalette
    // Whether the frame draws `target` exactly (all but a local table
    // reduced by quantization).
    var exact = true
    if let global {
      palette = global
    } else {
      palette = GIFPalette()
      let limit = anyUnchanged ? 255 : 256
      var fits = true
      for index in 0..<count where changed[index] {
        if !palette.insert(wanted[index] & 0xFF_FFFF, limit: limit) {
          fits = false
          break
        }
      }
      if !fits {
        exact = false
        var sample: [UInt32] = []
        for index in 0..<count where changed[index] { sample.append(wanted[index] & 0xFF_FFFF) }
        var quantizer = ColorQuantizer(sample: sample, maximumColors: 255)
        palette = GIFPalette()
        for color in quantizer.palette { _ = palette.insert(color) }
        for index in 0..<count where changed[index] {
          wanted[index] = 0xFF00_0000 | quantizer.palette[quantizer.nearestIndex(wanted[index] & 0xFF_FFFF)]
        }
      }
      if anyUnchanged { _ = palette.addTransparentEntry() }
    }
    // Indices. A changed pixel has one; an unchanged one may be written
    // as the transparent index or as its colour (`skip` and `keep`, equal
    // when only one is in the table). The LZW code size covers the
    // changed pixels and the lower choice of each unchanged one: a frame
    // that uses only low indices of a large table gets shorter codes.
    // Each pixel's own index (-1: none), found once a run of one colour.
    var owns = [Int16](repeating: -1, count: count)
    var skipping = [UInt8](repeating: 0, count: count)
    var literal = [UInt8](repeating: 0, count: count)
    var transparent = palette.transparentIndex
    var codeSize = 2
    var differ = false
    var usesTransparent = false
    // A global table without a transparent entry (see
    // `canBorrowTransparency`): the frame declares as transparent the
    // lowest index of the table that none of its changed pixels is
    // written with. An unchanged pixel of that colour is skipped either
    // way.
    let borrows = transparent == nil && global != nil && anyUnchanged
    wanted.withUnsafeBufferPointer { wanted in
      changed.withUnsafeBufferPointer { changed in
        owns.withUnsafeMutableBufferPointer { owns in
          // Each pixel's own index: -1 for none, -2 for a transparent
          // pixel (written with the transparent index, once known). The
          // highest index the frame needs is gathered on the way, apart
          // from the transparent index (see below).
          var lastValue: UInt32 = 0
          var lastOwn: Int16 = -1
          var lastValid = false
          var highestChanged: Int16 = -1
          var highestUnchanged: Int16 = -1
          var anyTransparent = false
          var anyUnchangedMissing = false
          // The indices changed pixels are written with, a bit each, in
          // registers (a `[Bool]` written a pixel, captured by these
          // closures, cost 2.5 % more instructions on muybridge).
          var drawn: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)
          for index in 0..<count {
            let value = wanted[index]
            if value == 0 {
              owns[index] = -2
              anyTransparent = true
              continue
            }
            if !lastValid || value != lastValue {
              lastValue = value
              lastOwn = Int16(truncatingIfNeeded: palette.index(of: value & 0xFF_FFFF) ?? -1)
              lastValid = true
            }
            let own = lastOwn
            owns[index] = own
            if changed[index] {
              highestChanged = max(highestChanged, own)
              if borrows && own >= 0 {
                let bit = UInt64(1) << UInt64(own & 63)
                switch own >> 6 {
                case 0: drawn.0 |= bit
                case 1: drawn.1 |= bit
                case 2: drawn.2 |= bit
                default: drawn.3 |= bit
                }
              }
            } else if own >= 0 {
              highestUnchanged = max(highestUnchanged, own)
            } else {
              anyUnchangedMissing = true
            }
          }
          if borrows {
            // The lowest index no changed pixel is written with.
            let words = [drawn.0, drawn.1, drawn.2, drawn.3]
            let free = words.firstIndex { $0 != .max }.map { $0 * 64 + (~words[$0]).trailingZeroBitCount } ?? 256
            transparent = free < 1 << palette.bits ? free : nil
          }
          let transparentCode = Int16(truncatingIfNeeded: transparent ?? -1)
          // A changed pixel needs its own index; an unchanged one the
          // lower of its index and the transparent one when both exist,
          // else the one that does; a transparent pixel the transparent
          // index.
          var highest = max(0, highestChanged)
          if anyTransparent || anyUnchangedMissing { highest = max(highest, transparentCode) }
          if highestUnchanged >= 0 {
            highest = max(highest, transparentCode >= 0 ? min(highestUnchanged, transparentCode) : highestUnchanged)
          }
          codeSize = max(2, Int.bitWidth - Int(highest).leadingZeroBitCount)
          let limit = Int16(1 << codeSize)
          // Changed pixels have one index; an unchanged one may be written
          // as the transparent index or as its colour (`skip` and `keep`,
          // equal when only one fits the code size).
          let fittingTransparent: Int16 = transparentCode >= 0 && transparentCode < limit ? transparentCode : -1
          skipping.withUnsafeMutableBufferPointer { skipping in
            literal.withUnsafeMutableBufferPointer { literal in
              for index in 0..<count {
                let marked = owns[index]
                let own = marked == -2 ? transparentCode : marked
                if changed[index] {
                  let code = UInt8(truncatingIfNeeded: max(own, 0))
                  skipping[index] = code
                  literal[index] = code
                  continue
                }
                let fittingOwn: Int16 = own >= 0 && own < limit ? own : -1
                let skip = fittingTransparent >= 0 ? fittingTransparent : max(fittingOwn, 0)
                let keep = fittingOwn >= 0 ? fittingOwn : max(fittingTransparent, 0)
                skipping[index] = UInt8(truncatingIfNeeded: skip)
                literal[index] = UInt8(truncatingIfNeeded: keep)
                if skip != keep { differ = true }
                if fittingTransparent >= 0 && (skip == fittingTransparent || keep == fittingTransparent) {
                  usesTransparent = true
                }
              }
            }
          }
          if transparentCode >= 0 && anyTransparent { usesTransparent = true }
        }
      }
    }
    // The first candidate, the one disposals are compared by: unchanged
    // pixels transparent (no choice followed: the cheapest pass), a full
    // table cleared. `tryOtherChoices` tries the rest.
    let result = skipping.withUnsafeBufferPointer { indices in
      LZWEncoder.encode(indices, alternatives: nil, minimumCodeSize: codeSize, clearsFullTable: true, byteLimit: byteLimit)
    }
    guard let (data, filled) = result else { return nil }
    let retry =
      differ || filled
      ? GIFEncodedFrame.Choices(first: skipping, second: differ ? literal : nil, filledTable: filled) : nil
    // What the decoder holds afterwards: `target` itself when exact (the
    // rectangle holds every difference from `base`), shared, not copied.
    var after = exact ? target : base
    if !exact {
      after.pixels.withUnsafeMutableBufferPointer { bytes in
        var index = 0
        for y in rectangle.y..<rectangle.y + rectangle.height {
          var offset = (y * width + rectangle.x) * 4
          for _ in 0..<rectangle.width {
            if changed[index] { store(wanted[index], bytes, offset) }
            offset += 4
            index += 1
          }
        }
      }
    }
    return GIFEncodedFrame(
      rectangle: rectangle, localPalette: global == nil ? palette : nil,
      transparentIndex: usesTransparent ? transparent : nil, clearIndex: palette.transparentIndex,
      minimumCodeSize: codeSize,
      data: data, delay: delay, canvasBefore: base, canvasAfter: after, otherChoices: retry, isExact: exact)
  }
}
