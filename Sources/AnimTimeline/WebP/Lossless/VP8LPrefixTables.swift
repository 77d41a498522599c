/// The decoding tables of the prefix (Huffman) codes of one VP8L image,
/// one after another in a single array, built from code lengths.
///
/// Each code has a root table of 2^``rootBits`` entries indexed by the
/// next stream bits; codes longer than that continue in second-level
/// tables placed after the root. An entry is `value << 16 | length`:
/// for a code of at most ``rootBits`` bits, `value` is the symbol and
/// `length` the code length; in the root entry of a longer code, `length`
/// is ``rootBits`` plus the second-level table's index bits and `value`
/// the offset of that table from the root; in a second-level entry,
/// `length` is the code length less ``rootBits``. A code with a single
/// symbol has length 0 everywhere: decoding it reads no bits.
struct VP8LPrefixTables {
  /// Index bits of a root table.
  static let rootBits = 8
  /// `2^rootBits - 1`.
  static let rootMask = (1 << rootBits) - 1
  /// The longest code length the format allows.
  static let maxLength = 15

  /// The tables of the codes built so far.
  var entries: [UInt32] = []
  /// How many codes of each length 0...15 the code being built has.
  private var counts = Self.zeroPerLength
  /// The counts still to place while the second-level tables are laid
  /// out.
  private var remaining = Self.zeroPerLength
  /// The next position in ``sorted`` for each code length.
  private var starts = Self.zeroPerLength
  /// The used symbols ordered by code length, then symbol.
  private var sorted: [UInt16] = []
  /// The code lengths of the code being read, by symbol.
  var codeLengths = Self.zeroPerSymbol
  /// The code lengths of the code-length code being read.
  var lengthCodeLengths = Self.zeroPerLengthCode

  /// What the arrays above hold before the first code is read: shared by
  /// every table set, so that one never used allocates nothing; the first
  /// write to each copies it (copy-on-write). See ``VP8LDecoder``.
  private static let zeroPerLength = [Int](repeating: 0, count: maxLength + 1)
  private static let zeroPerSymbol = [UInt8](repeating: 0, count: maxAlphabetSize)
  private static let zeroPerLengthCode = [UInt8](repeating: 0, count: 19)

  /// The largest alphabet: 256 green values, 24 length prefixes and a
  /// 2^11-entry colour cache.
  static let maxAlphabetSize = 256 + 24 + (1 << 11)

  /// Empty tables.
  init() {}

  /// Forgets every code (keeping the memory).
  mutating func removeAll() {
    entries.removeAll(keepingCapacity: true)
  }

  /// What a built code looks like, for the decoder's shortcuts.
  struct Built {
    /// The offset of the code's root table in ``VP8LPrefixTables/entries``.
    var offset: Int
    /// The symbol of a single-symbol code (decoded without reading bits),
    /// or nil.
    var singleSymbol: Int?
    /// The longest code length (0 for a single-symbol code).
    var maxLength: Int
  }

