import Testing
import TimelineScript
@testable import AnimTimeline

/// The loop filter's two implementations (`VP8LoopFilter.edge` runs the
/// scalar one in debug builds and the SIMD lanes in optimized ones) give
/// the same bytes: both run on copies of random planes, every filter,
/// orientation and kind of edge, random limits and thresholds.
///
/// Debug builds run the lanes unoptimized (a generic call per SIMD
/// operation), so the case count is kept small; the release-build corpus
/// check (`check_image_corpus.py`, 341 files) runs them on real files.
@Suite struct VP8LoopFilterLanesTests {
  /// One edge on random planes.
  struct EdgeCase: CustomStringConvertible {
    var orientation: VP8LoopFilter.Orientation
    var filter: VP8LoopFilter.Filter
    var limit: Int
    var interior: Int
    var hevThreshold: Int
    /// The planes' row stride (at least 24: a horizontal edge's runs start
    /// at column 8 and 16).
    var stride: Int
    /// Whether the second run lies in a plane of its own (the U and V
    /// blocks' edge) rather than 8 positions after the first (a luma
    /// edge's halves).
    var apart: Bool
    /// Samples are `base`, plus `step` past the edge (rows or columns 8
    /// and on), plus a uniform draw in `-noise...noise`, clamped to 0...255.
    var base: Int
    var step: Int
    var noise: Int
    /// Seeds the noise.
    var seed: UInt64

    /// Rows of each plane: a vertical luma edge's second run ends at row 23.
    static let rows = 24

    var description: String {
      "\(orientation) \(filter) limit \(limit) interior \(interior) hev \(hevThreshold) stride \(stride) "
        + "apart \(apart) base \(base) step \(step) noise \(noise) seed \(seed)"
    }

    /// The two planes, one after the other.
    var planes: [UInt8] {
      var random = SplitMix64(seed: seed)
      let size = stride * Self.rows
      return (0..<(2 * size)).map { index in
        let offset = index % size
        let row = offset / stride, column = offset % stride
        let past = orientation == .horizontal ? row >= 8 : column >= 8
        let jitter = noise == 0 ? 0 : random.int(in: -noise...noise)
        return UInt8(min(max(base + (past ? step : 0) + jitter, 0), 255))
      }
    }

    /// Runs `edge` (``VP8LoopFilter/scalarEdge(_:_:stride:_:_:limit:interior:hevThreshold:)``
    /// or ``VP8LoopFilter/lanesEdge(_:_:stride:_:_:limit:interior:hevThreshold:)``)
    /// on a copy of `planes` and returns it.
    func filtered(
      _ planes: [UInt8],
      by edge: (
        UnsafeMutablePointer<UInt8>, UnsafeMutablePointer<UInt8>, Int, VP8LoopFilter.Orientation,
        VP8LoopFilter.Filter, Int, Int, Int
      ) -> Void
    ) -> [UInt8] {
      var copy = planes
      copy.withUnsafeMutableBufferPointer { buffer in
        let base = buffer.baseAddress!
        let first = base + 8 * stride + 8
        let along = orientation == .horizontal ? 1 : stride
        let second = apart ? first + stride * Self.rows : first + 8 * along
        edge(first, second, stride, orientation, filter, limit, interior, hevThreshold)
      }
      return copy
    }
  }

  static var edgeCases: Gen<EdgeCase> {
    Gen<EdgeCase>(
      generate: { random in
        // Mostly the decoder's ranges (edge limits up to 2 * 63 + 63 + 4,
        // interior limits 1...63, variance thresholds 0...2), sometimes
        // anything its 8-bit fields can hold.
        let wide = random.chance(1, in: 8)
        let noises = [0, 1, 2, 3, 5, 8, 12, 20, 40, 255]
        let steps = [0, 0, 1, -1, 3, -3, 8, -8, 20, -20, 60, -60]
        return EdgeCase(
          orientation: random.element(of: [.horizontal, .vertical]),
          filter: random.element(of: [.simple, .macroblock, .inner]),
          limit: random.int(in: 0...(wide ? 259 : 193)),
          interior: random.int(in: 0...(wide ? 255 : 63)),
          hevThreshold: wide ? random.int(in: 0...255) : random.int(in: 0...2),
          stride: random.int(in: 24...40),
          apart: random.chance(1, in: 2),
          base: random.chance(1, in: 4) ? random.element(of: [0, 2, 253, 255]) : random.int(in: 0...255),
          step: random.element(of: steps),
          noise: random.element(of: noises),
          seed: random.next())
      },
      shrink: { (edge: EdgeCase) -> [EdgeCase] in
        var candidates: [EdgeCase] = []
        for noise in [0, edge.noise / 2] where noise < edge.noise {
          var smaller = edge
          smaller.noise = noise
          candidates.append(smaller)
        }
        if edge.step != 0 {
          var smaller = edge
          smaller.step = edge.step / 2
          candidates.append(smaller)
        }
        return candidates
      })
  }

  @Test func lanesFilterAsTheScalarCode() {
    var changed = 0, failed = false
    let cases = PBTEnvironment.cases(1_000)
    forAll("VP8LoopFilterLanesTests.lanesFilterAsTheScalarCode", gen: Self.edgeCases, iterations: 1_000) { edge in
      let planes = edge.planes
      let scalar = edge.filtered(planes) { first, second, stride, orientation, filter, limit, interior, hev in
        VP8LoopFilter.scalarEdge(
          first, second, stride: stride, orientation, filter, limit: limit, interior: interior, hevThreshold: hev)
      }
      let lanes = edge.filtered(planes) { first, second, stride, orientation, filter, limit, interior, hev in
        VP8LoopFilter.lanesEdge(
          first, second, stride: stride, orientation, filter, limit: limit, interior: interior, hevThreshold: hev)
      }
      if scalar != planes { changed += 1 }
      guard let index = scalar.indices.first(where: { scalar[$0] != lanes[$0] }) else { return true }
      failed = true
      let size = edge.stride * EdgeCase.rows
      let plane = index / size, row = index % size / edge.stride, column = index % edge.stride
      throw PropertyFailure(
        message: "plane \(plane) row \(row) column \(column): scalar \(scalar[index]), lanes \(lanes[index]) "
          + "(was \(planes[index]))")
    }
    // Not vacuous: the filters changed samples in many of the cases.
    if !failed { #expect(changed >= PBTEnvironment.floor(250, of: 1_000, running: cases)) }
  }
}
