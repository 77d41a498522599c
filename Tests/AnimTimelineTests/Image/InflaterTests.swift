import Testing
import TimelineScript

@testable import AnimTimeline

/// The inflater's tables (root tables with subtables for long codes) and
/// its two loops: the fast one (far from the end of a segment and of the
/// output) and the careful one (near them), over split input, short
/// distances and reused scratch tables.
@Suite struct InflaterTests {
  /// The entry that decodes `streamBits` (the next bits, first in the
  /// lowest bit) in `table`: a root lookup, and a subtable lookup after a
  /// link.
  static func entry(_ table: InflateTable, _ streamBits: Int) -> UInt32 {
    let root = table.rootBits
    let entry = table.entries[streamBits & (1 << root - 1)]
    if entry & InflateTable.linkFlag == 0 { return entry }
    let subBits = Int(entry >> 8 & 15)
    return table.entries[Int(entry >> 16) + (streamBits >> root) & (1 << subBits - 1)]
  }

  /// Every code of length-limited codes (up to 15 bits, so many use a
  /// subtable) decodes to its symbol with its length and extra bits, in
  /// each alphabet, with any bits after it; the tables stay in the room
  /// the scratch reserves (and grow when given none).
  @Test func tablesDecodeEveryCode() {
    var rng = SplitMix64(seed: 12)
    for round in 0..<PBTEnvironment.cases(40, atLeast: 4) {
      for (alphabet, count, root, room) in [
        (InflateTable.Alphabet.literalLength, 286, 10, 1024), (.distance, 30, 8, 256), (.codeLength, 19, 7, 0),
        (.literalLength, 286, 10, 0), (.distance, 30, 5, 0),  // no room: the subtables grow the table
      ] {
        // Skewed frequencies (a few common symbols, the rest rare and
        // very rare) give codes of every length up to the limit.
        let frequencies: [UInt32] = (0..<count).map { symbol in
          switch (Int(rng.next() % 4), round % 3) {
          case (_, 0): return UInt32(1 + rng.next() % 1000)
          case (0, _): return UInt32(1 + rng.next() % 1_000_000)
          case (1, 1): return 0
          default: return UInt32(1 + rng.next() % 3)
          }
        }
        let limit = alphabet == .codeLength ? 7 : 15
        var code = HuffmanCode(symbolCount: count)
        frequencies.withUnsafeBufferPointer { code.build(frequencies: $0, limit: limit) }
        var table = InflateTable(rootBits: root, subtableRoom: room)
        let initialSize = table.entries.count
        let built = code.lengths.withUnsafeBufferPointer {
          table.build($0, alphabet: alphabet, completeness: .complete)
        }
        #expect(built)
        // The root is as wide as the longest code, up to the room for it.
        #expect(table.rootBits == min(root, max(1, Int(code.lengths.max() ?? 0))))
        if room > 0 || alphabet == .codeLength { #expect(table.entries.count == initialSize) }
        for symbol in 0..<count where code.lengths[symbol] != 0 {
          let length = Int(code.lengths[symbol])
          let after = Int(rng.next() % (1 << 20))
          let found = InflaterTests.entry(table, Int(code.codes[symbol]) | after << length)
          #expect(Int(found >> 8 & 15) == length, "symbol \(symbol), round \(round)")
          switch alphabet {
          case .codeLength:
            #expect(found & InflateTable.literalFlag != 0 && Int(found >> 16) == symbol)
          case .literalLength where symbol < 256:
            #expect(found & InflateTable.literalFlag != 0 && Int(found >> 16) == symbol)
          case .literalLength where symbol == 256:
            #expect(found & InflateTable.endFlag != 0)
          case .literalLength:
            #expect(found & 0xF000 == 0)
            #expect(Int(found >> 16) == Int(DeflateTables.lengthBase[symbol - 257]))
            #expect(Int(found & 0xFF) == length + Int(DeflateTables.lengthExtraBits[symbol - 257]))
          case .distance:
            #expect(found & 0xF000 == 0)
            #expect(Int(found >> 16) == Int(DeflateTables.distanceBase[symbol]))
            #expect(Int(found & 0xFF) == length + Int(DeflateTables.distanceExtraBits[symbol]))
          }
        }
      }
    }
  }

  /// One table rebuilt for codes of different longest lengths (as an
  /// inflater's scratch is, block after block): each build decodes its
  /// own codes, whatever the one before left in the entries.
  @Test func aTableRebuiltForShortAndLongCodes() {
    var table = InflateTable(rootBits: 10, subtableRoom: 1024)
    var rng = SplitMix64(seed: 7)
    for round in 0..<PBTEnvironment.cases(60, atLeast: 6) {
      // Few symbols give short codes, many skewed ones long codes.
      let used = [3, 300, 20, 286, 2, 150][round % 6]
      let frequencies: [UInt32] = (0..<286).map { symbol in
        symbol < used ? UInt32(1 + rng.next() % (round % 2 == 0 ? 4 : 1_000_000)) : 0
      }
      var code = HuffmanCode(symbolCount: 286)
      frequencies.withUnsafeBufferPointer { code.build(frequencies: $0, limit: 15) }
      let longest = Int(code.lengths.max() ?? 0)
      #expect(code.lengths.withUnsafeBufferPointer { table.build($0, alphabet: .literalLength, completeness: .lenient) })
      #expect(table.rootBits == min(10, max(1, longest)), "round \(round)")
      for symbol in 0..<256 where code.lengths[symbol] != 0 {
        let length = Int(code.lengths[symbol])
        let found = InflaterTests.entry(table, Int(code.codes[symbol]) | Int(rng.next() % 4096) << length)
        #expect(found & InflateTable.literalFlag != 0 && Int(found >> 16) == symbol, "round \(round)")
        #expect(Int(found & 0xFF) == length, "round \(round)")
      }
    }
  }

  /// Codes that leave space unused: a single one-bit code is allowed (the
  /// other bit is no code), anything else incomplete is refused, and an
  /// over-subscribed code always.
  @Test func incompleteCodes() {
    var table = InflateTable(rootBits: 8, subtableRoom: 256)
    var lengths = [UInt8](repeating: 0, count: 30)
    lengths[3] = 1
    #expect(lengths.withUnsafeBufferPointer { table.build($0, alphabet: .distance, completeness: .lenient) })
    #expect(InflaterTests.entry(table, 0) >> 16 == UInt32(DeflateTables.distanceBase[3]))
    #expect(InflaterTests.entry(table, 1) & InflateTable.invalidFlag != 0)
    #expect(!lengths.withUnsafeBufferPointer { table.build($0, alphabet: .distance, completeness: .complete) })
    lengths[4] = 2
    #expect(!lengths.withUnsafeBufferPointer { table.build($0, alphabet: .distance, completeness: .lenient) })
    lengths[5] = 1
    #expect(!lengths.withUnsafeBufferPointer { table.build($0, alphabet: .distance, completeness: .lenient) })
  }

  /// Data with literals, runs and repeats at every distance from 1 to 40
  /// and lengths up to 258, plus noise.
  static func mixedData(_ count: Int, seed: UInt64) -> [UInt8] {
    var rng = SplitMix64(seed: seed)
    var data: [UInt8] = []
    while data.count < count {
      switch rng.next() % 4 {
      case 0:
        for _ in 0..<(1 + rng.next() % 40) { data.append(UInt8(truncatingIfNeeded: rng.next())) }
      case 1:
        let period = 1 + Int(rng.next() % 40)
        let pattern = (0..<period).map { _ in UInt8(truncatingIfNeeded: rng.next()) }
        for index in 0..<(3 + Int(rng.next() % 600)) { data.append(pattern[index % period]) }
      default:
        if data.count > 300 {
          let start = data.count - 1 - Int(rng.next() % 300)
          for index in 0..<Int(3 + rng.next() % 300) { data.append(data[start + index]) }
        } else {
          data.append(UInt8(rng.next() % 4))
        }
      }
    }
    return Array(data.prefix(count))
  }

  /// `stream` split into pieces of `piece` bytes (some empty), each
  /// followed by junk bytes in one buffer (as IDAT chunks sit between
  /// chunk headers and CRCs), inflated into `capacity` bytes.
  static func inflateSplit(
    _ stream: [UInt8], piece: Int, capacity: Int, zlib: Bool = false, scratch: inout InflateScratch
  ) throws(PNGError) -> [UInt8] {
    var buffer: [UInt8] = [0xEE, 0xEE]
    var segments: [Range<Int>] = []
    var start = 0
    while start < stream.count {
      let end = min(stream.count, start + piece)
      segments.append(buffer.count..<buffer.count + end - start)
      buffer += stream[start..<end]
      buffer += [0xFF, 0x00, 0xFF, 0xA5, 0x5A, 0xFF, 0x13, 0x37]
      if segments.count % 3 == 0 { segments.append(buffer.count..<buffer.count) }
      start = end
    }
    var output = [UInt8](repeating: 0, count: capacity)
    let result = buffer.withUnsafeBytes { bytes in
      output.withUnsafeMutableBufferPointer { output in
        Result { () throws(PNGError) in
          // A slice that does not start at index 0, after a range that
          // would break the stream if it were read.
          let held = [0..<bytes.count] + segments
          return try Inflater.inflate(bytes, segments: held[1...], zlib: zlib, into: output, scratch: &scratch)
        }
      }
    }
    return Array(output.prefix(try result.get()))
  }

  /// The same output whatever the segments' sizes (1 to 10,000 bytes:
  /// the fast loop runs only far from a segment's end), with junk
  /// between the segments that the inflater must never read.
  @Test func splitInput() throws {
    let data = InflaterTests.mixedData(60_000, seed: 3)
    var writer = BitWriter(appendingTo: [0x78, 0x9C])
    let padded = data + [UInt8](repeating: 0, count: DeflateEncoder.readPadding)
    padded.withUnsafeBytes { DeflateEncoder.compress($0, count: data.count, into: &writer) }
    let stream = writer.finish() + TestPNG.bigEndian(TestDeflate.adler32(data))
    var scratch = InflateScratch()
    for piece in [1, 2, 7, 8, 9, 15, 16, 17, 23, 64, 1000, 10_000, stream.count] {
      let inflated = try InflaterTests.inflateSplit(
        stream, piece: piece, capacity: data.count, zlib: true, scratch: &scratch)
      #expect(inflated == data, "pieces of \(piece)")
    }
  }

  /// Matches at every short distance (1...40, where the copy repeats a
  /// pattern shorter than its 8-byte steps) come out right, with the
  /// output exactly as large as the data (the careful loop writes the
  /// end) and larger (the fast loop's 8-byte copies never show).
  @Test func shortDistancesAndOutputRoom() throws {
    for seed: UInt64 in 1...6 {
      let data = InflaterTests.mixedData(20_000 + Int(seed) * 777, seed: seed)
      let stream = DeflateTests.compress(data)
      #expect(try DeflateTests.inflate(stream, capacity: data.count) == data)
      #expect(try DeflateTests.inflate(stream, capacity: data.count + 300) == data)
      #expect(throws: PNGError.self) { try DeflateTests.inflate(stream, capacity: data.count - 1) }
    }
    // Hand-built: a literal, then matches of every distance 1...7 and
    // length 3...258 after enough literals; fixed codes.
    var bits = TestBits()
    bits.write(1, 1)
    bits.write(1, 2)
    var expected: [UInt8] = []
    for byte in 0..<7 {
      bits.writeFixedLiteral(byte + 100)
      expected.append(UInt8(byte + 100))
    }
    for distance in 1...7 {
      for (code, length) in [(257, 3), (264, 10), (265, 11), (284, 257), (285, 258)] {
        bits.writeFixedLiteral(code)
        if code == 265 { bits.write(0, 1) }
        if code == 284 { bits.write(30, 5) }  // 227 + 30
        // Distance codes 0...3 are 1...4; 4 and 5 are 5-6 and 7-8 (one
        // extra bit).
        bits.writeCode(distance <= 4 ? distance - 1 : distance <= 6 ? 4 : 5, 5)
        if distance > 4 { bits.write(distance == 6 ? 1 : 0, 1) }
        for _ in 0..<length { expected.append(expected[expected.count - distance]) }
      }
    }
    bits.writeFixedLiteral(256)
    let stream = bits.bytes()
    #expect(try DeflateTests.inflate(stream, capacity: expected.count) == expected)
    #expect(try DeflateTests.inflate(stream, capacity: expected.count + 1000) == expected)
    var scratch = InflateScratch()
    #expect(try InflaterTests.inflateSplit(stream, piece: 5, capacity: expected.count, scratch: &scratch) == expected)
  }

  /// A dynamic header whose runs of code lengths cross from the
  /// literal/length code into the distance code (RFC 1951 allows it): a
  /// repeat of the previous length (16), or zeros (17). Each code gets
  /// exactly its own lengths, so "ab" and a match of 3 at distance 2
  /// inflate to "ababa".
  @Test func codeLengthRunsAcrossTheTwoCodes() throws {
    // Literal/length codes: 'a', 'b', end of block, length 3 (257), two
    // bits each. Distance codes: four of two bits, the first at `first`
    // (distance symbol 1 is distance 2).
    for zerosAcross in [false, true] {
      var bits = TestBits()
      bits.write(1, 1)  // final
      bits.write(2, 2)  // dynamic
      // With zeros across: literal/length symbols 258 and 259 and
      // distance symbol 0 have no code.
      let literalCount = zerosAcross ? 260 : 258
      let distanceCount = zerosAcross ? 5 : 4
      bits.write(literalCount - 257, 5)
      bits.write(distanceCount - 1, 5)
      // The code-length code: 2 (1 bit: 0), 16 (10), 17 (110), 18 (111),
      // in the order 16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13,
      // 2: sixteen lengths.
      bits.write(16 - 4, 4)
      for symbol in DeflateTables.codeLengthOrder.prefix(16) {
        bits.write([2: 1, 16: 2, 17: 3, 18: 3][symbol] ?? 0, 3)
      }
      bits.writeCode(0b111, 3)  // 0...96: 97 zeros (18: 11 + 86)
      bits.write(86, 7)
      bits.writeCode(0, 1)  // 'a' (97): 2
      bits.writeCode(0, 1)  // 'b': 2
      bits.writeCode(0b111, 3)  // 99...236: 138 zeros
      bits.write(127, 7)
      bits.writeCode(0b111, 3)  // 237...255: 19 zeros
      bits.write(8, 7)
      bits.writeCode(0, 1)  // 256: 2
      if zerosAcross {
        bits.writeCode(0, 1)  // 257: 2
        bits.writeCode(0b110, 3)  // 258, 259 and distance 0: zeros
        bits.write(0, 3)
        bits.writeCode(0, 1)  // distance 1: 2, and 2...4 the same (16)
        bits.writeCode(0b10, 2)
        bits.write(0, 2)
      } else {
        bits.writeCode(0b10, 2)  // 257 and distances 0...3: 2 (16, 5 times)
        bits.write(2, 2)
      }
      // The data: 'a' (00), 'b' (01), length 3 (11) at distance 2, end (10).
      bits.writeCode(0b00, 2)
      bits.writeCode(0b01, 2)
      bits.writeCode(0b11, 2)
      bits.writeCode(zerosAcross ? 0b00 : 0b01, 2)
      bits.writeCode(0b10, 2)
      let stream = bits.bytes()
      #expect(try DeflateTests.inflate(stream, capacity: 5) == Array("ababa".utf8), "zeros across: \(zerosAcross)")
      var scratch = InflateScratch()
      #expect(
        try InflaterTests.inflateSplit(stream, piece: 3, capacity: 5, scratch: &scratch) == Array("ababa".utf8),
        "zeros across: \(zerosAcross)")
    }
  }

