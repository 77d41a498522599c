/// One of the (at most four) transforms of a VP8L image, as read from
/// its header; the decoder undoes them in reverse order of reading. The
/// transform's own data (prediction modes, colour-transform elements,
/// palette) is kept by ``VP8LDecoder``.
struct VP8LTransform {
  /// The transform types, by their 2-bit code.
  enum Kind: Int {
    /// Spatial prediction from neighbouring pixels, a mode per tile.
    case predictor = 0
    /// Red and blue corrected from green (and blue from red), per tile.
    case crossColor = 1
    /// Green added back to red and blue.
    case subtractGreen = 2
    /// A palette, with several small indices bundled into one pixel.
    case colorIndexing = 3
  }

  /// Which transform.
  var kind: Kind
  /// The tile size's log2 (predictor, cross-colour) or the number of
  /// indices bundled in a pixel's log2 (colour indexing; 0...3).
  var bits: Int
  /// The width of the image the transform is undone into (for colour
  /// indexing, the unbundled width; its input is narrower).
  var width: Int

  /// `ceil(size / 2^bits)`: the tiles across `size` pixels.
  @inline(__always)
  static func subsampledSize(_ size: Int, _ bits: Int) -> Int {
    (size + (1 << bits) - 1) >> bits
  }

  /// The opaque black the first pixel is predicted from.
  static let black: UInt32 = 0xFF00_0000

  /// Undoes this transform on `rows` rows of the image, the first being
  /// row `firstRow`, reading them at `source` and writing them at
  /// `pixels` (the same memory, or not overlapping), row-major at this
  /// transform's width (the input at the bundled width for colour
  /// indexing, whose wider output rows start at the same place). The
  /// predictor also reads the row above `pixels`, at `pixels - width`,
  /// and leaves its last result row there for the next call.
  ///
  /// `data` is the transform's data: the tile image (its green holds
  /// the predictor modes; a colour-transform element per tile), or a
  /// 256-entry palette (unused entries transparent black).
  ///
  /// - Complexity: O(*n*) in the pixels of the rows.
  // unsafe: every pixel of every transformed row; the tile indices are
  // bounded by the tile image's size, palette indices by 256.
  func undo(
    rows: Int, firstRow: Int, source: UnsafePointer<UInt32>, pixels: UnsafeMutablePointer<UInt32>,
    data: UnsafePointer<UInt32>, imageHeight: Int
  ) {
    switch kind {
    case .subtractGreen:
      for index in 0..<rows * width { pixels[index] = Self.addGreen(source[index]) }
    case .crossColor:
      undoCrossColor(rows: rows, firstRow: firstRow, source: source, pixels: pixels, elements: data)
    case .predictor:
      undoPrediction(rows: rows, firstRow: firstRow, source: source, pixels: pixels, modes: data)
      if firstRow + rows < imageHeight {
        (pixels - width).update(from: pixels + (rows - 1) * width, count: width)
      }
    case .colorIndexing:
      expandIndices(rows: rows, source: source, pixels: pixels, palette: data)
    }
  }

  /// The pixel with green added to red and blue, each modulo 256.
  @inline(__always)
  static func addGreen(_ argb: UInt32) -> UInt32 {
    let green = (argb >> 8) & 0xFF
    let redBlue = ((argb & 0x00FF_00FF) &+ (green << 16 | green)) & 0x00FF_00FF
    return (argb & 0xFF00_FF00) | redBlue
  }

  private func undoCrossColor(
    rows: Int, firstRow: Int, source: UnsafePointer<UInt32>, pixels: UnsafeMutablePointer<UInt32>,
    elements: UnsafePointer<UInt32>
  ) {
    let tilesPerRow = Self.subsampledSize(width, bits)
    let tileWidth = 1 << bits
    for row in 0..<rows {
      let input = source + row * width
      let line = pixels + row * width
      let tiles = elements + ((firstRow + row) >> bits) * tilesPerRow
      var x = 0
      var tile = 0
      while x < width {
        // Signed multipliers; each delta is a product of two signed
        // bytes over 32, rounding down.
        let element = tiles[tile]
        // 16-bit products: a signed byte times a signed byte fits.
        let greenToRed = Int16(Int8(truncatingIfNeeded: element))
        let greenToBlue = Int16(Int8(truncatingIfNeeded: element >> 8))
        let redToBlue = Int16(Int8(truncatingIfNeeded: element >> 16))
        let end = min(x + tileWidth, width)
        while x < end {
          let argb = input[x]
          let green = Int16(Int8(truncatingIfNeeded: argb >> 8))
          let red = UInt8(truncatingIfNeeded: Int16(truncatingIfNeeded: argb >> 16) &+ ((greenToRed &* green) >> 5))
          let blue =
            UInt8(
              truncatingIfNeeded: Int16(truncatingIfNeeded: argb & 0xFF) &+ ((greenToBlue &* green) >> 5)
                &+ ((redToBlue &* Int16(Int8(bitPattern: red))) >> 5))
          line[x] = (argb & 0xFF00_FF00) | UInt32(red) << 16 | UInt32(blue)
          x += 1
        }
        tile += 1
      }
    }
  }

  /// Replaces each index (the green of a pixel, or a bit field of it) by
  /// its palette entry, widening the rows from the bundled width; done
  /// from the last pixel back, so that in place a row never overwrites
  /// input not yet read.
  private func expandIndices(
    rows: Int, source: UnsafePointer<UInt32>, pixels: UnsafeMutablePointer<UInt32>, palette: UnsafePointer<UInt32>
  ) {
    if bits == 0 {
      for index in 0..<rows * width {
        pixels[index] = palette[Int((source[index] >> 8) & 0xFF)]
      }
      return
    }
    let packedWidth = Self.subsampledSize(width, bits)
    let bitsPerIndex = UInt32(8 >> bits)
    let indexMask: UInt32 = (1 << bitsPerIndex) - 1
    let perWord = 1 << bits
    // A bundled pixel at a time, from the last: its indices are read
    // once and written in order (one shift each), rather than each
    // pixel finding its word and its slot again (the alpha planes of the
    // corpus's lossy_alpha1...3 spend most of this function's time here).
    var row = rows - 1
    while row >= 0 {
      let input = source + row * packedWidth
      let target = pixels + row * width
      var word = packedWidth - 1
      while word >= 0 {
        let first = word << bits
        let end = min(first + perWord, width)
        var packed = input[word] >> 8
        var x = first
        while x < end {
          target[x] = palette[Int(packed & indexMask)]
          packed >>= bitsPerIndex
          x += 1
        }
        word -= 1
      }
      row -= 1
    }
  }
}
