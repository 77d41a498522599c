/// A deflate decompressor (RFC 1951), optionally inside a zlib stream
/// (RFC 1950, with its Adler-32 checked), reading compressed bytes that
/// may be split over several ranges of one buffer (a PNG's IDAT chunks)
/// and writing into a buffer of known size.
///
/// Errors are ``PNGError`` values whose offsets are offsets in the buffer.
struct Inflater {
  private let source: UnsafeRawBufferPointer
  private let segments: ArraySlice<Range<Int>>
  private var segmentIndex: Int
  /// The next byte to load, and the end of its segment.
  private var position: Int
  private var segmentEnd: Int
  /// Bits loaded and not consumed, first in the lowest bit.
  private var bits: UInt64 = 0
  private var bitCount = 0
  /// Zero bits appended after the last byte of the last segment (they sit
  /// at the top of `bits`; consuming any of them means the data ended).
  private var paddingBits = 0

  /// The code tables and code-length buffers, moved in from the caller's
  /// ``InflateScratch`` and back.
  private var tables: InflateScratch

  /// Decompresses the stream in `source`'s `segments` (in order) into
  /// `output`: a zlib stream if `zlib`, else raw deflate data. Returns the
  /// number of bytes written; throws ``PNGError/excessImageData(offset:)``
  /// if the stream holds more than `output.count` bytes. Bytes after the
  /// end of the stream are ignored. Bytes of `output` past the count
  /// returned may have been written to (the fast loop copies matches 8
  /// bytes at a time).
  ///
  /// - Complexity: O(*n* + *m*) for *n* compressed and *m* decompressed
  ///   bytes.
  static func inflate(
    _ source: UnsafeRawBufferPointer, segments: ArraySlice<Range<Int>>, zlib: Bool,
    into output: UnsafeMutableBufferPointer<UInt8>
  ) throws(PNGError) -> Int {
    var scratch = InflateScratch()
    return try inflate(source, segments: segments, zlib: zlib, into: output, scratch: &scratch)
  }

  /// ``inflate(_:segments:zlib:into:)`` with the code tables in `scratch`,
  /// which a caller keeps between streams: then inflating allocates
  /// nothing.
  ///
  /// - Throws: see ``inflate(_:segments:zlib:into:)``.
  /// - Complexity: O(*n* + *m*) for *n* compressed and *m* decompressed
  ///   bytes.
  static func inflate(
    _ source: UnsafeRawBufferPointer, segments: ArraySlice<Range<Int>>, zlib: Bool,
    into output: UnsafeMutableBufferPointer<UInt8>, scratch: inout InflateScratch
  ) throws(PNGError) -> Int {
    // Moved, not copied: the tables stay uniquely referenced, so building
    // them writes in place.
    var inflater = Inflater(source: source, segments: segments, tables: scratch.take())
    defer { scratch = inflater.tables.take() }
    return try inflater.run(zlib: zlib, output)
  }

  private init(source: UnsafeRawBufferPointer, segments: ArraySlice<Range<Int>>, tables: InflateScratch) {
    self.source = source
    self.segments = segments
    segmentIndex = segments.startIndex
    self.tables = tables
    position = segments.first?.lowerBound ?? 0
    segmentEnd = segments.first?.upperBound ?? 0
  }

  /// The offset of the next unread byte (approximate across segments).
  private var offset: Int { max(0, position - (bitCount - paddingBits) / 8) }

  /// Loads bytes until at least 56 bits are buffered (zero bits past the
  /// end of the data).
  // unsafe: the bit reader of every compressed byte; measured by
  // `Benchmarks/png_decode_vs_pillow.py --time`.
  // Not inlined: called once every 7 bytes or so, it made `take` too
  // large to be inlined in the header's readers, so that each bit field
  // read was a call (callgrind, bench decode of a 6x7 APNG --reopen).
  @inline(never)
  private mutating func refill() {
    while bitCount < 56 {
      if position == segmentEnd && !nextSegment() {
        bitCount += 8
        paddingBits += 8
        continue
      }
      if segmentEnd - position >= 8 {
        let word = UInt64(littleEndian: source.baseAddress!.loadUnaligned(fromByteOffset: position, as: UInt64.self))
        let take = (63 - bitCount) >> 3  // 1...7: bitCount < 56
        bits |= (word & ((1 << UInt64(take * 8)) - 1)) << UInt64(bitCount)
        position += take
        bitCount += take * 8
      } else {
        bits |= UInt64(source[position]) << UInt64(bitCount)
        position += 1
        bitCount += 8
      }
    }
  }