  /// Literals with 15-bit codes (rare bytes among four common ones) in a
  /// dynamic block: decoded through subtables, in both loops.
  @Test func longLiteralCodes() throws {
    var rng = SplitMix64(seed: 77)
    var data = (0..<120_000).map { _ in UInt8(rng.next() % 4) }
    for rare in 0..<200 { data[Int(rng.next() % UInt64(data.count))] = UInt8(4 + rare % 252) }
    let stream = DeflateTests.compress(data)
    #expect(try DeflateTests.inflate(stream, capacity: data.count) == data)
    var scratch = InflateScratch()
    #expect(try InflaterTests.inflateSplit(stream, piece: 13, capacity: data.count, scratch: &scratch) == data)
  }

  /// One scratch for several streams: fixed, dynamic, a dynamic header
  /// that fails half-way, then fixed and dynamic again (the fixed tables
  /// are rebuilt after a dynamic block replaced them).
  @Test func scratchReuse() throws {
    let fixedData: [UInt8] = Array("fixed codes, fixed codes, fixed codes".utf8)
    let fixed = TestDeflate.fixedLiterals(fixedData)
    let dynamicData = InflaterTests.mixedData(5000, seed: 9)
    let dynamic = DeflateTests.compress(dynamicData)
    var badHeader = TestBits()
    badHeader.write(1, 1)
    badHeader.write(2, 2)
    badHeader.write(0, 5)
    badHeader.write(0, 5)
    badHeader.write(15, 4)
    for _ in 0..<19 { badHeader.write(1, 3) }
    var scratch = InflateScratch()
    for _ in 0..<2 {
      #expect(try InflaterTests.inflateSplit(fixed, piece: 100, capacity: 100, scratch: &scratch) == fixedData)
      #expect(
        try InflaterTests.inflateSplit(dynamic, piece: 999, capacity: dynamicData.count, scratch: &scratch)
          == dynamicData)
      #expect(throws: PNGError.self) {
        try InflaterTests.inflateSplit(badHeader.bytes() + [0, 0, 0, 0], piece: 100, capacity: 100, scratch: &scratch)
      }
    }
  }

  /// Adler-32 in 16 lanes equals its definition: any length (blocks of
  /// 347 pieces of 16 bytes and a tail), all-255 bytes (the largest
  /// sums), and continued from a split at any point.
  @Test func adler32MatchesItsDefinition() {
    var rng = SplitMix64(seed: 31)
    let noise = (0..<120_000).map { _ in UInt8(truncatingIfNeeded: rng.next()) }
    let ones = [UInt8](repeating: 255, count: 120_000)
    for data in [noise, ones] {
      for count in [0, 1, 15, 16, 17, 31, 5551, 5552, 5553, 347 * 16 - 1, 347 * 16, 347 * 16 + 1, 100_003, 120_000] {
        let prefix = Array(data[0..<count])
        let expected = TestDeflate.adler32(prefix)
        #expect(prefix.withUnsafeBytes { Adler32.update(1, $0) } == expected, "\(count) bytes")
        let split = count / 3
        let first = Array(prefix[0..<split])
        let second = Array(prefix[split...])
        let continued = second.withUnsafeBytes { rest in first.withUnsafeBytes { Adler32.update(Adler32.update(1, $0), rest) } }
        #expect(continued == expected, "\(count) bytes split at \(split)")
      }
    }
  }
}
