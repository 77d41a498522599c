// The loop filter in SIMD lanes: what optimized builds run (the choice
// and why is at `VP8LoopFilter.edge`; the scalar filter in
// VP8LoopFilter.swift is what debug builds run, and
// VP8LoopFilterLanesTests checks that both give the same bytes).
//
// An edge's 16 positions (two runs of 8, see `VP8LoopFilter.edge`) are
// computed together in `SIMD16<Int16>` lanes with wrapping integer
// operations only (no `min`, `max` or `replacing(with:where:)`, which
// Swift 6.3.1 compiles lane by lane): masks are 0 or -1 in each lane,
// selections are bitwise. A vertical edge's 8x8 blocks are transposed in
// eight `UInt64`s, filtered as rows and transposed back. Every edge reads
// the four samples each side of it (`p3`...`q3`). Measured with a
// throwaway microbenchmark (every edge of a 512x512 plane, 2000 times,
// release `-O -wmo`): against the per-position scalar filter, horizontal
// macroblock edges 0.66 s -> 0.18 s, inner edges 0.61 s -> 0.15 s,
// vertical macroblock edges 0.67 s -> 0.19 s, inner 0.44 s -> 0.18 s,
// with identical output; the corpus figures (vp80-05-sharpness-1430
// 4.20x -> 2.07x libwebp's time with the converter's lanes) are in
// Docs/Performance.md ("VP8 loop filter and lossy decoding (2026-11-26)").
extension VP8LoopFilter {
  /// 16 positions, one a lane, widened to 16 bits.
  private typealias Lanes = SIMD16<Int16>

  /// The eight samples across an edge at each of the 16 positions.
  private struct Lines {
    var p3, p2, p1, p0, q0, q1, q2, q3: Lanes
  }

  /// Eight bytes from `pointer`, unaligned.
  @inline(__always)
  private static func load8(_ pointer: UnsafeMutablePointer<UInt8>) -> UInt64 {
    UnsafeRawPointer(pointer).loadUnaligned(as: UInt64.self)
  }

  /// Writes eight bytes at `pointer`, unaligned.
  @inline(__always)
  private static func store8(_ value: UInt64, _ pointer: UnsafeMutablePointer<UInt8>) {
    UnsafeMutableRawPointer(pointer).storeBytes(of: value, as: UInt64.self)
  }

  /// The 16 bytes of `low` then `high`, widened: the even bytes in lanes
  /// 0-7, the odd ones in lanes 8-15 (the positions are independent, so
  /// their order does not matter as long as ``halves(_:)`` undoes it).
  /// Masks and shifts of the bytes' 16-bit pairs instead of
  /// `init(truncatingIfNeeded:)`, which Swift 6.3.1 leaves as a call (2.2%
  /// of perf samples of `timeline-demo bench decode` on the corpus's
  /// lossy_q0_f100).
  @inline(__always)
  private static func lanes(_ low: UInt64, _ high: UInt64) -> Lanes {
    let pairs = unsafeBitCast(SIMD2<UInt64>(low, high), to: SIMD8<UInt16>.self)
    return unsafeBitCast((pairs & 0xFF, pairs &>> 8), to: Lanes.self)
  }

  /// The bytes ``lanes(_:_:)`` widened (each lane 0...255), back as the
  /// first and the second eight.
  @inline(__always)
  private static func halves(_ value: Lanes) -> (UInt64, UInt64) {
    let (even, odd) = unsafeBitCast(value, to: (SIMD8<UInt16>, SIMD8<UInt16>).self)
    let words = unsafeBitCast(even | odd &<< 8, to: SIMD2<UInt64>.self)
    return (words[0], words[1])
  }

  /// `|value|` in each lane.
  @inline(__always)
  private static func magnitude(_ value: Lanes) -> Lanes {
    let sign = value &>> 15
    return (value ^ sign) &- sign
  }

  /// -1 in the lanes where `a > b`, else 0 (the values here are far from
  /// the ends of `Int16`, so `b - a` cannot wrap).
  @inline(__always)
  private static func greater(_ a: Lanes, _ b: Lanes) -> Lanes { (b &- a) &>> 15 }

