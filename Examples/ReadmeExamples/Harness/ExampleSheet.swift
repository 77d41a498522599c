// README "Sprite sheets": `heroJSON`, an export shaped like Aseprite's
// (hash layout); the example's `print` is checked.
import AnimTimeline

/// hero.json: ten 16×16 frames of 100 ms in a row; "idle" 0...2
/// ping-pong, "walk" 3...6 forward, "attack" 7...9 with repeat "1".
let heroJSON: [UInt8] = {
  var frames: [String] = []
  for index in 0..<10 {
    frames.append("""
      "hero \(index).aseprite": { "frame": { "x": \(16 * index), "y": 0, "w": 16, "h": 16 }, "rotated": false, \
      "trimmed": false, "spriteSourceSize": { "x": 0, "y": 0, "w": 16, "h": 16 }, "sourceSize": { "w": 16, "h": 16 }, \
      "duration": 100 }
      """)
  }
  let text = """
    { "frames": {
    \(frames.joined(separator: ",\n"))
     },
     "meta": { "app": "https://www.aseprite.org/", "version": "1.3.8", "image": "hero.png",
      "format": "RGBA8888", "size": { "w": 160, "h": 16 }, "scale": "1",
      "frameTags": [
       { "name": "idle", "from": 0, "to": 2, "direction": "pingpong", "color": "#000000ff" },
       { "name": "walk", "from": 3, "to": 6, "direction": "forward", "color": "#000000ff" },
       { "name": "attack", "from": 7, "to": 9, "direction": "forward", "repeat": "1", "color": "#000000ff" }
      ] }
    }
    """
  return Array(text.utf8)
}()

@MainActor func prepare() throws {
  captureOutput()
}

@MainActor func check() throws {
  let printed = printedLines()
  try expect(printed == ["3 1 16 0 16 16", "3 1 16 0 16 16"], "printed \(printed), the README says 3 1 16 0 16 16")
}
