/// What opening an APNG (or any PNG) finds: the header, the colours, the
/// frames with their rectangles, delays, ops and data ranges, the play
/// count, and the diagnostics (`Docs/APNG.md`, the rules of
/// `shared/spec/apng.md`).
///
/// Opening reads every chunk once and checks every CRC-32; it decodes
/// each frame's zlib stream once (into one scratch buffer the size of the
/// canvas's filtered rows, reused for every frame) and checks its length
/// and filter types, so that a frame that passed can be decoded later
/// without failing. Pixels are not expanded: ``APNGFrameDecoder`` does
/// that on demand. Frames are counted as they are found; `num_frames` is
/// never used to allocate.
struct APNGIndex: Sendable {
  /// The file's `IHDR`: the canvas size and the pixel format of every
  /// frame.
  var header: PNGHeader
  /// 256 RGBA entries (opaque black past `PLTE`'s end, `tRNS` alphas
  /// applied) for an indexed image, else empty.
  var palette: [UInt8]
  /// The `tRNS` colour key of a grey or RGB image, masked to the bit
  /// depth, or nil.
  var colorKey: (Int, Int, Int)?
  /// The frames in play order: at least one. A file that plays as its
  /// still image has the default image as its only frame.
  var frames: [APNGFrameInfo]
  /// `num_plays` (0: forever) when the file plays as an animation; nil
  /// when it plays as its still image.
  var numPlays: UInt32?
  /// Why an APNG plays as its still image, or damage after a still PNG's
  /// image data; nil when there is none.
  var animationError: APNGAnimationError?
  /// Whether the file ends before `IEND` (after the default image's data
  /// is whole).
  var isTruncated: Bool

  /// Reads the chunks of `bytes`, a PNG or APNG file.
  ///
  /// - Throws: ``PNGError`` when the file is not a PNG or its still image
  ///   cannot be decoded (a critical chunk broken or missing, a bad CRC
  ///   before or in the default image, its data cut or undecodable, a
  ///   limit of `options` exceeded), with the byte offset, as
  ///   ``PNGDecoder`` throws.
  /// - Complexity: O(*n* + *m*) for *n* bytes of file and *m* bytes of
  ///   decompressed rows over all frames.
  init(_ bytes: UnsafeRawBufferPointer, options: PNGDecodingOptions = PNGDecodingOptions()) throws(PNGError) {
    var builder = APNGIndexBuilder(bytes: bytes, options: options)
    self = try builder.build()
  }

  /// Makes an index from its parts (``APNGIndexBuilder``).
  init(
    header: PNGHeader, palette: [UInt8], colorKey: (Int, Int, Int)?, frames: [APNGFrameInfo], numPlays: UInt32?,
    animationError: APNGAnimationError?, isTruncated: Bool
  ) {
    self.header = header
    self.palette = palette
    self.colorKey = colorKey
    self.frames = frames
    self.numPlays = numPlays
    self.animationError = animationError
    self.isTruncated = isTruncated
  }

  /// Whether the file plays as an animation (else as its still image).
  var isAnimated: Bool { numPlays != nil }
}
