/// VP8's inverse transforms (RFC 6386 section 14), in libwebp's integer
/// arithmetic: the Walsh-Hadamard transform of the Y2 block, and the
/// inverse DCT of a 4x4 block added to its prediction, each in the
/// variant libwebp's default x86 build runs for that kind of block (they
/// agree on real streams; on hostile coefficients they overflow
/// differently, and libwebp's choice is the reference).
///
/// Arithmetic on file-controlled coefficients wraps (as C's does in
/// practice), so hostile values never trap.
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

  /// `(x * k) >> 16` of 16-bit `x` and `k` (the high half of their
  /// product, as SSE2's `pmulhw`).
  @inline(__always)
  private static func multiplyHigh(_ x: Int16, _ k: Int16) -> Int16 {
    Int16(truncatingIfNeeded: (Int32(x) &* Int32(k)) &>> 16)
  }

  /// One 4-point inverse DCT in 16-bit wrapping arithmetic, in the order
  /// of libwebp's SSE2 code: `x * 35468 >> 16` as `mulhi(x, -30068) + x`
  /// and `x * 85627 >> 16` as `mulhi(x, 20091) + x`.
  @inline(__always)
  private static func idct16(
    _ i0: Int16, _ i1: Int16, _ i2: Int16, _ i3: Int16
  ) -> (Int16, Int16, Int16, Int16) {
    let a = i0 &+ i2
    let b = i0 &- i2
    let c = (i1 &- i3) &+ (multiplyHigh(i1, -30068) &- multiplyHigh(i3, 20091))
    let d = (i1 &+ i3) &+ (multiplyHigh(i1, 20091) &+ multiplyHigh(i3, -30068))
    return (a &+ d, b &+ c, b &- c, a &- d)
  }

  /// Inverse-transforms the 16 coefficients at `input` (raster order) and
  /// adds the result to the 4x4 block at `dst` (row stride `stride`), as
  /// libwebp's default x86 decoder does (its SSE2 transform: 16-bit
  /// wrapping arithmetic, then the sum with each sample saturated to
  /// 0...255). For coefficients of real streams this equals the RFC's
  /// 32-bit computation; for hostile ones it stays libwebp's.
  static func addTransform(_ input: UnsafePointer<Int16>, to dst: UnsafeMutablePointer<UInt8>, stride: Int) {
    // Vertical pass: column i of the input.
    let c0 = idct16(input[0], input[4], input[8], input[12])
    let c1 = idct16(input[1], input[5], input[9], input[13])
    let c2 = idct16(input[2], input[6], input[10], input[14])
    let c3 = idct16(input[3], input[7], input[11], input[15])
    @inline(__always)
    func row(_ line: UnsafeMutablePointer<UInt8>, _ v0: Int16, _ v1: Int16, _ v2: Int16, _ v3: Int16) {
      let (o0, o1, o2, o3) = idct16(v0 &+ 4, v1, v2, v3)
      store(line, o0)
      store(line + 1, o1)
      store(line + 2, o2)
      store(line + 3, o3)
    }
    // Horizontal pass: row j takes entry j of each column's result.
    row(dst, c0.0, c1.0, c2.0, c3.0)
    row(dst + stride, c0.1, c1.1, c2.1, c3.1)
    row(dst + 2 * stride, c0.2, c1.2, c2.2, c3.2)
    row(dst + 3 * stride, c0.3, c1.3, c2.3, c3.3)
  }

  /// Adds `delta >> 3` (16-bit arithmetic) to the sample at `pointer`,
  /// saturated to 0...255.
  @inline(__always)
  private static func store(_ pointer: UnsafeMutablePointer<UInt8>, _ delta: Int16) {
    let value = Int16(pointer.pointee) &+ (delta &>> 3)
    pointer.pointee = UInt8(truncatingIfNeeded: value < 0 ? 0 : value > 255 ? 255 : value)
  }

  /// Adds the transform of a block whose only non-zero coefficients are
  /// at raster indices 0, 1 and 4 (at most three tokens) to the 4x4 block
  /// at `dst`, in 32-bit arithmetic as libwebp's `TransformAC3` (what the
  /// RFC's transform computes for such a block).
  static func addTransformAC3(_ input: UnsafePointer<Int16>, to dst: UnsafeMutablePointer<UInt8>, stride: Int) {
    let a = Int32(input[0]) &+ 4
    let c4 = multiply2(Int32(input[4]))
    let d4 = multiply1(Int32(input[4]))
    let c1 = multiply2(Int32(input[1]))
    let d1 = multiply1(Int32(input[1]))
    @inline(__always)
    func row(_ line: UnsafeMutablePointer<UInt8>, _ dc: Int32) {
      add(line, dc &+ d1)
      add(line + 1, dc &+ c1)
      add(line + 2, dc &- c1)
      add(line + 3, dc &- d1)
    }
    row(dst, a &+ d4)
    row(dst + stride, a &+ c4)
    row(dst + 2 * stride, a &- c4)
    row(dst + 3 * stride, a &- d4)
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