  /// Moves to the next non-empty segment; false at the end.
  private mutating func nextSegment() -> Bool {
    while segmentIndex + 1 < segments.endIndex {
      segmentIndex += 1
      position = segments[segmentIndex].lowerBound
      segmentEnd = segments[segmentIndex].upperBound
      if position < segmentEnd { return true }
    }
    return false
  }

  /// Throws if any padding bit has been consumed.
  @inline(__always)
  private func checkNotPastEnd() throws(PNGError) {
    if bitCount < paddingBits { throw .truncatedImageData(offset: position) }
  }

  /// The next `count` bits (at most 32), after a refill if needed.
  @inline(__always)
  private mutating func take(_ count: Int) -> Int {
    if bitCount < count { refill() }
    let value = Int(bits & ((1 << UInt64(count)) - 1))
    bits >>= UInt64(count)
    bitCount -= count
    return value
  }

  /// The entry of the next code in `table` (root and subtable lookups),
  /// without consuming it; at least 15 bits must be buffered.
  @inline(__always)
  private func lookUp(_ table: UnsafePointer<UInt32>, rootBits: Int) -> UInt32 {
    let entry = table[Int(truncatingIfNeeded: bits & (UInt64(1) &<< UInt64(rootBits) &- 1))]
    if entry & InflateTable.linkFlag == 0 { return entry }
    let subBits = UInt64(entry >> 8 & 15)
    return table[Int(entry >> 16) &+ Int(truncatingIfNeeded: bits &>> UInt64(rootBits) & (UInt64(1) &<< subBits &- 1))]
  }

  /// Consumes the code of `entry` (neither a link nor invalid) and its
  /// extra bits, and returns its value; the bits must be buffered.
  @inline(__always)
  private mutating func consume(_ entry: UInt32) -> Int {
    let total = UInt64(entry & 0xFF)
    let value = Int(entry >> 16) &+ Int(truncatingIfNeeded: (bits & (UInt64(1) &<< total &- 1)) &>> UInt64(entry >> 8 & 15))
    bits &>>= total
    bitCount &-= Int(total)
    return value
  }

  /// Decodes one symbol of the code-length code, whose table is a root
  /// only (its codes have at most 7 bits) and complete (every entry is a
  /// code: the build refuses an incomplete one); at least 7 bits must be
  /// buffered.
  @inline(__always)
  private mutating func decodeCodeLength(_ table: UnsafePointer<UInt32>, rootMask: UInt64) -> Int {
    let entry = table[Int(truncatingIfNeeded: bits & rootMask)]
    bits &>>= UInt64(entry & 0xFF)
    bitCount &-= Int(entry & 0xFF)
    return Int(entry &>> 16)
  }

  private mutating func run(zlib: Bool, _ output: UnsafeMutableBufferPointer<UInt8>) throws(PNGError) -> Int {
    refill()
    if zlib {
      let cmf = take(8)
      let flg = take(8)
      try checkNotPastEnd()
      if cmf & 0x0F != 8 || cmf >> 4 > 7 || (cmf << 8 | flg) % 31 != 0 || flg & 0x20 != 0 {
        throw .badZlibHeader(offset: segments.first?.lowerBound ?? 0)
      }
    }
    var written = 0
    var final = false
    while !final {
      refill()
      final = take(1) == 1
      switch take(2) {
      case 0:
        written = try storedBlock(output, written)
      case 1:
        written = try compressedBlock(output, written, fixed: true)
      case 2:
        try dynamicTables()
        written = try compressedBlock(output, written, fixed: false)
      default:
        throw .badDeflateData(offset: offset)
      }
    }
    if zlib {
      bits >>= UInt64(bitCount & 7)
      bitCount -= bitCount & 7
      var expected = 0
      for _ in 0..<4 { expected = expected << 8 | take(8) }
      try checkNotPastEnd()
      let actual = Adler32.update(1, UnsafeRawBufferPointer(rebasing: UnsafeMutableRawBufferPointer(output)[0..<written]))
      if UInt32(expected) != actual { throw .badAdler32(offset: offset) }
    }
    return written
  }

