import Testing
import TimelineScript
@testable import AnimTimeline

@Suite struct ColorQuantizerTests {
  @Test func fewColorsAreKeptExactly() {
    let sample: [UInt32] = [0x102030, 0xFFFFFF, 0x102030, 0x000000, 0xABCDEF]
    let quantizer = ColorQuantizer(sample: sample, maximumColors: 255)
    #expect(Set(quantizer.palette) == Set(sample))
  }

  @Test func emptySampleGivesOneColor() {
    #expect(ColorQuantizer(sample: [], maximumColors: 16).palette.count == 1)
  }

  /// The cache never changes the answer: every look-up equals an exhaustive
  /// search, including colours that share a 5-bit-per-channel key.
  @Test func cachedLookupIsExact() {
    var rng = SplitMix64(seed: 77)
    let sample = (0..<20_000).map { _ in UInt32(truncatingIfNeeded: rng.next()) & 0xFF_FFFF }
    var quantizer = ColorQuantizer(sample: sample, maximumColors: 255)
    #expect(quantizer.palette.count <= 255 && quantizer.palette.count > 200)
    // 20,000 colours, fewer under CI's sanitizers (PBT_ITERATIONS).
    for _ in 0..<PBTEnvironment.cases(20_000, atLeast: 2_000) {
      let base = UInt32(truncatingIfNeeded: rng.next()) & 0xFF_FFFF
      // A neighbour in the same cache cell (low 3 bits of each channel).
      let neighbour = base & 0xF8F8F8 | UInt32(truncatingIfNeeded: rng.next()) & 0x070707
      for color in [base, neighbour] {
        let index = quantizer.nearestIndex(color)
        let exhaustive = ColorQuantizer.nearest(color, in: quantizer.palette)
        #expect(quantizer.palette[index] == quantizer.palette[exhaustive])
      }
    }
  }

  /// The sorted search gives exactly the exhaustive answer (ties to the
  /// lowest index), on palettes with repeated colours and repeated greens.
  @Test func sortedSearchEqualsExhaustive() {
    var rng = SplitMix64(seed: 78)
    for size in [1, 2, 3, 16, 255, 256] {
      var palette = (0..<size).map { _ in UInt32(truncatingIfNeeded: rng.next()) & 0xFF_FFFF }
      if size > 4 { palette[3] = palette[1] }
      if size > 8 { palette[7] = palette[6] & 0xFF00FF | 0x004000 }
      let search = ColorQuantizer.NearestSearch(palette: palette)
      for _ in 0..<2_000 {
        let color = UInt32(truncatingIfNeeded: rng.next()) & 0xFF_FFFF
        #expect(search.nearest(color) == ColorQuantizer.nearest(color, in: palette), "palette of \(size)")
      }
      for color in palette {
        #expect(search.nearest(color) == ColorQuantizer.nearest(color, in: palette))
      }
    }
  }

  /// A smooth gradient of 65,536 colours reduced to 255: small error.
  @Test func gradientError() {
    var sample: [UInt32] = []
    for r in 0..<256 { for g in 0..<256 { sample.append(UInt32(r) << 16 | UInt32(g) << 8 | UInt32((r + g) / 2)) } }
    var stride: [UInt32] = []
    for (index, color) in sample.enumerated() where index % 2 == 0 { stride.append(color) }
    var quantizer = ColorQuantizer(sample: stride, maximumColors: 255)
    var squared = 0.0
    for color in sample {
      let entry = quantizer.palette[quantizer.nearestIndex(color)]
      for shift: UInt32 in [16, 8, 0] {
        let d = Double(Int(color >> shift & 0xFF) - Int(entry >> shift & 0xFF))
        squared += d * d
      }
    }
    let rmse = (squared / Double(sample.count * 3)).squareRoot()
    print("ColorQuantizerTests.gradientError: RMSE \(rmse)")
    #expect(rmse < 8)
  }

  @Test func ditherStaysInRangeAndVaries() {
    var seen = Set<UInt32>()
    for y in 0..<8 {
      for x in 0..<8 {
        let white = ColorQuantizer.dithered(0xFFFFFF, x: x, y: y, spread: 40)
        let black = ColorQuantizer.dithered(0x000000, x: x, y: y, spread: 40)
        #expect(white & 0xFF >= 255 - 20 && black & 0xFF <= 20)
        seen.insert(ColorQuantizer.dithered(0x808080, x: x, y: y, spread: 40))
      }
    }
    #expect(seen.count > 16)
  }
}
