/// VP8's intra predictors (RFC 6386 sections 12.2 and 12.3), writing a
/// block in the decoder's macroblock workspace from the samples around it.
///
/// Every function takes a pointer to the block's top-left sample in a
/// buffer of row stride ``stride`` where the row above (from one sample to
/// the left to, for 4x4 blocks, four samples past the right edge) and the
/// column to the left are readable: the workspace keeps those borders.
enum VP8Prediction {
  /// The row stride of the workspace, in bytes.
  static let stride = 32

  /// Mode numbers (intra 4x4 modes; the 16x16 and chroma modes use the
  /// first four).
  static let dc = 0, trueMotion = 1, vertical = 2, horizontal = 3
  static let downRight = 4, verticalRight = 5, downLeft = 6, verticalLeft = 7
  static let horizontalDown = 8, horizontalUp = 9

  /// `(a + 2b + c + 2) / 4`.
  @inline(__always)
  private static func average3(_ a: UInt8, _ b: UInt8, _ c: UInt8) -> UInt8 {
    UInt8(truncatingIfNeeded: (UInt32(a) &+ 2 &* UInt32(b) &+ UInt32(c) &+ 2) &>> 2)
  }

  /// `(a + b + 1) / 2`.
  @inline(__always)
  private static func average2(_ a: UInt8, _ b: UInt8) -> UInt8 {
    UInt8(truncatingIfNeeded: (UInt32(a) &+ UInt32(b) &+ 1) &>> 1)
  }

  /// Fills `size` samples (4, 8 or 16) from `line` with `value`, up to
  /// eight at a time: `update(repeating:count:)` with a count known only
  /// at run time is a call to `memset`, which took 4.4% of `timeline-demo
  /// bench decode` on the corpus's vp80-05-sharpness-1430 (perf, after
  /// the loop filter's SIMD rewrite) for these short rows.
  @inline(__always)
  private static func fillRow(_ line: UnsafeMutablePointer<UInt8>, size: Int, value: UInt8) {
    let word = UInt64(value) &* 0x0101_0101_0101_0101
    let raw = UnsafeMutableRawPointer(line)
    if size == 4 {
      raw.storeBytes(of: UInt32(truncatingIfNeeded: word), as: UInt32.self)
      return
    }
    raw.storeBytes(of: word, as: UInt64.self)
    if size > 8 { raw.storeBytes(of: word, toByteOffset: 8, as: UInt64.self) }
  }

  /// Copies `size` samples (8 or 16) from `source` to `line`, eight at a
  /// time (as ``fillRow(_:size:value:)``, for `memmove`).
  @inline(__always)
  private static func copyRow(_ line: UnsafeMutablePointer<UInt8>, from source: UnsafePointer<UInt8>, size: Int) {
    let from = UnsafeRawPointer(source), raw = UnsafeMutableRawPointer(line)
    raw.storeBytes(of: from.loadUnaligned(as: UInt64.self), as: UInt64.self)
    if size > 8 {
      raw.storeBytes(of: from.loadUnaligned(fromByteOffset: 8, as: UInt64.self), toByteOffset: 8, as: UInt64.self)
    }
  }

  /// Fills a `size` x `size` block (4, 8 or 16) with `value`.
  @inline(__always)
  private static func fill(_ dst: UnsafeMutablePointer<UInt8>, size: Int, value: UInt8) {
    for row in 0..<size {
      fillRow(dst + row * stride, size: size, value: value)
    }
  }

  /// Predicts a 16x16 luma block (`size` 16) or an 8x8 chroma block
  /// (`size` 8) with mode DC, TM, V or H. DC uses only the edges that
  /// exist: `hasAbove` is false on the top macroblock row, `hasLeft` on
  /// the left column (128 when neither exists).
  ///
  /// - Complexity: O(`size`²).
  static func predictBlock(
    _ dst: UnsafeMutablePointer<UInt8>, size: Int, mode: Int, hasAbove: Bool, hasLeft: Bool
  ) {
    let above = dst - stride
    switch mode {
    case vertical:
      for row in 0..<size { copyRow(dst + row * stride, from: above, size: size) }
    case horizontal:
      for row in 0..<size {
        let line = dst + row * stride
        fillRow(line, size: size, value: line[-1])
      }
    case trueMotion:
      trueMotion(dst, size: size)
    default:
      let shift = size == 16 ? 4 : 3
      var sum = 0
      if hasAbove {
        for i in 0..<size { sum &+= Int(above[i]) }
      }
      if hasLeft {
        for i in 0..<size { sum &+= Int(dst[i * stride - 1]) }
      }
      let value: Int
      switch (hasAbove, hasLeft) {
      case (true, true): value = (sum + size) >> (shift + 1)
      case (false, false): value = 128
      default: value = (sum + size / 2) >> shift
      }
      fill(dst, size: size, value: UInt8(truncatingIfNeeded: value))
    }
  }

