/// VP8's inverse transforms (RFC 6386 section 14), in libwebp's integer
/// arithmetic: the Walsh-Hadamard transform of the Y2 block, and the
/// inverse DCT of a 4x4 block added to its prediction.
///
/// Arithmetic on file-controlled coefficients wraps as 32-bit C `int`
/// arithmetic does, so hostile values never trap.
enum VP8InverseTransform {
  /// `x * sqrt(2) * cos(pi/8)` in 16-bit fixed point (20091 / 65536 + 1).
  @inline(__always)
  private static func multiply1(_ x: Int32) -> Int32 {
    ((x &* 20091) &>> 16) &+ x
  }

  /// `x * sqrt(2) * sin(pi/8)` in 16-bit fixed point (35468 / 65536).
  @inline(__always)
  private static func multiply2(_ x: Int32) -> Int32 {
    (x &* 35468) &>> 16
  }

  /// Adds `delta >> 3` to the sample at `pointer`, clamped to 0...255.
  @inline(__always)
  private static func add(_ pointer: UnsafeMutablePointer<UInt8>, _ delta: Int32) {
    let value = Int32(pointer.pointee) &+ (delta &>> 3)
    pointer.pointee = UInt8(truncatingIfNeeded: value < 0 ? 0 : value > 255 ? 255 : value)
  }

  /// Inverse-transforms the 16 coefficients at `input` (raster order) and
  /// adds the result to the 4x4 block at `dst` (row stride `stride`).
  static func addTransform(_ input: UnsafePointer<Int16>, to dst: UnsafeMutablePointer<UInt8>, stride: Int) {
    // Columns first, into a 4x4 scratch (column-major), then rows.
    var t0: (Int32, Int32, Int32, Int32) = (0, 0, 0, 0)
    var t1 = t0, t2 = t0, t3 = t0
    @inline(__always)
    func column(_ i: Int) -> (Int32, Int32, Int32, Int32) {
      let i0 = Int32(input[i]), i4 = Int32(input[4 + i]), i8 = Int32(input[8 + i]), i12 = Int32(input[12 + i])
      let a = i0 &+ i8
      let b = i0 &- i8
      let c = multiply2(i4) &- multiply1(i12)
      let d = multiply1(i4) &+ multiply2(i12)
      return (a &+ d, b &+ c, b &- c, a &- d)
    }
    t0 = column(0)
    t1 = column(1)
    t2 = column(2)
    t3 = column(3)
    @inline(__always)
    func row(_ line: UnsafeMutablePointer<UInt8>, _ v0: Int32, _ v1: Int32, _ v2: Int32, _ v3: Int32) {
      let dc = v0 &+ 4
      let a = dc &+ v2
      let b = dc &- v2
      let c = multiply2(v1) &- multiply1(v3)
      let d = multiply1(v1) &+ multiply2(v3)
      add(line, a &+ d)
      add(line + 1, b &+ c)
      add(line + 2, b &- c)
      add(line + 3, a &- d)
    }
    row(dst, t0.0, t1.0, t2.0, t3.0)
    row(dst + stride, t0.1, t1.1, t2.1, t3.1)
    row(dst + 2 * stride, t0.2, t1.2, t2.2, t3.2)
    row(dst + 3 * stride, t0.3, t1.3, t2.3, t3.3)
  }

  /// Adds the transform of a block whose only non-zero coefficient is its
  /// DC, `dc`, to the 4x4 block at `dst`: `(dc + 4) >> 3` to every sample
  /// (what ``addTransform(_:to:stride:)`` computes for such a block).
  static func addDC(_ dc: Int16, to dst: UnsafeMutablePointer<UInt8>, stride: Int) {
    let delta = Int32(dc) &+ 4
    for r in 0..<4 {
      let line = dst + r * stride
      add(line, delta)
      add(line + 1, delta)
      add(line + 2, delta)
      add(line + 3, delta)
    }
  }

  /// The inverse Walsh-Hadamard transform of the Y2 block at `input`:
  /// writes the DC of each of the 16 luma blocks, the `k`-th at
  /// `output[16 * k]`.
  static func walshHadamard(_ input: UnsafePointer<Int16>, into output: UnsafeMutablePointer<Int16>) {
    var tmp: (Int32, Int32, Int32, Int32, Int32, Int32, Int32, Int32, Int32, Int32, Int32, Int32, Int32, Int32, Int32, Int32) =
      (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
    withUnsafeMutableBytes(of: &tmp) { raw in
      let t = raw.baseAddress!.assumingMemoryBound(to: Int32.self)
      for i in 0..<4 {
        let a0 = Int32(input[i]) &+ Int32(input[12 + i])
        let a1 = Int32(input[4 + i]) &+ Int32(input[8 + i])
        let a2 = Int32(input[4 + i]) &- Int32(input[8 + i])
        let a3 = Int32(input[i]) &- Int32(input[12 + i])
        t[i] = a0 &+ a1
        t[8 + i] = a0 &- a1
        t[4 + i] = a3 &+ a2
        t[12 + i] = a3 &- a2
      }
      for i in 0..<4 {
        let dc = t[i * 4] &+ 3
        let a0 = dc &+ t[3 + i * 4]
        let a1 = t[1 + i * 4] &+ t[2 + i * 4]
        let a2 = t[1 + i * 4] &- t[2 + i * 4]
        let a3 = dc &- t[3 + i * 4]
        let out = output + 64 * i
        out[0] = Int16(truncatingIfNeeded: (a0 &+ a1) &>> 3)
        out[16] = Int16(truncatingIfNeeded: (a3 &+ a2) &>> 3)
        out[32] = Int16(truncatingIfNeeded: (a0 &- a1) &>> 3)
        out[48] = Int16(truncatingIfNeeded: (a3 &- a2) &>> 3)
      }
    }
  }
}
