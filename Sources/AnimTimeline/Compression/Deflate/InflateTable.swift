/// A prefix code read from code lengths, for decoding with one lookup per
/// symbol: a root table indexed by the next ``rootBits`` stream bits, and
/// for codes longer than that, subtables indexed by the bits after them
/// (a root entry then links to its subtable).
///
/// Each entry (32 bits) says everything the decoder needs:
/// - bits 0...7: the bits to consume, the code's length plus the extra
///   bits of a length or distance symbol (in a link: ``rootBits``);
/// - bits 8...11: the code's length (in a link: the subtable's index bits);
/// - bits 12...15: flags (``literalFlag``, ``linkFlag``, ``endFlag``,
///   ``invalidFlag``; none for a length or a distance);
/// - bits 16...31: the value: a literal byte, a code-length symbol, the
///   base of a length or distance (its extra bits are added: they follow
///   the code), or a link's subtable offset.
///
/// So for any entry that is not a link or invalid, the decoded value is
/// `entry >> 16 + (next (bits 0...7) bits) >> (bits 8...11)`, and the
/// bits 0...7 are consumed.
struct InflateTable {
  /// A literal byte (or, in the code-length code, any symbol).
  static let literalFlag: UInt32 = 0x8000
  /// A link to a subtable.
  static let linkFlag: UInt32 = 0x4000
  /// The end-of-block symbol.
  static let endFlag: UInt32 = 0x2000
  /// No code, or a symbol that is never valid (literal/length 286 and
  /// 287, distances 30 and 31).
  static let invalidFlag: UInt32 = 0x1000

  /// What the symbols of a code mean.
  enum Alphabet {
    /// Literals, end of block, lengths (RFC 1951's 0...287).
    case literalLength
    /// Distances (0...31).
    case distance
    /// Code lengths (0...18): every symbol is its own value.
    case codeLength
  }

  /// The root table's index bits for the code built last: its longest
  /// code's length, up to ``maximumRootBits``.
  private(set) var rootBits: Int
  /// The most index bits the root table has room for.
  let maximumRootBits: Int
  /// The root table (`1 << rootBits` entries), then the subtables.
  private(set) var entries: [UInt32]
  /// Tables of their working sizes for codes that look up `rootBits` bits
  /// at once, with room for `subtableRoom` subtable entries.
  ///
  /// ``build(_:alphabet:completeness:)`` grows `entries` if the subtables
  /// need more room (never for a deflate code with the room that
  /// ``InflateScratch`` reserves).
  init(rootBits: Int, subtableRoom: Int) {
    self.rootBits = rootBits
    maximumRootBits = rootBits
    entries = [UInt32](repeating: InflateTable.invalidFlag, count: (1 << rootBits) + subtableRoom)
  }

  /// Empty tables (no allocation), an empty ``InflateScratch``'s: building
  /// them is not allowed.
  init(placeholder: Void) {
    rootBits = 0
    maximumRootBits = 0
    entries = []
  }

  /// Whether a code may leave code space unused (RFC 1951 allows a
  /// single one-bit distance code; zlib also accepts it for literals).
  enum Completeness {
    /// Complete, or empty, or a single code of length 1.
    case lenient
    /// Complete (the code-length code).
    case complete
  }

  /// The entry for `symbol` with a code of `length` bits.
  @inline(__always)
  private static func entry(_ symbol: Int, length: Int, alphabet: Alphabet) -> UInt32 {
    let codeBits = UInt32(length) << 8 | UInt32(length)
    switch alphabet {
    case .codeLength:
      return UInt32(symbol) << 16 | literalFlag | codeBits
    case .literalLength:
      if symbol < 256 { return UInt32(symbol) << 16 | literalFlag | codeBits }
      if symbol == DeflateTables.endOfBlock { return endFlag | codeBits }
      let code = symbol - 257
      if code >= 29 { return invalidFlag | codeBits }
      return UInt32(DeflateTables.lengthBase[code]) << 16 | (codeBits + UInt32(DeflateTables.lengthExtraBits[code]))
    case .distance:
      if symbol >= 30 { return invalidFlag | codeBits }
      return UInt32(DeflateTables.distanceBase[symbol]) << 16 | (codeBits + UInt32(DeflateTables.distanceExtraBits[symbol]))
    }
  }