  /// TrueMotion: `left + above - aboveLeft`, clamped to 0...255.
  private static func trueMotion(_ dst: UnsafeMutablePointer<UInt8>, size: Int) {
    let above = dst - stride
    let corner = Int(above[-1])
    for row in 0..<size {
      let line = dst + row * stride
      let base = Int(line[-1]) - corner
      for column in 0..<size {
        let value = base + Int(above[column])
        line[column] = UInt8(truncatingIfNeeded: value < 0 ? 0 : value > 255 ? 255 : value)
      }
    }
  }

  /// Predicts a 4x4 luma subblock with one of the ten subblock modes
  /// (RFC 6386 section 12.3, as libwebp computes them).
  static func predictSubblock(_ dst: UnsafeMutablePointer<UInt8>, mode: Int) {
    let s = stride
    // The row above (A...H, then the corner X) and the left column (I...L).
    let top = dst - s
    switch mode {
    case dc:
      var sum: UInt32 = 4
      for i in 0..<4 { sum &+= UInt32(top[i]) &+ UInt32(dst[i * s - 1]) }
      fill(dst, size: 4, value: UInt8(truncatingIfNeeded: sum &>> 3))
    case trueMotion:
      trueMotion(dst, size: 4)
    case vertical:
      let row0 = average3(top[-1], top[0], top[1])
      let row1 = average3(top[0], top[1], top[2])
      let row2 = average3(top[1], top[2], top[3])
      let row3 = average3(top[2], top[3], top[4])
      for r in 0..<4 {
        let line = dst + r * s
        line[0] = row0; line[1] = row1; line[2] = row2; line[3] = row3
      }
    case horizontal:
      let a = top[-1], b = dst[-1], c = dst[s - 1], d = dst[2 * s - 1], e = dst[3 * s - 1]
      (dst).update(repeating: average3(a, b, c), count: 4)
      (dst + s).update(repeating: average3(b, c, d), count: 4)
      (dst + 2 * s).update(repeating: average3(c, d, e), count: 4)
      (dst + 3 * s).update(repeating: average3(d, e, e), count: 4)
    case downRight:
      let i = dst[-1], j = dst[s - 1], k = dst[2 * s - 1], l = dst[3 * s - 1]
      let x = top[-1], a = top[0], b = top[1], c = top[2], d = top[3]
      put(dst, 0, 3, average3(j, k, l))
      let ijk = average3(i, j, k)
      put(dst, 1, 3, ijk); put(dst, 0, 2, ijk)
      let xij = average3(x, i, j)
      put(dst, 2, 3, xij); put(dst, 1, 2, xij); put(dst, 0, 1, xij)
      let axi = average3(a, x, i)
      put(dst, 3, 3, axi); put(dst, 2, 2, axi); put(dst, 1, 1, axi); put(dst, 0, 0, axi)
      let bax = average3(b, a, x)
      put(dst, 3, 2, bax); put(dst, 2, 1, bax); put(dst, 1, 0, bax)
      let cba = average3(c, b, a)
      put(dst, 3, 1, cba); put(dst, 2, 0, cba)
      put(dst, 3, 0, average3(d, c, b))
    case downLeft:
      let a = top[0], b = top[1], c = top[2], d = top[3], e = top[4], f = top[5], g = top[6], h = top[7]
      put(dst, 0, 0, average3(a, b, c))
      let bcd = average3(b, c, d)
      put(dst, 1, 0, bcd); put(dst, 0, 1, bcd)
      let cde = average3(c, d, e)
      put(dst, 2, 0, cde); put(dst, 1, 1, cde); put(dst, 0, 2, cde)
      let def = average3(d, e, f)
      put(dst, 3, 0, def); put(dst, 2, 1, def); put(dst, 1, 2, def); put(dst, 0, 3, def)
      let efg = average3(e, f, g)
      put(dst, 3, 1, efg); put(dst, 2, 2, efg); put(dst, 1, 3, efg)
      let fgh = average3(f, g, h)
      put(dst, 3, 2, fgh); put(dst, 2, 3, fgh)
      put(dst, 3, 3, average3(g, h, h))
    case verticalRight:
      let i = dst[-1], j = dst[s - 1], k = dst[2 * s - 1]
      let x = top[-1], a = top[0], b = top[1], c = top[2], d = top[3]
      let xa = average2(x, a)
      put(dst, 0, 0, xa); put(dst, 1, 2, xa)
      let ab = average2(a, b)
      put(dst, 1, 0, ab); put(dst, 2, 2, ab)
      let bc = average2(b, c)
      put(dst, 2, 0, bc); put(dst, 3, 2, bc)
      put(dst, 3, 0, average2(c, d))
      put(dst, 0, 3, average3(k, j, i))
      put(dst, 0, 2, average3(j, i, x))
      let ixa = average3(i, x, a)
      put(dst, 0, 1, ixa); put(dst, 1, 3, ixa)
      let xab = average3(x, a, b)
      put(dst, 1, 1, xab); put(dst, 2, 3, xab)
      let abc = average3(a, b, c)
      put(dst, 2, 1, abc); put(dst, 3, 3, abc)
      put(dst, 3, 1, average3(b, c, d))
    case verticalLeft:
      let a = top[0], b = top[1], c = top[2], d = top[3], e = top[4], f = top[5], g = top[6], h = top[7]
      put(dst, 0, 0, average2(a, b))
      let bc = average2(b, c)
      put(dst, 1, 0, bc); put(dst, 0, 2, bc)
      let cd = average2(c, d)
      put(dst, 2, 0, cd); put(dst, 1, 2, cd)
      let de = average2(d, e)
      put(dst, 3, 0, de); put(dst, 2, 2, de)
      put(dst, 0, 1, average3(a, b, c))
      let bcd = average3(b, c, d)
      put(dst, 1, 1, bcd); put(dst, 0, 3, bcd)
      let cde = average3(c, d, e)
      put(dst, 2, 1, cde); put(dst, 1, 3, cde)
      let def = average3(d, e, f)
      put(dst, 3, 1, def); put(dst, 2, 3, def)
      put(dst, 3, 2, average3(e, f, g))
      put(dst, 3, 3, average3(f, g, h))
    case horizontalDown:
      let i = dst[-1], j = dst[s - 1], k = dst[2 * s - 1], l = dst[3 * s - 1]
      let x = top[-1], a = top[0], b = top[1], c = top[2]
      let ix = average2(i, x)
      put(dst, 0, 0, ix); put(dst, 2, 1, ix)
      let ji = average2(j, i)
      put(dst, 0, 1, ji); put(dst, 2, 2, ji)
      let kj = average2(k, j)
      put(dst, 0, 2, kj); put(dst, 2, 3, kj)
      put(dst, 0, 3, average2(l, k))
      put(dst, 3, 0, average3(a, b, c))
      put(dst, 2, 0, average3(x, a, b))
      let ixa = average3(i, x, a)
      put(dst, 1, 0, ixa); put(dst, 3, 1, ixa)
      let jix = average3(j, i, x)
      put(dst, 1, 1, jix); put(dst, 3, 2, jix)
      let kji = average3(k, j, i)
      put(dst, 1, 2, kji); put(dst, 3, 3, kji)
      put(dst, 1, 3, average3(l, k, j))
    default:  // horizontalUp
      let i = dst[-1], j = dst[s - 1], k = dst[2 * s - 1], l = dst[3 * s - 1]
      put(dst, 0, 0, average2(i, j))
      let jk = average2(j, k)
      put(dst, 2, 0, jk); put(dst, 0, 1, jk)
      let kl = average2(k, l)
      put(dst, 2, 1, kl); put(dst, 0, 2, kl)
      put(dst, 1, 0, average3(i, j, k))
      let jkl = average3(j, k, l)
      put(dst, 3, 0, jkl); put(dst, 1, 1, jkl)
      let kll = average3(k, l, l)
      put(dst, 3, 1, kll); put(dst, 1, 2, kll)
      put(dst, 3, 2, l); put(dst, 2, 2, l)
      put(dst, 0, 3, l); put(dst, 1, 3, l); put(dst, 2, 3, l); put(dst, 3, 3, l)
    }
  }

  /// Stores `value` at column `x`, row `y` of a block.
  @inline(__always)
  private static func put(_ dst: UnsafeMutablePointer<UInt8>, _ x: Int, _ y: Int, _ value: UInt8) {
    dst[x + y * stride] = value
  }
}
