import Testing
import TimelineScript

@testable import AnimTimeline

/// The compressor and the inflater on edge cases, each checked against the
/// other and against streams built by hand.
@Suite struct DeflateTests {
  /// Raw deflate data of `data` from the library's compressor, and the
  /// symbols of each block it wrote.
  static func compress(_ data: [UInt8]) -> [UInt8] {
    var writer = BitWriter(appendingTo: [])
    let padded = data + [UInt8](repeating: 0, count: DeflateEncoder.readPadding)
    padded.withUnsafeBytes { DeflateEncoder.compress($0, count: data.count, into: &writer) }
    return writer.finish()
  }

  /// The decompressed bytes of raw deflate data, with room for
  /// `capacity` bytes.
  static func inflate(_ stream: [UInt8], capacity: Int, zlib: Bool = false) throws(PNGError) -> [UInt8] {
    var output = [UInt8](repeating: 0, count: capacity)
    let result = stream.withUnsafeBytes { bytes in
      output.withUnsafeMutableBufferPointer { output in
        Result { () throws(PNGError) in try Inflater.inflate(bytes, segments: [0..<stream.count][...], zlib: zlib, into: output) }
      }
    }
    return Array(output.prefix(try result.get()))
  }

  static func roundTrip(_ data: [UInt8]) throws -> [UInt8] {
    try inflate(compress(data), capacity: data.count)
  }

  @Test func emptyInput() throws {
    let stream = DeflateTests.compress([])
    #expect(stream == [0x03, 0x00])  // one final fixed block: end of block only
    #expect(try DeflateTests.inflate(stream, capacity: 0) == [])
  }

  @Test func longRuns() throws {
    let zeros = [UInt8](repeating: 0, count: 1_000_000)
    let stream = DeflateTests.compress(zeros)
    #expect(stream.count < 2_000)
    #expect(try DeflateTests.inflate(stream, capacity: zeros.count) == zeros)
    var pattern: [UInt8] = []
    for index in 0..<300_000 { pattern.append(UInt8(index % 3 == 0 ? 7 : index % 5)) }
    #expect(try DeflateTests.roundTrip(pattern) == pattern)
  }

  @Test func smallAndOddInputs() throws {
    var rng = SplitMix64(seed: 5)
    for count in [1, 2, 3, 4, 5, 7, 8, 9, 15, 16, 17, 257, 258, 259, 65535, 65536, 70000] {
      let noise = (0..<count).map { _ in UInt8(truncatingIfNeeded: rng.next()) }
      #expect(try DeflateTests.roundTrip(noise) == noise, "noise of \(count)")
      let few = (0..<count).map { _ in UInt8(rng.next() % 3) }
      #expect(try DeflateTests.roundTrip(few) == few, "three symbols, \(count)")
    }
  }

  /// Noise does not compress: the blocks come out stored, barely larger
  /// than the input.
  @Test func incompressibleInputIsStored() throws {
    var rng = SplitMix64(seed: 9)
    let noise = (0..<200_000).map { _ in UInt8(truncatingIfNeeded: rng.next()) }
    let stream = DeflateTests.compress(noise)
    #expect(stream.count <= noise.count + 5 * (noise.count / 1000 + 2))
    #expect(try DeflateTests.inflate(stream, capacity: noise.count) == noise)
  }

  /// A block of 300 random bytes repeated exactly 32,768 bytes later:
  /// the second copy is a match at the largest distance deflate allows,
  /// with the longest length (258) first.
  @Test func maximumDistanceAndLength() throws {
    var rng = SplitMix64(seed: 21)
    let block = (0..<300).map { _ in UInt8(truncatingIfNeeded: rng.next()) }
    let filler = (0..<(32768 - 300)).map { _ in UInt8(truncatingIfNeeded: rng.next()) }
    let data = block + filler + block
    #expect(try DeflateTests.roundTrip(data) == data)

    // The stream is small enough only if the repeat became a match:
    // 32,768 literal bytes of noise, then 300 bytes in a few symbols.
    let stream = DeflateTests.compress(data)
    #expect(stream.count < 32768 + 5 * 10 + 20)
  }

  /// Streams built by hand: stored then fixed blocks, a match of length
  /// 258 at distance 32,768, and an overlapping match (distance 1).
  @Test func handBuiltStreams() throws {
    var rng = SplitMix64(seed: 4)
    let prefix = (0..<32768).map { _ in UInt8(truncatingIfNeeded: rng.next()) }
    // Two stored blocks, neither final.
    var stream = TestDeflate.stored(Array(prefix[0..<20000]), blockSize: 20000)
    stream[0] = 0
    var second = TestDeflate.stored(Array(prefix[20000...]), blockSize: 20000)
    second[0] = 0
    stream += second
    var bits = TestBits()
    bits.write(1, 1)  // final
    bits.write(1, 2)  // fixed
    bits.writeFixedLiteral(285)  // length 258
    bits.writeCode(29, 5)  // distance code 29: 24577 + 13 extra bits
    bits.write(32768 - 24577, 13)
    bits.writeFixedLiteral(65)  // 'A'
    bits.writeFixedLiteral(257 + 7)  // length 10
    bits.writeCode(0, 5)  // distance 1
    bits.writeFixedLiteral(256)
    stream += bits.bytes()
    let expected = prefix + Array(prefix[0..<258]) + [UInt8](repeating: 65, count: 11)
    #expect(try DeflateTests.inflate(stream, capacity: expected.count) == expected)
    // One byte less room: too much data.
    #expect(throws: PNGError.self) { try DeflateTests.inflate(stream, capacity: expected.count - 1) }
  }

