import Testing
import TimelineScript
@testable import AnimTimeline

/// The RGBA conversion's two implementations
/// (`VP8RGBAConverter.convert` runs the scalar one in debug builds and the
/// SIMD lanes in optimized ones) give the same bytes on random planes of
/// odd and even sizes.
///
/// Debug builds run the lanes unoptimized (a generic call per SIMD
/// operation), so the images are small and few; the release-build corpus
/// check (`check_image_corpus.py`, 341 files) runs them on real files.
@Suite struct VP8RGBAConverterLanesTests {
  /// Random planes of one image.
  struct ImageCase: CustomStringConvertible {
    var width: Int
    var height: Int
    /// Row padding past the samples the conversion reads.
    var lumaPadding: Int
    var chromaPadding: Int
    /// Each sample is `base` plus a uniform draw in `-noise...noise`,
    /// clamped to 0...255, or with `extremes` one of 0, 1, 16, 235, 254,
    /// 255 (where the conversion's clamps act).
    var base: Int
    var noise: Int
    var extremes: Bool
    /// Seeds the samples and the scratch memory's junk.
    var seed: UInt64

    var description: String {
      "\(width)x\(height) padding \(lumaPadding)/\(chromaPadding) base \(base) noise \(noise) "
        + "extremes \(extremes) seed \(seed)"
    }

    var chromaWidth: Int { (width + 1) / 2 }
    var chromaHeight: Int { (height + 1) / 2 }
    var lumaStride: Int { width + lumaPadding }
    var chromaStride: Int { chromaWidth + chromaPadding }

    /// The Y, U and V planes.
    var planes: (y: [UInt8], u: [UInt8], v: [UInt8]) {
      var random = SplitMix64(seed: seed)
      func plane(_ count: Int) -> [UInt8] {
        (0..<count).map { _ in
          if extremes { return random.element(of: [0, 1, 16, 235, 254, 255]) }
          let jitter = noise == 0 ? 0 : random.int(in: -noise...noise)
          return UInt8(min(max(base + jitter, 0), 255))
        }
      }
      let chroma = chromaStride * chromaHeight
      return (plane(lumaStride * height), plane(chroma), plane(chroma))
    }

    /// The RGBA image `convert` (``VP8RGBAConverter/scalarConvert(y:yStride:u:v:uvStride:width:height:scratch:into:)``
    /// or ``VP8RGBAConverter/lanesConvert(y:yStride:u:v:uvStride:width:height:scratch:into:)``)
    /// writes, its scratch memory filled with junk from `junkSeed` first.
    func converted(
      _ planes: (y: [UInt8], u: [UInt8], v: [UInt8]), junkSeed: UInt64,
      by convert: (
        UnsafePointer<UInt8>, UnsafePointer<UInt8>, UnsafePointer<UInt8>, UnsafeMutablePointer<Int32>,
        UnsafeMutableRawPointer
      ) -> Void
    ) -> [UInt8] {
      var junk = SplitMix64(seed: junkSeed)
      var scratch = (0..<VP8RGBAConverter.scratchCount(width: width)).map { _ in
        Int32(truncatingIfNeeded: junk.next())
      }
      var rgba = [UInt8](repeating: 0, count: width * height * 4)
      planes.y.withUnsafeBufferPointer { y in
        planes.u.withUnsafeBufferPointer { u in
          planes.v.withUnsafeBufferPointer { v in
            scratch.withUnsafeMutableBufferPointer { scratch in
              rgba.withUnsafeMutableBytes { out in
                convert(y.baseAddress!, u.baseAddress!, v.baseAddress!, scratch.baseAddress!, out.baseAddress!)
              }
            }
          }
        }
      }
      return rgba
    }
  }

  static var imageCases: Gen<ImageCase> {
    Gen<ImageCase>(
      generate: { random in
        // Widths where the lanes' loops (16 pixels, 8 chroma blends) cover
        // the whole row or leave a tail, odd and even, and the smallest
        // images, where every row and column is an edge of the upsampling
        // (its neighbours replicated); heights of one to a few row pairs.
        let width: Int
        switch random.next(below: 4) {
        case 0: width = random.int(in: 1...4)
        case 1: width = random.element(of: [15, 16, 17, 31, 32, 33, 47, 48, 49])
        default: width = random.int(in: 1...64)
        }
        let noises = [0, 1, 4, 16, 64, 255]
        return ImageCase(
          width: width,
          height: random.chance(1, in: 4) ? random.int(in: 1...2) : random.int(in: 3...6),
          lumaPadding: random.chance(1, in: 2) ? 0 : random.int(in: 1...9),
          chromaPadding: random.chance(1, in: 2) ? 0 : random.int(in: 1...9),
          base: random.int(in: 0...255),
          noise: random.element(of: noises),
          extremes: random.chance(1, in: 5),
          seed: random.next())
      },
      shrink: { (image: ImageCase) -> [ImageCase] in
        var candidates: [ImageCase] = []
        for width in [1, image.width / 2, image.width - 1] where width >= 1 && width < image.width {
          var smaller = image
          smaller.width = width
          candidates.append(smaller)
        }
        for height in [1, image.height - 1] where height >= 1 && height < image.height {
          var smaller = image
          smaller.height = height
          candidates.append(smaller)
        }
        return candidates
      })
  }

  @Test func lanesConvertAsTheScalarCode() {
    forAll("VP8RGBAConverterLanesTests.lanesConvertAsTheScalarCode", gen: Self.imageCases, iterations: 400) { image in
      let planes = image.planes
      let (width, height) = (image.width, image.height)
      let (yStride, uvStride) = (image.lumaStride, image.chromaStride)
      let scalar = image.converted(planes, junkSeed: image.seed ^ 1) { y, u, v, scratch, out in
        VP8RGBAConverter.scalarConvert(
          y: y, yStride: yStride, u: u, v: v, uvStride: uvStride, width: width, height: height, scratch: scratch,
          into: out)
      }
      let lanes = image.converted(planes, junkSeed: image.seed ^ 2) { y, u, v, scratch, out in
        VP8RGBAConverter.lanesConvert(
          y: y, yStride: yStride, u: u, v: v, uvStride: uvStride, width: width, height: height, scratch: scratch,
          into: out)
      }
      guard let index = scalar.indices.first(where: { scalar[$0] != lanes[$0] }) else { return true }
      let pixel = index / 4
      throw PropertyFailure(
        message: "pixel (\(pixel % width), \(pixel / width)) byte \(index % 4): scalar \(scalar[index]), "
          + "lanes \(lanes[index])")
    }
  }
}
