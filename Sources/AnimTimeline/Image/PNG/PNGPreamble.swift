/// What the chunks before a PNG's image data set up for decoding it: the
/// header (`IHDR`), the palette (`PLTE`) and the transparency (`tRNS`),
/// read with the still PNG decoder's rules and errors. ``PNGDecoder`` and
/// ``APNGIndex`` both read these chunks through it.
struct PNGPreamble: Sendable {
  /// The header, once `IHDR` was read.
  var header: PNGHeader?
  /// 256 RGBA entries, opaque black past the palette's end, once `PLTE`
  /// was read; else empty.
  var palette: [UInt8] = []
  /// The number of `PLTE` entries (0: no palette).
  var paletteCount = 0
  /// The `tRNS` colour key of a grey (three equal values) or RGB image, as
  /// stored (see ``maskedColorKey``).
  var colorKey: (Int, Int, Int)?
  /// Whether a `PLTE` chunk was read (a grey image's is read and ignored).
  private var sawPalette = false
  /// Whether a valid `tRNS` chunk was applied (a later one is ignored).
  private var sawTransparency = false

  /// Makes an empty preamble (nothing read yet).
  init() {}

  /// Reads an `IHDR` chunk: it must be the first, 13 bytes long, and
  /// within `options`' limits.
  ///
  /// - Throws: ``PNGError/misplacedChunk(chunk:offset:)`` for a second
  ///   `IHDR`, ``PNGError/badChunkLength(chunk:length:offset:)``, the
  ///   header's own errors, and the limits' errors.
  /// - Complexity: O(1).
  mutating func readHeader(_ chunk: PNGChunk, in bytes: UnsafeRawBufferPointer, options: PNGDecodingOptions) throws(PNGError) {
    if header != nil { throw .misplacedChunk(chunk: chunk.type.name, offset: chunk.offset) }
    if chunk.length != 13 { throw .badChunkLength(chunk: chunk.type.name, length: chunk.length, offset: chunk.offset) }
    let parsed = try PNGHeader(bytes, at: chunk.data.lowerBound, chunkOffset: chunk.offset)
    try PNGDecoder.checkLimits(parsed, options)
    header = parsed
  }

  /// Reads a `PLTE` chunk (the caller checks that no image data came
  /// before it). A grey image's `PLTE`, which PNG forbids, is ignored, as
  /// libpng ignores it.
  ///
  /// - Throws: ``PNGError/misplacedChunk(chunk:offset:)`` for a second
  ///   `PLTE`, ``PNGError/badChunkLength(chunk:length:offset:)`` for a
  ///   length that is 0, not a multiple of 3 or above 768.
  /// - Complexity: O(1) (at most 256 entries).
  mutating func readPalette(_ chunk: PNGChunk, in bytes: UnsafeRawBufferPointer, header: PNGHeader) throws(PNGError) {
    if sawPalette { throw .misplacedChunk(chunk: chunk.type.name, offset: chunk.offset) }
    sawPalette = true
    if header.colorType == .grey || header.colorType == .greyAlpha { return }
    let length = chunk.length
    if length % 3 != 0 || length == 0 || length > 768 {
      throw .badChunkLength(chunk: chunk.type.name, length: length, offset: chunk.offset)
    }
    let start = chunk.data.lowerBound
    paletteCount = length / 3
    palette = [UInt8](zeroed: 1024)
    for entry in 0..<256 { palette[entry * 4 + 3] = 255 }
    for entry in 0..<paletteCount {
      palette[entry * 4] = bytes[start + entry * 3]
      palette[entry * 4 + 1] = bytes[start + entry * 3 + 1]
      palette[entry * 4 + 2] = bytes[start + entry * 3 + 2]
    }
  }

  /// Reads a `tRNS` chunk (the caller checks that `IHDR` came first and
  /// no image data came before it). A `tRNS` that cannot apply is ignored,
  /// as libpng ignores it (the APNG spec makes only critical chunks and
  /// CRCs fatal): one of an image with an alpha channel, an indexed
  /// image's before `PLTE`, with no entry or more entries than `PLTE`, a
  /// grey one not of 2 bytes, an RGB one not of 6, and any after the first
  /// that applied.
  ///
  /// - Complexity: O(1) (at most 256 entries).
  mutating func readTransparency(_ chunk: PNGChunk, in bytes: UnsafeRawBufferPointer, header: PNGHeader) {
    let length = chunk.length
    let start = chunk.data.lowerBound
    guard !sawTransparency else { return }
    switch header.colorType {
    case .indexed:
      guard paletteCount > 0, (1...paletteCount).contains(length) else { return }
      for entry in 0..<length { palette[entry * 4 + 3] = bytes[start + entry] }
    case .grey:
      guard length == 2 else { return }
      let grey = PNGChunkReader.bigEndian16(bytes, start)
      colorKey = (grey, grey, grey)
    case .rgb:
      guard length == 6 else { return }
      colorKey = (
        PNGChunkReader.bigEndian16(bytes, start), PNGChunkReader.bigEndian16(bytes, start + 2),
        PNGChunkReader.bigEndian16(bytes, start + 4)
      )
    case .greyAlpha, .rgba:
      return
    }
    sawTransparency = true
  }

  /// The colour key as pixels are compared with it: each value masked to
  /// the bit depth (bits above it are ignored, as libpng does and the
  /// APNG spec requires), or nil.
  ///
  /// - Complexity: O(1).
  var maskedColorKey: (Int, Int, Int)? {
    guard let colorKey, let header else { return nil }
    let mask = (1 << header.bitDepth) - 1
    return (colorKey.0 & mask, colorKey.1 & mask, colorKey.2 & mask)
  }
}
