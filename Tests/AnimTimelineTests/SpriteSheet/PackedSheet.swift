@testable import AnimTimeline

/// A sprite sheet packed by the tests: upright sprites with their own
/// pixels, placed in a sheet image (turned 90° clockwise where asked, as
/// TexturePacker stores them), and the JSON export that describes it, in
/// either layout.
///
/// The packing works from the definition of a clockwise turn (the upright
/// sprite's left column, read upward, becomes the stored top row), not from
/// the provider's code, so the provider's un-turning is checked against it.
struct PackedSheet {
  /// One sprite to pack.
  struct Sprite {
    /// The untrimmed sprite's size.
    var sourceWidth: Int
    var sourceHeight: Int
    /// The trimmed rectangle kept, in the untrimmed sprite.
    var trim: (x: Int, y: Int, width: Int, height: Int)
    /// Where it goes in the sheet (its top-left corner).
    var at: (x: Int, y: Int)
    var rotated = false
    var milliseconds = 100
  }

  var sprites: [Sprite]
  var sheetWidth: Int
  var sheetHeight: Int
  /// `meta.frameTags` entries, as JSON text.
  var tags: [String] = []
  /// Whether to write `meta.size`.
  var writesSize = true

  /// The colour of untrimmed pixel (x, y) of sprite `index`: opaque and
  /// different for every sprite and pixel (for small sheets).
  static func color(sprite index: Int, x: Int, y: Int) -> [UInt8] {
    [UInt8(truncatingIfNeeded: 40 * index + 7), UInt8(truncatingIfNeeded: x * 13 + 1), UInt8(truncatingIfNeeded: y * 29 + 2), 255]
  }

  /// The untrimmed image a provider should give for sprite `index`: the
  /// trimmed rectangle's pixels, transparent elsewhere.
  func expectedImage(_ index: Int) -> RGBAImage {
    let sprite = sprites[index]
    var pixels: [UInt8] = []
    for y in 0..<sprite.sourceHeight {
      for x in 0..<sprite.sourceWidth {
        let inside = x >= sprite.trim.x && x < sprite.trim.x + sprite.trim.width
          && y >= sprite.trim.y && y < sprite.trim.y + sprite.trim.height
        pixels += inside ? Self.color(sprite: index, x: x, y: y) : [0, 0, 0, 0]
      }
    }
    return RGBAImage(width: sprite.sourceWidth, height: sprite.sourceHeight, pixels: pixels)
  }

  /// The sheet image: a grey background, each sprite's trimmed pixels at
  /// its place, turned clockwise when rotated.
  func image() -> RGBAImage {
    var pixels = [UInt8](repeating: 0, count: sheetWidth * sheetHeight * 4)
    for i in stride(from: 0, to: pixels.count, by: 4) { pixels[i..<i + 4] = [90, 90, 90, 255] }
    func put(_ x: Int, _ y: Int, _ color: [UInt8]) {
      let base = (y * sheetWidth + x) * 4
      pixels[base..<base + 4] = color[0..<4]
    }
    for (index, sprite) in sprites.enumerated() {
      let t = sprite.trim
      if sprite.rotated {
        // Turned clockwise: stored row r, column c (t.height columns,
        // t.width rows) holds trimmed pixel (r, t.height - 1 - c).
        for r in 0..<t.width {
          for c in 0..<t.height {
            put(sprite.at.x + c, sprite.at.y + r, Self.color(sprite: index, x: t.x + r, y: t.y + t.height - 1 - c))
          }
        }
      } else {
        for v in 0..<t.height {
          for u in 0..<t.width {
            put(sprite.at.x + u, sprite.at.y + v, Self.color(sprite: index, x: t.x + u, y: t.y + v))
          }
        }
      }
    }
    return RGBAImage(width: sheetWidth, height: sheetHeight, pixels: pixels)
  }

  /// The JSON export, in `layout`.
  func json(_ layout: AsepriteSheet.Layout) -> String {
    var entries: [String] = []
    for (index, sprite) in sprites.enumerated() {
      let t = sprite.trim
      let trimmed = t.x != 0 || t.y != 0 || t.width != sprite.sourceWidth || t.height != sprite.sourceHeight
      let body = """
        "frame": {"x": \(sprite.at.x), "y": \(sprite.at.y), "w": \(t.width), "h": \(t.height)}, \
        "rotated": \(sprite.rotated), "trimmed": \(trimmed), \
        "spriteSourceSize": {"x": \(t.x), "y": \(t.y), "w": \(t.width), "h": \(t.height)}, \
        "sourceSize": {"w": \(sprite.sourceWidth), "h": \(sprite.sourceHeight)}, \
        "duration": \(sprite.milliseconds)
        """
      switch layout {
      case .hash: entries.append("\"s \(index).png\": {\(body)}")
      case .array: entries.append("{\"filename\": \"s \(index).png\", \(body)}")
      }
    }
    let frames = layout == .hash ? "{\n" + entries.joined(separator: ",\n") + "\n}" : "[\n" + entries.joined(separator: ",\n") + "\n]"
    let size = writesSize ? "\"size\": {\"w\": \(sheetWidth), \"h\": \(sheetHeight)}, " : ""
    return """
      {"frames": \(frames),
      "meta": {"app": "tests", "image": "sheet.png", \(size)"frameTags": [\(tags.joined(separator: ", "))]}}
      """
  }

  /// The export, read.
  func sheet(_ layout: AsepriteSheet.Layout) throws -> AsepriteSheet {
    try AsepriteSheet(bytes: Array(json(layout).utf8))
  }

  /// Three sprites of 6×5: one whole, one trimmed, one trimmed and stored
  /// rotated; with a ping-pong tag over all three.
  static let mixed = PackedSheet(
    sprites: [
      Sprite(sourceWidth: 6, sourceHeight: 5, trim: (0, 0, 6, 5), at: (0, 0), milliseconds: 100),
      Sprite(sourceWidth: 6, sourceHeight: 5, trim: (1, 2, 4, 3), at: (6, 0), milliseconds: 50),
      Sprite(sourceWidth: 6, sourceHeight: 5, trim: (2, 1, 3, 4), at: (10, 0), rotated: true, milliseconds: 70),
    ],
    sheetWidth: 16, sheetHeight: 6,
    tags: [#"{"name": "swing", "from": 0, "to": 2, "direction": "pingpong"}"#,
           #"{"name": "once", "from": 1, "to": 2, "direction": "reverse", "repeat": "1"}"#])
}
