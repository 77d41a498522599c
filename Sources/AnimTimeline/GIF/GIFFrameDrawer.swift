/// The GIF format's part of the animation engine: draws a frame's LZW
/// data through its colour table onto the canvas (``GIFCompositor``),
/// leaving the transparent index's pixels as they are.
struct GIFFrameDrawer: AnimationFrameDrawer {
  /// The file and what opening read from it.
  let file: AnimationFile<GIFIndex>
  /// The decoders and the palette, reused from frame to frame.
  var compositor = GIFCompositor()

  /// Draws frame `position` (see ``AnimationFrameDrawer``).
  ///
  /// - Complexity: O(*d* + *p*) for *d* data bytes and *p* visible pixels.
  mutating func draw(
    _ position: Int, canvas: inout [UInt8], prepare: (inout [UInt8], _ overwritten: Bool) -> Void
  ) -> Bool {
    let frame = file.index.frames[position]
    return file.bytes.withUnsafeBufferPointer { bytes in
      compositor.draw(frame, index: file.index, bytes: bytes, canvas: &canvas, prepare: prepare)
    }
  }

  /// Whether frame `position`, decoded whole, hides the canvas: it has no
  /// transparent index, draws something, and covers the canvas.
  func overwritesCanvas(_ position: Int) -> Bool {
    let frame = file.index.frames[position]
    return frame.transparentIndex == nil && !frame.drawsNothing
      && frame.rectangle.covers(width: file.index.canvasWidth, height: file.index.canvasHeight)
  }

  /// This file's drawer with fresh scratch (see ``AnimationFrameDrawer/spare``).
  var spare: GIFFrameDrawer { GIFFrameDrawer(file: file) }
}
