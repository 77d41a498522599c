/// The APNG format's part of the animation engine: inflates and expands a
/// frame's pixels (``APNGFrameDecoder``) into a buffer of the largest
/// frame's size, then composites them onto the canvas with the frame's
/// blend op (``AnimationCanvas/composite(_:at:blend:width:height:canvas:)``).
struct APNGFrameDrawer: AnimationFrameDrawer {
  /// The file.
  let bytes: [UInt8]
  /// What opening read from it.
  let index: APNGIndex
  /// The decoder and its scratch, reused from frame to frame.
  var decoder = APNGFrameDecoder()
  /// The decoded frame, sized once to the largest frame.
  var pixels: [UInt8] = []

  /// The blend of frame `position`.
  func blend(_ position: Int) -> AnimationBlend {
    index.frames[position].blendOp == 0 ? .source : .over
  }

  /// Draws frame `position` (see ``AnimationFrameDrawer``). Opening
  /// checked every frame's data, so the decoding does not fail; if it
  /// did (it cannot with the file's own bytes), the frame would draw
  /// nothing and be incomplete.
  ///
  /// - Complexity: O(*d* + *p*) for *d* data bytes and *p* pixels of the
  ///   frame.
  mutating func draw(
    _ position: Int, canvas: inout [UInt8], prepare: (inout [UInt8], _ overwritten: Bool) -> Void
  ) -> Bool {
    let frame = index.frames[position]
    let byteCount = frame.width * frame.height * 4
    if pixels.count < byteCount {
      pixels = [UInt8](repeating: 0, count: byteCount)  // grows to the largest frame, once
    }
    var decoded = true
    bytes.withUnsafeBytes { file in
      pixels.withUnsafeMutableBufferPointer { target in
        do {
          try decoder.decode(frame: position, of: index, bytes: file, into: target)
        } catch {
          decoded = false
        }
      }
    }
    prepare(&canvas, decoded && overwritesCanvas(position))
    guard decoded else { return false }
    let rectangle = PixelRect(x: frame.x, y: frame.y, width: frame.width, height: frame.height)
    pixels.withUnsafeBufferPointer { source in
      AnimationCanvas.composite(
        UnsafeBufferPointer(rebasing: source[0..<byteCount]), at: rectangle, blend: blend(position),
        width: index.header.width, height: index.header.height, canvas: &canvas)
    }
    return true
  }

  /// Whether frame `position` replaces every pixel: drawn with `SOURCE`
  /// over the whole canvas.
  func overwritesCanvas(_ position: Int) -> Bool {
    let frame = index.frames[position]
    return frame.blendOp == 0 && frame.x == 0 && frame.y == 0 && frame.width == index.header.width
      && frame.height == index.header.height
  }
}
