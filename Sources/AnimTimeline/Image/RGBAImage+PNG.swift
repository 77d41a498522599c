extension RGBAImage {
  /// The image as a PNG file, not interlaced, which
  /// ``init(pngData:options:)`` reads back exactly.
  ///
  /// An image of at most 256 colours (RGBA values) is written indexed: a
  /// palette (`PLTE`, and `tRNS` for the translucent colours), 1-, 2-, 4-
  /// or 8-bit indices, unfiltered rows; unless the palette would cost more
  /// than it saves, as for a 1×1 image, or the truecolour file is smaller.
  /// Any other image is 8-bit RGB when every pixel is opaque, else RGBA,
  /// each row filtered with the filter that has the smallest sum of
  /// absolute differences, or no row filtered when a trial compression
  /// says that is smaller. The rows are compressed like zlib's level 6
  /// (see `Docs/Images.md`).
  ///
  /// - Throws: ``ImageError/inconsistentImage(width:height:byteCount:)``
  ///   when `pixels` is not `width * height * 4` bytes,
  ///   ``ImageError/emptyImage(width:height:)`` when a side is 0 (PNG
  ///   needs at least 1×1), ``ImageError/tooLarge(width:height:)`` when a
  ///   side is above 2,147,483,647.
  /// - Complexity: O(*n*) in the pixel bytes.
  public func pngData() throws(ImageError) -> [UInt8] {
    try PNGEncoder.encode(self)
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
  /// `pngData` is any sequence of bytes: an array, an `ArraySlice<UInt8>`,
  /// Foundation's `Data`, a collection of the caller's. Bytes in
  /// contiguous storage are read in place; any other sequence is copied
  /// into an array first.
  ///
  /// - Throws: ``PNGError``, with the byte offset of the problem.
  /// - Complexity: O(*n* + *p*) for *n* bytes of input and *p* pixels.
  public init(pngData: some Sequence<UInt8>, options: PNGDecodingOptions = PNGDecodingOptions()) throws(PNGError) {
    self = try withContiguousBytes(of: pngData) { bytes throws(PNGError) in
      try PNGDecoder.decode(bytes, options: options)
    }
  }
}
