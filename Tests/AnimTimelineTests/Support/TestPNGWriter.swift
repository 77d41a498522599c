@testable import AnimTimeline

/// A PNG writer for the decoder tests, written from the PNG specification
/// independently of the library's encoder: any colour type and bit depth,
/// Adam7 or not, a chosen filter per row, and image data compressed as
/// stored blocks, fixed-Huffman literals, or with the library's deflate,
/// split over any number of IDAT chunks.
struct TestPNGWriter {
  enum Compression { case stored, fixedLiterals, library }

  var width: Int
  var height: Int
  var colorType: Int
  var bitDepth: Int
  var interlaced = false
  /// Samples, row-major, `channels` per pixel, each below 2^bitDepth.
  var samples: [Int]
  /// RGB entries for colour type 3 (3 bytes each).
  var palette: [UInt8] = []
  /// The raw tRNS chunk data, if any.
  var transparency: [UInt8]?
  var compression = Compression.stored
  /// The filter of the n-th row written (cycled).
  var filters: [UInt8] = [0, 1, 2, 3, 4]
  /// How many IDAT chunks to split the zlib stream into.
  var idatChunks = 1
  /// Extra chunks written before IDAT.
  var extraChunks: [(String, [UInt8])] = []

  var channels: Int { [0: 1, 2: 3, 3: 1, 4: 2, 6: 4][colorType]! }

  /// The passes: (xStart, yStart, xStep, yStep).
  var passes: [(Int, Int, Int, Int)] {
    interlaced
      ? [(0, 0, 8, 8), (4, 0, 8, 8), (0, 4, 4, 8), (2, 0, 4, 4), (0, 2, 2, 4), (1, 0, 2, 2), (0, 1, 1, 2)]
      : [(0, 0, 1, 1)]
  }

  /// The unfiltered rows of every pass, in stream order.
  func rawRows() -> [[UInt8]] {
    var rows: [[UInt8]] = []
    for (x0, y0, dx, dy) in passes {
      let xs = Array(stride(from: x0, to: width, by: dx))
      let ys = Array(stride(from: y0, to: height, by: dy))
      if xs.isEmpty || ys.isEmpty { continue }
      for y in ys {
        var bits: [Int] = []  // one entry per bit, most significant first
        var bytes: [UInt8] = []
        for x in xs {
          for c in 0..<channels {
            let sample = samples[(y * width + x) * channels + c]
            if bitDepth == 16 {
              bytes += [UInt8(sample >> 8), UInt8(sample & 0xFF)]
            } else if bitDepth == 8 {
              bytes.append(UInt8(sample))
            } else {
              for bit in (0..<bitDepth).reversed() { bits.append(sample >> bit & 1) }
            }
          }
        }
        if bitDepth < 8 {
          while bits.count % 8 != 0 { bits.append(0) }
          for start in stride(from: 0, to: bits.count, by: 8) {
            bytes.append(UInt8(bits[start..<start + 8].reduce(0) { $0 << 1 | $1 }))
          }
        }
        rows.append(bytes)
      }
      rows.append([])  // pass separator, dropped below
    }
    return rows
  }

  /// The filtered image data: each row with its filter byte.
  func filteredData() -> [UInt8] {
    let bpp = max(1, channels * bitDepth / 8)
    var out: [UInt8] = []
    var previous: [UInt8] = []
    var n = 0
    for row in rawRows() {
      if row.isEmpty {
        previous = []
        continue
      }
      let above = previous.isEmpty ? [UInt8](repeating: 0, count: row.count) : previous
      let filter = filters[n % filters.count]
      n += 1
      out.append(filter)
      for i in 0..<row.count {
        let a = i >= bpp ? Int(row[i - bpp]) : 0
        let b = Int(above[i])
        let c = i >= bpp ? Int(above[i - bpp]) : 0
        let prediction: Int
        switch filter {
        case 0: prediction = 0
        case 1: prediction = a
        case 2: prediction = b
        case 3: prediction = (a + b) / 2
        case 4:
          let p = a + b - c
          let (pa, pb, pc) = (abs(p - a), abs(p - b), abs(p - c))
          prediction = pa <= pb && pa <= pc ? a : pb <= pc ? b : c
        default: prediction = 0  // an invalid filter type, for error tests
        }
        out.append(UInt8((Int(row[i]) - prediction) & 0xFF))
      }
      previous = row
    }
    return out
  }

