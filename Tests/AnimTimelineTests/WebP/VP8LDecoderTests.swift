import Foundation
import Testing
import TimelineScript
@testable import AnimTimeline

/// The WebP lossless decoder: the corpus's lossless stills and first
/// animation frames against libwebp's CRC-32s, hand-built streams, and
/// damaged or random data (which must throw or decode, never trap).
@Suite struct VP8LDecoderTests {
  /// Decodes a `VP8L` payload into RGBA (sized from its header).
  static func decode(
    _ payload: ArraySlice<UInt8>, offset: Int = 0, decoder: inout VP8LDecoder
  ) -> Result<(VP8LHeader, [UInt8]), VP8LDecodingError> {
    let bytes = Array(payload)
    return bytes.withUnsafeBytes { raw in
      Result { () throws(VP8LDecodingError) -> (VP8LHeader, [UInt8]) in
        let header = try VP8LHeader.read(raw, offset: offset)
        var rgba = [UInt8](repeating: 0, count: header.width * header.height * 4)
        _ = try rgba.withUnsafeMutableBufferPointer { (out) throws(VP8LDecodingError) in
          try decoder.decode(raw, offset: offset, into: out)
        }
        return (header, rgba)
      }
    }
  }

  static func crcHex(_ bytes: [UInt8]) -> String {
    ReferenceCRC32.hex(bytes.withUnsafeBytes { CRC32.checksum($0, 0..<$0.count) })
  }

  static func expectation(_ name: String) throws -> JSONValue {
    let json = try #require(readFile(vp8lCorpusDirectory + "/" + name + ".json"))
    return try JSONParser.parse(json).value
  }

  static func firstFrameCRC(_ want: JSONValue) -> String? {
    guard case .array(let frames)? = want["frames"]?.value, let first = frames.first,
      case .string(let crc)? = first.value["crc32"]?.value
    else { return nil }
    return crc
  }

  /// The single `VP8L` chunk of a still image (simple, or extended
  /// without animation), or nil.
  static func stillImageChunk(_ bytes: [UInt8]) -> VP8LTestChunk? {
    let chunks = VP8LTestChunk.topLevel(bytes)
    guard let first = chunks.first else { return nil }
    if first.type == "VP8L" { return first }
    guard first.type == "VP8X", first.range.count >= 10 else { return nil }
    if bytes[first.start] & 0x02 != 0 { return nil }  // animation flag
    let types = chunks.map(\.type)
    if types.contains("ANIM") || types.contains("ANMF") || types.contains("VP8 ") { return nil }
    let images = chunks.filter { $0.type == "VP8L" }
    return images.count == 1 ? images[0] : nil
  }

  @Test(.enabled(if: vp8lCorpusAvailable, "skipped: the WebP corpus ../shared/corpus/webp is not present"))
  func corpusLosslessStillsMatchLibwebp() throws {
    var decoder = VP8LDecoder()
    var matched = 0
    var rejected = 0
    var containerErrors = 0
    var mismatches: [String] = []
    for name in vp8lCorpusFiles() {
      let bytes = try #require(readFile(vp8lCorpusDirectory + "/" + name))
      guard let chunk = Self.stillImageChunk(bytes) else { continue }
      let want = try Self.expectation(name)
      let result = Self.decode(bytes[chunk.range], offset: chunk.start, decoder: &decoder)
      if case .string(let message)? = want["error"]?.value {
        // Only a bitstream that does not decode (or is cut) is this
        // decoder's error; the others are the container's.
        if message.contains("does not decode") || !chunk.isWhole {
          if case .success = result { mismatches.append("\(name): decodes, must be rejected") } else { rejected += 1 }
        } else {
          containerErrors += 1
        }
        continue
      }
      switch result {
      case .failure(let error):
        mismatches.append("\(name): \(error)")
      case .success(let (_, rgba)):
        let crc = Self.crcHex(rgba)
        if crc == Self.firstFrameCRC(want) { matched += 1 } else { mismatches.append("\(name): crc32 \(crc)") }
      }
    }
    print(
      "VP8L corpus stills: \(matched) match libwebp, \(rejected) rejected as required, "
        + "\(containerErrors) container errors not compared, \(mismatches.count) mismatches")
    for line in mismatches { print("  mismatch \(line)") }
    #expect(mismatches.isEmpty)
    #expect(matched >= 55)
  }

