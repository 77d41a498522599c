/// The five row filters of PNG's filter method 0 (PNG specification,
/// section 9): each byte is coded as its difference from a prediction
/// made from the byte one pixel to the left (`a`), the byte above (`b`)
/// and the byte above-left (`c`), all 0 outside the image.
enum PNGRowFilter: UInt8, CaseIterable {
  case none = 0
  case sub = 1
  case up = 2
  case average = 3
  case paeth = 4

  /// The Paeth predictor: whichever of `a`, `b`, `c` is closest to
  /// `a + b - c`, preferring `a`, then `b`.
  @inline(__always)
  static func paeth(_ a: UInt8, _ b: UInt8, _ c: UInt8) -> UInt8 {
    let estimate = Int(a) + Int(b) - Int(c)
    let distanceA = abs(estimate - Int(a))
    let distanceB = abs(estimate - Int(b))
    let distanceC = abs(estimate - Int(c))
    if distanceA <= distanceB && distanceA <= distanceC { return a }
    return distanceB <= distanceC ? b : c
  }

  /// Chooses the filter for one row by the minimum sum of absolute
  /// differences (each filtered byte read as a signed value), and writes
  /// the filter type byte and the filtered row to `output`.
  ///
  /// `row` and `above` are `count` bytes (`above` all zero for the first
  /// row); `output` has room for `count + 1` bytes.
  ///
  /// - Complexity: O(*n*) in the row's bytes.
  // unsafe: every byte of the image passes through here five times
  // (plus once to write). Measured with `imagetool corpus-png` on
  // gifplayer-muybridge.gif (sum of the fastest of 3 pngData() times):
  // one loop with per-byte branches, 1,720 ms; one loop per filter with
  // wrapping arithmetic, 1,690-1,770 ms (vectorised two bytes at a time:
  // 64-bit sums); the same summed in 16 bits over 256-byte pieces, as
  // here, 950-1,030 ms (perf: this function 46 % -> 12 % of the encoder;
  // deflate is now 57 %). SIMD16 vectors written out were slower
  // (3,960-4,010 ms).
  static func filterRow(
    _ row: UnsafePointer<UInt8>, above: UnsafePointer<UInt8>, count: Int, bytesPerPixel bpp: Int,
    into output: UnsafeMutablePointer<UInt8>
  ) {
    let head = min(bpp, count)
    let sums = (
      PNGRowFilter.none.cost(row, above: above, count: count, head: head, bytesPerPixel: bpp),
      PNGRowFilter.sub.cost(row, above: above, count: count, head: head, bytesPerPixel: bpp),
      PNGRowFilter.up.cost(row, above: above, count: count, head: head, bytesPerPixel: bpp),
      PNGRowFilter.average.cost(row, above: above, count: count, head: head, bytesPerPixel: bpp),
      PNGRowFilter.paeth.cost(row, above: above, count: count, head: head, bytesPerPixel: bpp))
    var best = PNGRowFilter.none
    var bestSum = sums.0
    if sums.1 < bestSum { (best, bestSum) = (.sub, sums.1) }
    if sums.2 < bestSum { (best, bestSum) = (.up, sums.2) }
    if sums.3 < bestSum { (best, bestSum) = (.average, sums.3) }
    if sums.4 < bestSum { (best, bestSum) = (.paeth, sums.4) }
    output[0] = best.rawValue
    best.apply(row, above: above, count: count, head: head, bytesPerPixel: bpp, into: output + 1)
  }

  /// |x| of a filtered byte read as a signed value.
  @inline(__always)
  private static func magnitude(_ value: UInt8) -> Int {
    // min(d, 256 - d): the magnitude of d read as a signed byte.
    Int(min(value, 0 &- value))
  }

