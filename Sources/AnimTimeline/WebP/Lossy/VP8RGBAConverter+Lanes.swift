// The RGBA conversion in SIMD lanes: what optimized builds run (the choice
// and why is at `VP8RGBAConverter.convert`; the scalar code in
// VP8RGBAConverter.swift is what debug builds run, and
// VP8RGBAConverterLanesTests checks that both give the same bytes).
//
// After the loop filter the conversion was the largest cost of lossy
// decoding (over half of the perf samples of `timeline-demo bench decode`
// on the corpus's vp80-05-sharpness-1430). The figures are in
// Docs/Performance.md ("VP8 loop filter and lossy decoding (2026-11-26)").
extension VP8RGBAConverter {
  /// Eight 16-bit lanes: the even or the odd samples of 16 pixels.
  private typealias Lanes = SIMD8<UInt16>
  private typealias SignedLanes = SIMD8<Int16>

  /// `(value * (256 high + low)) >> 8` in each lane, for values at most
  /// 255 (neither product leaves 16 bits).
  @inline(__always)
  private static func scaled(_ value: Lanes, _ high: UInt16, _ low: UInt16) -> Lanes {
    value &* high &+ ((value &* low) &>> 8)
  }

  /// `value` clamped to 0...255 in each lane (|value| < 16384).
  @inline(__always)
  private static func clampByte(_ value: SignedLanes) -> Lanes {
    let top = SignedLanes(repeating: 255)
    let above = (top &- value) &>> 15
    let capped = (top & above) | (value & ~above)
    let below = capped &>> 15
    return unsafeBitCast(capped & ~below, to: Lanes.self)
  }

  /// R, G and B of eight pixels: ``rgba(_:_:_:)`` in 16-bit lanes. The
  /// `>> 6` of a sum with a negative constant is taken as `(sum + k) >> 6
  /// - m` with `64 m - k` the constant (14234 = 64 * 223 - 38, 17685 =
  /// 64 * 277 - 43), so that nothing leaves 16 bits.
  @inline(__always)
  private static func rgb(_ y: Lanes, _ u: Lanes, _ v: Lanes) -> (r: Lanes, g: Lanes, b: Lanes) {
    // 19077 = 74 * 256 + 133, 26149 = 102 * 256 + 37, 6419 = 25 * 256 +
    // 19, 13320 = 52 * 256 + 8, 33050 = 129 * 256 + 26.
    let luma = scaled(y, 74, 133)
    let r = unsafeBitCast((luma &+ scaled(v, 102, 37) &+ 38) &>> 6, to: SignedLanes.self) &- 223
    let g = unsafeBitCast(luma &+ 8708 &- scaled(u, 25, 19) &- scaled(v, 52, 8), to: SignedLanes.self) &>> 6
    let b = unsafeBitCast((luma &+ scaled(u, 129, 26) &+ 43) &>> 6, to: SignedLanes.self) &- 277
    return (clampByte(r), clampByte(g), clampByte(b))
  }

  /// Swaps the bits of `b` under `mask` with those of `a` under
  /// `mask << shift`, in both words.
  @inline(__always)
  private static func swapBits(_ a: inout SIMD2<UInt64>, _ b: inout SIMD2<UInt64>, _ shift: UInt64, _ mask: UInt64) {
    let t = ((a &>> shift) ^ b) & mask
    a ^= t &<< shift
    b ^= t
  }

  /// Writes `3 near + far` of the `count` samples as 16-bit values at
  /// `blend`, with a copy of the first before it and of the last after
  /// it.
  @inline(__always)
  private static func blendRows(
    near: UnsafePointer<UInt8>, far: UnsafePointer<UInt8>, count: Int, into blend: UnsafeMutableRawPointer
  ) {
    for j in 0..<count {
      let value = 3 &* UInt16(near[j]) &+ UInt16(far[j])
      blend.storeBytes(of: value, toByteOffset: 2 * j, as: UInt16.self)
    }
    let first = blend.loadUnaligned(as: UInt16.self)
    let last = blend.loadUnaligned(fromByteOffset: 2 * (count - 1), as: UInt16.self)
    blend.storeBytes(of: first, toByteOffset: -2, as: UInt16.self)
    blend.storeBytes(of: last, toByteOffset: 2 * count, as: UInt16.self)
  }

