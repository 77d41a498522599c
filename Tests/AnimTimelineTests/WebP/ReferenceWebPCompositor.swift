/// An independent model of `shared/spec/webp.md`'s compositing, written
/// from the spec's words for the tests: key frames, the blend formula, the
/// exclusion of the rectangle the previous frame cleared, and disposal.
struct ReferenceWebPCompositor {
  /// One frame: where it is drawn, its flags, and its decoded pixels
  /// (`width × height` RGBA).
  struct Frame {
    var x: Int, y: Int, width: Int, height: Int
    var blends: Bool
    var disposes: Bool
    var hasAlpha: Bool
    var pixels: [UInt8]
  }

  var width: Int
  var height: Int
  var frames: [Frame]

  /// Whether frame `i`'s rectangle is the whole canvas.
  func covers(_ i: Int) -> Bool {
    let f = frames[i]
    return f.x == 0 && f.y == 0 && f.width == width && f.height == height
  }

  /// The key-frame flags, by the spec's three clauses.
  func keyFrames() -> [Bool] {
    var keys: [Bool] = []
    for i in frames.indices {
      if i == 0 { keys.append(true); continue }
      let f = frames[i]
      let full = (!f.hasAlpha || !f.blends) && covers(i)
      let afterDisposed = frames[i - 1].disposes && (covers(i - 1) || keys[i - 1])
      keys.append(full || afterDisposed)
    }
    return keys
  }

  /// `blend(s, p)` in the spec's integers.
  static func blend(_ s: [Int], _ p: [Int]) -> [Int] {
    if s[3] == 0 { return p }
    let f = (p[3] * (256 - s[3])) >> 8
    let a = s[3] + f
    let k = (1 << 24) / a
    return (0..<3).map { c in ((s[c] * s[3] + p[c] * f) * k) >> 24 } + [a]
  }

  /// Every frame's composited canvas, in order.
  func canvases() -> [[UInt8]] {
    let keys = keyFrames()
    var afterDisposal = [UInt8](repeating: 0, count: width * height * 4)  // P
    var out: [[UInt8]] = []
    for (i, f) in frames.enumerated() {
      var canvas = keys[i] ? [UInt8](repeating: 0, count: width * height * 4) : afterDisposal
      let previous = i > 0 && frames[i - 1].disposes ? frames[i - 1] : nil
      for row in 0..<f.height {
        for column in 0..<f.width {
          let cx = f.x + column, cy = f.y + row
          let target = (cy * width + cx) * 4
          let source = (row * f.width + column) * 4
          var s = (0..<4).map { Int(f.pixels[source + $0]) }
          let excluded = previous.map { cx >= $0.x && cx < $0.x + $0.width && cy >= $0.y && cy < $0.y + $0.height } ?? false
          if f.blends && !keys[i] && i > 0 && s[3] != 255 && !excluded {
            s = Self.blend(s, (0..<4).map { Int(afterDisposal[target + $0]) })
          }
          for c in 0..<4 { canvas[target + c] = UInt8(s[c]) }
        }
      }
      out.append(canvas)
      afterDisposal = canvas
      if f.disposes {
        for row in f.y..<(f.y + f.height) {
          for column in f.x..<(f.x + f.width) {
            for c in 0..<4 { afterDisposal[(row * width + column) * 4 + c] = 0 }
          }
        }
      }
    }
    return out
  }
}
