extension RGBAImage {
  /// A thumbnail: the image shrunk to the largest size with its aspect
  /// ratio that fits in `bounds` (see ``ImageSize/fitted(within:)``),
  /// never enlarged, by area averaging in premultiplied alpha (see
  /// ``Downsampler``). Returns the image itself when it already fits.
  ///
  /// The image must be consistent: `pixels.count == width * height * 4`.
  ///
  /// - Complexity: O(*n*) in the source pixels.
  public func resized(toFit bounds: ImageSize) -> RGBAImage {
    let size = ImageSize(width: width, height: height)
    let fitted = size.fitted(within: bounds)
    guard fitted != size, var sampler = Downsampler(from: size, to: fitted) else { return self }
    var out = [UInt8](repeating: 0, count: fitted.width * fitted.height * 4)
    pixels.withUnsafeBufferPointer { source in
      out.withUnsafeMutableBufferPointer { target in sampler.resample(source, into: target) }
    }
    return RGBAImage(width: fitted.width, height: fitted.height, pixels: out)
  }
}
