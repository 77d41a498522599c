/// The predictor transform: each pixel was stored as its difference from
/// a prediction made from its left (L), top (T), top-left (TL) and
/// top-right (TR) neighbours, by one of 14 modes chosen per tile
/// (RFC 9649, section 4.1). The first pixel is predicted as opaque
/// black, the rest of the first row from L, the first pixel of other
/// rows from T; the top-right neighbour of a row's last pixel is the
/// row's first pixel (the next one in memory).
extension VP8LTransform {
  /// Per-byte sum modulo 256 of two ARGB pixels.
  @inline(__always)
  static func add(_ a: UInt32, _ b: UInt32) -> UInt32 {
    let alphaGreen = (a & 0xFF00_FF00) &+ (b & 0xFF00_FF00)
    let redBlue = (a & 0x00FF_00FF) &+ (b & 0x00FF_00FF)
    return (alphaGreen & 0xFF00_FF00) | (redBlue & 0x00FF_00FF)
  }

  /// Per-byte average of two pixels, rounding down.
  @inline(__always)
  static func average(_ a: UInt32, _ b: UInt32) -> UInt32 {
    (((a ^ b) & 0xFEFE_FEFE) >> 1) &+ (a & b)
  }

  /// The four channels of a pixel as 16-bit lanes (B, G, R, A).
  @inline(__always)
  private static func lanes(_ pixel: UInt32) -> SIMD4<Int16> {
    SIMD4<Int16>(truncatingIfNeeded: unsafeBitCast(pixel.littleEndian, to: SIMD4<UInt8>.self))
  }

  /// Writes `input[x] + predict(left, top)` to each pixel of
  /// `line[range]`, where `top` points at the pixel above (`top[-1]` is
  /// TL, `top[1]` TR). The left pixel is carried from one to the next as
  /// 16-bit lanes, so no packing or unpacking lies on the path each pixel
  /// waits on.
  @inline(__always)
  private static func runInLanes(
    _ input: UnsafePointer<UInt32>, _ line: UnsafeMutablePointer<UInt32>, _ above: UnsafeMutablePointer<UInt32>,
    _ range: Range<Int>, _ predict: (SIMD4<Int16>, UnsafeMutablePointer<UInt32>) -> SIMD4<Int16>
  ) {
    let byte = SIMD4<Int16>(repeating: 0xFF)
    var left = lanes(line[range.lowerBound - 1])
    for x in range {
      left = (lanes(input[x]) &+ predict(left, above + x)) & byte
      line[x] = UInt32(littleEndian: unsafeBitCast(SIMD4<UInt8>(truncatingIfNeeded: left), to: UInt32.self))
    }
  }

  /// Per-lane mean rounding down.
  @inline(__always)
  private static func mean(_ a: SIMD4<Int16>, _ b: SIMD4<Int16>) -> SIMD4<Int16> {
    (a &+ b) &>> 1
  }

  /// Per-lane absolute values.
  @inline(__always)
  private static func magnitudes(_ lanes: SIMD4<Int16>) -> SIMD4<Int16> {
    let sign = lanes &>> 15
    return (lanes ^ sign) &- sign
  }

  /// Lanes clamped to 0...255.
  @inline(__always)
  private static func clampedLanes(_ lanes: SIMD4<Int16>) -> SIMD4<Int16> {
    lanes.clamped(lowerBound: SIMD4(repeating: 0), upperBound: SIMD4(repeating: 255))
  }

  /// Mode 1 (L): each pixel adds the one to its left, a running sum per
  /// channel; four pixels at a time as a prefix sum (two shifted adds),
  /// so only one add a block waits on the block before.
  @inline(__always)
  private static func runFromLeft(
    _ input: UnsafePointer<UInt32>, _ line: UnsafeMutablePointer<UInt32>, _ range: Range<Int>
  ) {
    @inline(__always)
    func bytes(_ words: SIMD4<UInt32>) -> SIMD16<UInt8> { unsafeBitCast(words, to: SIMD16<UInt8>.self) }
    @inline(__always)
    func words(_ bytes: SIMD16<UInt8>) -> SIMD4<UInt32> { unsafeBitCast(bytes, to: SIMD4<UInt32>.self) }
    var left = line[range.lowerBound - 1]
    var x = range.lowerBound
    while x + 4 <= range.upperBound {
      let block = SIMD4<UInt32>(input[x], input[x + 1], input[x + 2], input[x + 3])
      var sums = bytes(block) &+ bytes(SIMD4(0, block[0], block[1], block[2]))
      let partial = words(sums)
      sums &+= bytes(SIMD4(0, 0, partial[0], partial[1]))
      let result = words(sums &+ bytes(SIMD4(repeating: left)))
      line[x] = result[0]
      line[x + 1] = result[1]
      line[x + 2] = result[2]
      line[x + 3] = result[3]
      left = result[3]
      x += 4
    }
    while x < range.upperBound {
      left = add(input[x], left)
      line[x] = left
      x += 1
    }
  }