  /// `value` clamped to `low...high` in each lane.
  @inline(__always)
  private static func clamp(_ value: Lanes, _ low: Int16, _ high: Int16) -> Lanes {
    let top = Lanes(repeating: high), bottom = Lanes(repeating: low)
    let above = greater(value, top)
    let capped = (top & above) | (value & ~above)
    let below = greater(bottom, capped)
    return (bottom & below) | (capped & ~below)
  }

  /// `value` in the lanes of `mask`, `other` elsewhere.
  @inline(__always)
  private static func select(_ value: Lanes, _ mask: Lanes, else other: Lanes) -> Lanes {
    (value & mask) | (other & ~mask)
  }

  /// Swaps the bits of `b` under `mask` with those of `a` under
  /// `mask << shift`.
  @inline(__always)
  private static func swapBits(_ a: inout UInt64, _ b: inout UInt64, _ shift: UInt64, _ mask: UInt64) {
    let t = ((a &>> shift) ^ b) & mask
    a ^= t &<< shift
    b ^= t
  }

  /// Transposes the 8x8 bytes of `rows` (byte `c` of word `r` is row `r`,
  /// column `c`) in place.
  @inline(__always)
  private static func transpose(_ r: inout (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64)) {
    let quads: UInt64 = 0x0000_0000_FFFF_FFFF, pairs: UInt64 = 0x0000_FFFF_0000_FFFF
    let singles: UInt64 = 0x00FF_00FF_00FF_00FF
    swapBits(&r.0, &r.4, 32, quads)
    swapBits(&r.1, &r.5, 32, quads)
    swapBits(&r.2, &r.6, 32, quads)
    swapBits(&r.3, &r.7, 32, quads)
    swapBits(&r.0, &r.2, 16, pairs)
    swapBits(&r.1, &r.3, 16, pairs)
    swapBits(&r.4, &r.6, 16, pairs)
    swapBits(&r.5, &r.7, 16, pairs)
    swapBits(&r.0, &r.1, 8, singles)
    swapBits(&r.2, &r.3, 8, singles)
    swapBits(&r.4, &r.5, 8, singles)
    swapBits(&r.6, &r.7, 8, singles)
  }

  /// Reads a horizontal edge's lines: rows -4...3 around `first` and
  /// `second`.
  @inline(__always)
  private static func loadRows(
    _ first: UnsafeMutablePointer<UInt8>, _ second: UnsafeMutablePointer<UInt8>, stride: Int
  ) -> Lines {
    // Spelled out: as a nested function this stayed a call (3.3 % of perf
    // samples on the corpus's vp80-05-sharpness-1430).
    Lines(
      p3: lanes(load8(first - 4 * stride), load8(second - 4 * stride)),
      p2: lanes(load8(first - 3 * stride), load8(second - 3 * stride)),
      p1: lanes(load8(first - 2 * stride), load8(second - 2 * stride)),
      p0: lanes(load8(first - stride), load8(second - stride)),
      q0: lanes(load8(first), load8(second)),
      q1: lanes(load8(first + stride), load8(second + stride)),
      q2: lanes(load8(first + 2 * stride), load8(second + 2 * stride)),
      q3: lanes(load8(first + 3 * stride), load8(second + 3 * stride)))
  }

  /// Writes `value`'s two halves at `first + offset` and `second +
  /// offset`.
  @inline(__always)
  private static func storeRow(
    _ value: Lanes, _ first: UnsafeMutablePointer<UInt8>, _ second: UnsafeMutablePointer<UInt8>, offset: Int
  ) {
    let (low, high) = halves(value)
    store8(low, first + offset)
    store8(high, second + offset)
  }

