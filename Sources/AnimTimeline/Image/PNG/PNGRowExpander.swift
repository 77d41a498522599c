/// Turns one unfiltered row of any PNG colour type and bit depth into
/// 8-bit RGBA pixels with straight alpha.
struct PNGRowExpander {
  let header: PNGHeader
  /// 256 RGBA entries (indexed images), or empty (then an indexed row is
  /// not written).
  let palette: UnsafeBufferPointer<UInt8>
  /// The `tRNS` colour key at the image's bit depth (grey: three equal
  /// values), or nil.
  let colorKey: (Int, Int, Int)?

  /// Expands `pixels` pixels of `row` into `output`, one RGBA pixel every
  /// `pixelStride` bytes.
  ///
  /// - Complexity: O(*n*) in the pixels.
  // unsafe: every decoded pixel goes through here; measured by
  // `Benchmarks/png_decode_vs_pillow.py --time`.
  func expand(_ row: UnsafePointer<UInt8>, pixels: Int, into output: UnsafeMutablePointer<UInt8>, pixelStride: Int) {
    var out = output
    let depth = header.bitDepth
    switch header.colorType {
    case .grey:
      let key = colorKey?.0 ?? -1
      if depth == 16 {
        for x in 0..<pixels {
          let sample = Int(row[2 * x]) << 8 | Int(row[2 * x + 1])
          let value = row[2 * x]
          out[0] = value
          out[1] = value
          out[2] = value
          out[3] = sample == key ? 0 : 255
          out += pixelStride
        }
      } else {
        let scale = depth == 8 ? 1 : 255 / ((1 << depth) - 1)
        PNGRowExpander.forEachSample(row, count: pixels, depth: depth) { _, sample in
          let value = UInt8(truncatingIfNeeded: sample &* scale)
          out[0] = value
          out[1] = value
          out[2] = value
          out[3] = sample == key ? 0 : 255
          out += pixelStride
        }
      }
    case .rgb:
      let key = colorKey ?? (-1, -1, -1)
      if depth == 16 {
        for x in 0..<pixels {
          let p = row + 6 * x
          let r = Int(p[0]) << 8 | Int(p[1])
          let g = Int(p[2]) << 8 | Int(p[3])
          let b = Int(p[4]) << 8 | Int(p[5])
          out[0] = p[0]
          out[1] = p[2]
          out[2] = p[4]
          out[3] = r == key.0 && g == key.1 && b == key.2 ? 0 : 255
          out += pixelStride
        }
      } else {
        // One 32-bit store a pixel; a key that cannot match (none, or out
        // of range) is all ones.
        let keyWord =
          colorKey == nil || key.0 & ~0xFF != 0 || key.1 & ~0xFF != 0 || key.2 & ~0xFF != 0
          ? UInt32.max : UInt32(key.0 | key.1 << 8 | key.2 << 16)
        let target = UnsafeMutableRawPointer(out)
        for x in 0..<pixels {
          let p = row + 3 &* x
          let rgb = UInt32(p[0]) | UInt32(p[1]) &<< 8 | UInt32(p[2]) &<< 16
          target.storeBytes(
            of: UInt32(littleEndian: rgb == keyWord ? rgb : rgb | 0xFF00_0000), toByteOffset: x &* pixelStride,
            as: UInt32.self)
        }
      }
    case .indexed:
      // One 32-bit load and store a pixel; every index has an entry.
      guard palette.count >= 1024, let entries = UnsafeRawPointer(palette.baseAddress) else { return }
      let target = UnsafeMutableRawPointer(out)
      PNGRowExpander.forEachSample(row, count: pixels, depth: depth) { x, sample in
        let entry = entries.loadUnaligned(fromByteOffset: sample &* 4, as: UInt32.self)
        target.storeBytes(of: entry, toByteOffset: x &* pixelStride, as: UInt32.self)
      }
    case .greyAlpha:
      let size = depth / 8 * 2
      let alphaOffset = depth / 8
      for x in 0..<pixels {
        let p = row + size * x
        out[0] = p[0]
        out[1] = p[0]
        out[2] = p[0]
        out[3] = p[alphaOffset]
        out += pixelStride
      }
    case .rgba:
      let step = depth / 8
      if step == 1 {
        if pixelStride == 4 {
          out.update(from: row, count: 4 * pixels)
        } else {
          let source = UnsafeRawPointer(row)
          let target = UnsafeMutableRawPointer(out)
          for x in 0..<pixels {
            target.storeBytes(
              of: source.loadUnaligned(fromByteOffset: x &* 4, as: UInt32.self), toByteOffset: x &* pixelStride,
              as: UInt32.self)
          }
        }
        return
      }
      for x in 0..<pixels {
        let p = row + 4 * step * x
        out[0] = p[0]
        out[1] = p[step]
        out[2] = p[2 * step]
        out[3] = p[3 * step]
        out += pixelStride
      }
    }
  }

  /// Calls `body` with the position and value of each of the first
  /// `count` samples of a row of 1-, 2-, 4- or 8-bit samples (packed from
  /// the most significant bit), in order, reading each byte once.
  // Benchmarks/apng_vs_libpng.py: a 128x64 2-bit indexed APNG took 1.38x
  // libpng's time; locating each sample on its own (a multiply, a load
  // and a variable shift a pixel) was 32 instructions a pixel (callgrind).
  @inline(__always)
  static func forEachSample(
    _ row: UnsafePointer<UInt8>, count: Int, depth: Int, _ body: (_ x: Int, _ sample: Int) -> Void
  ) {
    if depth == 8 {
      for x in 0..<count { body(x, Int(row[x])) }
      return
    }
    let mask = (1 &<< depth) &- 1
    var x = 0
    var byte = row
    while x < count {
      let packed = Int(byte.pointee)
      byte += 1
      var shift = 8 &- depth
      while shift >= 0, x < count {
        body(x, (packed &>> shift) & mask)
        shift &-= depth
        x &+= 1
      }
    }
  }
}
