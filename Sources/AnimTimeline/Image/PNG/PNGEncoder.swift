/// Writes an ``RGBAImage`` as a PNG file, not interlaced, its rows
/// compressed by ``DeflateEncoder`` into one zlib stream (RFC 1950) in
/// IDAT chunks, in one of two layouts:
///
/// - **indexed** (colour type 3) when the image has at most 256 colours
///   (RGBA values) and the palette costs fewer bytes than the indices
///   save: `PLTE` with the colours, `tRNS` with the alpha of the
///   translucent ones (listed first, so `tRNS` stops at the last of them),
///   indices of 1, 2, 4 or 8 bits (the fewest that reach every colour),
///   rows unfiltered (filter type 0, as the PNG specification and libpng
///   advise for palette images);
/// - **truecolour**: 8-bit RGB when every pixel is opaque, else RGBA, each
///   row filtered with the filter that minimises the sum of its absolute
///   differences.
enum PNGEncoder {
  /// The 8-byte PNG signature.
  static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
  /// The largest chunk data length PNG allows, and the largest side.
  static let maxChunkLength = 0x7FFF_FFFF

  /// The PNG file of `image`.
  ///
  /// - Throws: ``ImageError`` for an inconsistent image, one with a side
  ///   of 0, or one with a side above 2^31 - 1.
  /// - Complexity: O(*n*) in the pixel bytes.
  static func encode(_ image: RGBAImage) throws(ImageError) -> [UInt8] {
    try image.checkConsistency()
    let width = image.width
    let height = image.height
    guard width >= 1 && height >= 1 else { throw .emptyImage(width: width, height: height) }
    guard width <= maxChunkLength && height <= maxChunkLength else { throw .tooLarge(width: width, height: height) }
    return image.pixels.withUnsafeBufferPointer { pixels in
      // At least 4 bytes: the base address exists.
      encode(pixels.baseAddress!, width: width, height: height)
    }
  }

  /// The PNG file of `width` × `height` RGBA pixels (a consistent image
  /// of at least 1×1 whose sides fit in 31 bits).
  ///
  /// - Complexity: O(*n*) in the pixel bytes.
  static func encode(_ pixels: UnsafePointer<UInt8>, width: Int, height: Int) -> [UInt8] {
    // One buffer for the rows of any layout: RGBA rows are the longest.
    let capacity = height * (width * 4 + 1) + DeflateEncoder.readPadding
    let rows = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: capacity)
    defer { rows.deallocate() }
    let base = rows.baseAddress!

    var header = signature
    var ihdr = [UInt8]()
    appendBigEndian(UInt32(width), to: &ihdr)
    appendBigEndian(UInt32(height), to: &ihdr)
    let count: Int
    let palette = PNGPalette.index(pixels, width: width, height: height, into: base)
    let opaque = palette.map { $0.translucentCount == 0 } ?? isOpaque(pixels, count: width * height * 4)
    let bytesPerPixel = opaque ? 3 : 4
    if let palette, paletteSaves(palette, width: width, height: height, bytesPerPixel: bytesPerPixel) {
      count = palette.pack(base, width: width, height: height)
      ihdr += [UInt8(palette.bitDepth), 3, 0, 0, 0]  // indexed, deflate, filter method 0, no interlace
      appendChunk("IHDR", ihdr, to: &header)
      appendChunk("PLTE", palette.paletteChunk, to: &header)
      if palette.translucentCount > 0 { appendChunk("tRNS", palette.transparencyChunk, to: &header) }
    } else {
      count = filter(pixels, width: width, height: height, bytesPerPixel: bytesPerPixel, into: base)
      ihdr += [8, opaque ? 2 : 6, 0, 0, 0]  // depth 8, RGB or RGBA, deflate, filter method 0, no interlace
      appendChunk("IHDR", ihdr, to: &header)
    }
    (base + count).initialize(repeating: 0, count: DeflateEncoder.readPadding)

