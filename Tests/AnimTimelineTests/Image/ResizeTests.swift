import Testing
import TimelineScript

@testable import AnimTimeline

/// Thumbnails: sizes, exact values on small cases computed by hand, no
/// colour from transparent pixels, and a slow reference over rationals.
@Suite struct ResizeTests {
  static func image(_ width: Int, _ height: Int, _ pixels: [[UInt8]]) -> RGBAImage {
    RGBAImage(width: width, height: height, pixels: pixels.flatMap { $0 })
  }

  @Test func fittedSizes() throws {
    func fit(_ w: Int, _ h: Int, _ bw: Int, _ bh: Int) throws -> ImageSize {
      try ImageSize(width: w, height: h).fitted(within: ImageSize(width: bw, height: bh))
    }
    #expect(try fit(1000, 500, 100, 100) == ImageSize(width: 100, height: 50))
    #expect(try fit(500, 1000, 100, 100) == ImageSize(width: 50, height: 100))
    #expect(try fit(3, 1000, 100, 100) == ImageSize(width: 1, height: 100))
    #expect(try fit(1000, 3, 100, 100) == ImageSize(width: 100, height: 1))
    #expect(try fit(300, 200, 100, 100) == ImageSize(width: 100, height: 67))  // 66.67
    #expect(try fit(200, 300, 100, 50) == ImageSize(width: 33, height: 50))  // 33.3
    #expect(try fit(10, 10, 1000, 1000) == ImageSize(width: 10, height: 10))  // never upscales
    #expect(try fit(10, 20, 1000, 15) == ImageSize(width: 8, height: 15))  // 7.5 rounds up
    #expect(try fit(0, 7, 5, 5) == ImageSize(width: 0, height: 7))  // an empty size stays as it is
    #expect(try fit(Int.max / 2, 4, Int.max, 2) == ImageSize(width: Int.max / 4 + 1, height: 2))
  }

  /// Issue #21: bounds with a side below 1 used to count as 1 (a 1×1
  /// thumbnail); they are a typed error now, for any source.
  @Test func invalidBoundsThrow() throws {
    let image = RGBAImage(width: 4, height: 2, pixels: [UInt8](repeating: 9, count: 32))
    let empty = RGBAImage(width: 0, height: 3, pixels: [])
    for (bw, bh) in [(0, 0), (0, 5), (5, 0), (-1, 5), (5, -3), (Int.min, Int.min)] {
      let bounds = ImageSize(width: bw, height: bh)
      let expected = ImageError.invalidBounds(width: bw, height: bh)
      #expect(throws: expected) { try image.resized(toFit: bounds) }
      #expect(throws: expected) { try empty.resized(toFit: bounds) }
      #expect(throws: expected) { try ImageSize(width: 4, height: 2).fitted(within: bounds) }
      #expect(throws: expected) { try ImageSize(width: 0, height: 0).fitted(within: bounds) }
    }
    #expect(try empty.resized(toFit: ImageSize(width: 1, height: 1)) == empty)
  }

  @Test func neverUpscalesAndKeepsAspect() throws {
    var rng = SplitMix64(seed: 50)
    let image = ImageGen.image(40, 30, .noise, &rng)
    #expect(try image.resized(toFit: ImageSize(width: 100, height: 100)) == image)
    #expect(try image.resized(toFit: ImageSize(width: 40, height: 30)) == image)
    let small = try image.resized(toFit: ImageSize(width: 20, height: 20))
    #expect(small.width == 20 && small.height == 15 && small.pixels.count == 20 * 15 * 4)
  }

  /// Whole factors: each target pixel is the rounded mean of its block.
  @Test func wholeFactorAverages() throws {
    let image = ResizeTests.image(4, 2, [
      [10, 20, 30, 255], [20, 30, 40, 255], [0, 0, 0, 255], [255, 255, 255, 255],
      [30, 40, 50, 255], [40, 50, 61, 255], [100, 100, 100, 255], [1, 2, 3, 255],
    ])
    let half = try image.resized(toFit: ImageSize(width: 2, height: 1))
    // (10+20+30+40)/4 = 25; (20+30+40+50)/4 = 35; (30+40+50+61)/4 = 45.25
    // (0+255+100+1)/4 = 89; (0+255+100+2)/4 = 89.25; (0+255+100+3)/4 = 89.5
    #expect(half.pixels == [25, 35, 45, 255, 89, 89, 90, 255])
  }

  /// A fractional footprint: 3 pixels into 2, the middle one split in half.
  @Test func fractionalFootprint() throws {
    let image = ResizeTests.image(3, 1, [[0, 0, 0, 255], [90, 90, 90, 255], [255, 255, 255, 255]])
    let two = try image.resized(toFit: ImageSize(width: 2, height: 1))
    // Left: (0 * 1 + 90 * 0.5) / 1.5 = 30. Right: (90 * 0.5 + 255) / 1.5 = 200.
    #expect(two.pixels == [30, 30, 30, 255, 200, 200, 200, 255])
  }

