/// The constants of the deflate format (RFC 1951, section 3.2.5): how match
/// lengths and distances map to symbols and extra bits.
enum DeflateTables {
  /// The smallest length of a match.
  static let minMatch = 3
  /// The largest length of a match.
  static let maxMatch = 258
  /// The farthest a match may reach back.
  static let windowSize = 32768
  /// Literal/length symbols: 0–255 bytes, 256 end of block, 257–285 lengths.
  static let literalLengthSymbols = 286
  /// Distance symbols.
  static let distanceSymbols = 30
  /// Code-length symbols (the alphabet of a dynamic block's header).
  static let codeLengthSymbols = 19
  /// The symbol that ends a block.
  static let endOfBlock = 256

  /// The shortest length of each length symbol 257...285.
  static let lengthBase: [UInt16] = [
    3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31,
    35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258,
  ]
  /// The extra bits after each length symbol 257...285.
  static let lengthExtraBits: [UInt8] = [
    0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2,
    3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0,
  ]
  /// The shortest distance of each distance symbol 0...29.
  static let distanceBase: [UInt16] = [
    1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193,
    257, 385, 513, 769, 1025, 1537, 2049, 3073, 4097, 6145, 8193, 12289, 16385, 24577,
  ]
  /// The extra bits after each distance symbol 0...29.
  static let distanceExtraBits: [UInt8] = [
    0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6,
    7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13,
  ]
  /// The order in which a dynamic block's header lists the code lengths of
  /// the code-length alphabet.
  static let codeLengthOrder: [Int] = [16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15]

  /// The length symbol minus 257 for each match length minus 3 (0...255).
  static let lengthCode: [UInt8] = {
    var table = [UInt8](repeating: 0, count: 256)
    for code in 0..<lengthBase.count {
      let first = Int(lengthBase[code]) - 3
      let last = code + 1 < lengthBase.count ? Int(lengthBase[code + 1]) - 4 : 255
      for length in first...min(last, 255) { table[length] = UInt8(code) }
    }
    // 258 has its own symbol (285), though 227 + 31 would also reach it.
    table[255] = 28
    return table
  }()

  /// The distance symbol of each distance minus 1: entries 0...255 for
  /// distances 1...256, then entry `256 + (d - 1) >> 7` for longer ones.
  static let distanceCode: [UInt8] = {
    var table = [UInt8](repeating: 0, count: 512)
    for code in 0..<distanceBase.count {
      let first = Int(distanceBase[code]) - 1
      let last = code + 1 < distanceBase.count ? Int(distanceBase[code + 1]) - 2 : 32767
      for distance in first...last {
        if distance < 256 {
          table[distance] = UInt8(code)
        } else {
          table[256 + distance >> 7] = UInt8(code)
        }
      }
    }
    return table
  }()

  /// The distance symbol of `distance` (1...32768).
  @inline(__always)
  static func distanceSymbol(_ distance: Int, _ table: UnsafeBufferPointer<UInt8>) -> Int {
    let d = distance - 1
    return Int(d < 256 ? table[d] : table[256 + d >> 7])
  }
}
