/// One frame of a GIF being written: its rectangle, colour table, LZW
/// data and Graphic Control fields, and the canvases around it (what the
/// decoder holds before and after drawing it), which the next frame's
/// disposal choice needs.
struct GIFEncodedFrame: Sendable {
  /// The rectangle written, inside the canvas, at least 1×1.
  var rectangle: PixelRect
  /// The local colour table, or `nil` for the global one.
  var localPalette: GIFPalette?
  /// The transparent index, if the frame uses one.
  var transparentIndex: Int?
  /// The colour table's transparent entry, used or not. Every frame
  /// declares it when there is one: browsers need it only where a frame
  /// uses it, but Pillow (13.0) clears a disposal-2 frame to the opaque
  /// background colour, and composites in RGB after a first frame, unless
  /// the frame declares one, and gifsicle's unoptimizer (`-U`) can only
  /// write the transparent pixels a frame leaves with it. It costs no
  /// byte: the Graphic Control Extension is written anyway.
  var clearIndex: Int?
  /// The LZW minimum code size.
  var minimumCodeSize: Int
  /// The LZW code stream, not yet in sub-blocks.
  var data: [UInt8]
  /// The delay in centiseconds.
  var delay: Int
  /// The disposal method (1 none, 2 clear the rectangle, 3 restore).
  var disposal: Int = 1
  /// The decoder's canvas before this frame is drawn.
  var canvasBefore: RGBAImage
  /// The decoder's canvas after this frame is drawn.
  var canvasAfter: RGBAImage
  /// The index streams for ``GIFEncoder/tryOtherChoices(_:)``, when it
  /// has something to try.
  var otherChoices: Choices?

  /// A frame's indices with unchanged pixels preferably as in the first
  /// LZW pass (`first`) and preferably the other way (`second`, `nil`
  /// when the same), and whether the first pass filled its string table.
  struct Choices: Sendable {
    var first: [UInt8]
    var second: [UInt8]?
    var filledTable: Bool
  }

  /// Whether `canvasAfter` is the frame wanted (all but a local table
  /// reduced by quantization).
  var isExact = true

  /// The bytes the image data and the local table take when written
  /// (the parts that depend on the frame's content).
  var byteCount: Int {
    data.count + (data.count + 254) / 255 + (localPalette.map { 3 << $0.bits } ?? 0)
  }

  /// Appends the frame's blocks (Graphic Control Extension, image
  /// descriptor, local table, image data) to `output`.
  ///
  /// - Complexity: O(*d*) in the data bytes.
  func write(to output: inout [UInt8]) {
    let delay = UInt16(clamping: delay)
    let declared = transparentIndex ?? clearIndex
    let transparent = UInt8(clamping: declared ?? 0)
    output += [
      0x21, 0xF9, 4, UInt8(disposal << 2) | (declared == nil ? 0 : 1),
      UInt8(truncatingIfNeeded: delay), UInt8(truncatingIfNeeded: delay >> 8), transparent, 0,
    ]
    output.append(0x2C)
    for value in [rectangle.x, rectangle.y, rectangle.width, rectangle.height] {
      output += [UInt8(truncatingIfNeeded: value), UInt8(truncatingIfNeeded: value >> 8)]
    }
    if let localPalette {
      output.append(0x80 | UInt8(localPalette.bits - 1))
      output += localPalette.tableBytes
    } else {
      output.append(0)
    }
    output.append(UInt8(minimumCodeSize))
    LZWEncoder.appendSubBlocks(data, to: &output)
  }
}