  /// The Paeth predictor in arithmetic form (the same choice as
  /// ``paeth(_:_:_:)``), for branch-free loops.
  @inline(__always)
  private static func paethSelect(_ a: UInt8, _ b: UInt8, _ c: UInt8) -> UInt8 {
    let ia = Int16(a)
    let ib = Int16(b)
    let ic = Int16(c)
    // |x| as max(x, -x): no overflow check (the values are in -510...510).
    let pa = max(ib &- ic, ic &- ib)
    let pb = max(ia &- ic, ic &- ia)
    let pc = max(ia &+ ib &- ic &- ic, ic &+ ic &- ia &- ib)
    let bOrC = pb <= pc ? b : c
    return pa <= pb && pa <= pc ? a : bOrC
  }

  /// The sum of |filtered(i)| (each read as a signed byte) over `range`,
  /// in 256-byte pieces summed in 16 bits (256 × 128 fits), which lets the
  /// compiler use wide vectors.
  @inline(__always)
  private static func sumOfMagnitudes(_ range: Range<Int>, _ filtered: (Int) -> UInt8) -> Int {
    var total = 0
    var start = range.lowerBound
    while start < range.upperBound {
      let end = min(range.upperBound, start &+ 256)
      var partial: UInt16 = 0
      for i in start..<end {
        let d = filtered(i)
        partial &+= UInt16(min(d, 0 &- d))
      }
      total &+= Int(partial)
      start = end
    }
    return total
  }

  /// The filter's sum of absolute differences over the row.
  private func cost(
    _ row: UnsafePointer<UInt8>, above: UnsafePointer<UInt8>, count: Int, head: Int, bytesPerPixel bpp: Int
  ) -> Int {
    typealias F = PNGRowFilter
    switch self {
    case .none:
      return F.sumOfMagnitudes(0..<count) { row[$0] }
    case .sub:
      return F.sumOfMagnitudes(0..<head) { row[$0] } + F.sumOfMagnitudes(head..<count) { row[$0] &- row[$0 &- bpp] }
    case .up:
      return F.sumOfMagnitudes(0..<count) { row[$0] &- above[$0] }
    case .average:
      return F.sumOfMagnitudes(0..<head) { row[$0] &- above[$0] >> 1 }
        + F.sumOfMagnitudes(head..<count) { row[$0] &- UInt8((UInt16(row[$0 &- bpp]) &+ UInt16(above[$0])) >> 1) }
    case .paeth:
      return F.sumOfMagnitudes(0..<head) { row[$0] &- above[$0] }
        + F.sumOfMagnitudes(head..<count) { row[$0] &- F.paethSelect(row[$0 &- bpp], above[$0], above[$0 &- bpp]) }
    }
  }

  /// Writes the filtered row.
  private func apply(
    _ row: UnsafePointer<UInt8>, above: UnsafePointer<UInt8>, count: Int, head: Int, bytesPerPixel bpp: Int,
    into out: UnsafeMutablePointer<UInt8>
  ) {
    switch self {
    case .none:
      out.update(from: row, count: count)
    case .sub:
      for i in 0..<head { out[i] = row[i] }
      for i in head..<count { out[i] = row[i] &- row[i &- bpp] }
    case .up:
      for i in 0..<count { out[i] = row[i] &- above[i] }
    case .average:
      for i in 0..<head { out[i] = row[i] &- above[i] >> 1 }
      for i in head..<count { out[i] = row[i] &- UInt8((UInt16(row[i &- bpp]) + UInt16(above[i])) >> 1) }
    case .paeth:
      for i in 0..<head { out[i] = row[i] &- above[i] }
      for i in head..<count { out[i] = row[i] &- PNGRowFilter.paethSelect(row[i &- bpp], above[i], above[i &- bpp]) }
    }
  }

