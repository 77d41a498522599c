import AnimTimeline

/// Writes RGBA images as PNG: IHDR (8-bit RGBA), one IDAT holding a zlib
/// stream of deflate blocks with fixed Huffman codes and LZ77 matches (or
/// stored blocks when `compress` is false), and IEND.
enum PNGWriter {
  /// The PNG file of `image`.
  ///
  /// - Complexity: O(*n*) in the pixel bytes.
  static func encode(_ image: RGBAImage, compress: Bool = true) -> [UInt8] {
    var out: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
    var header: [UInt8] = []
    appendBigEndian(UInt32(image.width), to: &header)
    appendBigEndian(UInt32(image.height), to: &header)
    header += [8, 6, 0, 0, 0]  // depth 8, RGBA, deflate, filter 0, no interlace
    appendChunk("IHDR", header, to: &out)

    // Scanlines, each with filter type 0 (none).
    let rowBytes = image.width * 4
    var raw: [UInt8] = []
    raw.reserveCapacity((rowBytes + 1) * image.height)
    for row in 0..<image.height {
      raw.append(0)
      raw.append(contentsOf: image.pixels[row * rowBytes..<(row + 1) * rowBytes])
    }
    appendChunk("IDAT", zlib(raw, compress: compress), to: &out)
    appendChunk("IEND", [], to: &out)
    return out
  }

  /// A zlib stream (RFC 1950) of `data`.
  static func zlib(_ data: [UInt8], compress: Bool) -> [UInt8] {
    var out: [UInt8] = [0x78, 0x01]
    out += compress ? Deflate.fixedHuffman(data) : Deflate.stored(data)
    appendBigEndian(adler32(data), to: &out)
    return out
  }

  /// Adler-32 (RFC 1950).
  static func adler32(_ data: [UInt8]) -> UInt32 {
    var a: UInt32 = 1
    var b: UInt32 = 0
    var index = 0
    while index < data.count {
      let end = min(index + 5552, data.count)
      while index < end {
        a += UInt32(data[index])
        b += a
        index += 1
      }
      a %= 65521
      b %= 65521
    }
    return b << 16 | a
  }

  static func appendChunk(_ type: String, _ data: [UInt8], to out: inout [UInt8]) {
    appendBigEndian(UInt32(data.count), to: &out)
    let typeBytes = Array(type.utf8)
    out += typeBytes
    out += data
    appendBigEndian(CRC32.update(CRC32.checksum(typeBytes), data), to: &out)
  }

  static func appendBigEndian(_ value: UInt32, to out: inout [UInt8]) {
    out += [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
  }
}
