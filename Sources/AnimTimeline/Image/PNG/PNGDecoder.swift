/// Reads a PNG file into an ``RGBAImage``.
///
/// Every colour type and bit depth of the PNG specification, with `PLTE`
/// and `tRNS`, Adam7 interlacing, chunk CRCs and the zlib Adler-32
/// checked. 16-bit samples become 8-bit by keeping their high byte (a
/// `tRNS` colour key is compared with the full 16-bit samples first);
/// 1-, 2- and 4-bit grey is scaled to 0...255 exactly (×255, ×85, ×17).
/// Indices past the palette's end read as opaque black. Ancillary chunks
/// other than `tRNS` are skipped (after their CRC is checked).
enum PNGDecoder {
  /// The image in `bytes`.
  ///
  /// - Complexity: O(*n* + *p*) for *n* input bytes and *p* pixels.
  static func decode(_ bytes: UnsafeRawBufferPointer, options: PNGDecodingOptions) throws(PNGError) -> RGBAImage {
    let count = bytes.count
    if count > options.maxFileBytes { throw .fileTooLarge(bytes: count, limit: options.maxFileBytes) }
    for index in 0..<8 {
      if index == count { throw .truncated(offset: count) }
      if bytes[index] != PNGEncoder.signature[index] { throw .badSignature(offset: index) }
    }

    var header: PNGHeader?
    // 256 RGBA entries, opaque black past the palette's end.
    var palette: [UInt8] = []
    var paletteCount = 0
    var colorKey: (Int, Int, Int)?
    var imageData: [Range<Int>] = []
    var imageDataEnded = false
    var offset = 8
    while true {
      if count - offset < 8 { throw .truncated(offset: count) }
      let length = bigEndian(bytes, offset)
      if length > 0x7FFF_FFFF { throw .badChunk(offset: offset) }
      var typeIsLetters = true
      for index in offset + 4..<offset + 8 {
        let byte = bytes[index] | 0x20
        if byte < 0x61 || byte > 0x7A { typeIsLetters = false }
      }
      if !typeIsLetters { throw .badChunk(offset: offset) }
      let type = String(decoding: UnsafeRawBufferPointer(rebasing: bytes[offset + 4..<offset + 8]), as: UTF8.self)
      if count - offset - 12 < length { throw .truncated(offset: count) }
      let dataStart = offset + 8
      let dataEnd = dataStart + length
      if CRC32.checksum(bytes, offset + 4..<dataEnd) != UInt32(bigEndian(bytes, dataEnd)) {
        throw .badCRC(chunk: type, offset: offset)
      }
      if header == nil && type != "IHDR" { throw .misplacedChunk(chunk: type, offset: offset) }
      if !imageData.isEmpty && type != "IDAT" { imageDataEnded = true }

      switch type {
      case "IHDR":
        if header != nil { throw .misplacedChunk(chunk: type, offset: offset) }
        if length != 13 { throw .badChunkLength(chunk: type, length: length, offset: offset) }
        let parsed = try PNGHeader(bytes, at: dataStart, chunkOffset: offset)
        try checkLimits(parsed, options)
        header = parsed
      case "PLTE":
        if !imageData.isEmpty || paletteCount > 0 { throw .misplacedChunk(chunk: type, offset: offset) }
        if length % 3 != 0 || length == 0 || length > 768 {
          throw .badChunkLength(chunk: type, length: length, offset: offset)
        }
        paletteCount = length / 3
        palette = [UInt8](repeating: 0, count: 1024)
        for entry in 0..<256 { palette[entry * 4 + 3] = 255 }
        for entry in 0..<paletteCount {
          palette[entry * 4] = bytes[dataStart + entry * 3]
          palette[entry * 4 + 1] = bytes[dataStart + entry * 3 + 1]
          palette[entry * 4 + 2] = bytes[dataStart + entry * 3 + 2]
        }
      case "tRNS":
        if !imageData.isEmpty { throw .misplacedChunk(chunk: type, offset: offset) }
        // Non-nil: IHDR came first.
        switch header!.colorType {
        case .indexed:
          if paletteCount == 0 { throw .misplacedChunk(chunk: type, offset: offset) }
          if length > paletteCount { throw .badChunkLength(chunk: type, length: length, offset: offset) }
          for entry in 0..<length { palette[entry * 4 + 3] = bytes[dataStart + entry] }
        case .grey:
          if length != 2 { throw .badChunkLength(chunk: type, length: length, offset: offset) }
          let grey = bigEndian16(bytes, dataStart)
          colorKey = (grey, grey, grey)
        case .rgb:
          if length != 6 { throw .badChunkLength(chunk: type, length: length, offset: offset) }
          colorKey = (bigEndian16(bytes, dataStart), bigEndian16(bytes, dataStart + 2), bigEndian16(bytes, dataStart + 4))
        case .greyAlpha, .rgba:
          break  // not allowed with an alpha channel: ignored
        }
      case "IDAT":
        if imageDataEnded { throw .misplacedChunk(chunk: type, offset: offset) }
        imageData.append(dataStart..<dataEnd)
      case "IEND":
        // Non-nil: IHDR came first.
        let header = header!
        if imageData.isEmpty { throw .missingImageData(offset: offset) }
        if header.colorType == .indexed && paletteCount == 0 { throw .missingPalette(offset: imageData[0].lowerBound) }
        return try decodeImage(
          bytes, header: header, imageData: imageData, palette: palette, colorKey: colorKey, endOffset: offset)
      default:
        if bytes[offset + 4] & 0x20 == 0 { throw .unknownCriticalChunk(chunk: type, offset: offset) }
      }
      offset = dataEnd + 4
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
  static func decodeImage(
    _ bytes: UnsafeRawBufferPointer, header: PNGHeader, imageData: [Range<Int>], palette: [UInt8],
    colorKey: (Int, Int, Int)?, endOffset: Int
  ) throws(PNGError) -> RGBAImage {
    let total = header.filteredByteCount
    var filtered = [UInt8](repeating: 0, count: total)
    let written = try filtered.withUnsafeMutableBufferPointer { output throws(PNGError) in
      try Inflater.inflate(bytes, segments: imageData, zlib: true, into: output)
    }
    if written != total { throw .missingRows(offset: imageData[imageData.count - 1].upperBound) }

    var pixels = [UInt8](repeating: 0, count: header.width * header.height * 4)
    let zeros = [UInt8](repeating: 0, count: header.rowBytes(header.width))
    let stride = header.filterStride
    var rowIndex = 0
    var start = 0
    try filtered.withUnsafeMutableBufferPointer { (filtered) throws(PNGError) in
      try pixels.withUnsafeMutableBufferPointer { (pixels) throws(PNGError) in
        try palette.withUnsafeBufferPointer { (palette) throws(PNGError) in
          try zeros.withUnsafeBufferPointer { (zeros) throws(PNGError) in
            let expander = PNGRowExpander(header: header, palette: palette, colorKey: colorKey)
            for pass in header.passes where pass.width > 0 && pass.height > 0 {
              let rowBytes = header.rowBytes(pass.width)
              for y in 0..<pass.height {
                let typeByte = filtered[start]
                guard let filter = PNGRowFilter(rawValue: typeByte) else {
                  throw .badFilterType(typeByte, row: rowIndex)
                }
                let row = filtered.baseAddress! + start + 1
                let above = y == 0 ? zeros.baseAddress! : UnsafePointer(row - rowBytes - 1)
                filter.unfilter(row, above: above, count: rowBytes, bytesPerPixel: stride)
                let target = (pass.yStart + y * pass.yStep) * header.width + pass.xStart
                expander.expand(
                  UnsafePointer(row), pixels: pass.width,
                  into: pixels.baseAddress! + target * 4, pixelStride: pass.xStep * 4)
                start += rowBytes + 1
                rowIndex += 1
              }
            }
          }
        }
      }
    }
    return RGBAImage(width: header.width, height: header.height, pixels: pixels)
  }

  static func bigEndian(_ bytes: UnsafeRawBufferPointer, _ at: Int) -> Int {
    Int(bytes[at]) << 24 | Int(bytes[at + 1]) << 16 | Int(bytes[at + 2]) << 8 | Int(bytes[at + 3])
  }

  static func bigEndian16(_ bytes: UnsafeRawBufferPointer, _ at: Int) -> Int {
    Int(bytes[at]) << 8 | Int(bytes[at + 1])
  }
}