  /// Builds the tables for `lengths`, the code lengths of `alphabet`'s
  /// symbols 0, 1, .... Returns false if the lengths do not form a prefix
  /// code (over-subscribed, or incomplete where `completeness` forbids
  /// it).
  ///
  /// - Complexity: O(*n* + 2^``rootBits``) and the subtables' size.
  mutating func build(_ lengths: UnsafeBufferPointer<UInt8>, alphabet: Alphabet, completeness: Completeness) -> Bool {
    guard lengths.count <= Self.mostSymbols else { return false }
    return withUnsafeTemporaryAllocation(of: UInt16.self, capacity: Self.mostSymbols) { used in
      var count = 0
      for symbol in 0..<lengths.count where lengths[symbol] & 15 != 0 {
        used[count] = UInt16(truncatingIfNeeded: symbol)
        count &+= 1
      }
      let usedSymbols = UnsafeBufferPointer(rebasing: used[..<count])
      return build(lengths, used: usedSymbols, alphabet: alphabet, completeness: completeness)
    }
  }

  /// ``build(_:alphabet:completeness:)`` for lengths whose symbols of
  /// non-zero length are known: `used` lists them in increasing order
  /// (each less than `lengths.count`). Reading a dynamic block's header
  /// lists them as it goes, so the build never visits the symbols of
  /// length 0 (most of a small image's literal/length code).
  ///
  /// - Complexity: O(*u* + 2^``rootBits``) and the subtables' size, for
  ///   *u* symbols used.
  // bench decode of a 6x7 APNG with three dynamic blocks --reopen
  // (callgrind): counting and sorting all 257 and more literal/length
  // symbols took 4.5 and 6 instructions a symbol, about 2,700 a build,
  // for the dozen symbols such an image uses.
  mutating func build(
    _ lengths: UnsafeBufferPointer<UInt8>, used: UnsafeBufferPointer<UInt16>, alphabet: Alphabet,
    completeness: Completeness
  ) -> Bool {
    guard lengths.count <= Self.mostSymbols, used.count <= lengths.count else { return false }
    #if ANIMTIMELINE_INTERNAL_CHECKS
    for (index, symbol) in used.enumerated() {
      precondition(Int(symbol) < lengths.count && lengths[Int(symbol)] & 15 != 0, "a symbol used has no code")
      precondition(index == 0 || used[index - 1] < symbol, "the symbols used are not in increasing order")
    }
    #endif
    // The counts per length, each length's next place and the symbols by
    // code live on the stack for the build: as arrays of the table they
    // were 9 of the 14 allocations of an inflater's scratch, each with a
    // run-time metadata lookup, allocated and freed with every PNG opened
    // (callgrind, bench decode of a 4x4 APNG --reopen).
    return withUnsafeTemporaryAllocation(of: UInt16.self, capacity: 32 + Self.mostSymbols) { scratch in
      let counts = UnsafeMutableBufferPointer(rebasing: scratch[0..<16])
      let offsets = UnsafeMutableBufferPointer(rebasing: scratch[16..<32])
      let symbols = UnsafeMutableBufferPointer(rebasing: scratch[32...])
      counts.initialize(repeating: 0)
      var maxLength = 0
      for symbol in used {
        let length = Int(lengths[Int(symbol)] & 15)
        counts[length] &+= 1
        maxLength = max(maxLength, length)
      }
      // The code space left after the codes of each length (there are
      // none longer than `maxLength`): over-subscribed if it goes below 0.
      var left = 1
      for length in 1..<maxLength + 1 {
        left &<<= 1
        left &-= Int(counts[length])
        if left < 0 { return false }
      }
      if left > 0 {
        let allowed = completeness == .lenient && (maxLength == 0 || (maxLength == 1 && counts[1] == 1))
        if !allowed { return false }
      }
      // A root table no wider than the longest code: all its codes then
      // take one lookup, and a short code (a small image's) fills a few
      // entries instead of 2^maximumRootBits.
      // bench decode of a 4x4 two-frame APNG --reopen: filling the 1,024-
      // and 256-entry roots of each stream's dynamic block was 18 % of the
      // instructions (callgrind).
      rootBits = min(maximumRootBits, max(1, maxLength))
      offsets[0] = 0
      offsets[1] = 0
      for length in 1..<maxLength { offsets[length + 1] = offsets[length] &+ counts[length] }
      for symbol in used {
        let length = Int(lengths[Int(symbol)] & 15)
        symbols[Int(offsets[length])] = symbol
        offsets[length] &+= 1
      }
      let sorted = UnsafeBufferPointer(counts)
      let bySymbol = UnsafeBufferPointer(rebasing: symbols[..<used.count])
      if !fill(alphabet: alphabet, maxLength: maxLength, complete: left == 0, counts: sorted, symbols: bySymbol) {
        // More subtables than the room reserved (not for a deflate code
        // with the scratch's root sizes): room for one subtable of the
        // longest codes per symbol.
        let most = (1 << rootBits) + Self.mostSymbols << max(0, 15 - rootBits)
        entries.append(contentsOf: repeatElement(InflateTable.invalidFlag, count: max(0, most - entries.count)))
        _ = fill(alphabet: alphabet, maxLength: maxLength, complete: left == 0, counts: sorted, symbols: bySymbol)
      }
      return true
    }
  }

