/// A tiny inflater (RFC 1951: stored and fixed-Huffman blocks) and PNG
/// reader for round-trip tests of the PNG writer.
enum Inflate {
  struct Failure: Error, CustomStringConvertible {
    var description: String
  }

  struct BitReader {
    let data: [UInt8]
    var position = 0
    var bit = 0

    mutating func bits(_ count: Int) throws -> Int {
      var value = 0
      for shift in 0..<count {
        guard position < data.count else { throw Failure(description: "deflate data ends early") }
        value |= Int(data[position] >> UInt8(bit) & 1) << shift
        bit += 1
        if bit == 8 {
          bit = 0
          position += 1
        }
      }
      return value
    }

    /// A Huffman code of `count` bits, most significant first.
    mutating func code(_ count: Int) throws -> Int {
      var value = 0
      for _ in 0..<count { value = value << 1 | (try bits(1)) }
      return value
    }

    mutating func alignToByte() {
      if bit != 0 {
        bit = 0
        position += 1
      }
    }
  }

  static let lengthBase = [3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258]
  static let lengthExtra = [0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0]
  static let distanceBase = [1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769, 1025, 1537, 2049, 3073, 4097, 6145, 8193, 12289, 16385, 24577]
  static let distanceExtra = [0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13]

  /// Decodes a fixed-Huffman literal/length symbol.
  static func fixedSymbol(_ reader: inout BitReader) throws -> Int {
    var code = try reader.code(7)
    if code <= 0b0010111 { return 256 + code }
    code = code << 1 | (try reader.bits(1))
    if (0x30...0xBF).contains(code) { return code - 0x30 }
    if (0xC0...0xC7).contains(code) { return 280 + code - 0xC0 }
    code = code << 1 | (try reader.bits(1))
    if (0x190...0x1FF).contains(code) { return 144 + code - 0x190 }
    throw Failure(description: "bad fixed Huffman code")
  }

  static func inflate(_ data: [UInt8]) throws -> [UInt8] {
    var reader = BitReader(data: data)
    var out: [UInt8] = []
    var final = 0
    repeat {
      final = try reader.bits(1)
      let type = try reader.bits(2)
      switch type {
      case 0:
        reader.alignToByte()
        let length = try reader.bits(16)
        let complement = try reader.bits(16)
        guard length == ~complement & 0xFFFF else { throw Failure(description: "stored length check") }
        for _ in 0..<length { out.append(UInt8(try reader.bits(8))) }
      case 1:
        while true {
          let symbol = try fixedSymbol(&reader)
          if symbol < 256 {
            out.append(UInt8(symbol))
          } else if symbol == 256 {
            break
          } else {
            let lengthCode = symbol - 257
            guard lengthCode < 29 else { throw Failure(description: "bad length code") }
            let length = lengthBase[lengthCode] + (try reader.bits(lengthExtra[lengthCode]))
            let distanceCode = try reader.code(5)
            guard distanceCode < 30 else { throw Failure(description: "bad distance code") }
            let distance = distanceBase[distanceCode] + (try reader.bits(distanceExtra[distanceCode]))
            guard distance <= out.count else { throw Failure(description: "distance too far") }
            for _ in 0..<length { out.append(out[out.count - distance]) }
          }
        }
      default:
        throw Failure(description: "unsupported block type \(type)")
      }
    } while final == 0
    return out
  }

  static func be32(_ bytes: [UInt8], _ at: Int) -> UInt32 {
    UInt32(bytes[at]) << 24 | UInt32(bytes[at + 1]) << 16 | UInt32(bytes[at + 2]) << 8 | UInt32(bytes[at + 3])
  }

  /// Reads an 8-bit RGBA, non-interlaced PNG with filter 0 rows, checking
  /// every chunk CRC, the zlib header and the Adler-32.
  static func readPNG(_ file: [UInt8], crc: ([UInt8]) -> UInt32) throws -> (width: Int, height: Int, pixels: [UInt8]) {
    guard file.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) else {
      throw Failure(description: "bad PNG signature")
    }
    var position = 8
    var width = 0
    var height = 0
    var idat: [UInt8] = []
    var sawEnd = false
    while position + 12 <= file.count {
      let length = Int(be32(file, position))
      let type = String(decoding: file[position + 4..<position + 8], as: UTF8.self)
      let body = Array(file[position + 8..<position + 8 + length])
      let stored = be32(file, position + 8 + length)
      guard crc(Array(file[position + 4..<position + 8 + length])) == stored else {
        throw Failure(description: "bad CRC in \(type)")
      }
      switch type {
      case "IHDR":
        width = Int(be32(body, 0))
        height = Int(be32(body, 4))
        guard Array(body[8...]) == [8, 6, 0, 0, 0] else { throw Failure(description: "unexpected IHDR") }
      case "IDAT": idat += body
      case "IEND": sawEnd = true
      default: break
      }
      position += 12 + length
    }
    guard sawEnd, position == file.count else { throw Failure(description: "no IEND at the end") }
    guard idat.count >= 6, (UInt16(idat[0]) << 8 | UInt16(idat[1])) % 31 == 0, idat[0] & 0x0F == 8 else {
      throw Failure(description: "bad zlib header")
    }
    let raw = try inflate(Array(idat[2..<idat.count - 4]))
    var a: UInt32 = 1
    var b: UInt32 = 0
    for byte in raw {
      a = (a + UInt32(byte)) % 65521
      b = (b + a) % 65521
    }
    guard b << 16 | a == be32(idat, idat.count - 4) else { throw Failure(description: "bad Adler-32") }
    let rowBytes = width * 4
    guard raw.count == (rowBytes + 1) * height else { throw Failure(description: "bad image data size") }
    var pixels: [UInt8] = []
    for row in 0..<height {
      guard raw[row * (rowBytes + 1)] == 0 else { throw Failure(description: "unexpected filter") }
      pixels += raw[row * (rowBytes + 1) + 1..<(row + 1) * (rowBytes + 1)]
    }
    return (width, height, pixels)
  }
}
