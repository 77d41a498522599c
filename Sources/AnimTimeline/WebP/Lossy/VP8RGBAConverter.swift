/// Converts decoded VP8 planes (full-resolution Y', half-resolution Cb and
/// Cr) to RGBA as libwebp does by default: "fancy" chroma upsampling and
/// its 14-bit fixed-point Y'CbCr to RGB, alpha 255.
///
/// Each output pixel's chroma is `(9a + 3b + 3c + d + 8) >> 4` of the
/// four nearest chroma samples: `a` the nearest, `b` its horizontal and
/// `c` its vertical neighbour towards the pixel, `d` the diagonal one,
/// where a neighbour past the image's chroma edge is the nearest sample
/// itself; this is exactly libwebp's two-step computation (including its
/// `(3a + b + 2) >> 2` on the first and last rows and columns).
///
/// ``convert(y:yStride:u:v:uvStride:width:height:scratch:into:)`` runs one
/// of two implementations with the same output: the per-pixel scalar code
/// of this file in debug builds, the SIMD lanes of
/// `VP8RGBAConverter+Lanes.swift` in optimized ones.
enum VP8RGBAConverter {
  /// `(value * factor) >> 8`.
  @inline(__always)
  private static func multiplyHigh(_ value: Int32, _ factor: Int32) -> Int32 {
    (value &* factor) &>> 8
  }

  /// `value >> 6` clamped to 0...255.
  @inline(__always)
  private static func clip(_ value: Int32) -> UInt32 {
    UInt32(truncatingIfNeeded: min(max(value &>> 6, 0), 255))
  }

  /// One RGBA pixel (R in the lowest byte) of Y'CbCr `y`, `u`, `v`.
  @inline(__always)
  static func rgba(_ y: Int32, _ u: Int32, _ v: Int32) -> UInt32 {
    let luma = multiplyHigh(y, 19077)
    let r = clip(luma &+ multiplyHigh(v, 26149) &- 14234)
    let g = clip(luma &- multiplyHigh(u, 6419) &- multiplyHigh(v, 13320) &+ 8708)
    let b = clip(luma &+ multiplyHigh(u, 33050) &- 17685)
    return r | (g &<< 8) | (b &<< 16) | 0xFF00_0000
  }

  /// Writes the `width` x `height` RGBA image of planes `y` (row stride
  /// `yStride`) and `u`, `v` (row stride `uvStride`, at least
  /// `(width + 1) / 2` by `(height + 1) / 2` samples) into `rgba`, row
  /// after row with no padding. `scratch` holds at least
  /// ``scratchCount(width:)`` values.
  ///
  /// - Precondition: `rgba` holds `width * height * 4` bytes.
  /// - Complexity: O(`width * height`).
  // The one place that chooses between the implementations, at compile
  // time. SwiftPM defines DEBUG in debug builds only (`swift build -v`
  // shows `-DDEBUG`), which CI's `swift test`, ASan and TSan passes run:
  // unoptimized, every SIMD operation is a call into the generic SIMD
  // code, and the lanes made the conversion the largest cost of the debug
  // suite's lossy decoding (52 % of the perf samples of
  // vp8CorpusStillsMatchLibwebp; `swift test` 181 s -> 259 s with the loop
  // filter's lanes, Docs/Performance.md, "VP8 loop filter and lossy
  // decoding (2026-11-26)"). Optimized builds run the lanes: with them and
  // the loop filter's lanes, `timeline-demo bench decode` of the corpus's
  // vp80-05-sharpness-1430 went from 4.20x to 2.07x libwebp's time (same
  // section). VP8RGBAConverterLanesTests checks that both give the same
  // bytes.
  @inline(__always)
  static func convert(
    y: UnsafePointer<UInt8>, yStride: Int, u: UnsafePointer<UInt8>, v: UnsafePointer<UInt8>, uvStride: Int,
    width: Int, height: Int, scratch: UnsafeMutablePointer<Int32>, into rgba: UnsafeMutableRawPointer
  ) {
    #if DEBUG
      scalarConvert(
        y: y, yStride: yStride, u: u, v: v, uvStride: uvStride, width: width, height: height, scratch: scratch,
        into: rgba)
    #else
      lanesConvert(
        y: y, yStride: yStride, u: u, v: v, uvStride: uvStride, width: width, height: height, scratch: scratch,
        into: rgba)
    #endif
  }

  /// ``convert(y:yStride:u:v:uvStride:width:height:scratch:into:)`` pixel
  /// by pixel.
  ///
  /// - Complexity: O(`width * height`).
  static func scalarConvert(
    y: UnsafePointer<UInt8>, yStride: Int, u: UnsafePointer<UInt8>, v: UnsafePointer<UInt8>, uvStride: Int,
    width: Int, height: Int, scratch: UnsafeMutablePointer<Int32>, into rgba: UnsafeMutableRawPointer
  ) {
    let chromaHeight = (height + 1) / 2
    let chromaWidth = (width + 1) / 2
    // Vertical blends of one chroma row pair (with a copy of the edge
    // column on each side), then the row's full-width chroma.
    let blendU = scratch + 1
    let blendV = blendU + chromaWidth + 2
    let fullU = blendV + chromaWidth + 1
    let fullV = fullU + 2 * chromaWidth
    for row in 0..<height {
      let near = row >> 1
      var far = row & 1 == 1 ? near + 1 : near - 1
      if far < 0 { far = 0 }
      if far >= chromaHeight { far = chromaHeight - 1 }
      let nearU = u + near * uvStride, farU = u + far * uvStride
      let nearV = v + near * uvStride, farV = v + far * uvStride
      for j in 0..<chromaWidth {
        blendU[j] = 3 &* Int32(nearU[j]) &+ Int32(farU[j])
        blendV[j] = 3 &* Int32(nearV[j]) &+ Int32(farV[j])
      }
      blendU[-1] = blendU[0]
      blendU[chromaWidth] = blendU[chromaWidth - 1]
      blendV[-1] = blendV[0]
      blendV[chromaWidth] = blendV[chromaWidth - 1]
      for j in 0..<chromaWidth {
        let centreU = 3 &* blendU[j] &+ 8
        let centreV = 3 &* blendV[j] &+ 8
        fullU[2 * j] = (centreU &+ blendU[j - 1]) &>> 4
        fullU[2 * j + 1] = (centreU &+ blendU[j + 1]) &>> 4
        fullV[2 * j] = (centreV &+ blendV[j - 1]) &>> 4
        fullV[2 * j + 1] = (centreV &+ blendV[j + 1]) &>> 4
      }
      let luma = y + row * yStride
      let out = rgba + row * width * 4
      for x in 0..<width {
        out.storeBytes(of: Self.rgba(Int32(luma[x]), fullU[x], fullV[x]).littleEndian, toByteOffset: 4 * x, as: UInt32.self)
      }
    }
  }

  /// The `Int32` scratch values ``convert(y:yStride:u:v:uvStride:width:height:scratch:into:)``
  /// needs for images `width` pixels wide (the scalar code's layout; the
  /// lanes use fewer bytes).
  static func scratchCount(width: Int) -> Int {
    let chromaWidth = (width + 1) / 2
    return 2 * (chromaWidth + 2) + 4 * chromaWidth
  }
}
