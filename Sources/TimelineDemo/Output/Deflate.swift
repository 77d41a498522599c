/// A small deflate (RFC 1951) encoder for the PNG writer.
enum Deflate {
  /// Stored (uncompressed) blocks.
  static func stored(_ data: [UInt8]) -> [UInt8] {
    var out: [UInt8] = []
    var index = 0
    repeat {
      let count = min(65535, data.count - index)
      let final: UInt8 = index + count == data.count ? 1 : 0
      out.append(final)
      out += [UInt8(count & 0xFF), UInt8(count >> 8), UInt8(~count & 0xFF), UInt8(~count >> 8 & 0xFF)]
      out += data[index..<index + count]
      index += count
    } while index < data.count
    return out
  }

  /// One block with the fixed Huffman codes and greedy LZ77 matches found
  /// through a hash of 3 bytes (window 32 KiB, lengths 3...258).
  ///
  /// - Complexity: O(*n*).
  static func fixedHuffman(_ data: [UInt8]) -> [UInt8] {
    var writer = BitWriter()
    writer.write(1, count: 1)  // final
    writer.write(1, count: 2)  // fixed Huffman
    let hashSize = 1 << 15
    var head = [Int](repeating: -1, count: hashSize)
    var index = 0
    let count = data.count
    while index < count {
      var bestLength = 0
      var bestDistance = 0
      if index + 3 <= count {
        let hash = (Int(data[index]) << 10 ^ Int(data[index + 1]) << 5 ^ Int(data[index + 2])) & (hashSize - 1)
        let candidate = head[hash]
        head[hash] = index
        if candidate >= 0, index - candidate <= 32768 {
          let limit = min(258, count - index)
          var length = 0
          while length < limit, data[candidate + length] == data[index + length] { length += 1 }
          if length >= 3 {
            bestLength = length
            bestDistance = index - candidate
          }
        }
      }
      if bestLength >= 3 {
        writeLength(bestLength, &writer)
        writeDistance(bestDistance, &writer)
        index += bestLength
      } else {
        writeLiteral(Int(data[index]), &writer)
        index += 1
      }
    }
    writeLiteral(256, &writer)
    return writer.finish()
  }

  static let lengthBase = [3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258]
  static let lengthExtra = [0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0]
  static let distanceBase = [1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769, 1025, 1537, 2049, 3073, 4097, 6145, 8193, 12289, 16385, 24577]
  static let distanceExtra = [0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13]

  /// Writes literal/length symbol `symbol` with the fixed code.
  static func writeLiteral(_ symbol: Int, _ writer: inout BitWriter) {
    switch symbol {
    case 0...143: writer.writeReversed(0x30 + symbol, count: 8)
    case 144...255: writer.writeReversed(0x190 + symbol - 144, count: 9)
    case 256...279: writer.writeReversed(symbol - 256, count: 7)
    default: writer.writeReversed(0xC0 + symbol - 280, count: 8)
    }
  }

  static func writeLength(_ length: Int, _ writer: inout BitWriter) {
    var code = lengthBase.count - 1
    while lengthBase[code] > length { code -= 1 }
    writeLiteral(257 + code, &writer)
    writer.write(length - lengthBase[code], count: lengthExtra[code])
  }

  static func writeDistance(_ distance: Int, _ writer: inout BitWriter) {
    var code = distanceBase.count - 1
    while distanceBase[code] > distance { code -= 1 }
    writer.writeReversed(code, count: 5)
    writer.write(distance - distanceBase[code], count: distanceExtra[code])
  }

  /// Packs bits least significant first, as deflate wants.
  struct BitWriter {
    var bytes: [UInt8] = []
    var buffer: UInt64 = 0
    var used = 0

    /// Writes the low `count` bits of `value`, least significant first.
    mutating func write(_ value: Int, count: Int) {
      guard count > 0 else { return }
      buffer |= UInt64(value & ((1 << count) - 1)) << UInt64(used)
      used += count
      while used >= 8 {
        bytes.append(UInt8(buffer & 0xFF))
        buffer >>= 8
        used -= 8
      }
    }

    /// Writes a Huffman code, most significant bit first.
    mutating func writeReversed(_ code: Int, count: Int) {
      var reversed = 0
      for bit in 0..<count where code >> bit & 1 != 0 {
        reversed |= 1 << (count - 1 - bit)
      }
      write(reversed, count: count)
    }

    mutating func finish() -> [UInt8] {
      if used > 0 { bytes.append(UInt8(buffer & 0xFF)) }
      buffer = 0
      used = 0
      return bytes
    }
  }
}