  /// Frame 0 of an animation is a key frame: the canvas is transparent
  /// black with the frame's pixels in its rectangle, so a lossless frame
  /// 0 checks the decoder too.
  @Test(.enabled(if: vp8lCorpusAvailable, "skipped: the WebP corpus ../shared/corpus/webp is not present"))
  func corpusAnimationFirstFramesMatchLibwebp() throws {
    var decoder = VP8LDecoder()
    var matched = 0
    var mismatches: [String] = []
    for name in vp8lCorpusFiles() {
      let bytes = try #require(readFile(vp8lCorpusDirectory + "/" + name))
      let chunks = VP8LTestChunk.topLevel(bytes)
      guard let vp8x = chunks.first, vp8x.type == "VP8X", vp8x.range.count >= 10,
        let anmf = chunks.first(where: { $0.type == "ANMF" }), anmf.isWhole, anmf.range.count > 16
      else { continue }
      let want = try Self.expectation(name)
      guard want["error"] == nil, let expected = Self.firstFrameCRC(want) else { continue }
      let inner = VP8LTestChunk.scan(bytes, anmf.start + 16..<anmf.range.upperBound)
      guard let image = inner.first, image.type == "VP8L", image.isWhole else { continue }
      let canvasWidth = VP8LTestChunk.uint24(bytes, vp8x.start + 4) + 1
      let canvasHeight = VP8LTestChunk.uint24(bytes, vp8x.start + 7) + 1
      let x = 2 * VP8LTestChunk.uint24(bytes, anmf.start)
      let y = 2 * VP8LTestChunk.uint24(bytes, anmf.start + 3)
      switch Self.decode(bytes[image.range], offset: image.start, decoder: &decoder) {
      case .failure(let error):
        mismatches.append("\(name): \(error)")
      case .success(let (header, rgba)):
        guard x + header.width <= canvasWidth, y + header.height <= canvasHeight else {
          mismatches.append("\(name): frame outside the canvas")
          continue
        }
        var canvas = [UInt8](repeating: 0, count: canvasWidth * canvasHeight * 4)
        for row in 0..<header.height {
          let from = row * header.width * 4
          let to = ((y + row) * canvasWidth + x) * 4
          canvas[to..<to + header.width * 4] = rgba[from..<from + header.width * 4]
        }
        let crc = Self.crcHex(canvas)
        if crc == expected { matched += 1 } else { mismatches.append("\(name): crc32 \(crc) != \(expected)") }
      }
    }
    print("VP8L corpus animations: frame 0 of \(matched) match libwebp, \(mismatches.count) mismatches")
    for line in mismatches { print("  mismatch \(line)") }
    #expect(mismatches.isEmpty)
    #expect(matched >= 30)
  }

  /// The CRC-32 of each corpus still's alpha plane, as dwebp (libwebp
  /// 1.2.4) decodes it (`dwebp -pam`, every fourth byte).
  static let alphaPlaneCRCs: [String: String] = [
    "libwebp__alpha_filter_0_method_1.webp": "061567d3",
    "libwebp__alpha_filter_1_method_1.webp": "061567d3",
    "libwebp__alpha_filter_2_method_1.webp": "061567d3",
    "libwebp__alpha_filter_3_method_1.webp": "061567d3",
    "libwebp__alpha_color_cache.webp": "ceb5d52b",
  ]

  /// Undoes an `ALPH` filter (1 horizontal, 2 vertical, 3 gradient) in
  /// place, as RFC 9649 defines them.
  static func unfilter(_ plane: inout [UInt8], width: Int, height: Int, filter: Int) {
    guard filter != 0 else { return }
    for y in 0..<height {
      for x in 0..<width {
        let left = x > 0 ? Int(plane[y * width + x - 1]) : 0
        let above = y > 0 ? Int(plane[(y - 1) * width + x]) : 0
        let predicted: Int
        if x == 0 && y == 0 {
          predicted = 0
        } else if y == 0 {
          predicted = left
        } else if x == 0 {
          predicted = above
        } else {
          switch filter {
          case 1: predicted = left
          case 2: predicted = above
          default:
            let aboveLeft = Int(plane[(y - 1) * width + x - 1])
            predicted = min(255, max(0, left + above - aboveLeft))
          }
        }
        plane[y * width + x] = UInt8(truncatingIfNeeded: Int(plane[y * width + x]) + predicted)
      }
    }
  }

