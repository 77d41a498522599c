extension AnimationCanvas {
  /// Composites a frame's pixels onto the canvas: `source` holds
  /// `rectangle.width × rectangle.height` RGBA pixels (straight alpha,
  /// row-major), and `rectangle` lies inside the `width × height` canvas.
  ///
  /// - ``AnimationBlend/source``: the rectangle becomes the frame's pixels.
  /// - ``AnimationBlend/over``: each pixel `(r,g,b,a)` over the canvas's
  ///   `(R,G,B,A)`, in integers: `a == 0` leaves the canvas pixel; `a ==
  ///   255` or `A == 0` replaces it; otherwise, with `u = 255a`, `v =
  ///   (255 − a)A` and `w = u + v`, each colour becomes `(cu + Cv) / w` and
  ///   the alpha `w / 255`, every division rounding down (APNG's `OVER`,
  ///   `Docs/APNG.md`).
  ///
  /// Does nothing when the sizes do not agree.
  ///
  /// - Complexity: O(*w* × *h*) of the rectangle.
  static func composite(
    _ source: UnsafeBufferPointer<UInt8>, at rectangle: PixelRect, blend: AnimationBlend,
    width: Int, height: Int, canvas: inout [UInt8]
  ) {
    let rowBytes = rectangle.width * 4
    guard !rectangle.isEmpty, rectangle.x >= 0, rectangle.y >= 0, rectangle.x + rectangle.width <= width,
      rectangle.y + rectangle.height <= height, canvas.count == width * height * 4,
      source.count >= rowBytes * rectangle.height, let from = source.baseAddress
    else { return }
    canvas.withUnsafeMutableBufferPointer { pixels in
      // Safe: the rectangle lies inside the canvas and `source` holds its
      // rows (both checked above).
      let base = pixels.baseAddress!
      for row in 0..<rectangle.height {
        let target = base + ((rectangle.y + row) * width + rectangle.x) * 4
        let line = from + row * rowBytes
        switch blend {
        case .source:
          target.update(from: line, count: rowBytes)
        case .over:
          overRow(line, onto: target, pixels: rectangle.width)
        }
      }
    }
  }

  /// `OVER` for one row of `pixels` pixels (see
  /// ``composite(_:at:blend:width:height:canvas:)``).
  // A pixel that replaces the canvas's is copied as one 32-bit word, and
  // its alpha read from that word: Benchmarks/apng_vs_libpng.py, a 128x64
  // APNG of two OVER frames, 13.3 -> 9.8 instructions a pixel (callgrind),
  // byte by byte before.
  @inline(__always)
  private static func overRow(_ source: UnsafePointer<UInt8>, onto target: UnsafeMutablePointer<UInt8>, pixels: Int) {
    let words = UnsafeRawPointer(source)
    let canvasWords = UnsafeMutableRawPointer(target)
    var offset = 0
    for _ in 0..<pixels {
      let pixel = words.loadUnaligned(fromByteOffset: offset, as: UInt32.self)
      let a = UInt32(littleEndian: pixel) &>> 24
      if a == 255 || (a != 0 && target[offset + 3] == 0) {
        canvasWords.storeBytes(of: pixel, toByteOffset: offset, as: UInt32.self)
      } else if a != 0 {
        let canvasAlpha = UInt32(target[offset + 3])
        let u = a * 255
        let v = (255 - a) * canvasAlpha
        let w = u + v
        for channel in 0..<3 {
          let mixed = (UInt32(source[offset + channel]) * u + UInt32(target[offset + channel]) * v) / w
          target[offset + channel] = UInt8(truncatingIfNeeded: mixed)
        }
        target[offset + 3] = UInt8(truncatingIfNeeded: w / 255)
      }
      offset += 4
    }
  }
}

