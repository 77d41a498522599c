/// Decodes the pixels of an APNG's frames, one frame at a time, into
/// buffers the caller owns, with scratch buffers it keeps: once they are
/// sized for the largest frame, decoding a frame allocates nothing.
struct APNGFrameDecoder {
  /// The image data decoder and its scratch buffers (no default value:
  /// `init(taking:inflatedFrame:)` would make an empty one only to drop
  /// it, about 500 instructions of opening a 4×4 APNG, callgrind).
  private var data: PNGImageDataDecoder
  /// The frame whose inflated rows, not yet unfiltered, `data` holds, their
  /// length and filter types checked: the default image the index builder
  /// checked, or the last frame ``check(frame:of:bytes:)`` checked; `nil`
  /// once any frame has been expanded.
  private var inflatedFrame: Int?

  /// Makes a decoder with empty scratch buffers.
  init() {
    data = PNGImageDataDecoder()
  }

  /// Takes over the scratch of the decoder that the index builder checked
  /// the default image with, holding the inflated (and checked) rows of
  /// frame `inflatedFrame` (`nil`: none), so that checking or decoding
  /// that frame first inflates nothing.
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
  /// Given the bytes `index` was read from, this throws only for a frame
  /// that ``check(frame:of:bytes:)`` would reject: opening checks (or
  /// draws) every frame before the provider keeps it.
  ///
  /// - Precondition: `frame` is an index of `index.frames` and `pixels`
  ///   holds at least the frame's `width * height * 4` bytes.
  /// - Throws: ``PNGError`` when the frame's data does not decode.
  /// - Complexity: O(*n* + *m*) for *n* compressed and *m* decompressed
  ///   bytes of the frame.
  mutating func decode(
    frame: Int, of index: APNGIndex, bytes: UnsafeRawBufferPointer, into pixels: UnsafeMutableBufferPointer<UInt8>
  ) throws(PNGError) {
    precondition(index.frames.indices.contains(frame), "frame index out of range")
    let info = index.frames[frame]
    precondition(pixels.count >= info.width * info.height * 4, "pixel buffer too small for the frame")
    try checkSegments(index.segments(of: info), bytes: bytes)
    let frameHeader = info.imageHeader(index.header)
    // Expanding unfilters the rows in place: they serve once.
    let held = inflatedFrame == frame
    inflatedFrame = nil
    if !held { try data.inflate(bytes, segments: index.segments(of: info), header: frameHeader) }
    try index.palette.withUnsafeBufferPointer { (palette) throws(PNGError) in
      try data.expand(header: frameHeader, palette: palette, colorKey: index.colorKey, into: pixels)
    }
  }

  /// Checks frame `frame` of `index` as decoding it would, without
  /// expanding a pixel: inflates its data (exactly the filtered rows of
  /// an image of the frame's size) and checks every row's filter type.
  /// The rows stay inflated, so that decoding this frame next inflates
  /// nothing; a frame whose rows are already held (checked) is not
  /// inflated again.
  ///
  /// - Precondition: `frame` is an index of `index.frames`.
  /// - Throws: ``PNGError`` exactly when ``decode(frame:of:bytes:into:)``
  ///   would.
  /// - Complexity: O(*n* + *m*) for *n* compressed and *m* decompressed
  ///   bytes of the frame.
  mutating func check(frame: Int, of index: APNGIndex, bytes: UnsafeRawBufferPointer) throws(PNGError) {
    precondition(index.frames.indices.contains(frame), "frame index out of range")
    let info = index.frames[frame]
    try checkSegments(index.segments(of: info), bytes: bytes)
    if inflatedFrame == frame { return }
    inflatedFrame = nil
    let frameHeader = info.imageHeader(index.header)
    try data.inflate(bytes, segments: index.segments(of: info), header: frameHeader)
    try data.checkFilterTypes(header: frameHeader)
    inflatedFrame = frame
  }

  /// Throws when a data segment of a frame is not inside `bytes` (bytes
  /// other than the file the index was read from).
  private func checkSegments(_ segments: ArraySlice<Range<Int>>, bytes: UnsafeRawBufferPointer) throws(PNGError) {
    for segment in segments where segment.lowerBound < 0 || segment.upperBound > bytes.count {
      throw .truncatedImageData(offset: bytes.count)
    }
  }

  #if ANIMTIMELINE_INTERNAL_CHECKS
    /// How many zlib streams this decoder's scratch has begun to inflate,
    /// the index builder's among them (tests).
    var inflations: Int { data.inflations }
  #endif
}