  /// The lossless alpha planes (`ALPH` compression method 1) of the
  /// corpus's extended stills decode to libwebp's alpha (once the
  /// filter, which is the caller's business, is undone here).
  @Test(.enabled(if: vp8lCorpusAvailable, "skipped: the WebP corpus ../shared/corpus/webp is not present"))
  func corpusAlphaPlanesDecode() throws {
    var decoder = VP8LDecoder()
    var decoded = 0
    var compared = 0
    for name in vp8lCorpusFiles() where name.hasPrefix("libwebp__alpha_") {
      let bytes = try #require(readFile(vp8lCorpusDirectory + "/" + name))
      let chunks = VP8LTestChunk.topLevel(bytes)
      guard let vp8x = chunks.first, vp8x.type == "VP8X",
        let alph = chunks.first(where: { $0.type == "ALPH" }), alph.range.count > 1,
        bytes[alph.start] & 3 == 1
      else { continue }
      let width = VP8LTestChunk.uint24(bytes, vp8x.start + 4) + 1
      let height = VP8LTestChunk.uint24(bytes, vp8x.start + 7) + 1
      let payload = Array(bytes[alph.start + 1..<alph.range.upperBound])
      var alpha = [UInt8](repeating: 0, count: width * height)
      let result = payload.withUnsafeBytes { raw in
        alpha.withUnsafeMutableBufferPointer { out in
          Result { () throws(VP8LDecodingError) in
            try decoder.decodeAlpha(raw, offset: alph.start + 1, width: width, height: height, into: out)
          }
        }
      }
      if case .failure(let error) = result {
        Issue.record("\(name): \(error)")
        continue
      }
      decoded += 1
      #expect(alpha.count == width * height)
      if let expected = Self.alphaPlaneCRCs[name] {
        Self.unfilter(&alpha, width: width, height: height, filter: Int(bytes[alph.start] >> 2) & 3)
        #expect(Self.crcHex(alpha) == expected, "\(name)")
        compared += 1
      }
    }
    print("VP8L alpha planes: \(decoded) decoded, \(compared) compared with libwebp's")
    #expect(decoded >= 5)
    #expect(compared == Self.alphaPlaneCRCs.count)
  }

  /// Every prefix of a few small images' data throws or (when only
  /// unused trailing bits are missing) gives the whole image.
  @Test(.enabled(if: vp8lCorpusAvailable, "skipped: the WebP corpus ../shared/corpus/webp is not present"))
  func truncatedStreamsThrow() throws {
    var decoder = VP8LDecoder()
    let names = [
      "libwebp__lossless_vec_1_15.webp", "libwebp__lossless_vec_1_3.webp", "libwebp__lossless_vec_1_11.webp",
      "libwebp__dual_transform.webp", "still__lossless_33x1.webp", "libwebp__lossless4.webp",
      "libwebp__color_cache_bits_11.webp",
    ]
    var thrown = 0
    for name in names {
      let bytes = try #require(readFile(vp8lCorpusDirectory + "/" + name))
      let chunk = try #require(Self.stillImageChunk(bytes))
      let whole = Self.decode(bytes[chunk.range], decoder: &decoder)
      guard case .success(let (_, full)) = whole else {
        Issue.record("\(name) does not decode")
        continue
      }
      // Every length of a small stream; about 300 spread over a larger
      // one, and its last 16.
      let count = chunk.range.count
      let step = max(1, count / 300)
      let lengths = Set(stride(from: 0, to: count, by: step)).union(max(0, count - 16)..<count)
      for length in lengths.sorted() {
        let prefix = bytes[chunk.start..<chunk.start + length]
        switch Self.decode(prefix, decoder: &decoder) {
        case .failure: thrown += 1
        case .success(let (_, rgba)):
          #expect(length >= chunk.range.count - 1, "\(name) cut to \(length) bytes decodes")
          #expect(rgba == full)
        }
      }
    }
    #expect(thrown > 1200)
  }

