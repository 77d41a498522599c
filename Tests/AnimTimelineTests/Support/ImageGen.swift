import AnimTimeline
import TimelineScript

/// Random RGBA images for the image tests: sizes from 1×1 to wide, tall
/// and square, and contents from flat to noise, with and without
/// transparency. Shrinks by cropping.
enum ImageGen {
  /// The kinds of contents.
  enum Content: CaseIterable {
    case flat, noise, opaqueNoise, transparent, randomAlpha, gradient, tiles, sparse
  }

  /// An image of `width`×`height` with the given contents.
  static func image(_ width: Int, _ height: Int, _ content: Content, _ rng: inout SplitMix64) -> RGBAImage {
    var pixels = [UInt8](repeating: 0, count: width * height * 4)
    let base = (0..<4).map { _ in UInt8(truncatingIfNeeded: rng.next()) }
    let tile = (0..<(4 * 7 * 5)).map { _ in UInt8(truncatingIfNeeded: rng.next()) }
    for y in 0..<height {
      for x in 0..<width {
        let i = (y * width + x) * 4
        for c in 0..<4 {
          let value: UInt8
          switch content {
          case .flat: value = base[c]
          case .noise: value = UInt8(truncatingIfNeeded: rng.next())
          case .opaqueNoise: value = c == 3 ? 255 : UInt8(truncatingIfNeeded: rng.next())
          case .transparent: value = c == 3 ? 0 : UInt8(truncatingIfNeeded: rng.next())
          case .randomAlpha: value = c == 3 ? UInt8(truncatingIfNeeded: rng.next()) : base[c]
          case .gradient: value = UInt8(truncatingIfNeeded: x * (c + 1) + y * (3 - c) + Int(base[c]))
          case .tiles: value = tile[((y % 5) * 7 + x % 7) * 4 + c]
          case .sparse: value = rng.chance(1, in: 50) ? UInt8(truncatingIfNeeded: rng.next()) : base[c]
          }
          pixels[i + c] = value
        }
      }
    }
    return RGBAImage(width: width, height: height, pixels: pixels)
  }

  /// A size: 1×1, wide, tall, small square-ish or medium.
  static func size(_ rng: inout SplitMix64) -> (Int, Int) {
    switch rng.weighted([1, 2, 2, 5, 2]) {
    case 0: return (1, 1)
    case 1: return (rng.int(in: 1...1500), rng.int(in: 1...3))
    case 2: return (rng.int(in: 1...3), rng.int(in: 1...1500))
    case 3: return (rng.int(in: 1...40), rng.int(in: 1...40))
    default: return (rng.int(in: 40...200), rng.int(in: 40...120))
    }
  }

  /// Images of every size and content kind; shrinks by halving or
  /// trimming a side.
  static var images: Gen<RGBAImage> {
    Gen(
      generate: { rng in
        let (width, height) = size(&rng)
        return image(width, height, rng.element(of: Content.allCases), &rng)
      },
      shrink: { image in
        var out: [RGBAImage] = []
        for (w, h) in [(image.width / 2, image.height), (image.width, image.height / 2),
                       (image.width - 1, image.height), (image.width, image.height - 1)]
        where w >= 1 && h >= 1 && (w, h) != (image.width, image.height) {
          out.append(crop(image, w, h))
        }
        return out
      })
  }

  /// The top-left `width`×`height` of `image`.
  static func crop(_ image: RGBAImage, _ width: Int, _ height: Int) -> RGBAImage {
    var pixels: [UInt8] = []
    pixels.reserveCapacity(width * height * 4)
    for y in 0..<height {
      let start = y * image.width * 4
      pixels += image.pixels[start..<start + width * 4]
    }
    return RGBAImage(width: width, height: height, pixels: pixels)
  }
}

extension RGBAImage: CustomStringConvertible {
  /// Size and the first bytes (property failure reports).
  public var description: String {
    "RGBAImage(\(width)x\(height), first bytes \(Array(pixels.prefix(16))))"
  }
}