  /// Writes rows `from...through` (within -3...2) of a horizontal edge's
  /// lines back.
  @inline(__always)
  private static func storeRows(
    _ lines: Lines, _ first: UnsafeMutablePointer<UInt8>, _ second: UnsafeMutablePointer<UInt8>, stride: Int,
    outer: Bool
  ) {
    if outer { storeRow(lines.p2, first, second, offset: -3 * stride) }
    storeRow(lines.p1, first, second, offset: -2 * stride)
    storeRow(lines.p0, first, second, offset: -stride)
    storeRow(lines.q0, first, second, offset: 0)
    storeRow(lines.q1, first, second, offset: stride)
    if outer { storeRow(lines.q2, first, second, offset: 2 * stride) }
  }

  /// The eight rows of 8 samples from column -4 of `base`, transposed.
  @inline(__always)
  private static func loadBlock(
    _ base: UnsafeMutablePointer<UInt8>, stride: Int
  ) -> (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64) {
    let b = base - 4
    var block = (
      load8(b), load8(b + stride), load8(b + 2 * stride), load8(b + 3 * stride), load8(b + 4 * stride),
      load8(b + 5 * stride), load8(b + 6 * stride), load8(b + 7 * stride)
    )
    transpose(&block)
    return block
  }

  /// Transposes `block` back and writes it at column -4 of `base`.
  @inline(__always)
  private static func storeBlock(
    _ block: (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64), _ base: UnsafeMutablePointer<UInt8>,
    stride: Int
  ) {
    var block = block
    transpose(&block)
    let b = base - 4
    store8(block.0, b)
    store8(block.1, b + stride)
    store8(block.2, b + 2 * stride)
    store8(block.3, b + 3 * stride)
    store8(block.4, b + 4 * stride)
    store8(block.5, b + 5 * stride)
    store8(block.6, b + 6 * stride)
    store8(block.7, b + 7 * stride)
  }

  /// Reads a vertical edge's lines: columns -4...3 of the 8 rows from
  /// `first` and from `second`.
  @inline(__always)
  private static func loadColumns(
    _ first: UnsafeMutablePointer<UInt8>, _ second: UnsafeMutablePointer<UInt8>, stride: Int
  ) -> Lines {
    let x = loadBlock(first, stride: stride), y = loadBlock(second, stride: stride)
    return Lines(
      p3: lanes(x.0, y.0), p2: lanes(x.1, y.1), p1: lanes(x.2, y.2), p0: lanes(x.3, y.3),
      q0: lanes(x.4, y.4), q1: lanes(x.5, y.5), q2: lanes(x.6, y.6), q3: lanes(x.7, y.7))
  }

  /// Writes a vertical edge's lines back (all eight columns; `p3` and
  /// `q3` unchanged).
  @inline(__always)
  private static func storeColumns(
    _ lines: Lines, _ first: UnsafeMutablePointer<UInt8>, _ second: UnsafeMutablePointer<UInt8>, stride: Int
  ) {
    let c3 = halves(lines.p3), c2 = halves(lines.p2), c1 = halves(lines.p1), c0 = halves(lines.p0)
    let d0 = halves(lines.q0), d1 = halves(lines.q1), d2 = halves(lines.q2), d3 = halves(lines.q3)
    storeBlock((c3.0, c2.0, c1.0, c0.0, d0.0, d1.0, d2.0, d3.0), first, stride: stride)
    storeBlock((c3.1, c2.1, c1.1, c0.1, d0.1, d1.1, d2.1, d3.1), second, stride: stride)
  }

  /// The adjustment of `p0` and `q0` from `a = 3 (q0 - p0) + clamp(p1 -
  /// q1)` (the simple filter, and the normal filter at high edge
  /// variance): the new `p0` and `q0`.
  @inline(__always)
  private static func filter2(_ lines: Lines, _ a: Lanes) -> (p0: Lanes, q0: Lanes) {
    let p0 = clamp(lines.p0 &+ clamp((a &+ 3) &>> 3, -16, 15), 0, 255)
    let q0 = clamp(lines.q0 &- clamp((a &+ 4) &>> 3, -16, 15), 0, 255)
    return (p0, q0)
  }

