/// Turns finished rows of a VP8L image's entropy-coded pixels into
/// output: undoes the transforms (the last one read first; the first one
/// undone reads the decoded pixels, the others work in place in a small
/// row cache), and writes RGBA bytes or, for an alpha plane, the green
/// channel.
///
/// The decoded pixels themselves stay untouched: backward references
/// copy from them. Rows go through in batches of at most
/// ``batchRows``, so the transforms work on memory that stays in cache.
struct VP8LRowWriter {
  /// The most rows transformed at once.
  static let batchRows = 16

  /// Where the rows go.
  enum Target {
    /// `width * height` RGBA pixels (R, G, B, A bytes).
    case rgba(UnsafeMutableRawPointer)
    /// `width * height` bytes, the green of each pixel.
    case green(UnsafeMutablePointer<UInt8>)
  }

  /// The transforms in reading order.
  let transforms: UnsafeBufferPointer<VP8LTransform>
  /// The predictor's tile image (modes in green).
  let predictorModes: UnsafePointer<UInt32>
  /// The colour transform's tile image.
  let colorElements: UnsafePointer<UInt32>
  /// The 256-entry palette.
  let palette: UnsafePointer<UInt32>
  /// `(1 + min(batchRows, height)) * width` pixels: a row (the predictor's row above)
  /// then the batch.
  let cache: UnsafeMutablePointer<UInt32>
  /// The image width.
  let width: Int
  /// The image height.
  let height: Int
  /// The width of the entropy-coded pixels (narrower than `width` when
  /// indices are bundled).
  let codedWidth: Int
  /// The output.
  let target: Target

  /// The word whose bytes in memory are R, G, B, A of the pixel `argb`.
  @inline(__always)
  private static func rgbaWord(_ argb: UInt32) -> UInt32 {
    ((argb & 0xFF00_FF00) | (argb >> 16) & 0xFF | (argb & 0xFF) << 16).littleEndian
  }

  /// Transforms and writes out rows `rows` of the decoded `pixels`.
  ///
  /// - Complexity: O(*n*) in the pixels of the rows.
  // unsafe: every output pixel; row ranges are inside the image, whose
  // buffers were sized from its dimensions.
  func write(rows: Range<Int>, from pixels: UnsafePointer<UInt32>) {
    var first = rows.lowerBound
    while first < rows.upperBound {
      let count = min(Self.batchRows, rows.upperBound - first)
      writeBatch(first: first, count: count, pixels: pixels)
      first += count
    }
  }

  /// ``write(rows:from:)`` for at most ``batchRows`` rows.
  private func writeBatch(first: Int, count: Int, pixels: UnsafePointer<UInt32>) {
    // The transform undone last, if it adds green, is folded into the
    // output loop (where an alpha plane, which keeps only green, skips
    // it); the first one undone reads the decoded pixels directly.
    let greenLast = transforms.first?.kind == .subtractGreen
    var source = pixels + first * codedWidth
    var index = transforms.count - 1
    let stop = greenLast ? 1 : 0
    let batch = cache + width
    while index >= stop {
      let transform = transforms[index]
      let data: UnsafePointer<UInt32>
      switch transform.kind {
      case .predictor: data = predictorModes
      case .crossColor: data = colorElements
      case .subtractGreen, .colorIndexing: data = palette
      }
      transform.undo(rows: count, firstRow: first, source: source, pixels: batch, data: data, imageHeight: height)
      source = UnsafePointer(batch)
      index -= 1
    }
    let total = count * width
    switch target {
    case .rgba(let rgba):
      let out = rgba + first * width * 4
      if greenLast {
        for index in 0..<total {
          let value = Self.rgbaWord(VP8LTransform.addGreen(source[index]))
          out.storeBytes(of: value, toByteOffset: index * 4, as: UInt32.self)
        }
      } else {
        for index in 0..<total {
          out.storeBytes(of: Self.rgbaWord(source[index]), toByteOffset: index * 4, as: UInt32.self)
        }
      }
    case .green(let plane):
      let out = plane + first * width
      for index in 0..<total {
        out[index] = UInt8(truncatingIfNeeded: source[index] >> 8)
      }
    }
  }
}