  private mutating func storedBlock(_ output: UnsafeMutableBufferPointer<UInt8>, _ start: Int) throws(PNGError) -> Int {
    bits >>= UInt64(bitCount & 7)
    bitCount -= bitCount & 7
    let length = take(16)
    let check = take(16)
    try checkNotPastEnd()
    if length != ~check & 0xFFFF { throw .badDeflateData(offset: offset) }
    if length > output.count - start { throw .excessImageData(offset: offset) }
    var written = start
    var remaining = length
    // Whole bytes still in the bit buffer first, then straight from the
    // segments.
    while remaining > 0 && bitCount - paddingBits >= 8 {
      output[written] = UInt8(truncatingIfNeeded: bits)
      bits >>= 8
      bitCount -= 8
      written += 1
      remaining -= 1
    }
    if remaining > 0 {
      // The buffer holds only padding now, if anything.
      bits = 0
      bitCount = 0
      paddingBits = 0
      while remaining > 0 {
        if position == segmentEnd && !nextSegment() { throw .truncatedImageData(offset: position) }
        let chunk = min(remaining, segmentEnd - position)
        UnsafeMutableRawBufferPointer(rebasing: UnsafeMutableRawBufferPointer(output)[written..<written + chunk])
          .copyMemory(from: UnsafeRawBufferPointer(rebasing: source[position..<position + chunk]))
        position += chunk
        written += chunk
        remaining -= chunk
      }
    }
    return written
  }

