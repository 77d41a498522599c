/// VP8's loop filters (RFC 6386 section 15) as libwebp computes them: the
/// simple filter (luma only) and the normal filter.
///
/// The decoder filters an edge through ``edge(_:_:stride:_:_:limit:interior:hevThreshold:)``,
/// which runs one of two implementations with the same output: the
/// per-position scalar filter of this file in debug builds, the SIMD lanes
/// of `VP8LoopFilter+Lanes.swift` in optimized ones.
///
/// In the scalar filter a filtered edge lies between sample `p0 =
/// pointer[-step]` and `q0 = pointer[0]`; `across` is the distance between
/// neighbouring samples across the edge (1 for a vertical edge, the row
/// stride for a horizontal one) and `along` the distance between the
/// edge's positions.
enum VP8LoopFilter {
  /// Which filter an edge gets: the simple one, or the normal one on a
  /// macroblock edge (three samples each side) or on an edge inside a
  /// macroblock (two).
  enum Filter {
    case simple, macroblock, inner
  }

  /// Which way an edge runs: `horizontal` between two sample rows,
  /// `vertical` between two sample columns.
  enum Orientation {
    case horizontal, vertical
  }

  /// Clamps to the signed byte range -128...127.
  @inline(__always)
  private static func clampSigned(_ v: Int) -> Int { v < -128 ? -128 : v > 127 ? 127 : v }

  /// Clamps to the filter step range -16...15.
  @inline(__always)
  private static func clampStep(_ v: Int) -> Int { v < -16 ? -16 : v > 15 ? 15 : v }

  /// Clamps to a sample, 0...255.
  @inline(__always)
  private static func clampSample(_ v: Int) -> UInt8 { UInt8(truncatingIfNeeded: v < 0 ? 0 : v > 255 ? 255 : v) }

  /// Adjusts `p0` and `q0` only (the simple filter, and the normal filter
  /// at high edge variance), using `p1 - q1`.
  @inline(__always)
  private static func filter2(_ p: UnsafeMutablePointer<UInt8>, _ step: Int) {
    let p1 = Int(p[-2 * step]), p0 = Int(p[-step]), q0 = Int(p[0]), q1 = Int(p[step])
    let a = 3 * (q0 - p0) + clampSigned(p1 - q1)
    let a1 = clampStep((a + 4) >> 3)
    let a2 = clampStep((a + 3) >> 3)
    p[-step] = clampSample(p0 + a2)
    p[0] = clampSample(q0 - a1)
  }

  /// Adjusts `p1`, `p0`, `q0`, `q1` (the normal filter inside a
  /// macroblock at low edge variance).
  @inline(__always)
  private static func filter4(_ p: UnsafeMutablePointer<UInt8>, _ step: Int) {
    let p1 = Int(p[-2 * step]), p0 = Int(p[-step]), q0 = Int(p[0]), q1 = Int(p[step])
    let a = 3 * (q0 - p0)
    let a1 = clampStep((a + 4) >> 3)
    let a2 = clampStep((a + 3) >> 3)
    let a3 = (a1 + 1) >> 1
    p[-2 * step] = clampSample(p1 + a3)
    p[-step] = clampSample(p0 + a2)
    p[0] = clampSample(q0 - a1)
    p[step] = clampSample(q1 - a3)
  }

  /// Adjusts three samples each side (the normal filter on a macroblock
  /// edge at low edge variance).
  @inline(__always)
  private static func filter6(_ p: UnsafeMutablePointer<UInt8>, _ step: Int) {
    let p2 = Int(p[-3 * step]), p1 = Int(p[-2 * step]), p0 = Int(p[-step])
    let q0 = Int(p[0]), q1 = Int(p[step]), q2 = Int(p[2 * step])
    let a = clampSigned(3 * (q0 - p0) + clampSigned(p1 - q1))
    let a1 = (27 * a + 63) >> 7
    let a2 = (18 * a + 63) >> 7
    let a3 = (9 * a + 63) >> 7
    p[-3 * step] = clampSample(p2 + a3)
    p[-2 * step] = clampSample(p1 + a2)
    p[-step] = clampSample(p0 + a1)
    p[0] = clampSample(q0 - a1)
    p[step] = clampSample(q1 - a2)
    p[2 * step] = clampSample(q2 - a3)
  }

  /// Whether the edge differs little enough to be filtered:
  /// `4 |p0 - q0| + |p1 - q1| <= threshold2`.
  @inline(__always)
  private static func isSmooth(_ p: UnsafeMutablePointer<UInt8>, _ step: Int, _ threshold2: Int) -> Bool {
    let p1 = Int(p[-2 * step]), p0 = Int(p[-step]), q0 = Int(p[0]), q1 = Int(p[step])
    return 4 * abs(p0 - q0) + abs(p1 - q1) <= threshold2
  }

  /// The normal filter's test: ``isSmooth(_:_:_:)`` and every step
  /// between neighbours on each side at most `interior`.
  @inline(__always)
  private static func needsFilter(
    _ p: UnsafeMutablePointer<UInt8>, _ step: Int, _ threshold2: Int, _ interior: Int
  ) -> Bool {
    let p3 = Int(p[-4 * step]), p2 = Int(p[-3 * step]), p1 = Int(p[-2 * step]), p0 = Int(p[-step])
    let q0 = Int(p[0]), q1 = Int(p[step]), q2 = Int(p[2 * step]), q3 = Int(p[3 * step])
    if 4 * abs(p0 - q0) + abs(p1 - q1) > threshold2 { return false }
    return abs(p3 - p2) <= interior && abs(p2 - p1) <= interior && abs(p1 - p0) <= interior
      && abs(q3 - q2) <= interior && abs(q2 - q1) <= interior && abs(q1 - q0) <= interior
  }

