import AnimTimeline

/// Turns RGBA canvases into ANSI half-block text for `play` (``PlayCommand``):
/// two pixels per character cell, scaled to fit the terminal.
struct PlayRenderer {
  let width: Int
  let height: Int
  let canvasWidth: Int
  let canvasHeight: Int
  var buffer: [UInt8] = []

  init(canvasWidth: Int, canvasHeight: Int, columns: Int, rows: Int) {
    self.canvasWidth = max(canvasWidth, 1)
    self.canvasHeight = max(canvasHeight, 1)
    // Fit the canvas in columns × (rows - 1) cells of 1×2 pixels, keeping
    // its aspect ratio; nearest-neighbour scaling, up or down.
    let maxWidth = max(columns, 1)
    let maxHeight = max((rows - 1) * 2, 2)
    if maxWidth * self.canvasHeight <= maxHeight * self.canvasWidth {
      width = maxWidth
      height = max(maxWidth * self.canvasHeight / self.canvasWidth, 1)
    } else {
      height = maxHeight
      width = max(maxHeight * self.canvasWidth / self.canvasHeight, 1)
    }
  }

  /// The pixel at output (x, y), composited over a grey checkerboard.
  func color(_ image: RGBAImage, _ x: Int, _ y: Int) -> (UInt8, UInt8, UInt8) {
    let sx = min(x * image.width / width, image.width - 1)
    let sy = min(y * image.height / height, image.height - 1)
    let base = (sy * image.width + sx) * 4
    guard base + 3 < image.pixels.count else { return (0, 0, 0) }
    let alpha = Int(image.pixels[base + 3])
    let background = (x / 4 + y / 4) % 2 == 0 ? 0x99 : 0x66
    func blend(_ c: UInt8) -> UInt8 { UInt8((Int(c) * alpha + background * (255 - alpha)) / 255) }
    return (blend(image.pixels[base]), blend(image.pixels[base + 1]), blend(image.pixels[base + 2]))
  }

  mutating func render(_ image: RGBAImage, status: String) -> [UInt8] {
    buffer.removeAll(keepingCapacity: true)
    buffer.append(contentsOf: Array("\u{1B}[H".utf8))
    var y = 0
    while y < height {
      for x in 0..<width {
        let top = color(image, x, y)
        let bottom = y + 1 < height ? color(image, x, y + 1) : (0, 0, 0)
        buffer.append(contentsOf: Array("\u{1B}[38;2;\(top.0);\(top.1);\(top.2)m\u{1B}[48;2;\(bottom.0);\(bottom.1);\(bottom.2)m\u{2580}".utf8))
      }
      buffer.append(contentsOf: Array("\u{1B}[0m\u{1B}[K\n".utf8))
      y += 2
    }
    buffer.append(contentsOf: Array("\u{1B}[0m\(status)\u{1B}[K".utf8))
    return buffer
  }
}