  private mutating func dynamicTables() throws(PNGError) {
    // The code lengths and the lists of symbols used live on the stack
    // while the codes are built: as arrays of the scratch they were two of
    // its allocations, each with a run-time metadata lookup, made with
    // every PNG opened (callgrind, bench decode of a 4x4 APNG --reopen).
    let failure = withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 19 + 320) { buffer -> PNGError? in
      withUnsafeTemporaryAllocation(of: UInt16.self, capacity: 320) { used -> PNGError? in
        do throws(PNGError) {
          try dynamicTables(
            lengthsOfCodeLengths: UnsafeMutableBufferPointer(rebasing: buffer[0..<19]),
            lengths: UnsafeMutableBufferPointer(rebasing: buffer[19...]), used: used)
          return nil
        } catch {
          return error
        }
      }
    }
    if let failure { throw failure }
  }

  /// Reads a dynamic block's header and builds its codes, with room for
  /// the 19 lengths of the code-length code, for the up to 316 lengths
  /// of the literal/length and distance codes, and for as many symbols
  /// used.
  private mutating func dynamicTables(
    lengthsOfCodeLengths: UnsafeMutableBufferPointer<UInt8>, lengths: UnsafeMutableBufferPointer<UInt8>,
    used: UnsafeMutableBufferPointer<UInt16>
  ) throws(PNGError) {
    refill()
    let literalCount = take(5) + 257
    let distanceCount = take(5) + 1
    let codeLengthCount = take(4) + 4
    if literalCount > 286 || distanceCount > 30 { throw .badDeflateData(offset: offset) }
    lengthsOfCodeLengths.update(repeating: 0)
    for index in 0..<codeLengthCount {
      lengthsOfCodeLengths[DeflateTables.codeLengthOrder[index]] = UInt8(take(3))
    }
    try checkNotPastEnd()
    // The first dynamic block allocates the tables: a stream of stored and
    // fixed blocks (most small images) needs none of its own.
    if !tables.isAllocated { tables = InflateScratch.allocated() }
    // The code-length code serves only while the other codes' lengths are
    // read, so it is built in the literal/length table's room (its codes,
    // at most 7 bits, all fit the root): no table of its own to allocate.
    let valid = tables.literals.build(
      UnsafeBufferPointer(lengthsOfCodeLengths), alphabet: .codeLength, completeness: .complete)
    if !valid { throw .badDeflateData(offset: offset) }

    let total = literalCount + distanceCount
    let codeLengthEntries = tables.literals.entries
    let (literalsUsed, allUsed) = try codeLengthEntries.withUnsafeBufferPointer {
      (codeLengthTable) throws(PNGError) in
      try readCodeLengths(
        total, codeLengthTable.baseAddress!, rootBits: tables.literals.rootBits, into: lengths, used: used,
        literalCount: literalCount)
    }
    if lengths[DeflateTables.endOfBlock] == 0 { throw .badDeflateData(offset: offset) }
    let ok =
      tables.literals.build(
        UnsafeBufferPointer(rebasing: lengths[0..<literalCount]),
        used: UnsafeBufferPointer(rebasing: used[0..<literalsUsed]), alphabet: .literalLength, completeness: .lenient)
      && tables.distances.build(
        UnsafeBufferPointer(rebasing: lengths[literalCount..<total]),
        used: UnsafeBufferPointer(rebasing: used[literalsUsed..<allUsed]), alphabet: .distance, completeness: .lenient)
    if !ok { throw .badDeflateData(offset: offset) }
  }

  /// Reads `total` code lengths of a dynamic block's header into
  /// `lengths`, with the code-length code `codeLengthTable` (whose root
  /// has `rootBits` index bits), and lists the symbols of non-zero length
  /// in `used`: first those of the literal/length code (the first
  /// `literalCount` lengths), then those of the distance code, each
  /// counted from its code's first symbol. Returns the number of each.
  private mutating func readCodeLengths(
    _ total: Int, _ codeLengthTable: UnsafePointer<UInt32>, rootBits: Int,
    into lengths: UnsafeMutableBufferPointer<UInt8>, used: UnsafeMutableBufferPointer<UInt16>, literalCount: Int
  ) throws(PNGError) -> (literals: Int, all: Int) {
    let rootMask = UInt64(1) &<< UInt64(rootBits) &- 1
    // Zeros first, in one pass: then a run of zeros (17, 18) only moves on.
    UnsafeMutableBufferPointer(rebasing: lengths[0..<total]).update(repeating: 0)
    var index = 0
    var usedCount = 0
    var literalsUsed = 0
    while index < total {
      if bitCount < 32 { refill() }
      let symbol = decodeCodeLength(codeLengthTable, rootMask: rootMask)
      switch symbol {
      case 0:
        index += 1
      case 17, 18:
        // Zeros, 3 to 10 times (17) or 11 to 138 times (18).
        let repeats = symbol == 17 ? 3 + take(3) : 11 + take(7)
        if repeats > total - index { throw .badDeflateData(offset: offset) }
        index += repeats
      default:
        // A length of 1 to 15 once, or the previous length 3 to 6 times
        // (16).
        var value = UInt8(truncatingIfNeeded: symbol)
        var repeats = 1
        if symbol == 16 {
          if index == 0 { throw .badDeflateData(offset: offset) }
          value = lengths[index - 1]
          repeats = 3 + take(2)
          if repeats > total - index { throw .badDeflateData(offset: offset) }
        }
        for _ in 0..<repeats {
          lengths[index] = value
          if value != 0 {
            let literal = index < literalCount
            used[usedCount] = UInt16(truncatingIfNeeded: literal ? index : index - literalCount)
            usedCount += 1
            if literal { literalsUsed = usedCount }
          }
          index += 1
        }
      }
      try checkNotPastEnd()
    }
    return (literalsUsed, usedCount)
  }

  /// Output bytes the fast loop keeps free before each step: two literals
  /// and a match of 258 bytes, copied 8 bytes at a time (up to 7 bytes
  /// past its end).
  private static let fastOutputRoom = 274
  /// Input bytes the fast loop keeps before each step: two 8-byte loads,
  /// each advancing at most 7 bytes.
  private static let fastInputRoom = 16

  /// Decodes one Huffman-coded block with the fixed codes (`fixed`) or
  /// the tables the block's header built.
  // The fixed codes are read from their shared tables, never copied into
  // the scratch: copying them (5 KiB) and allocating the scratch for them
  // was a sixth of opening a 4x4 APNG (callgrind, bench decode --reopen).
  private mutating func compressedBlock(
    _ output: UnsafeMutableBufferPointer<UInt8>, _ start: Int, fixed: Bool
  ) throws(PNGError) -> Int {
    // Local references, so that the tables are not borrowed from `self`
    // while it changes.
    let literalTable = fixed ? InflateTable.fixedLiterals : tables.literals
    let distanceTable = fixed ? InflateTable.fixedDistances : tables.distances
    return try literalTable.entries.withUnsafeBufferPointer { (literals) throws(PNGError) -> Int in
      try distanceTable.entries.withUnsafeBufferPointer { (distances) throws(PNGError) -> Int in
        try decodeBlock(
          literals.baseAddress!, rootBits: literalTable.rootBits, distances.baseAddress!,
          rootBits: distanceTable.rootBits, output, start)
      }
    }
  }

  /// Copies a match of `length` bytes from `distance` bytes back to
  /// `target`, 8 bytes at a time: writes up to 7 bytes past the match.
  @inline(__always)
  private static func copyMatch(_ target: UnsafeMutablePointer<UInt8>, distance: Int, length: Int) {
    var to = UnsafeMutableRawPointer(target)
    let end = to + length
    if distance >= 8 {
      // Each 8-byte load ends before the bytes that its store writes.
      var from = UnsafeRawPointer(to - distance)
      repeat {
        to.storeBytes(of: from.loadUnaligned(as: UInt64.self), as: UInt64.self)
        from += 8
        to += 8
      } while to < end
    } else {
      // A pattern of 1...7 bytes: 8 bytes of it one by one, then that
      // word again after each whole number of patterns (8, 8, 6, 8, 5,
      // 6, 7 bytes for distances 1...7).
      for index in 0..<8 { target[index] = target[index &- distance] }
      let word = to.loadUnaligned(as: UInt64.self)
      let step = Int(truncatingIfNeeded: (0x0706_0508_0608_0800 as UInt64) &>> UInt64(distance &* 8) & 0xFF)
      to += step
      while to < end {
        to.storeBytes(of: word, as: UInt64.self)
        to += step
      }
    }
  }

  /// Decodes the symbols of one Huffman-coded block with the tables
  /// `literals` and `distances` (their ``InflateTable/entries``): a fast
  /// loop while at least ``fastInputRoom`` bytes of the segment and
  /// ``fastOutputRoom`` bytes of output are left, one careful symbol at
  /// a time otherwise.
  // unsafe: reads every code and writes every decompressed byte. With
  // the fast loop (8-byte refills without checks, one lookup per literal
  // or length, 8-byte match copies), inflating fell from 23 % to 4 % of
  // `bench decode`'s samples on a 472x298 indexed frame (perf), and a
  // 1024x768 RGBA PNG from Pillow went from 1.26x libpng's time to about
  // 0.66x (Benchmarks/png_vs_libpng.sh; Docs/Performance.md, 2026-11-26).
  private mutating func decodeBlock(
    _ literals: UnsafePointer<UInt32>, rootBits literalRoot: Int, _ distances: UnsafePointer<UInt32>,
    rootBits distanceRoot: Int, _ output: UnsafeMutableBufferPointer<UInt8>, _ start: Int
  ) throws(PNGError) -> Int {
    guard let out = output.baseAddress else {
      // An empty output takes only an empty block.
      refill()
      let entry = lookUp(literals, rootBits: literalRoot)
      if entry & InflateTable.endFlag == 0 { throw .excessImageData(offset: offset) }
      _ = consume(entry)
      try checkNotPastEnd()
      return 0
    }
    var written = start
    let capacity = output.count
    while true {
      // The output's room first: a small image's output never has it, and
      // this test comes before each of its symbols.
      if capacity - written >= Inflater.fastOutputRoom, segmentEnd - position >= Inflater.fastInputRoom,
        paddingBits == 0, let input = source.baseAddress
      {
        // The fast loop, on local copies of the bit reader. No padding
        // can be buffered (the data has not ended), and each step has the
        // input and output room it can use.
        var bits = self.bits
        var bitCount = self.bitCount
        var position = self.position
        let outputLimit = capacity - Inflater.fastOutputRoom
        let inputLimit = segmentEnd - Inflater.fastInputRoom
        let literalMask = UInt64(1) &<< UInt64(literalRoot) &- 1
        let distanceMask = UInt64(1) &<< UInt64(distanceRoot) &- 1
        let literalFlag = InflateTable.literalFlag
        var ended = false
        var bad = false
        fast: while written <= outputLimit && position <= inputLimit {
          // At least 56 bits: a length and a distance with their extra
          // bits, or three literals. The bits above `bitCount` are those
          // of the next byte, so loading it again does no harm.
          bits |= UInt64(littleEndian: input.loadUnaligned(fromByteOffset: position, as: UInt64.self)) &<< UInt64(bitCount)
          position &+= (63 &- bitCount) &>> 3
          bitCount |= 56
          var entry = literals[Int(truncatingIfNeeded: bits & literalMask)]
          if entry & literalFlag != 0 {
            bits &>>= UInt64(entry & 0xFF)
            bitCount &-= Int(entry & 0xFF)
            out[written] = UInt8(truncatingIfNeeded: entry &>> 16)
            written &+= 1
            entry = literals[Int(truncatingIfNeeded: bits & literalMask)]
            if entry & literalFlag != 0 {
              bits &>>= UInt64(entry & 0xFF)
              bitCount &-= Int(entry & 0xFF)
              out[written] = UInt8(truncatingIfNeeded: entry &>> 16)
              written &+= 1
              entry = literals[Int(truncatingIfNeeded: bits & literalMask)]
              if entry & literalFlag != 0 {
                bits &>>= UInt64(entry & 0xFF)
                bitCount &-= Int(entry & 0xFF)
                out[written] = UInt8(truncatingIfNeeded: entry &>> 16)
                written &+= 1
                continue
              }
            }
            // Up to 30 bits used: refill for the length and distance.
            bits |= UInt64(littleEndian: input.loadUnaligned(fromByteOffset: position, as: UInt64.self)) &<< UInt64(bitCount)
            position &+= (63 &- bitCount) &>> 3
            bitCount |= 56
          }
          if entry & InflateTable.linkFlag != 0 {
            let subMask = UInt64(1) &<< UInt64(entry &>> 8 & 15) &- 1
            entry = literals[Int(entry &>> 16) &+ Int(truncatingIfNeeded: bits &>> UInt64(literalRoot) & subMask)]
            if entry & literalFlag != 0 {
              bits &>>= UInt64(entry & 0xFF)
              bitCount &-= Int(entry & 0xFF)
              out[written] = UInt8(truncatingIfNeeded: entry &>> 16)
              written &+= 1
              continue
            }
          }
          if entry & (InflateTable.endFlag | InflateTable.invalidFlag) != 0 {
            if entry & InflateTable.endFlag != 0 {
              bits &>>= UInt64(entry & 0xFF)
              bitCount &-= Int(entry & 0xFF)
              ended = true
            } else {
              bad = true
            }
            break fast
          }
          var total = UInt64(entry & 0xFF)
          let length =
            Int(entry &>> 16) &+ Int(truncatingIfNeeded: (bits & (UInt64(1) &<< total &- 1)) &>> UInt64(entry &>> 8 & 15))
          bits &>>= total
          bitCount &-= Int(total)
          entry = distances[Int(truncatingIfNeeded: bits & distanceMask)]
          if entry & InflateTable.linkFlag != 0 {
            let subMask = UInt64(1) &<< UInt64(entry &>> 8 & 15) &- 1
            entry = distances[Int(entry &>> 16) &+ Int(truncatingIfNeeded: bits &>> UInt64(distanceRoot) & subMask)]
          }
          if entry & InflateTable.invalidFlag != 0 {
            bad = true
            break fast
          }
          total = UInt64(entry & 0xFF)
          let distance =
            Int(entry &>> 16) &+ Int(truncatingIfNeeded: (bits & (UInt64(1) &<< total &- 1)) &>> UInt64(entry &>> 8 & 15))
          bits &>>= total
          bitCount &-= Int(total)
          if distance > written {
            bad = true
            break fast
          }
          Inflater.copyMatch(out + written, distance: distance, length: length)
          written &+= length
        }
        self.bits = bits
        self.bitCount = bitCount
        self.position = position
        if bad { throw .badDeflateData(offset: offset) }
        if ended { return written }
      }
      // One symbol, with every check. A literal or the end takes at most
      // 15 bits, a length and its distance at most 48: refilling for 48
      // before every symbol refilled every symbol or two of a small
      // image's stream, which never reaches the fast loop (callgrind,
      // bench decode of a 6x7 APNG --reopen).
      if bitCount < 15 { refill() }
      let entry = lookUp(literals, rootBits: literalRoot)
      if entry & InflateTable.literalFlag != 0 {
        if written == capacity { throw .excessImageData(offset: offset) }
        // A literal has no extra bits: its value is the entry's.
        bits &>>= UInt64(entry & 0xFF)
        bitCount &-= Int(entry & 0xFF)
        out[written] = UInt8(truncatingIfNeeded: entry &>> 16)
        written += 1
        try checkNotPastEnd()
        continue
      }
      if entry & InflateTable.endFlag != 0 {
        _ = consume(entry)
        try checkNotPastEnd()
        return written
      }
      if entry & InflateTable.invalidFlag != 0 { throw .badDeflateData(offset: offset) }
      if bitCount < 48 { refill() }
      let length = consume(entry)
      let distanceEntry = lookUp(distances, rootBits: distanceRoot)
      if distanceEntry & InflateTable.invalidFlag != 0 { throw .badDeflateData(offset: offset) }
      let distance = consume(distanceEntry)
      try checkNotPastEnd()
      if distance > written { throw .badDeflateData(offset: offset) }
      if length > capacity - written { throw .excessImageData(offset: offset) }
      for index in written..<written + length { out[index] = out[index - distance] }
      written += length
    }
  }
}