  /// Damaged copies of corpus images (random bytes changed) and random
  /// bytes after a valid header throw or decode, never trap.
  @Test(.enabled(if: vp8lCorpusAvailable, "skipped: the WebP corpus ../shared/corpus/webp is not present"))
  func damagedStreamsNeverTrap() throws {
    var decoder = VP8LDecoder()
    var random = SplitMix64(seed: 0x5650_384C)
    var payloads: [[UInt8]] = []
    for name in ["libwebp__lossless_vec_1_15.webp", "libwebp__dual_transform.webp", "libwebp__lossless4.webp",
      "still__lossless_33x1.webp", "libwebp__lossless_vec_1_7.webp"]
    {
      let bytes = try #require(readFile(vp8lCorpusDirectory + "/" + name))
      let chunk = try #require(Self.stillImageChunk(bytes))
      payloads.append(Array(bytes[chunk.range]))
    }
    var outcomes = [0, 0]
    let mutations = PBTEnvironment.cases(3_000, atLeast: 300)
    for _ in 0..<mutations {
      var payload = random.element(of: payloads)
      for _ in 0..<random.int(in: 1...4) {
        let index = random.int(in: 5...(payload.count - 1))
        payload[index] ^= UInt8(truncatingIfNeeded: random.int(in: 1...255))
      }
      if case .success = Self.decode(payload[...], decoder: &decoder) { outcomes[0] += 1 } else { outcomes[1] += 1 }
    }
    for _ in 0..<3000 {
      var writer = VP8LTestBitWriter.header(width: random.int(in: 1...64), height: random.int(in: 1...64))
      for _ in 0..<random.int(in: 0...300) { writer.write(random.int(in: 0...255), 8) }
      if case .success = Self.decode(writer.bytes[...], decoder: &decoder) { outcomes[0] += 1 } else { outcomes[1] += 1 }
    }
    print("VP8L damaged streams: \(outcomes[0]) decoded, \(outcomes[1]) rejected")
    #expect(outcomes[1] > (mutations + 3000) / 2)
  }

  @Test func headerChecksWhatLibwebpChecks() throws {
    let good: [UInt8] = VP8LTestBitWriter.header(width: 300, height: 17, alpha: true).bytes
    let header = try good.withUnsafeBytes { raw throws(VP8LDecodingError) in try VP8LHeader.read(raw, offset: 20) }
    #expect(header == VP8LHeader(width: 300, height: 17, alphaIsUsed: true))
    var bad: [[UInt8]] = [Array(good[0..<4]), good, good]
    bad[1][0] = 0x2e
    bad[2][4] |= 0x20  // version 1
    for bytes in bad {
      let result = bytes.withUnsafeBytes { raw in
        Result { () throws(VP8LDecodingError) in try VP8LHeader.read(raw, offset: 20) }
      }
      #expect(throws: VP8LDecodingError(.badHeader, offset: 20)) { try result.get() }
    }
    let biggest: [UInt8] = [0x2f, 0xFF, 0xFF, 0xFF, 0x0F]
    let largest = try biggest.withUnsafeBytes { raw throws(VP8LDecodingError) in try VP8LHeader.read(raw, offset: 0) }
    #expect(largest == VP8LHeader(width: 16384, height: 16384, alphaIsUsed: false))
  }

  @Test func errorDescriptionNamesTheByte() {
    #expect(VP8LDecodingError(.badHuffmanCode, offset: 123).description == "bad Huffman code (byte 123)")
  }

