/// Shrinks RGBA images of one size to another by area averaging: each
/// target pixel is the average of the source area it covers, with source
/// pixels that it covers in part weighted by the fraction covered (a box
/// filter over the exact footprint).
///
/// Averaging happens in premultiplied alpha, so a transparent pixel adds
/// nothing to its neighbours' colour: a target pixel's colour is
/// Σ colour·alpha·weight / Σ alpha·weight and its alpha is
/// Σ alpha·weight / Σ weight, each rounded to the nearest integer (halves
/// up), computed exactly in integers; a target pixel whose alpha rounds to
/// 0 is (0, 0, 0, 0). The result depends on nothing but the pixels.
///
/// The weights are made once, in ``init(from:to:)``, along with the
/// working rows; ``resample(_:into:)`` then allocates nothing, so one
/// downsampler can shrink many canvases of one size into one buffer.
///
/// - Complexity: ``resample(_:into:)`` is O(*s* + *t*) in source and target
///   pixels.
public struct Downsampler: Sendable {
  /// The size of the images this downsampler reads.
  public let sourceSize: ImageSize
  /// The size of the images it writes.
  public let targetSize: ImageSize

  /// One axis: for each source index, the target index its area starts in
  /// and its weight there; the rest of its weight (`unit - weight`) goes
  /// to the next target index.
  struct Axis: Sendable {
    /// The weight of a whole source pixel: target length / gcd.
    var unit: UInt64
    /// The weight of a whole target pixel: source length / gcd.
    var total: UInt64
    var target: [Int]
    var weight: [UInt64]

    /// The weights of shrinking `source` pixels to `target` (≤ source).
    init(source: Int, target targetCount: Int) {
      var a = source
      var b = targetCount
      while b != 0 { (a, b) = (b, a % b) }
      let unit = targetCount / a
      let total = source / a
      self.unit = UInt64(unit)
      self.total = UInt64(total)
      target = [Int](repeating: 0, count: source)
      weight = [UInt64](repeating: 0, count: source)
      // Source pixel i covers [i*unit, (i+1)*unit); target pixel x covers
      // [x*total, (x+1)*total). unit <= total, so a source pixel meets at
      // most two target pixels.
      for index in 0..<source {
        let start = index * unit
        let x = start / total
        let boundary = (x + 1) * total
        target[index] = x
        weight[index] = UInt64(min(unit, boundary - start))
      }
    }
  }

  /// Whether a source of `size` (sides at least 1) is within the limits:
  /// sides below 2^31, so that the weights' products (source index times
  /// target length) fit in 62 bits, and fewer than 2^46 pixels, so that
  /// the sums, at most 255 · 255 · (source pixels), stay below 2^62.
  static func canShrink(_ size: ImageSize) -> Bool {
    size.width < 1 << 31 && size.height < 1 << 31 && size.width * size.height < 1 << 46
  }

  private let columns: Axis
  private let rows: Axis
  /// Premultiplied sums of the current source row per target column
  /// (alpha, red, green, blue), and of the current target row.
  private var rowSums: [UInt64]
  private var targetSums: [UInt64]

  /// A downsampler from `source` to `target`, or nil unless both sizes
  /// are at least 1×1, `target` is no wider and no taller than `source`,
  /// and `source` has sides below 2^31 and fewer than 2^46 pixels.
  ///
  /// Use ``ImageSize/fitted(within:)`` to pick a target that keeps the
  /// aspect ratio.
  ///
  /// - Complexity: O(*w* + *h*) in the source's width and height.
  public init?(from source: ImageSize, to target: ImageSize) {
    guard target.width >= 1, target.height >= 1, target.width <= source.width, target.height <= source.height
    else { return nil }
    guard Downsampler.canShrink(source) else { return nil }
    sourceSize = source
    targetSize = target
    columns = Axis(source: source.width, target: target.width)
    rows = Axis(source: source.height, target: target.height)
    rowSums = [UInt64](repeating: 0, count: target.width * 4)
    targetSums = [UInt64](repeating: 0, count: target.width * 4)
  }

