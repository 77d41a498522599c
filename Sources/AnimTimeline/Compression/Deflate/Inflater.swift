/// A deflate decompressor (RFC 1951), optionally inside a zlib stream
/// (RFC 1950, with its Adler-32 checked), reading compressed bytes that
/// may be split over several ranges of one buffer (a PNG's IDAT chunks)
/// and writing into a buffer of known size.
///
/// Errors are ``PNGError`` values whose offsets are offsets in the buffer.
struct Inflater {
  private let source: UnsafeRawBufferPointer
  private let segments: [Range<Int>]
  private var segmentIndex = 0
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
  /// end of the stream are ignored.
  ///
  /// - Complexity: O(*n* + *m*) for *n* compressed and *m* decompressed
  ///   bytes.
  static func inflate(
    _ source: UnsafeRawBufferPointer, segments: [Range<Int>], zlib: Bool,
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
    _ source: UnsafeRawBufferPointer, segments: [Range<Int>], zlib: Bool,
    into output: UnsafeMutableBufferPointer<UInt8>, scratch: inout InflateScratch
  ) throws(PNGError) -> Int {
    // Moved, not copied: the tables stay uniquely referenced, so building
    // them writes in place.
    var inflater = Inflater(source: source, segments: segments, tables: scratch.take())
    defer { scratch = inflater.tables.take() }
    return try inflater.run(zlib: zlib, output)
  }

  private init(source: UnsafeRawBufferPointer, segments: [Range<Int>], tables: InflateScratch) {
    self.source = source
    self.segments = segments
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
  @inline(__always)
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
    while segmentIndex + 1 < segments.count {
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

  /// Decodes one symbol; at least 15 bits must be buffered.
  @inline(__always)
  private mutating func decode(_ table: borrowing InflateTable) throws(PNGError) -> Int {
    let entry = table.fast[Int(bits & UInt64((1 << InflateTable.fastBits) - 1))]
    if entry != 0 {
      let length = Int(entry & 15)
      bits >>= UInt64(length)
      bitCount -= length
      return Int(entry >> 4)
    }
    // A long or unused code: canonical decoding, one bit at a time.
    var code = 0
    var first = 0
    var index = 0
    for length in 1..<16 {
      code |= Int(bits & 1)
      bits >>= 1
      bitCount -= 1
      let count = Int(table.counts[length])
      if code - first < count { return Int(table.symbols[index + code - first]) }
      index += count
      first = (first + count) << 1
      code <<= 1
    }
    throw .badDeflateData(offset: offset)
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
        try fixedTables()
        written = try compressedBlock(output, written)
      case 2:
        try dynamicTables()
        written = try compressedBlock(output, written)
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

  private mutating func fixedTables() throws(PNGError) {
    tables.lengths.withUnsafeMutableBufferPointer { lengths in
      for symbol in 0..<288 { lengths[symbol] = symbol < 144 ? 8 : symbol < 256 ? 9 : symbol < 280 ? 7 : 8 }
      _ = tables.literals.build(UnsafeBufferPointer(rebasing: lengths[0..<288]), completeness: .lenient)
      // 32 five-bit codes; 30 and 31 are never valid (checked on use).
      for symbol in 0..<32 { lengths[symbol] = 5 }
      _ = tables.distances.build(UnsafeBufferPointer(rebasing: lengths[0..<32]), completeness: .complete)
    }
  }

  private mutating func dynamicTables() throws(PNGError) {
    refill()
    let literalCount = take(5) + 257
    let distanceCount = take(5) + 1
    let codeLengthCount = take(4) + 4
    if literalCount > 286 || distanceCount > 30 { throw .badDeflateData(offset: offset) }
    for index in 0..<19 { tables.lengthsOfCodeLengths[index] = 0 }
    for index in 0..<codeLengthCount {
      tables.lengthsOfCodeLengths[DeflateTables.codeLengthOrder[index]] = UInt8(take(3))
    }
    try checkNotPastEnd()
    let valid = tables.lengthsOfCodeLengths.withUnsafeBufferPointer {
      tables.codeLengthTable.build($0, completeness: .complete)
    }
    if !valid { throw .badDeflateData(offset: offset) }

    let total = literalCount + distanceCount
    var index = 0
    while index < total {
      if bitCount < 32 { refill() }
      let symbol = try decode(tables.codeLengthTable)
      switch symbol {
      case 0...15:
        tables.lengths[index] = UInt8(symbol)
        index += 1
      default:
        let (value, repeats): (UInt8, Int)
        switch symbol {
        case 16:
          if index == 0 { throw .badDeflateData(offset: offset) }
          (value, repeats) = (tables.lengths[index - 1], 3 + take(2))
        case 17: (value, repeats) = (0, 3 + take(3))
        default: (value, repeats) = (0, 11 + take(7))
        }
        if repeats > total - index { throw .badDeflateData(offset: offset) }
        for _ in 0..<repeats {
          tables.lengths[index] = value
          index += 1
        }
      }
      try checkNotPastEnd()
    }
    if tables.lengths[DeflateTables.endOfBlock] == 0 { throw .badDeflateData(offset: offset) }
    let ok = tables.lengths.withUnsafeBufferPointer { lengths in
      tables.literals.build(UnsafeBufferPointer(rebasing: lengths[0..<literalCount]), completeness: .lenient)
        && tables.distances.build(UnsafeBufferPointer(rebasing: lengths[literalCount..<total]), completeness: .lenient)
    }
    if !ok { throw .badDeflateData(offset: offset) }
  }

  /// Decodes one Huffman-coded block with the current tables.
  // unsafe: writes every decompressed byte; measured by
  // `Benchmarks/png_decode_vs_pillow.py --time`.
  private mutating func compressedBlock(_ output: UnsafeMutableBufferPointer<UInt8>, _ start: Int) throws(PNGError) -> Int {
    var written = start
    let capacity = output.count
    guard let out = output.baseAddress else {
      // An empty output takes only an empty block.
      refill()
      if try decode(tables.literals) != DeflateTables.endOfBlock { throw .excessImageData(offset: offset) }
      try checkNotPastEnd()
      return 0
    }
    while true {
      if bitCount < 48 { refill() }
      let symbol = try decode(tables.literals)
      if symbol < 256 {
        if written == capacity { throw .excessImageData(offset: offset) }
        out[written] = UInt8(truncatingIfNeeded: symbol)
        written += 1
        try checkNotPastEnd()
        continue
      }
      if symbol == DeflateTables.endOfBlock { break }
      let code = symbol - 257
      if code >= 29 { throw .badDeflateData(offset: offset) }
      let length = Int(DeflateTables.lengthBase[code]) + take(Int(DeflateTables.lengthExtraBits[code]))
      let distanceCode = try decode(tables.distances)
      if distanceCode >= 30 { throw .badDeflateData(offset: offset) }
      let distance = Int(DeflateTables.distanceBase[distanceCode]) + take(Int(DeflateTables.distanceExtraBits[distanceCode]))
      try checkNotPastEnd()
      if distance > written { throw .badDeflateData(offset: offset) }
      if length > capacity - written { throw .excessImageData(offset: offset) }
      var from = out + written - distance
      var to = out + written
      let end = to + length
      if distance >= length {
        to.update(from: from, count: length)
      } else {
        while to < end {
          to.pointee = from.pointee
          to += 1
          from += 1
        }
      }
      written += length
    }
    try checkNotPastEnd()
    return written
  }
}