  /// Writes the `2 count` full-resolution chroma bytes of the blends
  /// `blend` (16-bit values, readable from index -1 to `count`) at
  /// `full`: pixel `2j` is `(3 b[j] + b[j - 1] + 8) >> 4`, pixel `2j + 1`
  /// `(3 b[j] + b[j + 1] + 8) >> 4`, each at most `(4 * 1020 + 8) >> 4 =
  /// 255`. Eight blends at a time in 16-bit lanes, the even pixel in each
  /// lane's low byte and the odd one in its high byte, which is their
  /// order in memory.
  @inline(__always)
  private static func upsample(_ blend: UnsafeMutableRawPointer, count: Int, into full: UnsafeMutableRawPointer) {
    var j = 0
    #if _endian(little)
      while j + 8 <= count {
        let left = blend.loadUnaligned(fromByteOffset: 2 * j - 2, as: Lanes.self)
        let centre = blend.loadUnaligned(fromByteOffset: 2 * j, as: Lanes.self) &* 3 &+ 8
        let right = blend.loadUnaligned(fromByteOffset: 2 * j + 2, as: Lanes.self)
        let pixels = (centre &+ left) &>> 4 | ((centre &+ right) &>> 4) &<< 8
        full.storeBytes(of: pixels, toByteOffset: 2 * j, as: Lanes.self)
        j += 8
      }
    #endif
    while j < count {
      let centre = 3 &* blend.loadUnaligned(fromByteOffset: 2 * j, as: UInt16.self) &+ 8
      let even = (centre &+ blend.loadUnaligned(fromByteOffset: 2 * j - 2, as: UInt16.self)) &>> 4
      let odd = (centre &+ blend.loadUnaligned(fromByteOffset: 2 * j + 2, as: UInt16.self)) &>> 4
      full.storeBytes(of: UInt8(truncatingIfNeeded: even), toByteOffset: 2 * j, as: UInt8.self)
      full.storeBytes(of: UInt8(truncatingIfNeeded: odd), toByteOffset: 2 * j + 1, as: UInt8.self)
      j += 1
    }
  }

  /// Writes the RGBA of the 16 pixels from `x` of a row: luma `luma`,
  /// full-resolution chroma `fullU` and `fullV` (all readable 16 bytes
  /// from `x`), at `out + 4 x`.
  ///
  /// The even and the odd pixels are computed apart (the low and the
  /// high byte of each 16-bit lane) and interleaved back with lane-wise
  /// shifts and masks in 32- and 64-bit lanes. Measured with a throwaway
  /// microbenchmark (a 512x512 image converted 200 times, release `-O
  /// -wmo`, output identical to the scalar code, also at odd sizes): the
  /// whole conversion 0.222 s -> 0.129 s against the scalar per-pixel
  /// ``rgba(_:_:_:)`` loop LLVM vectorized in 32-bit lanes, and to 0.58 ->
  /// 0.44 of the scalar time with ``upsample(_:count:into:)`` in lanes
  /// too; this interleaving, in place of a transpose of 16-bit fields that
  /// LLVM moved to general registers, then took 600 conversions from
  /// 0.26-0.34 s to 0.21-0.28 s (five alternating runs).
  @inline(__always)
  private static func convert16(
    x: Int, luma: UnsafeRawPointer, fullU: UnsafeRawPointer, fullV: UnsafeRawPointer, out: UnsafeMutableRawPointer
  ) {
    let low = Lanes(repeating: 0xFF)
    let y = luma.loadUnaligned(fromByteOffset: x, as: Lanes.self)
    let u = fullU.loadUnaligned(fromByteOffset: x, as: Lanes.self)
    let v = fullV.loadUnaligned(fromByteOffset: x, as: Lanes.self)
    let even = rgb(y & low, u & low, v & low)
    let odd = rgb(y &>> 8, u &>> 8, v &>> 8)
    let alpha = Lanes(repeating: 0xFF00)
    // Lane k of the even pixels' 32-bit view holds pixels 4k (low half)
    // and 4k + 2, of the odd pixels' 4k + 1 and 4k + 3: R|G and B|A
    // joined in 32-bit lanes, then pixels 4k and 4k + 1 (and 4k + 2 and
    // 4k + 3) swapped into 64-bit words. All lane-wise shifts and masks,
    // which LLVM keeps in vector registers (the 16-bit field transpose in
    // 64-bit words this replaced was moved to general registers).
    let evenRG = unsafeBitCast(even.r | even.g &<< 8, to: SIMD4<UInt32>.self)
    let evenBA = unsafeBitCast(even.b | alpha, to: SIMD4<UInt32>.self)
    let oddRG = unsafeBitCast(odd.r | odd.g &<< 8, to: SIMD4<UInt32>.self)
    let oddBA = unsafeBitCast(odd.b | alpha, to: SIMD4<UInt32>.self)
    let field = SIMD4<UInt32>(repeating: 0xFFFF)
    var p0 = unsafeBitCast((evenRG & field) | evenBA &<< 16, to: SIMD2<UInt64>.self)
    var p1 = unsafeBitCast((oddRG & field) | oddBA &<< 16, to: SIMD2<UInt64>.self)
    var p2 = unsafeBitCast(evenRG &>> 16 | (evenBA & ~field), to: SIMD2<UInt64>.self)
    var p3 = unsafeBitCast(oddRG &>> 16 | (oddBA & ~field), to: SIMD2<UInt64>.self)
    swapBits(&p0, &p1, 32, 0x0000_0000_FFFF_FFFF)
    swapBits(&p2, &p3, 32, 0x0000_0000_FFFF_FFFF)
    // Word k of p0: pixels 8k, 8k + 1; of p2: 8k + 2, 8k + 3; of p1:
    // 8k + 4, 8k + 5; of p3: 8k + 6, 8k + 7.
    let o = out + 4 * x
    for k in 0..<2 {
      o.storeBytes(of: SIMD2(p0[k], p2[k]), toByteOffset: 32 * k, as: SIMD2<UInt64>.self)
      o.storeBytes(of: SIMD2(p1[k], p3[k]), toByteOffset: 32 * k + 16, as: SIMD2<UInt64>.self)
    }
  }