  /// Shrinks `source` (`sourceSize` RGBA pixels, straight alpha) into
  /// `target` (`targetSize` RGBA pixels). Allocates nothing.
  ///
  /// - Throws: ``ImageError/inconsistentImage(width:height:byteCount:)``,
  ///   with the size the buffer should hold and its length, when `source`
  ///   is not `sourceSize.width * sourceSize.height * 4` bytes or `target`
  ///   not `targetSize.width * targetSize.height * 4`; nothing is written
  ///   then.
  /// - Complexity: O(*s* + *t*) in source and target pixels.
  public mutating func resample(
    _ source: UnsafeBufferPointer<UInt8>, into target: UnsafeMutableBufferPointer<UInt8>
  ) throws(ImageError) {
    // The sizes were checked in init: the products do not overflow.
    guard source.count == sourceSize.width * sourceSize.height * 4 else {
      throw .inconsistentImage(width: sourceSize.width, height: sourceSize.height, byteCount: source.count)
    }
    guard target.count == targetSize.width * targetSize.height * 4 else {
      throw .inconsistentImage(width: targetSize.width, height: targetSize.height, byteCount: target.count)
    }
    resampleUnchecked(source, into: target)
  }

  /// ``resample(_:into:)`` for buffers known to have the right sizes (the
  /// library's own callers).
  ///
  /// - Complexity: O(*s* + *t*) in source and target pixels.
  // unsafe: every source pixel passes through the inner loops; measured
  // by `Benchmarks/resize_vs_pillow.py --time`.
  mutating func resampleUnchecked(_ source: UnsafeBufferPointer<UInt8>, into target: UnsafeMutableBufferPointer<UInt8>) {
    let sourceWidth = sourceSize.width
    let targetWidth = targetSize.width
    let columnUnit = columns.unit
    let rowUnit = rows.unit
    let divisor = columns.total * rows.total
    let columns = self.columns
    let rows = self.rows
    rowSums.withUnsafeMutableBufferPointer { rowSums in
      targetSums.withUnsafeMutableBufferPointer { targetSums in
        columns.target.withUnsafeBufferPointer { columnTarget in
          columns.weight.withUnsafeBufferPointer { columnWeight in
            targetSums.update(repeating: 0)
            for y in 0..<sourceSize.height {
              // Horizontal: this source row's premultiplied sums per
              // target column.
              rowSums.update(repeating: 0)
              let row = source.baseAddress! + y * sourceWidth * 4
              for x in 0..<sourceWidth {
                let alpha = UInt64(row[4 * x + 3])
                if alpha == 0 { continue }
                let sums = rowSums.baseAddress! + Int(columnTarget[x]) * 4
                let first = UInt64(columnWeight[x])
                let aw = alpha * first
                sums[0] += aw
                sums[1] += UInt64(row[4 * x]) * aw
                sums[2] += UInt64(row[4 * x + 1]) * aw
                sums[3] += UInt64(row[4 * x + 2]) * aw
                let second = columnUnit - first
                if second != 0 {
                  let aw2 = alpha * second
                  sums[4] += aw2
                  sums[5] += UInt64(row[4 * x]) * aw2
                  sums[6] += UInt64(row[4 * x + 1]) * aw2
                  sums[7] += UInt64(row[4 * x + 2]) * aw2
                }
              }
              // Vertical: into the target row this source row starts in;
              // if it reaches the end of that row, write it out and carry
              // the rest of the source row's weight into the next.
              let targetRow = Int(rows.target[y])
              let first = UInt64(rows.weight[y])
              let second = rowUnit - first
              for index in 0..<targetWidth * 4 { targetSums[index] += rowSums[index] * first }
              let ends = (UInt64(y) + 1) * rowUnit >= (UInt64(targetRow) + 1) * rows.total
              if ends {
                let output = target.baseAddress! + targetRow * targetWidth * 4
                for x in 0..<targetWidth {
                  let sums = targetSums.baseAddress! + 4 * x
                  let alphaSum = sums[0]
                  let alpha = (alphaSum + divisor / 2) / divisor
                  let pixel = output + 4 * x
                  if alpha == 0 {
                    pixel[0] = 0
                    pixel[1] = 0
                    pixel[2] = 0
                    pixel[3] = 0
                  } else {
                    let half = alphaSum / 2
                    pixel[0] = UInt8(truncatingIfNeeded: (sums[1] + half) / alphaSum)
                    pixel[1] = UInt8(truncatingIfNeeded: (sums[2] + half) / alphaSum)
                    pixel[2] = UInt8(truncatingIfNeeded: (sums[3] + half) / alphaSum)
                    pixel[3] = UInt8(truncatingIfNeeded: alpha)
                  }
                }
                for index in 0..<targetWidth * 4 { targetSums[index] = rowSums[index] * second }
              }
            }
          }
        }
      }
    }
  }
}
