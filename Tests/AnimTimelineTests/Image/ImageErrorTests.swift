import Testing
import TimelineScript

@testable import AnimTimeline

/// Inconsistent images (the struct's fields set by hand) make every public
/// image function throw an ``ImageError``, never trap; and images that are
/// consistent but cannot be written or shrunk get their own errors.
@Suite struct ImageErrorTests {
  /// Images whose pixels are not `width × height × 4` bytes: negative
  /// sides, zero sides with pixels, short and long arrays, and sides whose
  /// product overflows.
  static let inconsistent: [RGBAImage] = [
    RGBAImage(width: -1, height: 2, pixels: []),
    RGBAImage(width: 2, height: -1, pixels: [UInt8](repeating: 0, count: 8)),
    RGBAImage(width: -2, height: -3, pixels: [UInt8](repeating: 0, count: 24)),
    RGBAImage(width: Int.min, height: 1, pixels: []),
    RGBAImage(width: 0, height: 5, pixels: [1, 2, 3, 4]),
    RGBAImage(width: 5, height: 0, pixels: [1, 2, 3, 4]),
    RGBAImage(width: 3, height: 2, pixels: [UInt8](repeating: 7, count: 23)),
    RGBAImage(width: 3, height: 2, pixels: [UInt8](repeating: 7, count: 20)),
    RGBAImage(width: 3, height: 2, pixels: [UInt8](repeating: 7, count: 25)),
    RGBAImage(width: 3, height: 2, pixels: [UInt8](repeating: 7, count: 48)),
    RGBAImage(width: 1, height: 1, pixels: []),
    // width × height × 4 overflows Int; so does width × height.
    RGBAImage(width: Int.max / 2, height: 3, pixels: [UInt8](repeating: 0, count: 16)),
    RGBAImage(width: 1 << 32, height: 1 << 32, pixels: []),
    RGBAImage(width: Int.max, height: Int.max, pixels: [0, 0, 0, 0]),
    // width × height × 4 wraps around to the pixel count: 2^62 × 4 = 2^64.
    RGBAImage(width: 1 << 62, height: 1, pixels: []),
  ]

  @Test(arguments: inconsistent)
  func inconsistentImagesThrow(_ image: RGBAImage) {
    let expected = ImageError.inconsistentImage(width: image.width, height: image.height, byteCount: image.pixels.count)
    #expect(throws: expected) { try image.pngData() }
    #expect(throws: expected) { try image.pamData() }
    #expect(throws: expected) { try image.resized(toFit: ImageSize(width: 1, height: 1)) }
    #expect(throws: expected) { try image.resized(toFit: ImageSize(width: 100, height: 100)) }
  }

  /// Consistent images of 0 pixels: PNG and PAM cannot hold them; a
  /// thumbnail of one is itself.
  @Test(arguments: [(0, 0), (0, 7), (7, 0), (0, Int.max), (Int.max, 0)])
  func emptyImages(_ width: Int, _ height: Int) throws {
    let image = RGBAImage(width: width, height: height, pixels: [])
    #expect(throws: ImageError.emptyImage(width: width, height: height)) { try image.pngData() }
    #expect(throws: ImageError.emptyImage(width: width, height: height)) { try image.pamData() }
    #expect(try image.resized(toFit: ImageSize(width: 1, height: 1)) == image)
  }

  /// PNG records sides in 31 bits: a side of 2^31 is too large. (Checked
  /// on the sizes alone: such an image would take 8 GiB.)
  @Test func sidesBeyondPNGAreTooLarge() {
    let limit = Int(Int32.max)
    #expect(throws: Never.self) { try PNGEncoder.checkWritable(width: limit, height: 1, byteCount: limit * 4) }
    #expect(throws: Never.self) { try PNGEncoder.checkWritable(width: 1, height: limit, byteCount: limit * 4) }
    #expect(throws: ImageError.tooLarge(width: limit + 1, height: 1)) {
      try PNGEncoder.checkWritable(width: limit + 1, height: 1, byteCount: (limit + 1) * 4)
    }
    #expect(throws: ImageError.tooLarge(width: 2, height: limit + 1)) {
      try PNGEncoder.checkWritable(width: 2, height: limit + 1, byteCount: (limit + 1) * 8)
    }
    // Inconsistency is reported first.
    #expect(throws: ImageError.inconsistentImage(width: limit + 1, height: 1, byteCount: 4)) {
      try PNGEncoder.checkWritable(width: limit + 1, height: 1, byteCount: 4)
    }
  }

  /// The thumbnail resampler's limits: sides below 2^31, fewer than 2^46
  /// pixels (checked on the sizes: a downsampler that accepts keeps
  /// weights for every source column and row).
  @Test func downsamplerLimits() {
    let one = ImageSize(width: 1, height: 1)
    #expect(Downsampler.canShrink(ImageSize(width: (1 << 31) - 1, height: 1)))
    #expect(Downsampler.canShrink(ImageSize(width: 1 << 23, height: (1 << 23) - 1)))
    #expect(!Downsampler.canShrink(ImageSize(width: 1 << 23, height: 1 << 23)))
    #expect(Downsampler(from: ImageSize(width: 1 << 31, height: 1), to: one) == nil)
    #expect(Downsampler(from: ImageSize(width: 1, height: 1 << 31), to: one) == nil)
    #expect(Downsampler(from: ImageSize(width: 1 << 23, height: 1 << 23), to: one) == nil)
    #expect(Downsampler(from: ImageSize(width: Int.max, height: Int.max), to: one) == nil)
  }

  /// Buffers of the wrong size make `resample` throw, naming the size the
  /// buffer should hold and its length, and leave the target untouched.
  @Test func resampleRejectsWrongBuffers() throws {
    var rng = SplitMix64(seed: 90)
    let image = ImageGen.image(9, 6, .noise, &rng)
    var sampler = try #require(Downsampler(from: ImageSize(width: 9, height: 6), to: ImageSize(width: 3, height: 2)))
    for (sourceCount, targetCount) in [(215, 24), (217, 24), (0, 24), (216, 23), (216, 25), (216, 0), (4, 4)] {
      let source = Array(image.pixels.prefix(sourceCount)) + [UInt8](repeating: 1, count: max(0, sourceCount - 216))
      var target = [UInt8](repeating: 0xAB, count: targetCount)
      let expected =
        sourceCount != 216
        ? ImageError.inconsistentImage(width: 9, height: 6, byteCount: sourceCount)
        : ImageError.inconsistentImage(width: 3, height: 2, byteCount: targetCount)
      #expect(throws: expected) {
        try source.withUnsafeBufferPointer { source in
          try target.withUnsafeMutableBufferPointer { try sampler.resample(source, into: $0) }
        }
      }
      #expect(target.allSatisfy { $0 == 0xAB })
    }
    // The right sizes still work after the failures.
    var target = [UInt8](repeating: 0, count: 24)
    try image.pixels.withUnsafeBufferPointer { source in
      try target.withUnsafeMutableBufferPointer { try sampler.resample(source, into: $0) }
    }
    #expect(target == ResizeTests.reference(image, ImageSize(width: 3, height: 2)))
  }

  @Test func errorsDescribeThemselves() {
    #expect(
      ImageError.inconsistentImage(width: 3, height: 2, byteCount: 23).description
        == "inconsistent image: 3x2 pixels need width × height × 4 bytes, but it has 23")
    #expect(ImageError.emptyImage(width: 0, height: 4).description.contains("0x4"))
    #expect(ImageError.tooLarge(width: 1 << 31, height: 1).description.contains("2147483648x1"))
  }
}
