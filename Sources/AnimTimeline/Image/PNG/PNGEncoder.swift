/// Writes an ``RGBAImage`` as a PNG file: 8-bit RGBA, or 8-bit RGB when
/// every pixel is opaque; no interlacing; each row filtered with the filter
/// that minimises the sum of its absolute differences; the rows compressed
/// by ``DeflateEncoder`` into one zlib stream (RFC 1950) in IDAT chunks.
enum PNGEncoder {
  /// The 8-byte PNG signature.
  static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
  /// The largest chunk data length PNG allows.
  static let maxChunkLength = 0x7FFF_FFFF

  /// The PNG file of `image`.
  ///
  /// - Complexity: O(*n*) in the pixel bytes.
  static func encode(_ image: RGBAImage) -> [UInt8] {
    let width = image.width
    let height = image.height
    precondition(
      width >= 1 && height >= 1 && width <= maxChunkLength && height <= maxChunkLength
        && image.pixels.count / 4 / height == width && image.pixels.count == width * height * 4,
      "an RGBAImage to encode needs 1...2^31-1 columns and rows and width * height * 4 bytes")
    let opaque = PNGEncoder.isOpaque(image.pixels)
    let bytesPerPixel = opaque ? 3 : 4
    let filtered = filter(image, bytesPerPixel: bytesPerPixel)

    var header = signature
    var ihdr = [UInt8]()
    appendBigEndian(UInt32(width), to: &ihdr)
    appendBigEndian(UInt32(height), to: &ihdr)
    ihdr += [8, opaque ? 2 : 6, 0, 0, 0]  // depth 8, RGB or RGBA, deflate, filter method 0, no interlace
    appendChunk("IHDR", ihdr, to: &header)
    let idatStart = header.count
    header += [0, 0, 0, 0] + Array("IDAT".utf8)
    header += [0x78, 0x9C]  // zlib: deflate, 32 KiB window, default level

    var writer = BitWriter(appendingTo: header)
    let dataCount = filtered.count - DeflateEncoder.readPadding
    let adler = filtered.withUnsafeBytes { raw in
      DeflateEncoder.compress(raw, count: dataCount, into: &writer)
      return Adler32.update(1, UnsafeRawBufferPointer(rebasing: raw[0..<dataCount]))
    }
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

  /// Whether every alpha byte is 255.
  static func isOpaque(_ pixels: [UInt8]) -> Bool {
    pixels.withUnsafeBytes { raw in
      var index = 3
      while index < raw.count {
        if raw[index] != 255 { return false }
        index += 4
      }
      return true
    }
  }

  /// The filtered rows (a filter byte, then the row) of `image` with 3 or
  /// 4 bytes a pixel, followed by ``DeflateEncoder/readPadding`` zero
  /// bytes.
  ///
  /// - Complexity: O(*n*) in the pixel bytes.
  static func filter(_ image: RGBAImage, bytesPerPixel: Int) -> [UInt8] {
    let width = image.width
    let rowBytes = width * bytesPerPixel
    var filtered = [UInt8](repeating: 0, count: (rowBytes + 1) * image.height + DeflateEncoder.readPadding)
    let zeros = [UInt8](repeating: 0, count: rowBytes)
    // RGB rows are packed into two alternating buffers; RGBA rows are read
    // in place.
    var packed = bytesPerPixel == 3 ? [UInt8](repeating: 0, count: 2 * rowBytes) : []
    filtered.withUnsafeMutableBufferPointer { output in
      image.pixels.withUnsafeBufferPointer { pixels in
        zeros.withUnsafeBufferPointer { zeros in
          packed.withUnsafeMutableBufferPointer { packed in
            for y in 0..<image.height {
              let source = pixels.baseAddress! + y * width * 4
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
                into: output.baseAddress! + y * (rowBytes + 1))
            }
          }
        }
      }
    }
    return filtered
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