  /// The most symbols a code has (literal/length: 288).
  static let mostSymbols = 288

  /// Writes the entries of the code whose `counts` and sorted `symbols`
  /// are ready; false if the subtables need more room than `entries` has.
  // unsafe: built for every dynamic block; with array stores the builds
  // were 41 % of `bench decode` on a 21x9 image (still__pal8.png).
  private mutating func fill(
    alphabet: Alphabet, maxLength: Int, complete: Bool, counts: UnsafeBufferPointer<UInt16>,
    symbols: UnsafeBufferPointer<UInt16>
  ) -> Bool {
    let rootBits = self.rootBits
    let rootSize = 1 << rootBits
    return entries.withUnsafeMutableBufferPointer { entries in
      if !complete {
        // Only codes of at most one bit are incomplete: the root
        // table holds them all, and its other entries are no code.
        for index in 0..<rootSize { entries[index] = InflateTable.invalidFlag }
      }
      // Walk the codes in canonical order. `streamBits` is the code as
      // the stream sends it (first bit lowest), advanced to the next
      // code by a reversed increment: it carries from the code's last
      // bit down, as the canonical code's +1 carries up. Moving to a
      // longer code (a shift of the canonical code) leaves it unchanged.
      // A complete code fills every root entry: with a short code, or
      // with a link for the codes longer than the root.
      // bench decode of a 6x7 APNG --reopen (callgrind): reversing each
      // code's bits instead took about 20 of a code's 45 instructions.
      var streamBits = 0
      var index = 0
      var subtableEnd = rootSize  // the next free entry after the subtables
      var linkPrefix = -1  // the root index of the current subtable
      var subtableStart = 0
      var subtableBits = 0
      for length in 1...max(1, maxLength) {
        let count = Int(counts[length])
        for number in 0..<count {
          let entry = InflateTable.entry(Int(symbols[index]), length: length, alphabet: alphabet)
          if length <= rootBits {
            let step = 1 &<< length
            var slot = streamBits
            repeat {
              entries[slot] = entry
              slot &+= step
            } while slot < rootSize
          } else {
            let prefix = streamBits & (rootSize - 1)
            if prefix != linkPrefix {
              // A new subtable: as many index bits as it takes for
              // the codes from this one on to fill the prefix's code
              // space (the codes sharing a prefix are consecutive).
              var bits = length - rootBits
              var room = (1 << bits) - (count - number)
              var deeper = length
              while room > 0 && deeper < maxLength {
                deeper += 1
                bits += 1
                room = room << 1 - Int(counts[deeper])
              }
              subtableStart = subtableEnd
              subtableBits = bits
              subtableEnd += 1 << bits
              if subtableEnd > entries.count { return false }
              linkPrefix = prefix
              entries[prefix] =
                UInt32(subtableStart) << 16 | InflateTable.linkFlag | UInt32(bits) << 8 | UInt32(rootBits)
            }
            let step = 1 &<< (length &- rootBits)
            var slot = subtableStart + streamBits >> rootBits
            let end = subtableStart + 1 << subtableBits
            repeat {
              entries[slot] = entry
              slot &+= step
            } while slot < end
          }
          var increment = 1 &<< (length &- 1)
          while streamBits & increment != 0 { increment &>>= 1 }
          streamBits = increment == 0 ? 0 : streamBits & (increment &- 1) &+ increment
          index &+= 1
        }
      }
      return true
    }
  }

  /// The fixed literal/length code's table (RFC 1951, section 3.2.6),
  /// built once; its codes fit the root table.
  static let fixedLiterals: InflateTable = {
    var table = InflateTable(rootBits: 10, subtableRoom: 0)
    let lengths = (0..<288).map { UInt8($0 < 144 ? 8 : $0 < 256 ? 9 : $0 < 280 ? 7 : 8) }
    _ = lengths.withUnsafeBufferPointer { table.build($0, alphabet: .literalLength, completeness: .lenient) }
    return table
  }()

  /// The fixed distance code's table: 32 five-bit codes, 30 and 31
  /// invalid.
  static let fixedDistances: InflateTable = {
    var table = InflateTable(rootBits: 8, subtableRoom: 0)
    let lengths = [UInt8](repeating: 5, count: 32)
    _ = lengths.withUnsafeBufferPointer { table.build($0, alphabet: .distance, completeness: .complete) }
    return table
  }()
}
