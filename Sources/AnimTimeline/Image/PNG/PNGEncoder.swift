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
///   differences, or every row unfiltered when that compresses smaller
///   (decided on the whole file for small images, on a sample otherwise).
///   An indexed file whose palette is an eighth of it or more is also
///   compared with the filtered truecolour file, and the smaller kept.
///
/// It is the one place where PNG bytes are written: ``APNGEncoder`` uses
/// its chunk framing (``appendChunk(_:_:sequence:to:)``, with APNG's
/// sequence numbers), ``header(width:height:bitDepth:colorType:)``,
/// ``zlibStream(_:count:)``, ``appendImageData(_:sequence:to:)``
/// (`IDAT` or `fdAT`) and the truecolour rows of
/// ``truecolourStream(_:width:height:bytesPerPixel:rows:sampling:)``.
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
    let width = image.width
    let height = image.height
    try checkWritable(width: width, height: height, byteCount: image.pixels.count)
    return image.pixels.withUnsafeBufferPointer { pixels in
      // At least 4 bytes: the base address exists.
      encode(pixels.baseAddress!, width: width, height: height)
    }
  }

  /// Checks that an image of these sides and `byteCount` bytes of pixels
  /// is consistent and that PNG can hold it: sides in 1...2^31 - 1.
  ///
  /// - Throws: ``ImageError/inconsistentImage(width:height:byteCount:)``,
  ///   then ``ImageError/emptyImage(width:height:)``, then
  ///   ``ImageError/tooLarge(width:height:)``.
  static func checkWritable(width: Int, height: Int, byteCount: Int) throws(ImageError) {
    try RGBAImage.checkConsistency(width: width, height: height, byteCount: byteCount)
    guard width >= 1 && height >= 1 else { throw .emptyImage(width: width, height: height) }
    guard width <= maxChunkLength && height <= maxChunkLength else { throw .tooLarge(width: width, height: height) }
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

    let palette = PNGPalette.index(pixels, width: width, height: height, into: base)
    let opaque = palette.map { $0.translucentCount == 0 } ?? isOpaque(pixels, count: width * height * 4)
    let bytesPerPixel = opaque ? 3 : 4
    func truecolour() -> [UInt8] {
      truecolourFile(pixels, width: width, height: height, bytesPerPixel: bytesPerPixel, rows: base)
    }
    guard let palette, paletteSaves(palette, width: width, height: height, bytesPerPixel: bytesPerPixel) else {
      return truecolour()
    }
    let count = palette.pack(base, width: width, height: height)
    var chunks = [("PLTE", palette.paletteChunk)]
    if palette.translucentCount > 0 { chunks.append(("tRNS", palette.transparencyChunk)) }
    let indexed = file(width: width, height: height, bitDepth: palette.bitDepth, colorType: 3, chunks: chunks, rows: base, count: count)
    // A palette that is an eighth of the file or more: the image is tiny
    // or compresses very well, so truecolour, whose rows may compress
    // better with the row filters, is cheap to try as well.
    let paletteBytes = chunks.reduce(0) { $0 + 12 + $1.1.count }
    guard paletteBytes * 8 >= indexed.count else { return indexed }
    // Filtered: unfiltered truecolour rows hold the same strings as the
    // indices, three or four times longer, and hardly ever win.
    let other = truecolourFile(pixels, width: width, height: height, bytesPerPixel: bytesPerPixel, rows: base, sampling: false)
    return other.count < indexed.count ? other : indexed
  }

  /// Rows of at most this many bytes are compressed both filtered and
  /// unfiltered, and the smaller file kept; longer ones are sampled.
  static let wholeTrialBytes = 1 << 14
  /// The smallest sample ``prefersUnfiltered(_:width:height:bytesPerPixel:)``
  /// compresses each way.
  static let minimumSampleBytes = 1 << 13

  /// The truecolour file (8-bit RGB for 3 bytes a pixel, RGBA for 4),
  /// rows built in `rows`, with the row filters chosen one of two ways:
  /// each row its own by the minimum sum of absolute differences, or
  /// none on every row. Small images are compressed both ways and the
  /// smaller file kept; larger ones follow
  /// ``prefersUnfiltered(_:width:height:bytesPerPixel:)``, unless
  /// `sampling` is false (then the rows are filtered).
  ///
  /// - Complexity: O(*n*) in the pixel bytes.
  static func truecolourFile(
    _ pixels: UnsafePointer<UInt8>, width: Int, height: Int, bytesPerPixel: Int, rows: UnsafeMutablePointer<UInt8>,
    sampling: Bool = true
  ) -> [UInt8] {
    let stream = truecolourStream(
      pixels, width: width, height: height, bytesPerPixel: bytesPerPixel, rows: rows, sampling: sampling)
    return file(width: width, height: height, bitDepth: 8, colorType: bytesPerPixel == 3 ? 2 : 6, chunks: [], stream: stream)
  }

  /// The zlib stream of the truecolour rows (8-bit RGB for 3 bytes a
  /// pixel, RGBA for 4) of `width` × `height` RGBA `pixels`, rows built
  /// in `rows` (room for `height * (width * bytesPerPixel + 1)` bytes and
  /// ``DeflateEncoder/readPadding``), filtered as
  /// ``truecolourFile(_:width:height:bytesPerPixel:rows:sampling:)``
  /// says: what both the still file and an APNG frame hold.
  ///
  /// - Complexity: O(*n*) in the pixel bytes.
  static func truecolourStream(
    _ pixels: UnsafePointer<UInt8>, width: Int, height: Int, bytesPerPixel: Int, rows: UnsafeMutablePointer<UInt8>,
    sampling: Bool = true
  ) -> [UInt8] {
    let total = height * (width * bytesPerPixel + 1)
    func make(filtered: Bool) -> [UInt8] {
      let count =
        filtered
        ? filter(pixels, width: width, height: height, bytesPerPixel: bytesPerPixel, into: rows)
        : unfiltered(pixels, width: width, height: height, bytesPerPixel: bytesPerPixel, into: rows)
      return zlibStream(rows, count: count)
    }
    guard sampling else { return make(filtered: true) }
    if total <= wholeTrialBytes {
      let filtered = make(filtered: true)
      let plain = make(filtered: false)
      return plain.count < filtered.count ? plain : filtered
    }
    return make(filtered: !prefersUnfiltered(pixels, width: width, height: height, bytesPerPixel: bytesPerPixel))
  }

  /// Whether the image's rows are likely to compress smaller unfiltered
  /// than filtered row by row, as dithered images and images of flat
  /// areas often do (the filters turn repeated strings of pixels into
  /// fresh strings of differences). A sample of four bands of rows spread
  /// over the image, a sixteenth of its bytes together (at least
  /// ``minimumSampleBytes``), is compressed both ways and the sizes
  /// compared.
  ///
  /// - Complexity: O(*n*) in the sampled bytes (about *n* / 8 bytes
  ///   compressed).
  static func prefersUnfiltered(_ pixels: UnsafePointer<UInt8>, width: Int, height: Int, bytesPerPixel: Int) -> Bool {
    let rowBytes = width * bytesPerPixel + 1
    let bands = min(4, height)
    let sample = max(height * rowBytes / 16, minimumSampleBytes)
    let bandRows = min(height / bands, max(1, sample / bands / rowBytes))
    let count = bands * bandRows * rowBytes
    let buffer = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: count + DeflateEncoder.readPadding)
    defer { buffer.deallocate() }
    let base = buffer.baseAddress!
    (base + count).initialize(repeating: 0, count: DeflateEncoder.readPadding)
    func compressedSize(filtered: Bool) -> Int {
      for band in 0..<bands {
        // Bands start evenly from the top row to the last band's place.
        let top = bands == 1 ? 0 : (height - bandRows) * band / (bands - 1)
        let start = pixels + top * width * 4
        let output = base + band * bandRows * rowBytes
        _ =
          filtered
          ? filter(start, width: width, height: bandRows, bytesPerPixel: bytesPerPixel, into: output)
          : unfiltered(start, width: width, height: bandRows, bytesPerPixel: bytesPerPixel, into: output)
      }
      var writer = BitWriter(appendingTo: [])
      DeflateEncoder.compress(
        UnsafeRawBufferPointer(start: base, count: count + DeflateEncoder.readPadding), count: count, into: &writer)
      return writer.finish().count
    }
    return compressedSize(filtered: false) < compressedSize(filtered: true)
  }

  /// Writes the rows with filter type 0 (none), 3 or 4 bytes a pixel, to
  /// `output`; returns their length, `height * (width * bytesPerPixel + 1)`.
  ///
  /// - Complexity: O(*n*) in the pixel bytes.
  static func unfiltered(
    _ pixels: UnsafePointer<UInt8>, width: Int, height: Int, bytesPerPixel: Int, into output: UnsafeMutablePointer<UInt8>
  ) -> Int {
    let rowBytes = width * bytesPerPixel
    for y in 0..<height {
      let source = pixels + y * width * 4
      let target = output + y * (rowBytes + 1)
      target[0] = PNGRowFilter.none.rawValue
      if bytesPerPixel == 4 {
        (target + 1).update(from: source, count: rowBytes)
      } else {
        for x in 0..<width {
          target[1 + 3 * x] = source[4 * x]
          target[2 + 3 * x] = source[4 * x + 1]
          target[3 + 3 * x] = source[4 * x + 2]
        }
      }
    }
    return height * (rowBytes + 1)
  }

  /// A PNG file: the signature, `IHDR` with these values, `chunks`, the
  /// `count` bytes of filtered rows at `rows` (readable for
  /// ``DeflateEncoder/readPadding`` bytes more) compressed in `IDAT`, and
  /// `IEND`.
  ///
  /// - Complexity: O(*n*) in the rows' bytes.
  static func file(
    width: Int, height: Int, bitDepth: Int, colorType: UInt8, chunks: [(String, [UInt8])],
    rows: UnsafeMutablePointer<UInt8>, count: Int
  ) -> [UInt8] {
    file(width: width, height: height, bitDepth: bitDepth, colorType: colorType, chunks: chunks, stream: zlibStream(rows, count: count))
  }

  /// A PNG file: the signature, `IHDR` with these values, `chunks`, the
  /// zlib `stream` in `IDAT`, and `IEND`.
  ///
  /// - Complexity: O(*n*) in the stream's bytes.
  static func file(
    width: Int, height: Int, bitDepth: Int, colorType: UInt8, chunks: [(String, [UInt8])], stream: [UInt8]
  ) -> [UInt8] {
    var out = header(width: width, height: height, bitDepth: bitDepth, colorType: colorType)
    for (type, data) in chunks { appendChunk(type, data, to: &out) }
    var sequence: UInt32? = nil
    appendImageData(stream, sequence: &sequence, to: &out)
    appendChunk("IEND", [], to: &out)
    return out
  }

  /// The start of every PNG file this library writes: the signature and
  /// `IHDR` with these values (deflate, filter method 0, no interlace).
  static func header(width: Int, height: Int, bitDepth: Int, colorType: UInt8) -> [UInt8] {
    var out = signature
    var ihdr = [UInt8]()
    appendBigEndian(UInt32(width), to: &ihdr)
    appendBigEndian(UInt32(height), to: &ihdr)
    ihdr += [UInt8(bitDepth), colorType, 0, 0, 0]  // deflate, filter method 0, no interlace
    appendChunk("IHDR", ihdr, to: &out)
    return out
  }

  /// The zlib stream (RFC 1950) of the `count` bytes of filtered rows at
  /// `rows`, which must have room for ``DeflateEncoder/readPadding`` bytes
  /// more (they are zeroed): the 2-byte header, the deflate blocks of
  /// ``DeflateEncoder`` and the Adler-32 of the rows.
  ///
  /// - Complexity: O(*n*) in the rows' bytes.
  static func zlibStream(_ rows: UnsafeMutablePointer<UInt8>, count: Int) -> [UInt8] {
    (rows + count).initialize(repeating: 0, count: DeflateEncoder.readPadding)
    var writer = BitWriter(appendingTo: [0x78, 0x9C])  // zlib: deflate, 32 KiB window, default level
    let raw = UnsafeRawBufferPointer(start: rows, count: count + DeflateEncoder.readPadding)
    DeflateEncoder.compress(raw, count: count, into: &writer)
    let adler = Adler32.update(1, UnsafeRawBufferPointer(rebasing: raw[0..<count]))
    var out = writer.finish()
    appendBigEndian(adler, to: &out)
    return out
  }

  /// Appends a zlib `stream` as image data: `IDAT` chunks when `sequence`
  /// is `nil`, else APNG `fdAT` chunks, each starting with the sequence
  /// number `sequence`, which advances by one a chunk. One chunk when the
  /// stream fits, else pieces of 2^30 bytes.
  ///
  /// - Complexity: O(*n*) in the stream's bytes.
  static func appendImageData(_ stream: [UInt8], sequence: inout UInt32?, to out: inout [UInt8]) {
    let room = maxChunkLength - (sequence == nil ? 0 : 4)
    let piece = stream.count <= room ? max(stream.count, 1) : 1 << 30
    var start = 0
    repeat {
      let end = min(stream.count, start + piece)
      appendChunk(sequence == nil ? "IDAT" : "fdAT", stream[start..<end], sequence: sequence, to: &out)
      sequence = sequence.map { $0 &+ 1 }
      start = end
    } while start < stream.count
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

  /// Appends a chunk: length, type, the 4-byte big-endian `sequence`
  /// number when given (APNG's `fcTL` and `fdAT`), data, and the CRC-32
  /// of everything after the length.
  ///
  /// - Complexity: O(*n*) in the data's bytes.
  static func appendChunk(_ type: String, _ data: some Collection<UInt8>, sequence: UInt32? = nil, to out: inout [UInt8]) {
    appendBigEndian(UInt32(data.count + (sequence == nil ? 0 : 4)), to: &out)
    let start = out.count
    out += Array(type.utf8)
    if let sequence { appendBigEndian(sequence, to: &out) }
    out += data
    let crc = out.withUnsafeBytes { CRC32.checksum($0, start..<out.count) }
    appendBigEndian(crc, to: &out)
  }

  /// Appends `value` as 4 bytes, most significant first.
  static func appendBigEndian(_ value: UInt32, to out: inout [UInt8]) {
    out += [UInt8(value >> 24), UInt8((value >> 16) & 0xFF), UInt8((value >> 8) & 0xFF), UInt8(value & 0xFF)]
  }
}