  /// The zlib stream of `data`.
  func zlib(_ data: [UInt8]) -> [UInt8] {
    var out: [UInt8] = [0x78, 0x01]
    switch compression {
    case .stored: out += TestDeflate.stored(data, blockSize: 1000)
    case .fixedLiterals: out += TestDeflate.fixedLiterals(data)
    case .library:
      var writer = BitWriter(appendingTo: [])
      let padded = data + [UInt8](repeating: 0, count: DeflateEncoder.readPadding)
      padded.withUnsafeBytes { DeflateEncoder.compress($0, count: data.count, into: &writer) }
      out += writer.finish()
    }
    return out + TestPNG.bigEndian(TestDeflate.adler32(data))
  }

  /// The whole file.
  func file() -> [UInt8] {
    var out = TestPNG.signature
    var ihdr = TestPNG.bigEndian(UInt32(width)) + TestPNG.bigEndian(UInt32(height))
    ihdr += [UInt8(bitDepth), UInt8(colorType), 0, 0, interlaced ? 1 : 0]
    out += TestPNG.chunk("IHDR", ihdr)
    if !palette.isEmpty { out += TestPNG.chunk("PLTE", palette) }
    if let transparency { out += TestPNG.chunk("tRNS", transparency) }
    for (type, data) in extraChunks { out += TestPNG.chunk(type, data) }
    let stream = zlib(filteredData())
    let pieces = max(1, idatChunks)
    for index in 0..<pieces {
      let start = stream.count * index / pieces
      let end = stream.count * (index + 1) / pieces
      out += TestPNG.chunk("IDAT", Array(stream[start..<end]))
    }
    out += TestPNG.chunk("IEND", [])
    return out
  }

  /// The RGBA pixels a decoder must produce, from the samples.
  func expectedPixels() -> [UInt8] {
    var out: [UInt8] = []
    let maxValue = (1 << bitDepth) - 1
    func to8(_ sample: Int) -> UInt8 {
      bitDepth == 16 ? UInt8(sample >> 8) : UInt8(sample * 255 / maxValue)
    }
    let key: [Int]? = transparency.flatMap { t in
      colorType == 0 && t.count == 2 ? [Int(t[0]) << 8 | Int(t[1])]
        : colorType == 2 && t.count == 6 ? stride(from: 0, to: 6, by: 2).map { Int(t[$0]) << 8 | Int(t[$0 + 1]) }
        : nil
    }
    for pixel in 0..<(width * height) {
      let s = Array(samples[pixel * channels..<(pixel + 1) * channels])
      switch colorType {
      case 0: out += [to8(s[0]), to8(s[0]), to8(s[0]), key == s ? 0 : 255]
      case 2: out += [to8(s[0]), to8(s[1]), to8(s[2]), key == s ? 0 : 255]
      case 3:
        let index = s[0]
        if index * 3 + 2 < palette.count {
          let alpha = transparency.map { index < $0.count ? $0[index] : 255 } ?? 255
          out += [palette[index * 3], palette[index * 3 + 1], palette[index * 3 + 2], alpha]
        } else {
          out += [0, 0, 0, 255]
        }
      case 4: out += [to8(s[0]), to8(s[0]), to8(s[0]), to8(s[1])]
      default: out += [to8(s[0]), to8(s[1]), to8(s[2]), to8(s[3])]
      }
    }
    return out
  }
}

/// Chunk and number helpers for the test PNGs.
enum TestPNG {
  static let signature: [UInt8] = [137, 80, 78, 71, 13, 10, 26, 10]

