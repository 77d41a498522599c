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
  // unsafe: every byte of the image passes through here, measured in
  // `Benchmarks/png_vs_zlib.py`'s "ours" time.
  static func filterRow(
    _ row: UnsafePointer<UInt8>, above: UnsafePointer<UInt8>, count: Int, bytesPerPixel bpp: Int,
    into output: UnsafeMutablePointer<UInt8>
  ) {
    @inline(__always) func cost(_ value: UInt8) -> Int { Int(Int8(bitPattern: value).magnitude) }
    var sums = (0, 0, 0, 0, 0)
    for index in 0..<count {
      let x = row[index]
      let a: UInt8 = index >= bpp ? row[index - bpp] : 0
      let b = above[index]
      let c: UInt8 = index >= bpp ? above[index - bpp] : 0
      sums.0 += cost(x)
      sums.1 += cost(x &- a)
      sums.2 += cost(x &- b)
      sums.3 += cost(x &- UInt8((Int(a) + Int(b)) >> 1))
      sums.4 += cost(x &- paeth(a, b, c))
    }
    var best = PNGRowFilter.none
    var bestSum = sums.0
    if sums.1 < bestSum { (best, bestSum) = (.sub, sums.1) }
    if sums.2 < bestSum { (best, bestSum) = (.up, sums.2) }
    if sums.3 < bestSum { (best, bestSum) = (.average, sums.3) }
    if sums.4 < bestSum { (best, bestSum) = (.paeth, sums.4) }
    output[0] = best.rawValue
    let out = output + 1
    switch best {
    case .none:
      out.update(from: row, count: count)
    case .sub:
      for index in 0..<count { out[index] = row[index] &- (index >= bpp ? row[index - bpp] : 0) }
    case .up:
      for index in 0..<count { out[index] = row[index] &- above[index] }
    case .average:
      for index in 0..<count {
        let a = index >= bpp ? Int(row[index - bpp]) : 0
        out[index] = row[index] &- UInt8((a + Int(above[index])) >> 1)
      }
    case .paeth:
      for index in 0..<count {
        let a: UInt8 = index >= bpp ? row[index - bpp] : 0
        let c: UInt8 = index >= bpp ? above[index - bpp] : 0
        out[index] = row[index] &- paeth(a, above[index], c)
      }
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
      var index = bpp
      while index < count {
        row[index] &+= row[index - bpp]
        index += 1
      }
    case .up:
      for index in 0..<count { row[index] &+= above[index] }
    case .average:
      for index in 0..<min(bpp, count) { row[index] &+= above[index] >> 1 }
      var index = bpp
      while index < count {
        row[index] &+= UInt8((Int(row[index - bpp]) + Int(above[index])) >> 1)
        index += 1
      }
    case .paeth:
      for index in 0..<min(bpp, count) { row[index] &+= above[index] }  // a = c = 0: Paeth picks b
      var index = bpp
      while index < count {
        row[index] &+= PNGRowFilter.paeth(row[index - bpp], above[index], above[index - bpp])
        index += 1
      }
    }
  }
}