extension AnimationCanvas {
  /// Writes a WebP frame's pixels onto the canvas, blending them with the
  /// canvas under them as libwebp's animation decoder does
  /// (`shared/spec/webp.md`, "Animations"): `source` holds
  /// `rectangle.width × rectangle.height` RGBA pixels, and `rectangle`
  /// lies inside the `width × height` canvas.
  ///
  /// Without `blends`, the rectangle becomes the frame's pixels. With it,
  /// each source pixel `s` whose alpha is below 255 becomes `blend(s, p)`
  /// of the canvas pixel `p` under it, except inside `keeping` (the
  /// rectangle the previous frame cleared), where `s` stays. In integers,
  /// `>>` rounding down: `s.a == 0` gives `p`; otherwise `f = (p.a × (256
  /// − s.a)) >> 8`, `a = s.a + f`, `k = 2^24 / a`, each colour `((s.c ×
  /// s.a + p.c × f) × k) >> 24`, and alpha `a`.
  ///
  /// Does nothing when the sizes do not agree.
  ///
  /// - Complexity: O(*w* × *h*) of the rectangle.
  static func compositeWebP(
    _ source: UnsafeBufferPointer<UInt8>, at rectangle: PixelRect, blends: Bool, keeping: PixelRect?,
    width: Int, height: Int, canvas: inout [UInt8]
  ) {
    let rowBytes = rectangle.width * 4
    guard !rectangle.isEmpty, rectangle.x >= 0, rectangle.y >= 0, rectangle.x + rectangle.width <= width,
      rectangle.y + rectangle.height <= height, canvas.count == width * height * 4,
      source.count >= rowBytes * rectangle.height, let from = source.baseAddress
    else { return }
    let kept = keeping ?? PixelRect(x: 0, y: 0, width: 0, height: 0)
    canvas.withUnsafeMutableBufferPointer { pixels in
      // Safe: the rectangle lies inside the canvas and `source` holds its
      // rows (both checked above).
      let base = pixels.baseAddress!
      for row in 0..<rectangle.height {
        let y = rectangle.y + row
        let target = base + (y * width + rectangle.x) * 4
        let line = from + row * rowBytes
        guard blends else {
          target.update(from: line, count: rowBytes)
          continue
        }
        // The columns of this row inside the kept rectangle are copied;
        // those on either side blended.
        let keptRow = y >= kept.y && y < kept.y + kept.height
        let keptStart = keptRow ? min(max(kept.x - rectangle.x, 0), rectangle.width) : rectangle.width
        let keptEnd = keptRow ? max(min(kept.x + kept.width - rectangle.x, rectangle.width), keptStart) : rectangle.width
        webPBlendRow(line, onto: target, pixels: keptStart)
        (target + keptStart * 4).update(from: line + keptStart * 4, count: (keptEnd - keptStart) * 4)
        webPBlendRow(line + keptEnd * 4, onto: target + keptEnd * 4, pixels: rectangle.width - keptEnd)
      }
    }
  }

  /// WebP's blend (see ``compositeWebP(_:at:blends:keeping:width:height:canvas:)``)
  /// of `pixels` source pixels onto the canvas pixels at `target`.
  // bench decode --reopen (gif2webp__gifplayer-muybridge__minsize.webp,
  // frames of transparent and opaque pixels only): a pixel-by-pixel loop
  // branching on each alpha was 24 % of the time. A row whose alphas are
  // all 0 or 255 (found by a pass the compiler vectorizes) is a select
  // between the two words, which it vectorizes too.
  @inline(__always)
  private static func webPBlendRow(_ source: UnsafePointer<UInt8>, onto target: UnsafeMutablePointer<UInt8>, pixels: Int) {
    guard pixels > 0 else { return }
    let from = UnsafeRawPointer(source)
    let to = UnsafeMutableRawPointer(target)
    // Alpha is the high byte of a pixel read as a little-endian word;
    // `(a + 1) & 0xFE` is 0 exactly for a = 0 and a = 255.
    var partial: UInt32 = 0
    for column in 0..<pixels {
      let alpha = UInt32(littleEndian: from.loadUnaligned(fromByteOffset: column * 4, as: UInt32.self)) >> 24
      partial |= (alpha &+ 1) & 0xFE
    }
    if partial == 0 {
      for column in 0..<pixels {
        let s = UInt32(littleEndian: from.loadUnaligned(fromByteOffset: column * 4, as: UInt32.self))
        let d = UInt32(littleEndian: to.loadUnaligned(fromByteOffset: column * 4, as: UInt32.self))
        // All ones for an opaque source pixel, zero for a transparent one.
        let mask = UInt32(bitPattern: Int32(bitPattern: s) >> 31)
        to.storeBytes(of: ((s & mask) | (d & ~mask)).littleEndian, toByteOffset: column * 4, as: UInt32.self)
      }
      return
    }
    for column in 0..<pixels {
      let offset = column * 4
      let sourceAlpha = UInt32(source[offset + 3])
      if sourceAlpha == 255 {
        target.advanced(by: offset).update(from: source.advanced(by: offset), count: 4)
        continue
      }
      if sourceAlpha == 0 { continue }  // the canvas pixel stays
      let factor = (UInt32(target[offset + 3]) * (256 - sourceAlpha)) >> 8
      let alpha = sourceAlpha + factor
      let scale = UInt64((1 << 24) / alpha)
      for channel in 0..<3 {
        let mixed = UInt64(UInt32(source[offset + channel]) * sourceAlpha + UInt32(target[offset + channel]) * factor)
        target[offset + channel] = UInt8(truncatingIfNeeded: (mixed * scale) >> 24)
      }
      target[offset + 3] = UInt8(truncatingIfNeeded: alpha)
    }
  }
}