  /// High edge variance: a step next to the edge above `threshold`.
  @inline(__always)
  private static func isHighVariance(_ p: UnsafeMutablePointer<UInt8>, _ step: Int, _ threshold: Int) -> Bool {
    let p1 = Int(p[-2 * step]), p0 = Int(p[-step]), q0 = Int(p[0]), q1 = Int(p[step])
    return abs(p1 - p0) > threshold || abs(q1 - q0) > threshold
  }

  // The two entry points below are not inlined: inlined into
  // `VP8FrameState.filterRow`, Swift 6.3.1's optimizer (-O with
  // whole-module optimization, as `swift build -c release` compiles)
  // computed some edges from samples the edge before had not yet written,
  // so release builds differed from libwebp, and from debug builds, on 110
  // lossy files of the WebP corpus (the release-build corpus check in
  // .ci/run). A call per edge keeps the edges in order; each call's
  // positions are independent. (The lanes' entry points are not inlined
  // for the same reason.)

  /// The simple filter over `count` positions of one edge with edge limit
  /// `limit`.
  ///
  /// - Complexity: O(`count`).
  @inline(never)
  static func simple(_ p: UnsafeMutablePointer<UInt8>, across: Int, along: Int, count: Int, limit: Int) {
    let threshold2 = 2 * limit + 1
    var q = p
    for _ in 0..<count {
      if isSmooth(q, across, threshold2) { filter2(q, across) }
      q += along
    }
  }

  /// The normal filter over `count` positions of one edge: a macroblock
  /// edge (three samples each side change) when `outer`, else an edge
  /// inside a macroblock (two).
  ///
  /// - Complexity: O(`count`).
  @inline(never)
  static func normal(
    _ p: UnsafeMutablePointer<UInt8>, across: Int, along: Int, count: Int,
    limit: Int, interior: Int, hevThreshold: Int, outer: Bool
  ) {
    let threshold2 = 2 * limit + 1
    var q = p
    for _ in 0..<count {
      if needsFilter(q, across, threshold2, interior) {
        if isHighVariance(q, across, hevThreshold) {
          filter2(q, across)
        } else if outer {
          filter6(q, across)
        } else {
          filter4(q, across)
        }
      }
      q += along
    }
  }
}

extension VP8LoopFilter {
  /// Filters one edge of 16 positions, given as two runs of 8 from `first`
  /// and from `second`: the two halves of a luma edge, or the same edge of
  /// the U and the V block (which share their settings). `q0` is
  /// `pointer[0]` and `p0` the sample before it across the edge: a row
  /// above (a `horizontal` edge, whose runs are 8 samples of a row) or a
  /// column to the left (a `vertical` edge, whose runs are 8 rows `stride`
  /// apart). `limit` is the edge limit; `interior` and `hevThreshold` are
  /// the normal filter's interior limit and high edge variance threshold.
  ///
  /// - Complexity: O(1) (16 positions).
  // The one place that chooses between the implementations, at compile
  // time. SwiftPM defines DEBUG in debug builds only (`swift build -v`
  // shows `-DDEBUG`), which CI's `swift test`, ASan and TSan passes run:
  // unoptimized, every SIMD operation is a call into the generic SIMD
  // code, so the lanes were about 7x slower than this file's scalar filter
  // (`swift test` 181 s -> 259 s, Docs/Performance.md, "VP8 loop filter
  // and lossy decoding (2026-11-26)"). Optimized builds run the lanes:
  // with them and the lanes of the RGBA conversion, `timeline-demo bench
  // decode` of the corpus's vp80-05-sharpness-1430 went from 4.20x to
  // 2.07x libwebp's time, all vp80 files from 1.77x to 1.42x (same
  // section). VP8LoopFilterLanesTests checks that both give the same bytes.
  @inline(__always)
  static func edge(
    _ first: UnsafeMutablePointer<UInt8>, _ second: UnsafeMutablePointer<UInt8>, stride: Int,
    _ orientation: Orientation, _ filter: Filter, limit: Int, interior: Int = 0, hevThreshold: Int = 0
  ) {
    #if DEBUG
      scalarEdge(
        first, second, stride: stride, orientation, filter, limit: limit, interior: interior,
        hevThreshold: hevThreshold)
    #else
      lanesEdge(
        first, second, stride: stride, orientation, filter, limit: limit, interior: interior,
        hevThreshold: hevThreshold)
    #endif
  }

  /// ``edge(_:_:stride:_:_:limit:interior:hevThreshold:)`` with the
  /// scalar filter, one run after the other (the positions are
  /// independent).
  ///
  /// - Complexity: O(1) (16 positions).
  static func scalarEdge(
    _ first: UnsafeMutablePointer<UInt8>, _ second: UnsafeMutablePointer<UInt8>, stride: Int,
    _ orientation: Orientation, _ filter: Filter, limit: Int, interior: Int, hevThreshold: Int
  ) {
    let across = orientation == .vertical ? 1 : stride
    let along = orientation == .vertical ? stride : 1
    func filterRun(_ run: UnsafeMutablePointer<UInt8>) {
      if filter == .simple {
        simple(run, across: across, along: along, count: 8, limit: limit)
      } else {
        normal(
          run, across: across, along: along, count: 8, limit: limit, interior: interior,
          hevThreshold: hevThreshold, outer: filter == .macroblock)
      }
    }
    filterRun(first)
    filterRun(second)
  }
}
