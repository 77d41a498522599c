@testable import AnimTimeline

/// A straightforward APNG compositor for the tests, written from
/// `shared/spec/apng.md` ("Frames"): the canvas starts transparent black;
/// frame `i` is drawn with `SOURCE` or `OVER` (the spec's exact integer
/// formula) after frame `i-1`'s disposal (`NONE`, `BACKGROUND`,
/// `PREVIOUS`, frame 0's `PREVIOUS` acting as `BACKGROUND`). It keeps
/// whole canvases and copies freely: an oracle, not the engine.
struct ReferenceAPNGCompositor {
  let index: APNGIndex
  let bytes: [UInt8]

  /// The composited canvas after each frame, in order (RGBA, straight
  /// alpha, row-major).
  func canvases() throws -> [[UInt8]] {
    let width = index.header.width
    let height = index.header.height
    var canvas = [UInt8](repeating: 0, count: width * height * 4)
    var decoder = APNGFrameDecoder()
    var result: [[UInt8]] = []
    for (number, frame) in index.frames.enumerated() {
      var pixels = [UInt8](repeating: 0, count: frame.width * frame.height * 4)
      try bytes.withUnsafeBytes { file in
        try pixels.withUnsafeMutableBufferPointer { output in
          try decoder.decode(frame: number, of: index, bytes: file, into: output)
        }
      }
      let before = canvas
      for row in 0..<frame.height {
        for column in 0..<frame.width {
          let source = (row * frame.width + column) * 4
          let target = ((frame.y + row) * width + frame.x + column) * 4
          if frame.blendOp == 0 {
            for channel in 0..<4 { canvas[target + channel] = pixels[source + channel] }
          } else {
            ReferenceAPNGCompositor.over(pixels, source, onto: &canvas, target)
          }
        }
      }
      result.append(canvas)
      let dispose = number == 0 && frame.disposeOp == 2 ? 1 : frame.disposeOp
      switch dispose {
      case 1:
        for row in 0..<frame.height {
          let start = ((frame.y + row) * width + frame.x) * 4
          for offset in start..<start + frame.width * 4 { canvas[offset] = 0 }
        }
      case 2:
        canvas = before
      default:
        break
      }
    }
    return result
  }

  /// The pixel of `source` at `sourceOffset` over the pixel of `canvas`
  /// at `canvasOffset`, both straight-alpha RGBA, with the spec's integer
  /// formula.
  static func over(_ source: [UInt8], _ sourceOffset: Int, onto canvas: inout [UInt8], _ canvasOffset: Int) {
    let a = Int(source[sourceOffset + 3])
    let canvasAlpha = Int(canvas[canvasOffset + 3])
    if a == 0 { return }
    if a == 255 || canvasAlpha == 0 {
      for channel in 0..<4 { canvas[canvasOffset + channel] = source[sourceOffset + channel] }
      return
    }
    let u = a * 255
    let v = (255 - a) * canvasAlpha
    let w = u + v
    for channel in 0..<3 {
      let blended = (Int(source[sourceOffset + channel]) * u + Int(canvas[canvasOffset + channel]) * v) / w
      canvas[canvasOffset + channel] = UInt8(blended)
    }
    canvas[canvasOffset + 3] = UInt8(w / 255)
  }
}
