import AnimTimeline
import TimelineScript

/// libFuzzer target `encode`: round trips through the encoders. The input
/// describes a small animation that GIF and APNG can both hold exactly:
/// a canvas of 1...16 × 1...16 pixels, a palette of 1...256 colours
/// (opaque, or the transparent 0,0,0,0), 1...8 frames, each the previous
/// canvas with up to four rectangles painted in one colour and, when the
/// input asks, a patch of pixels of any palette colours; durations of
/// 20 ms to 2.55 s in whole centiseconds (what GIF writes exactly and the
/// browsers' delay policy keeps); a loop count of 1, 2, 3 plays or
/// infinite.
///
/// Checks: `GIFEncoder.encode` and `APNGEncoder.encode` succeed; each file
/// opens (`AnimatedImage.open`, as the format it is) and decodes to the
/// same canvases, equal neighbours merged with their durations added, and
/// the same loop count (an APNG of one canvas is a still PNG: no duration,
/// one play).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzEncode(_ data: UnsafeRawPointer, _ size: Int) -> CInt {
  var input = FuzzInput(Array(UnsafeRawBufferPointer(start: data, count: size)))
  let width = 1 + input.below(16)
  let height = 1 + input.below(16)
  let colourCount = 1 + input.below(256)
  var palette: [[UInt8]] = []
  for _ in 0..<colourCount {
    if input.below(8) == 0 {
      palette.append([0, 0, 0, 0])
    } else {
      palette.append([input.byte(), input.byte(), input.byte(), 255])
    }
  }
  let frameCount = 1 + input.below(8)
  var canvas = [UInt8](repeating: 0, count: width * height * 4)
  let background = palette[input.below(colourCount)]
  for pixel in 0..<width * height { canvas.replaceSubrange(pixel * 4..<pixel * 4 + 4, with: background) }

  var frames: [AnimationSequence.Frame] = []
  for _ in 0..<frameCount {
    for _ in 0..<input.below(5) {
      let x = input.below(width)
      let y = input.below(height)
      let w = 1 + input.below(width - x)
      let h = 1 + input.below(height - y)
      let colour = palette[input.below(colourCount)]
      for row in y..<y + h {
        for column in x..<x + w { canvas.replaceSubrange((row * width + column) * 4..<(row * width + column) * 4 + 4, with: colour) }
      }
    }
    if input.below(4) == 0 {
      // A patch of pixels of any colours: noise that defeats differencing.
      let start = input.below(width * height)
      let count = input.below(width * height - start + 1)
      for pixel in start..<start + count {
        canvas.replaceSubrange(pixel * 4..<pixel * 4 + 4, with: palette[input.below(colourCount)])
      }
    }
    let duration = Int64(2 + input.below(254)) * 10_000_000
    frames.append(AnimationSequence.Frame(image: RGBAImage(width: width, height: height, pixels: canvas), duration: duration))
  }
  let loopChoice = input.below(4)
  let loops: LoopCount = loopChoice == 0 ? .infinite : (try? LoopCount.plays(Int64(loopChoice))) ?? .once

  let animation: AnimationSequence
  do {
    animation = try AnimationSequence(frames: frames, loops: loops)
  } catch {
    fuzzFailure("a valid animation was refused: \(error)")
  }
  let expected = merged(frames.map { ($0.image, $0.duration) })

  let files: [(String, () throws -> [UInt8])] = [
    ("GIF", { try GIFEncoder.encode(animation) }),
    ("APNG", { try APNGEncoder.encode(animation) }),
  ]
  for (name, encode) in files {
    let bytes: [UInt8]
    do {
      bytes = try encode()
    } catch {
      fuzzFailure("\(name): encoding failed: \(error)")
    }
    let provider: any AnimatedImageProvider
    do {
      provider = try AnimatedImage.open(bytes: bytes)
    } catch {
      fuzzFailure("\(name): our own file did not open: \(error)")
    }
    fuzzCheck(!provider.isTruncated, "\(name): our own file is truncated")
    fuzzCheck(provider.canvasSize == ImageSize(width: width, height: height), "\(name): canvas \(provider.canvasSize)")
    var decoded: [(RGBAImage, Int64)] = []
    for index in 0..<provider.frameCount {
      guard let image = try? provider.frame(at: index) else { fuzzFailure("\(name): frame \(index) did not decode") }
      decoded.append((image, provider.frameDuration(at: index)))
    }
    let got = merged(decoded)
    fuzzCheck(got.count == expected.count, "\(name): \(got.count) distinct frames, expected \(expected.count)")
    // One canvas is a still image in APNG: a PNG, which has no duration.
    let still = name == "APNG" && expected.count == 1
    for (index, (a, b)) in zip(got, expected).enumerated() {
      fuzzCheck(a.0 == b.0, "\(name): frame \(index) differs")
      fuzzCheck(still || a.1 == b.1, "\(name): frame \(index) lasts \(a.1) ns, expected \(b.1)")
    }
    // A still image plays once, whatever the animation's loop count.
    fuzzCheck(
      provider.loopCount == loops || (expected.count == 1 && provider.frameCount == 1),
      "\(name): loops \(provider.loopCount), expected \(loops)")
  }
  return 0
}

/// Equal neighbours merged, durations added.
func merged(_ frames: [(RGBAImage, Int64)]) -> [(RGBAImage, Int64)] {
  var out: [(RGBAImage, Int64)] = []
  for (image, duration) in frames {
    if let last = out.last, last.0 == image {
      out[out.count - 1].1 += duration
    } else {
      out.append((image, duration))
    }
  }
  return out
}