  /// Writes `input[x] + predict(top)` to each pixel of `line[range]`,
  /// for the modes that do not look at the left pixel (so pixels do not
  /// wait on each other).
  @inline(__always)
  private static func runFromAbove(
    _ input: UnsafePointer<UInt32>, _ line: UnsafeMutablePointer<UInt32>, _ above: UnsafeMutablePointer<UInt32>,
    _ range: Range<Int>, _ predict: (UnsafeMutablePointer<UInt32>) -> UInt32
  ) {
    for x in range {
      line[x] = add(input[x], predict(above + x))
    }
  }

  /// Undoes prediction on `rows` rows from row `firstRow`, from the
  /// residuals at `source` into `pixels` (which may be the same memory);
  /// the row above is at `pixels - width` unless `firstRow` is 0.
  ///
  /// - Complexity: O(*n*) in the pixels of the rows.
  // unsafe: every pixel of the predicted rows; tile indices are bounded
  // by the tile image's size.
  func undoPrediction(
    rows: Int, firstRow: Int, source: UnsafePointer<UInt32>, pixels: UnsafeMutablePointer<UInt32>,
    modes: UnsafePointer<UInt32>
  ) {
    let tilesPerRow = Self.subsampledSize(width, bits)
    var start = 0
    if firstRow == 0 {
      pixels[0] = Self.add(source[0], Self.black)
      if width > 1 { Self.runFromLeft(source, pixels, 1..<width) }
      start = 1
    }
    for row in start..<rows {
      let input = source + row * width
      let line = pixels + row * width
      let above = line - width
      line[0] = Self.add(input[0], above[0])
      let tiles = modes + ((firstRow + row) >> bits) * tilesPerRow
      var x = 1
      var tile = 0
      while x < width {
        let end = min((tile + 1) << bits, width)
        let range = x..<end
        switch (tiles[tile] >> 8) & 0xF {
        case 1: Self.runFromLeft(input, line, range)
        case 2: Self.runFromAbove(input, line, above, range) { top in top[0] }
        case 3: Self.runFromAbove(input, line, above, range) { top in top[1] }
        case 4: Self.runFromAbove(input, line, above, range) { top in top[-1] }
        case 5:
          Self.runInLanes(input, line, above, range) { left, top in
            Self.mean(Self.mean(left, Self.lanes(top[1])), Self.lanes(top[0]))
          }
        case 6: Self.runInLanes(input, line, above, range) { left, top in Self.mean(left, Self.lanes(top[-1])) }
        case 7: Self.runInLanes(input, line, above, range) { left, top in Self.mean(left, Self.lanes(top[0])) }
        case 8: Self.runFromAbove(input, line, above, range) { top in Self.average(top[-1], top[0]) }
        case 9: Self.runFromAbove(input, line, above, range) { top in Self.average(top[0], top[1]) }
        case 10:
          Self.runInLanes(input, line, above, range) { left, top in
            Self.mean(Self.mean(left, Self.lanes(top[-1])), Self.lanes(Self.average(top[0], top[1])))
          }
        case 11:
          Self.runInLanes(input, line, above, range) { left, top in
            let t = Self.lanes(top[0])
            let topLeft = Self.lanes(top[-1])
            // Distances to the gradient estimate L + T - TL: |T - TL| from
            // L, |L - TL| from T, summed over the channels.
            let fromTop = Self.magnitudes(left &- topLeft)
            let fromLeft = Self.magnitudes(t &- topLeft)
            return (fromTop &- fromLeft).wrappedSum() <= 0 ? t : left
          }
        case 12:
          Self.runInLanes(input, line, above, range) { left, top in
            Self.clampedLanes(left &+ Self.lanes(top[0]) &- Self.lanes(top[-1]))
          }
        case 13:
          Self.runInLanes(input, line, above, range) { left, top in
            // The mean of L and T, plus half (toward zero) its excess over TL.
            let mean = (left &+ Self.lanes(top[0])) &>> 1
            let excess = mean &- Self.lanes(top[-1])
            return Self.clampedLanes(mean &+ ((excess &- (excess &>> 15)) &>> 1))
          }
        default:  // 0, and 14 and 15 as libwebp takes them
          Self.runFromAbove(input, line, above, range) { _ in Self.black }
        }
        x = end
        tile += 1
      }
    }
  }
}