  /// Malformed streams give typed errors.
  @Test func malformedStreams() {
    func expectBad(_ stream: [UInt8], _ label: String) {
      #expect(throws: PNGError.self, "\(label)") { try DeflateTests.inflate(stream, capacity: 100) }
    }
    expectBad([0x07], "reserved block type 3")
    expectBad([0x01, 0x05, 0x00, 0xFA, 0xFE] + [UInt8](repeating: 0, count: 5), "stored length check")
    var farBits = TestBits()
    farBits.write(1, 1)
    farBits.write(1, 2)
    farBits.writeFixedLiteral(257)
    farBits.writeCode(0, 5)  // distance 1 with nothing written yet
    expectBad(farBits.bytes(), "distance before the start")
    var symbolBits = TestBits()
    symbolBits.write(1, 1)
    symbolBits.write(1, 2)
    symbolBits.writeFixedLiteral(286)
    expectBad(symbolBits.bytes() + [0, 0], "literal/length symbol 286")
    var distanceBits = TestBits()
    distanceBits.write(1, 1)
    distanceBits.write(1, 2)
    distanceBits.writeFixedLiteral(65)
    distanceBits.writeFixedLiteral(257)
    distanceBits.writeCode(30, 5)
    expectBad(distanceBits.bytes() + [0, 0], "distance symbol 30")
    // Dynamic header with an over-subscribed code-length code: 19 codes
    // of length 1.
    var over = TestBits()
    over.write(1, 1)
    over.write(2, 2)
    over.write(0, 5)
    over.write(0, 5)
    over.write(15, 4)
    for _ in 0..<19 { over.write(1, 3) }
    expectBad(over.bytes() + [0, 0, 0, 0], "over-subscribed code-length code")
    var tooMany = TestBits()
    tooMany.write(1, 1)
    tooMany.write(2, 2)
    tooMany.write(30, 5)  // HLIT 287
    tooMany.write(0, 5)
    tooMany.write(0, 4)
    expectBad(tooMany.bytes() + [0, 0, 0, 0], "287 literal/length codes")
    // Repeat (16) with no previous length: code-length code where 16 and
    // 0 both have length 1.
    var repeatFirst = TestBits()
    repeatFirst.write(1, 1)
    repeatFirst.write(2, 2)
    repeatFirst.write(0, 5)
    repeatFirst.write(0, 5)
    repeatFirst.write(0, 4)  // 4 code-length codes: 16, 17, 18, 0
    repeatFirst.write(1, 3)  // 16: length 1
    repeatFirst.write(0, 3)
    repeatFirst.write(0, 3)
    repeatFirst.write(1, 3)  // 0: length 1
    repeatFirst.writeCode(1, 1)  // symbol 16 (codes: 0 -> "0", 16 -> "1")
    repeatFirst.write(0, 2)
    expectBad(repeatFirst.bytes() + [0, 0, 0, 0], "repeat with no previous length")
  }

  /// A valid stream cut at every length never traps, and every cut but
  /// the whole stream is an error.
  @Test func truncatedStreams() throws {
    var rng = SplitMix64(seed: 8)
    let data = (0..<3000).map { _ in UInt8(rng.next() % 4) } + (0..<100).map { _ in UInt8(truncatingIfNeeded: rng.next()) }
    var writer = BitWriter(appendingTo: [0x78, 0x9C])
    let padded = data + [UInt8](repeating: 0, count: DeflateEncoder.readPadding)
    padded.withUnsafeBytes { DeflateEncoder.compress($0, count: data.count, into: &writer) }
    let stream = writer.finish() + TestPNG.bigEndian(TestDeflate.adler32(data))
    #expect(try DeflateTests.inflate(stream, capacity: data.count, zlib: true) == data)
    for cut in 0..<stream.count {
      #expect(throws: PNGError.self, "cut at \(cut)") {
        try DeflateTests.inflate(Array(stream[0..<cut]), capacity: data.count, zlib: true)
      }
    }
  }

  /// Length-limited codes: frequencies in a Fibonacci sequence make an
  /// unlimited Huffman code 30 levels deep; the built code respects the
  /// limit, satisfies Kraft's equality and never gives a rarer symbol a
  /// shorter code.
  @Test func lengthLimitedCodes() {
    var frequencies: [UInt32] = [1, 1]
    while frequencies.count < 30 { frequencies.append(frequencies[frequencies.count - 1] + frequencies[frequencies.count - 2]) }
    for limit in [7, 15] {
      var code = HuffmanCode(symbolCount: frequencies.count)
      frequencies.withUnsafeBufferPointer { code.build(frequencies: $0, limit: limit) }
      #expect(code.lengths.allSatisfy { $0 >= 1 && $0 <= limit })
      let kraft = code.lengths.reduce(0) { $0 + (1 << (limit - Int($1))) }
      #expect(kraft == 1 << limit)
      for a in 0..<frequencies.count {
        for b in 0..<frequencies.count where frequencies[a] < frequencies[b] {
          #expect(code.lengths[a] >= code.lengths[b])
        }
      }
    }
    // Without a limit in play the code is a Huffman code: 1, 1, 2, 3
    // gives lengths 3, 3, 2, 1.
    var small = HuffmanCode(symbolCount: 4)
    [UInt32(1), 1, 2, 3].withUnsafeBufferPointer { small.build(frequencies: $0, limit: 15) }
    #expect(small.lengths == [3, 3, 2, 1])
    // One used symbol still gets a second code so the code is complete.
    var single = HuffmanCode(symbolCount: 5)
    [UInt32(0), 0, 9, 0, 0].withUnsafeBufferPointer { single.build(frequencies: $0, limit: 15) }
    #expect(single.lengths == [1, 0, 1, 0, 0])
  }
}