  /// The simple filter in the lanes where `4 |p0 - q0| + |p1 - q1| <= 2
  /// limit + 1`.
  @inline(__always)
  private static func simpleLanes(_ lines: inout Lines, limit: Int) {
    let threshold2 = Lanes(repeating: Int16(truncatingIfNeeded: 2 * limit + 1))
    let skip = greater(4 &* magnitude(lines.p0 &- lines.q0) &+ magnitude(lines.p1 &- lines.q1), threshold2)
    let a = 3 &* (lines.q0 &- lines.p0) &+ clamp(lines.p1 &- lines.q1, -128, 127)
    let (p0, q0) = filter2(lines, a)
    lines.p0 = select(lines.p0, skip, else: p0)
    lines.q0 = select(lines.q0, skip, else: q0)
  }

  /// The normal filter: in the lanes where the edge differs little
  /// (`4 |p0 - q0| + |p1 - q1| <= 2 limit + 1`, every step between
  /// neighbours on each side at most `interior`), `p0` and `q0` at high
  /// edge variance (a step next to the edge above `hevThreshold`), else
  /// three samples each side on a macroblock edge (`outer`) and two on an
  /// inner edge.
  @inline(__always)
  private static func normalLanes(_ lines: inout Lines, limit: Int, interior: Int, hevThreshold: Int, outer: Bool) {
    let p3 = lines.p3, p2 = lines.p2, p1 = lines.p1, p0 = lines.p0
    let q0 = lines.q0, q1 = lines.q1, q2 = lines.q2, q3 = lines.q3
    let inside = Lanes(repeating: Int16(truncatingIfNeeded: interior))
    let threshold2 = Lanes(repeating: Int16(truncatingIfNeeded: 2 * limit + 1))
    let stepP = magnitude(p1 &- p0), stepQ = magnitude(q1 &- q0)
    var skip = greater(4 &* magnitude(p0 &- q0) &+ magnitude(p1 &- q1), threshold2)
    skip |= greater(magnitude(p3 &- p2), inside) | greater(magnitude(p2 &- p1), inside) | greater(stepP, inside)
    skip |= greater(magnitude(q3 &- q2), inside) | greater(magnitude(q2 &- q1), inside) | greater(stepQ, inside)
    let variance = Lanes(repeating: Int16(truncatingIfNeeded: hevThreshold))
    let high = greater(stepP, variance) | greater(stepQ, variance)
    let onHigh = ~skip & high, onLow = ~skip & ~high
    let d = 3 &* (q0 &- p0)
    let a = d &+ clamp(p1 &- q1, -128, 127)
    let (highP0, highQ0) = filter2(lines, a)
    if outer {
      let w = clamp(a, -128, 127)
      let w1 = (27 &* w &+ 63) &>> 7, w2 = (18 &* w &+ 63) &>> 7, w3 = (9 &* w &+ 63) &>> 7
      lines.p2 = select(clamp(p2 &+ w3, 0, 255), onLow, else: p2)
      lines.p1 = select(clamp(p1 &+ w2, 0, 255), onLow, else: p1)
      lines.p0 = (p0 & skip) | (highP0 & onHigh) | (clamp(p0 &+ w1, 0, 255) & onLow)
      lines.q0 = (q0 & skip) | (highQ0 & onHigh) | (clamp(q0 &- w1, 0, 255) & onLow)
      lines.q1 = select(clamp(q1 &- w2, 0, 255), onLow, else: q1)
      lines.q2 = select(clamp(q2 &- w3, 0, 255), onLow, else: q2)
    } else {
      let a1 = clamp((d &+ 4) &>> 3, -16, 15), a2 = clamp((d &+ 3) &>> 3, -16, 15)
      let a3 = (a1 &+ 1) &>> 1
      lines.p1 = select(clamp(p1 &+ a3, 0, 255), onLow, else: p1)
      lines.p0 = (p0 & skip) | (highP0 & onHigh) | (clamp(p0 &+ a2, 0, 255) & onLow)
      lines.q0 = (q0 & skip) | (highQ0 & onHigh) | (clamp(q0 &- a1, 0, 255) & onLow)
      lines.q1 = select(clamp(q1 &- a3, 0, 255), onLow, else: q1)
    }
  }