  /// ``convert(y:yStride:u:v:uvStride:width:height:scratch:into:)`` in
  /// SIMD lanes: 16 pixels at a time (``convert16(x:luma:fullU:fullV:out:)``),
  /// the horizontal chroma upsampling 8 blends at a time, the remaining
  /// pixels as the scalar code does.
  ///
  /// - Complexity: O(`width * height`).
  static func lanesConvert(
    y: UnsafePointer<UInt8>, yStride: Int, u: UnsafePointer<UInt8>, v: UnsafePointer<UInt8>, uvStride: Int,
    width: Int, height: Int, scratch: UnsafeMutablePointer<Int32>, into rgba: UnsafeMutableRawPointer
  ) {
    let chromaHeight = (height + 1) / 2
    let chromaWidth = (width + 1) / 2
    // Vertical blends of one chroma row pair as 16-bit values (with a
    // copy of the edge column on each side), then the row's full-width
    // chroma as bytes.
    let raw = UnsafeMutableRawPointer(scratch)
    let blendU = raw + 2
    let blendV = blendU + 2 * (chromaWidth + 2)
    let fullU = blendV + 2 * (chromaWidth + 2)
    let fullV = fullU + 2 * chromaWidth
    for row in 0..<height {
      let near = row >> 1
      var far = row & 1 == 1 ? near + 1 : near - 1
      if far < 0 { far = 0 }
      if far >= chromaHeight { far = chromaHeight - 1 }
      blendRows(near: u + near * uvStride, far: u + far * uvStride, count: chromaWidth, into: blendU)
      blendRows(near: v + near * uvStride, far: v + far * uvStride, count: chromaWidth, into: blendV)
      upsample(blendU, count: chromaWidth, into: fullU)
      upsample(blendV, count: chromaWidth, into: fullV)
      let luma = UnsafeRawPointer(y + row * yStride)
      let out = rgba + row * width * 4
      var x = 0
      #if _endian(little)
        // The 16-bit lanes' low bytes are the even pixels.
        while x + 16 <= width {
          convert16(x: x, luma: luma, fullU: UnsafeRawPointer(fullU), fullV: UnsafeRawPointer(fullV), out: out)
          x += 16
        }
      #endif
      while x < width {
        let pixel = Self.rgba(
          Int32(luma.load(fromByteOffset: x, as: UInt8.self)), Int32(fullU.load(fromByteOffset: x, as: UInt8.self)),
          Int32(fullV.load(fromByteOffset: x, as: UInt8.self)))
        out.storeBytes(of: pixel.littleEndian, toByteOffset: 4 * x, as: UInt32.self)
        x += 1
      }
    }
  }
}
