extension RGBAImage {
  /// A thumbnail: the image shrunk to the largest size with its aspect
  /// ratio that fits in `bounds` (see ``ImageSize/fitted(within:)``),
  /// never enlarged, by area averaging in premultiplied alpha (see
  /// ``Downsampler``). Returns the image itself when it already fits, and
  /// an empty image (a side of 0) as it is.
  ///
  /// - Throws: ``ImageError/invalidBounds(width:height:)`` when a side of
  ///   `bounds` is below 1 (checked first, for any image);
  ///   ``ImageError/inconsistentImage(width:height:byteCount:)``
  ///   when `pixels` is not `width * height * 4` bytes;
  ///   ``ImageError/tooLarge(width:height:)`` for a source with a side
  ///   of 2^31 or more or with 2^46 pixels or more (see
  ///   ``Downsampler/init(from:to:)``).
  /// - Complexity: O(*n*) in the source pixels.
  public func resized(toFit bounds: ImageSize) throws(ImageError) -> RGBAImage {
    let size = ImageSize(width: width, height: height)
    let fitted = try size.fitted(within: bounds)
    try checkConsistency()
    guard fitted != size else { return self }
    guard var sampler = Downsampler(from: size, to: fitted) else {
      throw .tooLarge(width: width, height: height)
    }
    var out = [UInt8](repeating: 0, count: fitted.width * fitted.height * 4)
    pixels.withUnsafeBufferPointer { source in
      out.withUnsafeMutableBufferPointer { target in sampler.resampleUnchecked(source, into: target) }
    }
    return RGBAImage(width: fitted.width, height: fitted.height, pixels: out)
  }
}
