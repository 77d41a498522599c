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
enum VP8RGBAConverter {
  /// `(value * factor) >> 8`.
  @inline(__always)
  private static func multiplyHigh(_ value: Int32, _ factor: Int32) -> Int32 {
    (value &* factor) &>> 8
  }

  /// `value >> 6` clamped to 0...255.
  @inline(__always)
  private static func clip(_ value: Int32) -> UInt32 {
    let shifted = value &>> 6
    return UInt32(truncatingIfNeeded: shifted < 0 ? 0 : shifted > 255 ? 255 : shifted)
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
  /// after row with no padding.
  ///
  /// - Precondition: `rgba` holds `width * height * 4` bytes.
  /// - Complexity: O(`width * height`).
  static func convert(
    y: UnsafePointer<UInt8>, yStride: Int, u: UnsafePointer<UInt8>, v: UnsafePointer<UInt8>, uvStride: Int,
    width: Int, height: Int, into rgba: UnsafeMutableRawPointer
  ) {
    let chromaHeight = (height + 1) / 2
    for row in 0..<height {
      let near = row >> 1
      var far = row & 1 == 1 ? near + 1 : near - 1
      if far < 0 { far = 0 }
      if far >= chromaHeight { far = chromaHeight - 1 }
      convertRow(
        y: y + row * yStride,
        nearU: u + near * uvStride, nearV: v + near * uvStride,
        farU: u + far * uvStride, farV: v + far * uvStride,
        width: width, into: rgba + row * width * 4)
    }
  }

  /// Converts one row: `y` its luma, `near*` the chroma row nearest to it
  /// and `far*` the other chroma row of its pair.
  @inline(__always)
  private static func convertRow(
    y: UnsafePointer<UInt8>, nearU: UnsafePointer<UInt8>, nearV: UnsafePointer<UInt8>,
    farU: UnsafePointer<UInt8>, farV: UnsafePointer<UInt8>, width: Int, into out: UnsafeMutableRawPointer
  ) {
    let chromaWidth = (width + 1) / 2
    // The vertical blend 3 * near + far of chroma column j.
    @inline(__always)
    func blendU(_ j: Int) -> Int32 { 3 &* Int32(nearU[j]) &+ Int32(farU[j]) }
    @inline(__always)
    func blendV(_ j: Int) -> Int32 { 3 &* Int32(nearV[j]) &+ Int32(farV[j]) }
    var previousU = blendU(0), previousV = blendV(0)
    var currentU = previousU, currentV = previousV
    for j in 0..<chromaWidth {
      let next = j + 1 < chromaWidth ? j + 1 : j
      let nextU = blendU(next), nextV = blendV(next)
      let x = 2 * j
      // Even pixel: nearest column j, far column j - 1.
      let u0 = (3 &* currentU &+ previousU &+ 8) &>> 4
      let v0 = (3 &* currentV &+ previousV &+ 8) &>> 4
      out.storeBytes(of: rgba(Int32(y[x]), u0, v0).littleEndian, toByteOffset: x * 4, as: UInt32.self)
      if x + 1 < width {
        // Odd pixel: nearest column j, far column j + 1.
        let u1 = (3 &* currentU &+ nextU &+ 8) &>> 4
        let v1 = (3 &* currentV &+ nextV &+ 8) &>> 4
        out.storeBytes(of: rgba(Int32(y[x + 1]), u1, v1).littleEndian, toByteOffset: (x + 1) * 4, as: UInt32.self)
      }
      previousU = currentU
      previousV = currentV
      currentU = nextU
      currentV = nextV
    }
  }
}
