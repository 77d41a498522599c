import Testing
import TimelineScript

@testable import AnimTimeline

/// `RGBAImage.differingRectangle(from:)`, which every encoder's frame
/// differencing starts from, against the bounding box of the differing
/// pixels found one by one.
@Suite struct DifferingRectangleTests {
  /// Two images of one size: the second the first with a few pixels
  /// changed (none, one, a run, scattered; at the edges as often as
  /// inside), in one byte or all four.
  static var pairs: Gen<(RGBAImage, RGBAImage)> {
    Gen(generate: { rng in
      let width = rng.int(in: 1...19)
      let height = rng.int(in: 1...9)
      var pixels = [UInt8](repeating: 0, count: width * height * 4)
      for index in pixels.indices { pixels[index] = UInt8(truncatingIfNeeded: rng.int(in: 0...3)) }
      let first = RGBAImage(width: width, height: height, pixels: pixels)
      var second = first
      for _ in 0..<rng.int(in: 0...4) {
        let x = rng.chance(1, in: 3) ? rng.element(of: [0, width - 1]) : rng.int(in: 0...(width - 1))
        let y = rng.int(in: 0...(height - 1))
        let run = rng.int(in: 1...3)
        for step in 0..<run where x + step < width {
          let offset = ((y * width) + x + step) * 4 + rng.int(in: 0...3)
          second.pixels[offset] &+= UInt8(truncatingIfNeeded: rng.int(in: 1...255))
        }
      }
      return (first, second)
    })
  }

  @Test func isTheBoundingBoxOfTheDifferingPixels() {
    forAll("DifferingRectangleTests.isTheBoundingBoxOfTheDifferingPixels", gen: Self.pairs, iterations: 2_000) { pair in
      let (first, second) = pair
      var (left, top, right, bottom) = (Int.max, Int.max, -1, -1)
      for y in 0..<first.height {
        for x in 0..<first.width {
          let offset = (y * first.width + x) * 4
          if first.pixels[offset..<offset + 4] != second.pixels[offset..<offset + 4] {
            (left, top) = (min(left, x), min(top, y))
            (right, bottom) = (max(right, x), max(bottom, y))
          }
        }
      }
      let expected = right < 0 ? nil : PixelRect(x: left, y: top, width: right - left + 1, height: bottom - top + 1)
      let found = second.differingRectangle(from: first)
      try ensure(found == expected, "\(first.width)x\(first.height): found \(String(describing: found)), expected \(String(describing: expected))")
      try ensure(first.differingRectangle(from: second) == expected, "not symmetric")
      // Bounds holding every difference (and a corner or the whole
      // image besides) give the same rectangle.
      let corner = PixelRect(x: first.width - 1, y: 0, width: 1, height: 1)
      for bounds in [expected.map { $0.union(corner) } ?? corner, PixelRect(x: 0, y: 0, width: first.width, height: first.height)] {
        let within = second.differingRectangle(from: first, within: bounds)
        try ensure(within == expected, "within \(bounds): found \(String(describing: within))")
      }
      return true
    }
  }
}