  // The entry points below are not inlined: inlined into
  // `VP8FrameState.filterRow`, Swift 6.3.1's optimizer (-O with
  // whole-module optimization, as `swift build -c release` compiles) once
  // computed some edges from samples the edge before had not yet written
  // (with the scalar filter), so release builds differed from libwebp on
  // 110 lossy files of the WebP corpus (the release-build corpus check in
  // .ci/run). A call per edge keeps the edges in order.

  /// The simple filter across a horizontal edge, with edge limit `limit`.
  ///
  /// - Complexity: O(1) (16 positions).
  @inline(never)
  private static func simpleHorizontal(
    _ first: UnsafeMutablePointer<UInt8>, _ second: UnsafeMutablePointer<UInt8>, stride: Int, limit: Int
  ) {
    var lines = loadRows(first, second, stride: stride)
    simpleLanes(&lines, limit: limit)
    storeRows(lines, first, second, stride: stride, outer: false)
  }

  /// The simple filter across a vertical edge, with edge limit `limit`.
  ///
  /// - Complexity: O(1) (16 positions).
  @inline(never)
  private static func simpleVertical(
    _ first: UnsafeMutablePointer<UInt8>, _ second: UnsafeMutablePointer<UInt8>, stride: Int, limit: Int
  ) {
    var lines = loadColumns(first, second, stride: stride)
    simpleLanes(&lines, limit: limit)
    storeColumns(lines, first, second, stride: stride)
  }

  /// The normal filter across a horizontal edge: a macroblock edge when
  /// `outer`, else an edge inside a macroblock.
  ///
  /// - Complexity: O(1) (16 positions).
  @inline(never)
  private static func normalHorizontal(
    _ first: UnsafeMutablePointer<UInt8>, _ second: UnsafeMutablePointer<UInt8>, stride: Int,
    limit: Int, interior: Int, hevThreshold: Int, outer: Bool
  ) {
    var lines = loadRows(first, second, stride: stride)
    normalLanes(&lines, limit: limit, interior: interior, hevThreshold: hevThreshold, outer: outer)
    storeRows(lines, first, second, stride: stride, outer: outer)
  }

  /// The normal filter across a vertical edge: a macroblock edge when
  /// `outer`, else an edge inside a macroblock.
  ///
  /// - Complexity: O(1) (16 positions).
  @inline(never)
  private static func normalVertical(
    _ first: UnsafeMutablePointer<UInt8>, _ second: UnsafeMutablePointer<UInt8>, stride: Int,
    limit: Int, interior: Int, hevThreshold: Int, outer: Bool
  ) {
    var lines = loadColumns(first, second, stride: stride)
    normalLanes(&lines, limit: limit, interior: interior, hevThreshold: hevThreshold, outer: outer)
    storeColumns(lines, first, second, stride: stride)
  }

  /// ``edge(_:_:stride:_:_:limit:interior:hevThreshold:)`` in SIMD lanes:
  /// one call of the not-inlined entry point for the edge's orientation
  /// and filter (the switch folds away where the arguments are constants).
  ///
  /// - Complexity: O(1) (16 positions).
  @inline(__always)
  static func lanesEdge(
    _ first: UnsafeMutablePointer<UInt8>, _ second: UnsafeMutablePointer<UInt8>, stride: Int,
    _ orientation: Orientation, _ filter: Filter, limit: Int, interior: Int, hevThreshold: Int
  ) {
    switch (orientation, filter) {
    case (.horizontal, .simple):
      simpleHorizontal(first, second, stride: stride, limit: limit)
    case (.vertical, .simple):
      simpleVertical(first, second, stride: stride, limit: limit)
    case (.horizontal, _):
      normalHorizontal(
        first, second, stride: stride, limit: limit, interior: interior, hevThreshold: hevThreshold,
        outer: filter == .macroblock)
    case (.vertical, _):
      normalVertical(
        first, second, stride: stride, limit: limit, interior: interior, hevThreshold: hevThreshold,
        outer: filter == .macroblock)
    }
  }
}
