/// Reads a PNG file into an ``RGBAImage``.
///
/// Every colour type and bit depth of the PNG specification, with `PLTE`
/// and `tRNS`, Adam7 interlacing, chunk CRCs and the zlib Adler-32
/// checked. 16-bit samples become 8-bit by keeping their high byte (a
/// `tRNS` colour key, masked to the bit depth, is compared with the full
/// samples first); 1-, 2- and 4-bit grey is scaled to 0...255 exactly (×255, ×85, ×17).
/// Indices past the palette's end read as opaque black. Ancillary chunks
/// other than `tRNS` are skipped (after their CRC is checked).
enum PNGDecoder {
  /// The image in `bytes`. The chunks are read by ``PNGChunkReader``, the
  /// ones before the image data by ``PNGPreamble``, the image data by
  /// ``PNGImageDataDecoder``.
  ///
  /// - Throws: ``PNGError``, with the byte offset of the problem.
  /// - Complexity: O(*n* + *p*) for *n* input bytes and *p* pixels.
  static func decode(_ bytes: UnsafeRawBufferPointer, options: PNGDecodingOptions) throws(PNGError) -> RGBAImage {
    let count = bytes.count
    if count > options.maxFileBytes { throw .fileTooLarge(bytes: count, limit: options.maxFileBytes) }
    for index in 0..<8 {
      if index == count { throw .truncated(offset: count) }
      if bytes[index] != PNGEncoder.signature[index] { throw .badSignature(offset: index) }
    }

    var preamble = PNGPreamble()
    var imageData: [Range<Int>] = []
    var imageDataEnded = false
    var reader = PNGChunkReader(bytes)
    while true {
      let chunk: PNGChunk
      switch reader.next() {
      case .chunk(let next): chunk = next
      case .cut: throw .truncated(offset: count)
      case .malformed(let offset): throw .badChunk(offset: offset)
      }
      let type = chunk.type
      let offset = chunk.offset
      if !chunk.crcMatches { throw .badCRC(chunk: type.name, offset: offset) }
      guard let header = preamble.header else {
        if type != .ihdr { throw .misplacedChunk(chunk: type.name, offset: offset) }
        try preamble.readHeader(chunk, in: bytes, options: options)
        continue
      }
      if !imageData.isEmpty && type != .idat { imageDataEnded = true }

      switch type {
      case .ihdr:
        try preamble.readHeader(chunk, in: bytes, options: options)
      case .plte:
        if !imageData.isEmpty { throw .misplacedChunk(chunk: type.name, offset: offset) }
        try preamble.readPalette(chunk, in: bytes, header: header)
      case .trns:
        if !imageData.isEmpty { throw .misplacedChunk(chunk: type.name, offset: offset) }
        preamble.readTransparency(chunk, in: bytes, header: header)
      case .idat:
        if imageDataEnded { throw .misplacedChunk(chunk: type.name, offset: offset) }
        imageData.append(chunk.data)
      case .iend:
        if imageData.isEmpty { throw .missingImageData(offset: offset) }
        if header.colorType == .indexed && preamble.paletteCount == 0 {
          throw .missingPalette(offset: imageData[0].lowerBound)
        }
        return try decodeImage(
          bytes, header: header, imageData: imageData, palette: preamble.palette, colorKey: preamble.maskedColorKey)
      default:
        if !type.isAncillary { throw .unknownCriticalChunk(chunk: type.name, offset: offset) }
      }
    }
  }

  /// Throws if the image is larger than the options allow.
  static func checkLimits(_ header: PNGHeader, _ options: PNGDecodingOptions) throws(PNGError) {
    let (pixels, overflow) = header.width.multipliedReportingOverflow(by: header.height)
    if overflow || pixels > options.maxPixels {
      throw .imageTooLarge(width: header.width, height: header.height, limit: options.maxPixels)
    }
    // The RGBA output's byte count must fit too.
    if pixels > Int.max / 4 {
      throw .imageTooLarge(width: header.width, height: header.height, limit: options.maxPixels)
    }
    let filtered = header.filteredByteCount
    if filtered > options.maxDecompressedBytes {
      throw .decompressedDataTooLarge(bytes: filtered, limit: options.maxDecompressedBytes)
    }
  }

  /// Inflates, unfilters and expands the image data.
  ///
  /// - Throws: the errors of ``PNGImageDataDecoder/decode(_:segments:header:palette:colorKey:into:)``.
  /// - Complexity: O(*n* + *p*) for *n* compressed bytes and *p* pixels.
  static func decodeImage(
    _ bytes: UnsafeRawBufferPointer, header: PNGHeader, imageData: [Range<Int>], palette: [UInt8],
    colorKey: (Int, Int, Int)?
  ) throws(PNGError) -> RGBAImage {
    var decoder = PNGImageDataDecoder()
    try decoder.inflate(bytes, segments: imageData[...], header: header)
    var pixels = [UInt8](zeroed: header.width * header.height * 4)
    try pixels.withUnsafeMutableBufferPointer { (pixels) throws(PNGError) in
      try palette.withUnsafeBufferPointer { (palette) throws(PNGError) in
        try decoder.expand(header: header, palette: palette, colorKey: colorKey, into: pixels)
      }
    }
    return RGBAImage(width: header.width, height: header.height, pixels: pixels)
  }
}
