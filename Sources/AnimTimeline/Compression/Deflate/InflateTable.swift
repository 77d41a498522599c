/// A prefix code read from code lengths, for decoding: a 2^10-entry table
/// for codes up to 10 bits, and the canonical counts and sorted symbols
/// for the rare longer codes (decoded bit by bit).
struct InflateTable {
  /// Bits looked up at once.
  static let fastBits = 10
  /// `fast[bits]`: `symbol << 4 | length` of the code that `bits` (next
  /// stream bits, first in the lowest bit) start with, or 0 if that code
  /// is longer than ``fastBits`` or unused.
  var fast: [UInt16]
  /// How many codes have each length 0...15.
  var counts: [UInt16]
  /// The symbols ordered by code.
  var symbols: [UInt16]
  /// Offsets of each length's first symbol in `symbols`.
  private var offsets: [UInt16]

  /// Tables of their working sizes.
  init() {
    fast = [UInt16](repeating: 0, count: 1 << InflateTable.fastBits)
    counts = [UInt16](repeating: 0, count: 16)
    symbols = [UInt16](repeating: 0, count: 288)
    offsets = [UInt16](repeating: 0, count: 16)
  }

  /// Empty tables (no allocation), only a placeholder for
  /// ``InflateScratch/take()``: building them is not allowed.
  init(placeholder: Void) {
    fast = []
    counts = []
    symbols = []
    offsets = []
  }

  /// Whether a code may leave code space unused (RFC 1951 allows a
  /// single one-bit distance code; zlib also accepts it for literals).
  enum Completeness {
    /// Complete, or empty, or a single code of length 1.
    case lenient
    /// Complete (the code-length code).
    case complete
  }

  /// Builds the tables for `lengths`. Returns false if the lengths do
  /// not form a prefix code (over-subscribed, or incomplete where
  /// `completeness` forbids it).
  ///
  /// - Complexity: O(*n* + 2^10).
  mutating func build(_ lengths: UnsafeBufferPointer<UInt8>, completeness: Completeness) -> Bool {
    for length in 0..<16 { counts[length] = 0 }
    for length in lengths { counts[Int(length)] += 1 }
    counts[0] = 0
    var left = 1
    var maxLength = 0
    for length in 1..<16 {
      left <<= 1
      left -= Int(counts[length])
      if left < 0 { return false }
      if counts[length] != 0 { maxLength = length }
    }
    if left > 0 {
      let allowed = completeness == .lenient && (maxLength == 0 || (maxLength == 1 && counts[1] == 1))
      if !allowed { return false }
    }
    offsets[1] = 0
    for length in 1..<15 { offsets[length + 1] = offsets[length] + counts[length] }
    for symbol in 0..<lengths.count where lengths[symbol] != 0 {
      let length = Int(lengths[symbol])
      symbols[Int(offsets[length])] = UInt16(symbol)
      offsets[length] += 1
    }
    // Fast entries: walk the codes in canonical order.
    for index in 0..<fast.count { fast[index] = 0 }
    var code = 0
    var index = 0
    for length in 1...InflateTable.fastBits {
      for _ in 0..<Int(counts[length]) {
        let symbol = symbols[index]
        var reversed = Int(HuffmanCode.reverse(UInt16(code), length))
        let entry = symbol << 4 | UInt16(length)
        while reversed < fast.count {
          fast[reversed] = entry
          reversed += 1 << length
        }
        code += 1
        index += 1
      }
      code <<= 1
    }
    return true
  }
}
