@testable import AnimTimeline

/// Opens `bytes` and decodes every frame in sequence.
func decodeAll(_ bytes: [UInt8], options: GIFOptions = GIFOptions()) throws -> (GIFFrameProvider, [RGBAImage]) {
  let provider = try GIFFrameProvider(bytes: bytes, options: options)
  var images: [RGBAImage] = []
  for index in 0..<provider.frameCount {
    images.append(try provider.frame(at: index))
  }
  return (provider, images)
}

extension RGBAImage {
  /// The RGBA bytes of pixel (`x`, `y`).
  func pixel(_ x: Int, _ y: Int) -> [UInt8] {
    let at = (y * width + x) * 4
    return Array(pixels[at..<at + 4])
  }
}

let transparentBlack: [UInt8] = [0, 0, 0, 0]
let opaqueBlack: [UInt8] = [0, 0, 0, 255]
let red = TestGIFWriter.rgba(1)
let green = TestGIFWriter.rgba(2)
let blue = TestGIFWriter.rgba(3)
let white = TestGIFWriter.rgba(4)