  /// A 3x2 image coded by hand: no transforms, a two-symbol green code,
  /// single-symbol red, blue and alpha, and a backward reference.
  @Test func handBuiltStream() throws {
    var stream = VP8LTestBitWriter.header(width: 3, height: 2)
    stream.write(0, 1)
    stream.write(0, 1)
    stream.write(0, 1)
    // Green over 280 symbols: lengths via the code-length code. Lengths
    // used: 0 and 1. Code-length code: symbol 0 and 1 with 1 bit each;
    // sent in the order 17, 18, 0, 1: four lengths (0, 0, 1, 1).
    stream.write(0, 1)  // not simple
    stream.write(0, 4)  // 4 code-length lengths
    for length in [0, 0, 1, 1] { stream.write(length, 3) }
    stream.write(0, 1)  // lengths for every symbol
    // Symbol 0x40 and symbol 257 (length prefix 1: length 2) get 1 bit.
    for symbol in 0..<280 { stream.write(symbol == 0x40 || symbol == 257 ? 1 : 0, 1) }
    stream.singleSymbolCode(0x11)  // red
    stream.singleSymbolCode(0x22)  // blue
    stream.singleSymbolCode(0xFF)  // alpha
    stream.singleSymbolCode(1)  // distance prefix 1: distance code 2, (1, 0): the pixel to the left
    // Pixels: literal, literal, copy 2 from the left, copy 2 from the left.
    stream.write(0, 1)
    stream.write(0, 1)
    stream.write(1, 1)
    stream.write(1, 1)
    var decoder = VP8LDecoder()
    let (header, rgba) = try Self.decode(stream.bytes[...], decoder: &decoder).get()
    #expect(header.width == 3 && header.height == 2)
    #expect(rgba == Array(repeating: [0x11, 0x40, 0x22, 0xFF], count: 6).flatMap { $0 })

    // The same stream whose first symbol is a backward reference: it
    // points before the image.
    var early = VP8LTestBitWriter.header(width: 3, height: 2)
    early.bytes = Array(stream.bytes)
    let bitsBeforePixels = 40 + 3 + 1 + 4 + 12 + 1 + 280 + 4 * 11
    early.bytes[bitsBeforePixels >> 3] |= UInt8(1 << (bitsBeforePixels & 7))
    #expect(throws: VP8LDecodingError.self) { try Self.decode(early.bytes[...], decoder: &decoder).get() }
    if case .failure(let error) = Self.decode(early.bytes[...], decoder: &decoder) {
      #expect(error.kind == .badBackwardReference)
    }
  }

  /// libwebp's reader starts with one 64-bit word: a stream shorter than
  /// 8 bytes reads as if zero bytes made it up to 8 (so a cut that drops
  /// only zero bits there still decodes), and bits past those are missing.
  @Test func shortStreamsReadAsPaddedToEightBytes() throws {
    func alphaStream(width: Int) -> [UInt8] {
      var stream = VP8LTestBitWriter()
      stream.write(0, 3)  // no transform, no colour cache, no meta codes
      stream.twoSymbolCode(0, 1)  // green: 0 is bit 0
      for _ in 0..<4 { stream.write(0b0001, 4) }  // red, blue, alpha, distance: the 1-bit symbol 0
      for _ in 0..<width { stream.write(0, 1) }  // every pixel green 0
      return stream.bytes
    }
    func decodeAlpha(_ stream: ArraySlice<UInt8>, width: Int) -> Result<[UInt8], VP8LDecodingError> {
      let bytes = Array(stream)
      var plane = [UInt8](repeating: 0xAA, count: width)
      var decoder = VP8LDecoder()
      let result = bytes.withUnsafeBytes { raw in
        plane.withUnsafeMutableBufferPointer { out in
          Result { () throws(VP8LDecodingError) in
            try decoder.decodeAlpha(raw, offset: 100, width: width, height: 1, into: out)
          }
        }
      }
      return result.map { plane }
    }
    // 3 + 35 bits of codes, then 16 zero bits: 54 bits, 7 bytes, the last
    // two zero.
    let short = alphaStream(width: 16)
    #expect(short.count == 7)
    #expect(try decodeAlpha(short[...], width: 16).get() == [UInt8](repeating: 0, count: 16))
    #expect(try decodeAlpha(short[0..<5], width: 16).get() == [UInt8](repeating: 0, count: 16))
    // 40 pixels need 78 bits: past 8 bytes, a cut stream is short.
    let long = alphaStream(width: 40)
    #expect(try decodeAlpha(long[...], width: 40).get() == [UInt8](repeating: 0, count: 40))
    #expect(throws: VP8LDecodingError.self) { try decodeAlpha(long[0..<5], width: 40).get() }
    #expect(throws: VP8LDecodingError(.badDimensions, offset: 100)) { try decodeAlpha(long[...], width: 0).get() }
  }
}
