import AnimTimeline

// README "Pixels": a texture that records what it was given, and
// spinner.gif on disk.

@MainActor final class Texture {
  var uploads: [(width: Int, height: Int, bytes: Int)] = []
  func replace(width: Int, height: Int, rgba: [UInt8]) {
    uploads.append((width, height, rgba.count))
  }
}
@MainActor let texture = Texture()

@MainActor func prepare() throws {
  try writeSpinnerGIF()
  captureOutput()
}

/// 120 ms into a GIF of 100 ms frames, frame 1 is shown: each copy uploads
/// it once (8×8 RGBA) and prints the canvas size.
@MainActor func check() throws {
  let printed = printedLines()
  try expect(texture.uploads.count == 2, "expected 2 uploads, got \(texture.uploads.count)")
  try expect(texture.uploads.allSatisfy { $0 == (8, 8, 256) }, "uploads \(texture.uploads)")
  try expect(printed == ["8 8 256", "8 8 256"], "printed \(printed)")
}