  /// Appends the tables of the code with these code lengths (each
  /// 0...15; the index is the symbol). Returns nil, appending nothing, if
  /// the lengths are not a code libwebp accepts: every length 0,
  /// over-subscribed, or incomplete with more than one symbol.
  ///
  /// With `store` false only checks the lengths.
  ///
  /// - Complexity: O(*n* + *t*) for *n* symbols and a table of *t*
  ///   entries.
  mutating func append(lengths: UnsafeBufferPointer<UInt8>, store: Bool = true) -> Built? {
    for length in 0...Self.maxLength { counts[length] = 0 }
    var lastUsed = 0
    for symbol in 0..<lengths.count {
      let length = Int(lengths[symbol])
      if length > Self.maxLength { return nil }
      counts[length] += 1
      if length != 0 { lastUsed = symbol }
    }
    let used = lengths.count - counts[0]
    if used == 0 { return nil }
    let offset = entries.count
    if used == 1 {
      if store {
        entries.append(contentsOf: repeatElement(UInt32(lastUsed) << 16, count: 1 << Self.rootBits))
      }
      return Built(offset: offset, singleSymbol: lastUsed, maxLength: 0)
    }
    // Kraft: the code must fill the code space exactly.
    var open = 1
    var longest = 0
    for length in 1...Self.maxLength {
      open = open << 1 - counts[length]
      if open < 0 { return nil }
      if counts[length] != 0 { longest = length }
    }
    if open != 0 { return nil }
    if !store { return Built(offset: offset, singleSymbol: nil, maxLength: longest) }

    // Symbols sorted by (length, symbol): canonical code order.
    if sorted.count < lengths.count { sorted = [UInt16](repeating: 0, count: lengths.count) }
    var start = 0
    for length in 1...Self.maxLength {
      starts[length] = start
      start += counts[length]
    }
    for symbol in 0..<lengths.count where lengths[symbol] != 0 {
      let length = Int(lengths[symbol])
      sorted[starts[length]] = UInt16(truncatingIfNeeded: symbol)
      starts[length] += 1
    }

    let size = layOut(write: nil)
    #if ANIMTIMELINE_INTERNAL_CHECKS
      // Links to second-level tables are 16-bit offsets (the largest
      // table, for 2328 symbols, has 2704 entries).
      precondition(size <= 1 << 16, "prefix code table too large")
    #endif
    entries.append(contentsOf: repeatElement(0, count: size))
    var table: [UInt32] = []
    swap(&table, &entries)
    table.withUnsafeMutableBufferPointer { all in
      // `size` entries were just appended at `offset`.
      _ = layOut(write: UnsafeMutableBufferPointer(rebasing: all[offset..<(offset + size)]))
    }
    swap(&table, &entries)
    return Built(offset: offset, singleSymbol: nil, maxLength: longest)
  }

  /// Walks the canonical codes of ``counts`` (and ``sorted`` when
  /// writing) and returns the size of the root table plus second-level
  /// tables; fills `table` (of that size) if given.
  ///
  /// Canonical codes are consecutive integers within a length, shifted
  /// left by one at each longer length; they are stored bit-reversed
  /// because the stream sends a code's first bit in the lowest position.
  /// Codes longer than the root share a second-level table per first
  /// ``rootBits`` bits; consecutive codes share those bits, so each
  /// table is sized when its first (shortest) code arrives, just large
  /// enough for the codes that follow with the same first bits.
  private mutating func layOut(write table: UnsafeMutableBufferPointer<UInt32>?) -> Int {
    let root = Self.rootBits
    for length in 0...Self.maxLength { remaining[length] = counts[length] }
    var size = 1 << root
    var code = 0  // the current canonical code, most significant bit first
    var index = 0  // position in `sorted`
    var currentPrefix = -1
    var subTable = 0  // offset of the current second-level table
    var subBits = 0
    for length in 1...Self.maxLength {
      for _ in 0..<counts[length] {
        let symbol = table == nil ? 0 : UInt32(sorted[index])
        if length <= root {
          if let table {
            let step = 1 << length
            var slot = Self.reverse(code, length)
            while slot < 1 << root {
              table[slot] = symbol << 16 | UInt32(length)
              slot += step
            }
          }
        } else {
          let prefix = code >> (length - root)
          if prefix != currentPrefix {
            currentPrefix = prefix
            // Grow the table until the codes left with this prefix fill it.
            var bits = length
            var left = 1 << (length - root)
            while bits < Self.maxLength {
              left -= remaining[bits]
              if left <= 0 { break }
              bits += 1
              left <<= 1
            }
            subBits = bits - root
            subTable = size
            size += 1 << subBits
            table?[Self.reverse(prefix, root)] = UInt32(subTable) << 16 | UInt32(subBits + root)
          }
          if let table {
            let extra = length - root
            let step = 1 << extra
            var slot = Self.reverse(code & (step - 1), extra)
            while slot < 1 << subBits {
              table[subTable + slot] = symbol << 16 | UInt32(extra)
              slot += step
            }
          }
        }
        remaining[length] -= 1
        code += 1
        index += 1
      }
      code <<= 1
    }
    return size
  }

  /// The low `count` bits of `value` in reverse order.
  @inline(__always)
  static func reverse(_ value: Int, _ count: Int) -> Int {
    var input = value
    var output = 0
    for _ in 0..<count {
      output = output << 1 | (input & 1)
      input >>= 1
    }
    return output
  }
}