    let idatStart = header.count
    header += [0, 0, 0, 0] + Array("IDAT".utf8)
    header += [0x78, 0x9C]  // zlib: deflate, 32 KiB window, default level
    var writer = BitWriter(appendingTo: header)
    let raw = UnsafeRawBufferPointer(start: base, count: count + DeflateEncoder.readPadding)
    DeflateEncoder.compress(raw, count: count, into: &writer)
    let adler = Adler32.update(1, UnsafeRawBufferPointer(rebasing: raw[0..<count]))
    var out = writer.finish()
    appendBigEndian(adler, to: &out)
    let streamLength = out.count - idatStart - 8
    if streamLength <= maxChunkLength {
      out.withUnsafeMutableBytes { raw in
        storeBigEndian(UInt32(streamLength), at: idatStart, in: raw)
      }
      let crc = out.withUnsafeBytes { CRC32.checksum($0, idatStart + 4..<out.count) }
      appendBigEndian(crc, to: &out)
    } else {
      out = splitIDAT(out, at: idatStart)
    }
    appendChunk("IEND", [], to: &out)
    return out
  }

  /// Whether an indexed file is worth its palette: whether `PLTE` and
  /// `tRNS` (chunk overhead included) take fewer bytes than the indices
  /// save over truecolour rows of `bytesPerPixel`, before compression.
  /// (A 1×1 image, for one, is smaller as RGB.)
  static func paletteSaves(_ palette: PNGPalette, width: Int, height: Int, bytesPerPixel: Int) -> Bool {
    let translucent = palette.translucentCount
    let cost = 12 + 3 * palette.colors.count + (translucent > 0 ? 12 + translucent : 0)
    let rowSaving = width * bytesPerPixel - PNGPalette.rowBytes(width: width, bitDepth: palette.bitDepth)
    // `cost` is below 1,100: compare without multiplying out.
    return rowSaving > 0 && (height > cost || cost < height * rowSaving)
  }

  /// Whether every alpha byte of `count` RGBA bytes is 255.
  static func isOpaque(_ pixels: UnsafePointer<UInt8>, count: Int) -> Bool {
    var index = 3
    while index < count {
      if pixels[index] != 255 { return false }
      index += 4
    }
    return true
  }

  /// Writes the filtered rows (a filter byte, then the row) of the image
  /// with 3 or 4 bytes a pixel to `output`; returns their length,
  /// `height * (width * bytesPerPixel + 1)`.
  ///
  /// - Complexity: O(*n*) in the pixel bytes.
  static func filter(
    _ pixels: UnsafePointer<UInt8>, width: Int, height: Int, bytesPerPixel: Int, into output: UnsafeMutablePointer<UInt8>
  ) -> Int {
    let rowBytes = width * bytesPerPixel
    let zeros = [UInt8](repeating: 0, count: rowBytes)
    // RGB rows are packed into two alternating buffers; RGBA rows are read
    // in place.
    var packed = bytesPerPixel == 3 ? [UInt8](repeating: 0, count: 2 * rowBytes) : []
    zeros.withUnsafeBufferPointer { zeros in
      packed.withUnsafeMutableBufferPointer { packed in
        for y in 0..<height {
          let source = pixels + y * width * 4
          let row: UnsafePointer<UInt8>
          let above: UnsafePointer<UInt8>
          if bytesPerPixel == 4 {
            row = source
            above = y == 0 ? zeros.baseAddress! : source - width * 4
          } else {
            let current = packed.baseAddress! + (y & 1) * rowBytes
            for x in 0..<width {
              current[3 * x] = source[4 * x]
              current[3 * x + 1] = source[4 * x + 1]
              current[3 * x + 2] = source[4 * x + 2]
            }
            row = UnsafePointer(current)
            above = y == 0 ? zeros.baseAddress! : UnsafePointer(packed.baseAddress! + ((y + 1) & 1) * rowBytes)
          }
          PNGRowFilter.filterRow(
            row, above: above, count: rowBytes, bytesPerPixel: bytesPerPixel,
            into: output + y * (rowBytes + 1))
        }
      }
    }
    return height * (rowBytes + 1)
  }

  /// Rewrites a file whose one IDAT chunk (at `idatStart`, length field not
  /// yet written, no CRC) is too long for a chunk into several IDAT chunks.
  static func splitIDAT(_ file: [UInt8], at idatStart: Int) -> [UInt8] {
    var out = Array(file[0..<idatStart])
    var start = idatStart + 8
    while start < file.count {
      let end = min(file.count, start + (1 << 30))
      appendChunk("IDAT", file[start..<end], to: &out)
      start = end
    }
    return out
  }

  /// Appends a chunk: length, type, data, CRC-32 of type and data.
  static func appendChunk(_ type: String, _ data: some Collection<UInt8>, to out: inout [UInt8]) {
    appendBigEndian(UInt32(data.count), to: &out)
    let start = out.count
    out += Array(type.utf8)
    out += data
    let crc = out.withUnsafeBytes { CRC32.checksum($0, start..<out.count) }
    appendBigEndian(crc, to: &out)
  }

  /// Appends `value` as 4 bytes, most significant first.
  static func appendBigEndian(_ value: UInt32, to out: inout [UInt8]) {
    out += [UInt8(value >> 24), UInt8((value >> 16) & 0xFF), UInt8((value >> 8) & 0xFF), UInt8(value & 0xFF)]
  }

  /// Stores `value` as 4 bytes, most significant first, at `offset`.
  static func storeBigEndian(_ value: UInt32, at offset: Int, in raw: UnsafeMutableRawBufferPointer) {
    raw[offset] = UInt8(value >> 24)
    raw[offset + 1] = UInt8((value >> 16) & 0xFF)
    raw[offset + 2] = UInt8((value >> 8) & 0xFF)
    raw[offset + 3] = UInt8(value & 0xFF)
  }
}
