/// A width and height in pixels.
public struct ImageSize: Hashable, Sendable {
  /// The width in pixels.
  public var width: Int
  /// The height in pixels.
  public var height: Int

  /// Makes a size.
  public init(width: Int, height: Int) {
    self.width = width
    self.height = height
  }

  /// The largest size with this size's aspect ratio that fits in
  /// `bounds` and is no larger than this size: the size of a thumbnail.
  ///
  /// The side that limits the scale gets the bound exactly; the other is
  /// rounded to the nearest pixel (halves up), and is at least 1. A bound
  /// above this size's side counts as that side (never upscales). A size
  /// with a side below 1 (an empty image) is returned as it is: it has
  /// nothing to shrink. Exact integer arithmetic.
  ///
  /// For example, 1000×500 fitted within 100×100 is 100×50, and 3×1000
  /// within 100×100 is 1×100 (0.3 rounds up to the minimum, 1).
  ///
  /// - Throws: ``ImageError/invalidBounds(width:height:)`` when a side of
  ///   `bounds` is below 1: no image fits in it.
  public func fitted(within bounds: ImageSize) throws(ImageError) -> ImageSize {
    guard bounds.width >= 1 && bounds.height >= 1 else {
      throw .invalidBounds(width: bounds.width, height: bounds.height)
    }
    guard width >= 1 && height >= 1 else { return self }
    let boundWidth = min(bounds.width, width)
    let boundHeight = min(bounds.height, height)
    // Width limits the scale when boundWidth / width <= boundHeight / height.
    let widthLimits = ImageSize.compare(boundWidth, height, boundHeight, width) <= 0
    if widthLimits {
      let scaled = ImageSize.roundedQuotient(height, boundWidth, width)
      return ImageSize(width: boundWidth, height: min(max(scaled, 1), boundHeight))
    } else {
      let scaled = ImageSize.roundedQuotient(width, boundHeight, height)
      return ImageSize(width: min(max(scaled, 1), boundWidth), height: boundHeight)
    }
  }

  /// The sign of `a * b - c * d` for non-negative values, without
  /// overflow.
  static func compare(_ a: Int, _ b: Int, _ c: Int, _ d: Int) -> Int {
    let left = UInt(a).multipliedFullWidth(by: UInt(b))
    let right = UInt(c).multipliedFullWidth(by: UInt(d))
    if left.high != right.high { return left.high < right.high ? -1 : 1 }
    if left.low != right.low { return left.low < right.low ? -1 : 1 }
    return 0
  }

  /// `a * b / c` rounded to the nearest integer (halves up), for
  /// non-negative `a`, `b` and positive `c` with a result that fits.
  static func roundedQuotient(_ a: Int, _ b: Int, _ c: Int) -> Int {
    let product = UInt(a).multipliedFullWidth(by: UInt(b))
    let (quotient, remainder) = UInt(c).dividingFullWidth(product)
    let rounded = remainder >= UInt(c) - remainder ? quotient + 1 : quotient
    return Int(rounded)
  }
}
