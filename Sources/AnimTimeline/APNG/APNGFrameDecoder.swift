/// Decodes the pixels of an APNG's frames, one frame at a time, into
/// buffers the caller owns, with scratch buffers it keeps: once they are
/// sized for the largest frame, decoding a frame allocates nothing.
struct APNGFrameDecoder {
  /// The image data decoder and its scratch buffers.
  private var data = PNGImageDataDecoder()
  /// The frame whose inflated rows, not yet unfiltered, `data` holds: the
  /// last one opening checked; `nil` once any frame has been expanded.
  private var inflatedFrame: Int?

  /// Makes a decoder with empty scratch buffers.
  init() {}

  /// Takes over the scratch of the decoder that opening checked the
  /// frames with, holding the inflated rows of frame `inflatedFrame`
  /// (`nil`: none), so that decoding that frame first inflates nothing.
  // Benchmarks/png_vs_libpng.sh: a still PNG was inflated at opening, to
  // check it, and again for its one frame.
  init(taking data: PNGImageDataDecoder, inflatedFrame: Int?) {
    self.data = data
    self.inflatedFrame = inflatedFrame
  }

  /// Decodes frame `frame` of `index` (its rectangle only) into `pixels`:
  /// `width * height` RGBA pixels of the frame, row-major, 8 bits a
  /// channel (16-bit samples reduced to their high byte), straight alpha,
  /// the `tRNS` colour key masked to the bit depth, palette indices past
  /// `PLTE`'s end opaque black.
  ///
  /// Given the bytes `index` was read from, this never throws: opening
  /// checked every frame's data. (The error remains for other bytes.)
  ///
  /// - Precondition: `frame` is an index of `index.frames` and `pixels`
  ///   holds at least the frame's `width * height * 4` bytes.
  /// - Throws: ``PNGError`` when `bytes` is not the file `index` was read
  ///   from and the frame's data does not decode.
  /// - Complexity: O(*n* + *m*) for *n* compressed and *m* decompressed
  ///   bytes of the frame.
  mutating func decode(
    frame: Int, of index: APNGIndex, bytes: UnsafeRawBufferPointer, into pixels: UnsafeMutableBufferPointer<UInt8>
  ) throws(PNGError) {
    precondition(index.frames.indices.contains(frame), "frame index out of range")
    let info = index.frames[frame]
    precondition(pixels.count >= info.width * info.height * 4, "pixel buffer too small for the frame")
    for segment in info.segments where segment.lowerBound < 0 || segment.upperBound > bytes.count {
      throw .truncatedImageData(offset: bytes.count)
    }
    let frameHeader = info.imageHeader(index.header)
    // Expanding unfilters the rows in place: they serve once.
    if inflatedFrame != frame { try data.inflate(bytes, segments: info.segments, header: frameHeader) }
    inflatedFrame = nil
    try index.palette.withUnsafeBufferPointer { (palette) throws(PNGError) in
      try data.expand(header: frameHeader, palette: palette, colorKey: index.colorKey, into: pixels)
    }
  }
}