  /// Undoes this filter on `row` (`count` bytes) in place, given the
  /// unfiltered row `above` (all zero for the first row of a pass).
  ///
  /// - Complexity: O(*n*) in the row's bytes.
  func unfilter(
    _ row: UnsafeMutablePointer<UInt8>, above: UnsafePointer<UInt8>, count: Int, bytesPerPixel bpp: Int
  ) {
    switch self {
    case .none:
      break
    case .sub:
      if bpp == 4 { return PNGRowFilter.unfilterPixels(.sub, row, above: above, count: count, lanes: 4) }
      if bpp == 3 { return PNGRowFilter.unfilterPixels(.sub, row, above: above, count: count, lanes: 3) }
      var index = bpp
      while index < count {
        row[index] &+= row[index &- bpp]
        index &+= 1
      }
    case .up:
      for index in 0..<count { row[index] &+= above[index] }
    case .average:
      if bpp == 4 { return PNGRowFilter.unfilterPixels(.average, row, above: above, count: count, lanes: 4) }
      if bpp == 3 { return PNGRowFilter.unfilterPixels(.average, row, above: above, count: count, lanes: 3) }
      for index in 0..<min(bpp, count) { row[index] &+= above[index] >> 1 }
      var index = bpp
      while index < count {
        row[index] &+= UInt8((UInt16(row[index &- bpp]) &+ UInt16(above[index])) &>> 1)
        index &+= 1
      }
    case .paeth:
      if bpp == 4 { return PNGRowFilter.unfilterPixels(.paeth, row, above: above, count: count, lanes: 4) }
      if bpp == 3 { return PNGRowFilter.unfilterPixels(.paeth, row, above: above, count: count, lanes: 3) }
      for index in 0..<min(bpp, count) { row[index] &+= above[index] }  // a = c = 0: Paeth picks b
      var index = bpp
      while index < count {
        row[index] &+= PNGRowFilter.paethSelect(row[index &- bpp], above[index], above[index &- bpp])
        index &+= 1
      }
    }
  }

  /// Undoes `filter` (sub, average or Paeth) on a row of 8-bit pixels of
  /// `lanes` (3 or 4) bytes, a pixel at a time with the left and
  /// upper-left pixels in locals: the lanes' chains run side by side
  /// instead of each byte waiting for the one `lanes` bytes before it to
  /// be stored and loaded again. Outside the row, `a` and `c` are 0 (the
  /// first pixel needs no special case: sub and average add 0 and b / 2,
  /// Paeth picks b).
  // unsafe: every byte of a filtered row. With the per-byte loops above,
  // unfiltering was 32 % of `bench decode` on a 1024x768 RGBA PNG from
  // Pillow (mostly Paeth rows; see Docs/Performance.md).
  @inline(__always)
  private static func unfilterPixels(
    _ filter: PNGRowFilter, _ row: UnsafeMutablePointer<UInt8>, above: UnsafePointer<UInt8>, count: Int, lanes: Int
  ) {
    var a0: UInt8 = 0
    var a1: UInt8 = 0
    var a2: UInt8 = 0
    var a3: UInt8 = 0
    var c0: UInt8 = 0
    var c1: UInt8 = 0
    var c2: UInt8 = 0
    var c3: UInt8 = 0
    @inline(__always)
    func predict(_ a: UInt8, _ b: UInt8, _ c: UInt8) -> UInt8 {
      switch filter {
      case .sub: return a
      case .average: return UInt8((UInt16(a) &+ UInt16(b)) &>> 1)
      default: return PNGRowFilter.paethSelect(a, b, c)
      }
    }
    var index = 0
    while index &+ lanes <= count {
      let b0 = above[index]
      let b1 = above[index &+ 1]
      let b2 = above[index &+ 2]
      a0 = row[index] &+ predict(a0, b0, c0)
      a1 = row[index &+ 1] &+ predict(a1, b1, c1)
      a2 = row[index &+ 2] &+ predict(a2, b2, c2)
      row[index] = a0
      row[index &+ 1] = a1
      row[index &+ 2] = a2
      (c0, c1, c2) = (b0, b1, b2)
      if lanes == 4 {
        let b3 = above[index &+ 3]
        a3 = row[index &+ 3] &+ predict(a3, b3, c3)
        row[index &+ 3] = a3
        c3 = b3
      }
      index &+= lanes
    }
  }
}
