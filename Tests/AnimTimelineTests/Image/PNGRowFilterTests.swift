import Testing
import TimelineScript

@testable import AnimTimeline

/// Unfiltering (the per-pixel loops for 3- and 4-byte pixels and the
/// per-byte loops for the rest) against the PNG specification's
/// definitions, and the row expander's 32-bit paths against per-channel
/// expectations.
@Suite struct PNGRowFilterTests {
  /// The filtered bytes of `raw` (the row above: `above`), by the
  /// specification's definitions.
  static func filter(_ filter: PNGRowFilter, _ raw: [UInt8], above: [UInt8], bpp: Int) -> [UInt8] {
    (0..<raw.count).map { index in
      let a = index >= bpp ? Int(raw[index - bpp]) : 0
      let b = Int(above[index])
      let c = index >= bpp ? Int(above[index - bpp]) : 0
      let prediction: Int
      switch filter {
      case .none: prediction = 0
      case .sub: prediction = a
      case .up: prediction = b
      case .average: prediction = (a + b) / 2
      case .paeth:
        let p = a + b - c
        let (pa, pb, pc) = (abs(p - a), abs(p - b), abs(p - c))
        prediction = pa <= pb && pa <= pc ? a : pb <= pc ? b : c
      }
      return UInt8(truncatingIfNeeded: Int(raw[index]) - prediction)
    }
  }

  @Test func unfilterUndoesEveryFilter() {
    var rng = SplitMix64(seed: 17)
    for bpp in 1...8 {
      for pixels in [1, 2, 3, 7, 64] {
        let count = bpp * pixels
        for kind in 0..<3 {
          // Noise, smooth ramps (small differences), and extremes (0 and
          // 255: the wrapping sums).
          func byte(_ index: Int) -> UInt8 {
            switch kind {
            case 0: return UInt8(truncatingIfNeeded: rng.next())
            case 1: return UInt8(truncatingIfNeeded: index * 3 + Int(rng.next() % 5))
            default: return rng.next() % 2 == 0 ? 0 : 255
            }
          }
          let above = (0..<count).map(byte)
          let raw = (0..<count).map(byte)
          for filter in PNGRowFilter.allCases {
            var row = PNGRowFilterTests.filter(filter, raw, above: above, bpp: bpp)
            row.withUnsafeMutableBufferPointer { row in
              above.withUnsafeBufferPointer { above in
                filter.unfilter(row.baseAddress!, above: above.baseAddress!, count: count, bytesPerPixel: bpp)
              }
            }
            #expect(row == raw, "\(filter), \(bpp) bytes a pixel, \(pixels) pixels, kind \(kind)")
          }
        }
      }
    }
  }

  /// The expander's 32-bit paths (8-bit indexed, RGB with and without a
  /// colour key, RGBA spread out as an interlaced pass is) give the
  /// channels one by one.
  @Test func expanderWritesWholePixels() throws {
    var rng = SplitMix64(seed: 23)
    let palette = (0..<1024).map { _ in UInt8(truncatingIfNeeded: rng.next()) }
    let width = 13
    for stride in [4, 8, 32] {
      // Indexed, 8 bits.
      let indices = (0..<width).map { _ in UInt8(truncatingIfNeeded: rng.next()) }
      let indexedHeader = try PNGRowFilterTests.header(width, colorType: 3)
      var expected: [UInt8] = []
      for index in indices { expected += palette[Int(index) * 4..<Int(index) * 4 + 4] }
      #expect(PNGRowFilterTests.expand(indexedHeader, indices, palette: palette, key: nil, stride: stride) == expected)
      // RGB, 8 bits, with a key that some pixels match, and without.
      var rgb = (0..<width * 3).map { _ in UInt8(truncatingIfNeeded: rng.next()) }
      rgb[3...5] = [1, 2, 3]
      rgb[9...11] = [1, 2, 3]
      let rgbHeader = try PNGRowFilterTests.header(width, colorType: 2)
      for key in [(1, 2, 3), nil] as [(Int, Int, Int)?] {
        var expected: [UInt8] = []
        for x in 0..<width {
          let pixel = Array(rgb[x * 3..<x * 3 + 3])
          expected += pixel + [key != nil && pixel == [1, 2, 3] ? 0 : 255]
        }
        #expect(PNGRowFilterTests.expand(rgbHeader, rgb, palette: [], key: key, stride: stride) == expected)
      }
      // RGBA, 8 bits.
      let rgba = (0..<width * 4).map { _ in UInt8(truncatingIfNeeded: rng.next()) }
      let rgbaHeader = try PNGRowFilterTests.header(width, colorType: 6)
      #expect(PNGRowFilterTests.expand(rgbaHeader, rgba, palette: [], key: nil, stride: stride) == rgba)
    }
  }

  /// The header of a one-row, 8-bit image of `colorType`.
  static func header(_ width: Int, colorType: UInt8) throws -> PNGHeader {
    let bytes: [UInt8] = [0, 0, 0, UInt8(width), 0, 0, 0, 1, 8, colorType, 0, 0, 0]
    return try bytes.withUnsafeBytes { bytes in try PNGHeader(bytes, at: 0, chunkOffset: 0) }
  }

  /// The pixels that `header`'s expander writes for `row`, one every
  /// `stride` bytes, gathered.
  static func expand(
    _ header: PNGHeader, _ row: [UInt8], palette: [UInt8], key: (Int, Int, Int)?, stride: Int
  ) -> [UInt8] {
    var output = [UInt8](repeating: 0xAA, count: header.width * stride)
    palette.withUnsafeBufferPointer { palette in
      let expander = PNGRowExpander(header: header, palette: palette, colorKey: key)
      row.withUnsafeBufferPointer { row in
        output.withUnsafeMutableBufferPointer { output in
          expander.expand(row.baseAddress!, pixels: header.width, into: output.baseAddress!, pixelStride: stride)
        }
      }
    }
    return (0..<header.width).flatMap { output[$0 * stride..<$0 * stride + 4] }
  }
}
