/// The canvas operations of disposal, on an RGBA canvas of `width ×
/// height` pixels (`width * height * 4` bytes, row-major): clearing a
/// rectangle, and saving and restoring the pixels under one.
///
/// Every operation works on the rectangle clipped to the canvas, checks
/// the canvas's size before it stores, and does nothing when either is
/// wrong or empty.
enum AnimationCanvas {
  /// Clears `rectangle`, clipped to the canvas, to transparent black
  /// (``AnimationDisposal/clearRectangle``).
  ///
  /// - Complexity: O(*w* × *h*) of the clipped rectangle.
  static func clear(_ rectangle: PixelRect, width: Int, height: Int, canvas: inout [UInt8]) {
    let visible = rectangle.clipped(toWidth: width, height: height)
    guard !visible.isEmpty, canvas.count == width * height * 4 else { return }
    canvas.withUnsafeMutableBytes { pixels in
      for row in 0..<visible.height {
        let start = ((visible.y + row) * width + visible.x) * 4
        // Safe: the clipped rectangle lies inside the canvas (size checked).
        (pixels.baseAddress! + start).initializeMemory(as: UInt8.self, repeating: 0, count: visible.width * 4)
      }
    }
  }

  /// Copies the pixels under `rectangle`, clipped to the canvas, row after
  /// row into `saved` from `offset` on (`saved` must hold them), for
  /// ``AnimationDisposal/restorePrevious``.
  ///
  /// - Complexity: O(*w* × *h*) of the clipped rectangle.
  static func save(
    _ rectangle: PixelRect, width: Int, height: Int, canvas: [UInt8], into saved: inout [UInt8], at offset: Int = 0
  ) {
    let visible = rectangle.clipped(toWidth: width, height: height)
    let rowBytes = visible.width * 4
    guard !visible.isEmpty, canvas.count == width * height * 4, offset >= 0,
      saved.count - offset >= rowBytes * visible.height
    else { return }
    canvas.withUnsafeBytes { pixels in
      saved.withUnsafeMutableBytes { saved in
        // Safe: the clipped rectangle lies inside the canvas, and `saved`
        // holds its rows (both sizes checked above).
        copyRows(of: visible, width: width, from: pixels.baseAddress!, to: saved.baseAddress! + offset)
      }
    }
  }

  /// Copies the pixels of `rectangle`, which lies inside a canvas
  /// `width` pixels wide at `canvas`, row after row to `target`, which
  /// has room for them.
  ///
  /// - Complexity: O(*w* × *h*) of the rectangle.
  static func copyRows(
    of rectangle: PixelRect, width: Int, from canvas: UnsafeRawPointer, to target: UnsafeMutableRawPointer
  ) {
    let rowBytes = rectangle.width * 4
    for row in 0..<rectangle.height {
      let from = canvas + ((rectangle.y + row) * width + rectangle.x) * 4
      (target + row * rowBytes).copyMemory(from: from, byteCount: rowBytes)
    }
  }

  /// Puts back the pixels ``save(_:width:height:canvas:into:at:)`` copied
  /// from under `rectangle` into `saved` at `offset`.
  ///
  /// - Complexity: O(*w* × *h*) of the clipped rectangle.
  static func restore(
    _ rectangle: PixelRect, width: Int, height: Int, from saved: [UInt8], at offset: Int = 0, canvas: inout [UInt8]
  ) {
    let visible = rectangle.clipped(toWidth: width, height: height)
    let rowBytes = visible.width * 4
    guard !visible.isEmpty, canvas.count == width * height * 4, offset >= 0,
      saved.count - offset >= rowBytes * visible.height
    else { return }
    saved.withUnsafeBytes { saved in
      canvas.withUnsafeMutableBytes { pixels in
        for row in 0..<visible.height {
          // Safe: as in `save`.
          let to = pixels.baseAddress! + ((visible.y + row) * width + visible.x) * 4
          to.copyMemory(from: saved.baseAddress! + offset + row * rowBytes, byteCount: rowBytes)
        }
      }
    }
  }
}
