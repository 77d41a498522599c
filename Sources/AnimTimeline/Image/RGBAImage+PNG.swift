extension RGBAImage {
  /// The image as a PNG file.
  ///
  /// The file is 8-bit RGBA, or 8-bit RGB when every pixel is opaque, not
  /// interlaced. Each row gets the filter with the smallest sum of
  /// absolute differences; the rows are compressed like zlib's level 6
  /// (see `Docs/Images.md`). ``init(pngData:options:)`` reads it back
  /// exactly.
  ///
  /// The image must be consistent: `width` and `height` in
  /// 1...2,147,483,647 and `pixels.count == width * height * 4` (every
  /// image the library makes is).
  ///
  /// - Complexity: O(*n*) in the pixel bytes.
  public func pngData() -> [UInt8] {
    PNGEncoder.encode(self)
  }

  /// Decodes a PNG file.
  ///
  /// Reads every colour type (grey, grey + alpha, RGB, RGBA, indexed with
  /// `PLTE` and `tRNS`) at every bit depth PNG allows, interlaced or not,
  /// into 8-bit RGBA with straight alpha. 16-bit samples keep their high
  /// byte; 1-, 2- and 4-bit grey is scaled to 0...255. Indices past the
  /// end of the palette read as opaque black. Ancillary chunks other than
  /// `tRNS` are skipped (gamma, colour profiles and text are ignored).
  /// Chunk CRCs and the Adler-32 are checked. The limits in `options` are
  /// checked before anything is allocated.
  ///
  /// - Throws: ``PNGError``, with the byte offset of the problem.
  /// - Complexity: O(*n* + *p*) for *n* bytes of input and *p* pixels.
  public init(pngData: [UInt8], options: PNGDecodingOptions = PNGDecodingOptions()) throws(PNGError) {
    // `withUnsafeBytes` has no typed throws: the result carries the error.
    let result = pngData.withUnsafeBytes { bytes in
      Result { () throws(PNGError) in try PNGDecoder.decode(bytes, options: options) }
    }
    self = try result.get()
  }
}
