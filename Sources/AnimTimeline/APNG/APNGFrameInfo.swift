/// One frame of an APNG as its `fcTL` chunk describes it, with where its
/// compressed data lies in the file.
///
/// When a file plays as its still image, its one frame is the default
/// image: the whole canvas at `(0, 0)`, delay `0/0`, dispose op 0, blend
/// op 0, and the `IDAT` data.
public struct APNGFrameInfo: Hashable, Sendable {
  /// The left edge of the frame's rectangle on the canvas (the rectangle
  /// lies inside the canvas).
  public var x: Int
  /// The top edge of the frame's rectangle.
  public var y: Int
  /// The rectangle's width, at least 1.
  public var width: Int
  /// The rectangle's height, at least 1.
  public var height: Int
  /// The numerator of the delay `delayNumerator / delayDenominator`
  /// seconds, as stored.
  public var delayNumerator: UInt16
  /// The delay's denominator as stored (0 means 100).
  public var delayDenominator: UInt16
  /// The dispose op as stored: 0 `NONE`, 1 `BACKGROUND`, 2 `PREVIOUS`
  /// (frame 0's 2 disposes as 1: the compositor's rule, not applied here).
  public var disposeOp: UInt8
  /// The blend op as stored: 0 `SOURCE`, 1 `OVER`.
  public var blendOp: UInt8
  /// Where the byte ranges of the frame's zlib stream are in
  /// ``APNGIndex/segments`` (the `IDAT` chunks' data for the default
  /// image, else the `fdAT` chunks' payloads after their 4-byte sequence
  /// number): one array for the file, not one for each frame.
  var segmentRange: Range<Int>
  /// The offset of the frame's `fcTL` chunk (of its first `IDAT` chunk for
  /// the still image), for diagnostics.
  var controlOffset: Int

  /// The raw delay in nanoseconds: `num * 10^9 / den` rounded to the
  /// nearest, ties up (`den == 0`: 100). At most 65,535 s.
  ///
  /// - Complexity: O(1).
  public var rawDelayNanoseconds: Int64 {
    let denominator = Int64(delayDenominator == 0 ? 100 : delayDenominator)
    return (Int64(delayNumerator) * 2_000_000_000 + denominator) / (2 * denominator)
  }

  /// The delay in milliseconds under the browsers' policy (Chromium,
  /// Firefox): `num * 1000 / den` rounded down (`den == 0`: `num * 10`),
  /// and 10 ms or less plays as 100 ms. (A file that plays as its still
  /// image has no delay at all: the caller reports 0.)
  ///
  /// - Complexity: O(1).
  public var browserDelayMilliseconds: Int {
    let denominator = Int(delayDenominator == 0 ? 100 : delayDenominator)
    let milliseconds = Int(delayNumerator) * 1000 / denominator
    return milliseconds <= 10 ? 100 : milliseconds
  }

  /// The frame's size as a ``PNGHeader`` of the file's format: `header`'s
  /// colour type, bit depth and interlacing, the frame's width and height.
  ///
  /// - Complexity: O(1).
  func imageHeader(_ header: PNGHeader) -> PNGHeader {
    var frameHeader = header
    frameHeader.width = width
    frameHeader.height = height
    return frameHeader
  }
}