  static func bigEndian(_ value: UInt32) -> [UInt8] {
    [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
  }

  /// A chunk with its length and CRC (the suite's reference CRC-32).
  static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
    let body = Array(type.utf8) + data
    return bigEndian(UInt32(data.count)) + body + bigEndian(ReferenceCRC32.checksum(body))
  }

  /// The chunks of a PNG file: (type, offset of the chunk, data).
  static func chunks(_ file: [UInt8]) -> [(type: String, offset: Int, data: [UInt8])] {
    var out: [(String, Int, [UInt8])] = []
    var offset = 8
    while offset + 12 <= file.count {
      let length = Int(file[offset]) << 24 | Int(file[offset + 1]) << 16 | Int(file[offset + 2]) << 8 | Int(file[offset + 3])
      let type = String(decoding: file[offset + 4..<offset + 8], as: UTF8.self)
      out.append((type, offset, Array(file[offset + 8..<offset + 8 + length])))
      offset += 12 + length
    }
    return out
  }

  /// A file made of the signature and `chunks`.
  static func file(_ chunks: [(String, [UInt8])]) -> [UInt8] {
    signature + chunks.flatMap { chunk($0.0, $0.1) }
  }
}

/// Deflate and zlib pieces for the tests, from RFC 1950 and 1951.
enum TestDeflate {
  /// Stored blocks of at most `blockSize` bytes (one empty block for no
  /// data), the last one final.
  static func stored(_ data: [UInt8], blockSize: Int) -> [UInt8] {
    var out: [UInt8] = []
    var start = 0
    repeat {
      let length = min(blockSize, data.count - start)
      let final: UInt8 = start + length == data.count ? 1 : 0
      out += [final, UInt8(length & 0xFF), UInt8(length >> 8), UInt8(~length & 0xFF), UInt8(~length >> 8 & 0xFF)]
      out += data[start..<start + length]
      start += length
    } while start < data.count
    return out
  }

  /// One final fixed-Huffman block of literals only.
  static func fixedLiterals(_ data: [UInt8]) -> [UInt8] {
    var bits = TestBits()
    bits.write(1, 1)
    bits.write(1, 2)
    for byte in data { bits.writeFixedLiteral(Int(byte)) }
    bits.writeFixedLiteral(256)
    return bits.bytes()
  }

  /// Adler-32, from its definition.
  static func adler32(_ data: [UInt8]) -> UInt32 {
    var a: UInt32 = 1
    var b: UInt32 = 0
    for byte in data {
      a = (a + UInt32(byte)) % 65521
      b = (b + a) % 65521
    }
    return b << 16 | a
  }
}

/// Bits, least significant first, with deflate's fixed codes.
struct TestBits {
  var bits: [Bool] = []

  mutating func write(_ value: Int, _ count: Int) {
    for bit in 0..<count { bits.append(value >> bit & 1 == 1) }
  }

  /// A Huffman code: most significant bit first.
  mutating func writeCode(_ code: Int, _ length: Int) {
    for bit in (0..<length).reversed() { bits.append(code >> bit & 1 == 1) }
  }

  /// A literal/length symbol with the fixed code (RFC 1951, 3.2.6).
  mutating func writeFixedLiteral(_ symbol: Int) {
    switch symbol {
    case 0...143: writeCode(0x30 + symbol, 8)
    case 144...255: writeCode(0x190 + symbol - 144, 9)
    case 256...279: writeCode(symbol - 256, 7)
    default: writeCode(0xC0 + symbol - 280, 8)
    }
  }

  func bytes() -> [UInt8] {
    var out: [UInt8] = []
    var index = 0
    while index < bits.count {
      var byte: UInt8 = 0
      for bit in 0..<8 where index + bit < bits.count && bits[index + bit] { byte |= 1 << bit }
      out.append(byte)
      index += 8
    }
    return out
  }
}