  /// Transparent pixels add no colour; alpha is averaged.
  @Test func transparentPixelsDoNotBleed() throws {
    let image = ResizeTests.image(2, 1, [[255, 0, 0, 255], [0, 255, 0, 0]])
    let one = try image.resized(toFit: ImageSize(width: 1, height: 1))
    #expect(one.pixels == [255, 0, 0, 128])
    // Translucent: colour weighted by alpha. Red at 200, blue at 50:
    // red = 255 * 200 / 250 = 204, blue = 255 * 50 / 250 = 51.
    let mixed = ResizeTests.image(2, 1, [[255, 0, 0, 200], [0, 0, 255, 50]])
    #expect(try mixed.resized(toFit: ImageSize(width: 1, height: 1)).pixels == [204, 0, 51, 125])
    // All transparent: (0, 0, 0, 0), whatever the colours.
    let clear = ResizeTests.image(2, 2, [[9, 9, 9, 0], [200, 1, 1, 0], [3, 4, 5, 0], [7, 7, 7, 0]])
    #expect(try clear.resized(toFit: ImageSize(width: 1, height: 1)).pixels == [0, 0, 0, 0])
  }

  /// Against a reference that computes each target pixel from its
  /// definition with exact fractions (overlap of [x*S/T, (x+1)*S/T) with
  /// each source pixel), on random images and sizes.
  @Test func matchesRationalReference() throws {
    var rng = SplitMix64(seed: 51)
    for _ in 0..<60 {
      let width = rng.int(in: 1...23)
      let height = rng.int(in: 1...23)
      let content = rng.element(of: [ImageGen.Content.noise, .randomAlpha, .transparent, .sparse])
      let image = ImageGen.image(width, height, content, &rng)
      let target = ImageSize(width: rng.int(in: 1...width), height: rng.int(in: 1...height))
      var sampler = Downsampler(from: ImageSize(width: width, height: height), to: target)!
      var out = [UInt8](repeating: 0, count: target.width * target.height * 4)
      try image.pixels.withUnsafeBufferPointer { source in
        try out.withUnsafeMutableBufferPointer { try sampler.resample(source, into: $0) }
      }
      #expect(out == ResizeTests.reference(image, target), "\(width)x\(height) -> \(target)")
    }
  }

  /// The overlap, in units of 1/(S*T), of source pixel i ([i*T, (i+1)*T))
  /// with target pixel x ([x*S, (x+1)*S)).
  static func overlap(_ i: Int, _ x: Int, _ source: Int, _ target: Int) -> Int {
    max(0, min((i + 1) * target, (x + 1) * source) - max(i * target, x * source))
  }

  static func reference(_ image: RGBAImage, _ size: ImageSize) -> [UInt8] {
    var out: [UInt8] = []
    for y in 0..<size.height {
      for x in 0..<size.width {
        var alpha = 0
        var colour = [0, 0, 0]
        var area = 0
        for j in 0..<image.height {
          let wy = overlap(j, y, image.height, size.height)
          if wy == 0 { continue }
          for i in 0..<image.width {
            let w = overlap(i, x, image.width, size.width) * wy
            if w == 0 { continue }
            let p = (j * image.width + i) * 4
            let a = Int(image.pixels[p + 3])
            area += w
            alpha += a * w
            for c in 0..<3 { colour[c] += Int(image.pixels[p + c]) * a * w }
          }
        }
        // round(alpha / area), halves up; colour = round(colour / alpha).
        let a = (2 * alpha + area) / (2 * area)
        if a == 0 {
          out += [0, 0, 0, 0]
        } else {
          out += colour.map { UInt8((2 * $0 + alpha) / (2 * alpha)) } + [UInt8(a)]
        }
      }
    }
    return out
  }

  /// One downsampler reused for several images gives each its own result.
  @Test func downsamplerIsReusable() throws {
    var rng = SplitMix64(seed: 52)
    let first = ImageGen.image(17, 9, .noise, &rng)
    let second = ImageGen.image(17, 9, .randomAlpha, &rng)
    let size = ImageSize(width: 5, height: 4)
    var sampler = Downsampler(from: ImageSize(width: 17, height: 9), to: size)!
    var out = [UInt8](repeating: 0, count: 5 * 4 * 4)
    for image in [first, second, first] {
      try image.pixels.withUnsafeBufferPointer { source in
        try out.withUnsafeMutableBufferPointer { try sampler.resample(source, into: $0) }
      }
      #expect(out == ResizeTests.reference(image, size))
    }
  }

  @Test func downsamplerRefusesBadSizes() {
    let source = ImageSize(width: 10, height: 10)
    #expect(Downsampler(from: source, to: ImageSize(width: 11, height: 5)) == nil)
    #expect(Downsampler(from: source, to: ImageSize(width: 0, height: 5)) == nil)
    #expect(Downsampler(from: ImageSize(width: 1 << 30, height: 1 << 30), to: ImageSize(width: 1, height: 1)) == nil)
    #expect(Downsampler(from: source, to: source) != nil)
  }
}
