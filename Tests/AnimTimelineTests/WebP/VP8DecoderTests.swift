import Foundation
import Testing
import TimelineScript
@testable import AnimTimeline

/// The folder of the WebP conformance corpus (`../shared/corpus/webp`).
let vp8CorpusDirectory = sharedPath("corpus/webp")

/// Whether the WebP corpus folder exists; its tests are skipped without it.
let vp8CorpusAvailable = isDirectory(vp8CorpusDirectory)

/// A minimal RIFF chunk scanner for these tests only: enough to find the
/// `VP8 ` payload of a lossy still (or of an animation's frames).
enum VP8TestChunks {
  /// A chunk's four-character code and its payload's range in the file
  /// (cut at the file's end).
  struct Chunk {
    var fourCC: String
    var payload: Range<Int>
  }

  /// The chunks of `bytes[range]`, in order; stops at a header past the end.
  static func chunks(_ bytes: [UInt8], _ range: Range<Int>) -> [Chunk] {
    var result: [Chunk] = []
    var position = range.lowerBound
    while position + 8 <= range.upperBound {
      let fourCC = String(decoding: bytes[position..<(position + 4)], as: UTF8.self)
      let size =
        Int(bytes[position + 4]) | Int(bytes[position + 5]) << 8 | Int(bytes[position + 6]) << 16
        | Int(bytes[position + 7]) << 24
      let start = position + 8
      let end = min(start + size, range.upperBound)
      result.append(Chunk(fourCC: fourCC, payload: start..<end))
      position = start + size + (size & 1)
    }
    return result
  }

  /// The top-level chunks of a RIFF/WEBP file, or nil when it is not one.
  static func topLevel(_ bytes: [UInt8]) -> [Chunk]? {
    guard bytes.count >= 12, Array(bytes[0..<4]) == Array("RIFF".utf8), Array(bytes[8..<12]) == Array("WEBP".utf8)
    else { return nil }
    return chunks(bytes, 12..<bytes.count)
  }

  /// The `VP8 ` payload of a lossy still without alpha: a simple file, or
  /// a `VP8X` file with a `VP8 ` chunk and no `ALPH`, `ANIM` or `ANMF`.
  static func lossyStillPayload(_ bytes: [UInt8]) -> Range<Int>? {
    guard let chunks = topLevel(bytes), let first = chunks.first else { return nil }
    if first.fourCC == "VP8 " { return first.payload }
    guard first.fourCC == "VP8X" else { return nil }
    let codes = Set(chunks.map(\.fourCC))
    guard codes.isDisjoint(with: ["ALPH", "ANIM", "ANMF", "VP8L"]) else { return nil }
    return chunks.first { $0.fourCC == "VP8 " }?.payload
  }

  /// The `VP8 ` payload of each `ANMF` frame of an animation (nil for a
  /// frame with another image chunk).
  static func animationFramePayloads(_ bytes: [UInt8]) -> [Range<Int>?] {
    guard let chunks = topLevel(bytes) else { return [] }
    return chunks.filter { $0.fourCC == "ANMF" }.map { frame in
      guard frame.payload.count >= 16 else { return nil }
      let inner = VP8TestChunks.chunks(bytes, (frame.payload.lowerBound + 16)..<frame.payload.upperBound)
      return inner.first { $0.fourCC == "VP8 " }?.payload
    }
  }
}

/// ``VP8Decoder`` against libwebp's pixels (the corpus's CRC-32s), its
/// error checks, and hostile input (every prefix, seeded mutations).
@Suite struct VP8DecoderTests {
  /// Decodes `bytes[range]` with `decoder`; the RGBA pixels or the error.
  /// With `chunkSize`, `range` runs past the chunk (to the end of the
  /// file, as libwebp decodes a still image) and `chunkSize` is the
  /// chunk's declared size.
  static func decode(
    _ bytes: [UInt8], _ range: Range<Int>, chunkSize: Int? = nil, with decoder: inout VP8Decoder
  ) -> Result<(VP8FrameHeader, [UInt8]), VP8DecodingError> {
    bytes.withUnsafeBytes { raw in
      let payload = UnsafeRawBufferPointer(rebasing: raw[range])
      let size = chunkSize ?? range.count
      let header: VP8FrameHeader
      do throws(VP8DecodingError) {
        header = try VP8FrameHeader.read(payload, chunkSize: size, offset: range.lowerBound)
      } catch {
        return .failure(error)
      }
      var rgba = [UInt8](repeating: 0, count: header.width * header.height * 4)
      do throws(VP8DecodingError) {
        let decoded = try rgba.withUnsafeMutableBufferPointer { (buffer) throws(VP8DecodingError) in
          try decoder.decode(payload, chunkSize: size, offset: range.lowerBound, into: buffer)
        }
        #expect(decoded == header)
      } catch {
        return .failure(error)
      }
      return .success((header, rgba))
    }
  }

  /// The CRC-32 of `bytes` as lowercase hexadecimal.
  static func crc(_ bytes: [UInt8]) -> String {
    ReferenceCRC32.hex(bytes.withUnsafeBytes { CRC32.checksum($0, 0..<$0.count) })
  }

  static func corpusNames() -> [String] {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: vp8CorpusDirectory)) ?? []
    return names.filter { $0.hasSuffix(".webp") }.sorted()
  }

  /// Every lossy still without alpha in the corpus decodes to libwebp's
  /// pixels, and the ones the corpus rejects for their bitstream throw.
  @Test(.enabled(if: vp8CorpusAvailable, "skipped: the WebP corpus ../shared/corpus/webp is not present"))
  func vp8CorpusStillsMatchLibwebp() throws {
    var decoder = VP8Decoder()
    var matched = 0
    var rejected = 0
    var skippedErrors = 0
    var mismatches: [String] = []
    for name in Self.corpusNames() {
      let path = vp8CorpusDirectory + "/" + name
      let bytes = try #require(readFile(path))
      guard let range = VP8TestChunks.lossyStillPayload(bytes) else { continue }
      let want = try JSONParser.parse(try #require(readFile(path + ".json"))).value
      // As dwebp decodes a still: the data runs to the end of the file.
      let result = Self.decode(bytes, range.lowerBound..<bytes.count, chunkSize: range.count, with: &decoder)
      if case .string(let reason)? = want["error"]?.value {
        guard reason.contains("bitstream") || reason.contains("start code") else {
          skippedErrors += 1
          continue
        }
        if case .success = result { mismatches.append("\(name): decodes, libwebp rejects it") } else { rejected += 1 }
        continue
      }
      guard case .array(let frames)? = want["frames"]?.value, let frame = frames.first,
        case .string(let expected)? = frame.value["crc32"]?.value
      else {
        mismatches.append("\(name): no crc32 in the JSON")
        continue
      }
      switch result {
      case .failure(let error): mismatches.append("\(name): rejected: \(error)")
      case .success(let (_, rgba)):
        let got = Self.crc(rgba)
        if got == expected { matched += 1 } else { mismatches.append("\(name): crc32 \(got) != \(expected)") }
      }
    }
    print("VP8 corpus: \(matched) lossy stills match libwebp, \(rejected) rejected as libwebp does, \(skippedErrors) rejected files skipped (not for their bitstream), \(mismatches.count) mismatches")
    for line in mismatches { print("  mismatch \(line)") }
    #expect(mismatches.isEmpty, "\(mismatches.count) files differ")
    #expect(matched >= 89)
  }

  /// The `VP8 ` frames of animations: damaged bitstreams throw where the
  /// corpus says libwebp stops, and the other frames decode.
  @Test(.enabled(if: vp8CorpusAvailable, "skipped: the WebP corpus ../shared/corpus/webp is not present"))
  func vp8AnimationFramesDecodeOrThrowAsLibwebp() throws {
    var decoder = VP8Decoder()
    // name: the frame indices whose bitstream libwebp rejects.
    let damaged: [String: Set<Int>] = [
      "err__garbage_frame0_vp8.webp": [0], "trunc__garbage_frame1_vp8.webp": [1],
      "err__frame1_vp8_bad_start_code.webp": [1],
    ]
    var decoded = 0
    for (name, bad) in damaged.sorted(by: { $0.key < $1.key }) {
      let bytes = try #require(readFile(vp8CorpusDirectory + "/" + name))
      let frames = VP8TestChunks.animationFramePayloads(bytes)
      #expect(frames.count > bad.max() ?? 0, "\(name)")
      for (index, range) in frames.enumerated() {
        guard let range else { continue }
        let result = Self.decode(bytes, range, with: &decoder)
        if bad.contains(index) {
          if case .success = result { Issue.record("\(name) frame \(index) decodes, libwebp rejects it") }
        } else if case .failure(let error) = result {
          Issue.record("\(name) frame \(index): \(error)")
        } else {
          decoded += 1
        }
      }
    }
    #expect(decoded > 0)
  }

  /// Small corpus payloads to cut and mutate.
  static let hostileSources = [
    "libwebp__small_1x1.webp", "libwebp__small_13x1.webp", "libwebp__small_31x13.webp", "libwebp__very_short.webp",
    "libwebp__lossy_q0_f100.webp", "libwebp__vp80-00-comprehensive-001.webp", "libwebp__test.webp",
  ]

  /// Every prefix of a payload throws or decodes; none traps.
  @Test(.enabled(if: vp8CorpusAvailable, "skipped: the WebP corpus ../shared/corpus/webp is not present"))
  func vp8EveryPrefixThrowsOrDecodes() throws {
    var decoder = VP8Decoder()
    var threw = 0
    var decodedCount = 0
    for name in Self.hostileSources {
      let bytes = try #require(readFile(vp8CorpusDirectory + "/" + name))
      let range = try #require(VP8TestChunks.lossyStillPayload(bytes), "\(name)")
      // Every prefix of the small ones; every 7th byte of the larger.
      let step = range.count > 1000 ? 7 : 1
      for length in stride(from: 0, through: range.count, by: step) {
        switch Self.decode(bytes, range.lowerBound..<(range.lowerBound + length), with: &decoder) {
        case .success: decodedCount += 1
        case .failure: threw += 1
        }
      }
      // The whole payload still decodes after all that.
      if case .failure(let error) = Self.decode(bytes, range, with: &decoder) {
        Issue.record("\(name): \(error)")
      }
    }
    print("VP8 prefixes: \(threw) threw, \(decodedCount) decoded")
    #expect(threw > 0)
  }

  /// Seeded random byte mutations of payloads never trap.
  @Test(.enabled(if: vp8CorpusAvailable, "skipped: the WebP corpus ../shared/corpus/webp is not present"))
  func vp8SeededMutationsNeverTrap() throws {
    var generator = SplitMix64(seed: 0x5650_3844_6563_6F64)
    var decoder = VP8Decoder()
    var sources: [[UInt8]] = []
    for name in Self.hostileSources {
      let bytes = try #require(readFile(vp8CorpusDirectory + "/" + name))
      let range = try #require(VP8TestChunks.lossyStillPayload(bytes))
      sources.append(Array(bytes[range]))
    }
    var outcomes = [0, 0]
    let mutations = PBTEnvironment.cases(3_000, atLeast: 300)
    for _ in 0..<mutations {
      var payload = generator.element(of: sources)
      let edits = generator.int(in: 1...4)
      for _ in 0..<edits {
        let index = generator.int(in: 0...(payload.count - 1))
        switch generator.int(in: 0...2) {
        case 0: payload[index] ^= UInt8(1 << generator.int(in: 0...7))
        case 1: payload[index] = UInt8(truncatingIfNeeded: generator.next())
        default:
          // Keep the header valid more often, so the mutation reaches the
          // partitions.
          if index >= VP8FrameHeader.byteCount { payload[index] = 0xFF }
        }
      }
      if generator.chance(1, in: 4) { payload.removeLast(generator.int(in: 0...(payload.count / 2))) }
      // Bound the size so a mutated header does not ask for a huge image.
      if payload.count >= 10 {
        payload[7] &= 0x01
        payload[9] &= 0x01
      }
      switch Self.decode(payload, 0..<payload.count, with: &decoder) {
      case .success: outcomes[0] += 1
      case .failure: outcomes[1] += 1
      }
    }
    print("VP8 mutations: \(outcomes[0]) decoded, \(outcomes[1]) threw")
    #expect(outcomes[0] + outcomes[1] == mutations)
  }

  /// Decoding with a decoder that decoded a larger image before gives the
  /// same pixels as a fresh decoder.
  @Test(.enabled(if: vp8CorpusAvailable, "skipped: the WebP corpus ../shared/corpus/webp is not present"))
  func vp8ScratchReuseGivesTheSamePixels() throws {
    let large = try #require(readFile(vp8CorpusDirectory + "/libwebp__test.webp"))
    let small = try #require(readFile(vp8CorpusDirectory + "/libwebp__small_31x13.webp"))
    let largeRange = try #require(VP8TestChunks.lossyStillPayload(large))
    let smallRange = try #require(VP8TestChunks.lossyStillPayload(small))
    var fresh = VP8Decoder()
    var reused = VP8Decoder()
    _ = Self.decode(large, largeRange, with: &reused)
    let first = try Self.decode(small, smallRange, with: &fresh).get()
    let second = try Self.decode(small, smallRange, with: &reused).get()
    #expect(first.0 == second.0)
    #expect(first.1 == second.1)
  }

  /// A valid 10-byte key frame header of a `width` x `height` image whose
  /// first partition is `firstPartition` bytes long.
  static func header(width: Int = 16, height: Int = 16, firstPartition: Int = 0, tagBits: Int = 0x10) -> [UInt8] {
    let tag = firstPartition << 5 | tagBits
    return [
      UInt8(tag & 0xFF), UInt8((tag >> 8) & 0xFF), UInt8((tag >> 16) & 0xFF), 0x9D, 0x01, 0x2A,
      UInt8(width & 0xFF), UInt8(width >> 8), UInt8(height & 0xFF), UInt8(height >> 8),
    ]
  }

  /// Reads `bytes`' frame header (absolute offset 100); its error kind.
  static func headerError(_ bytes: [UInt8]) -> VP8DecodingError.Kind? {
    bytes.withUnsafeBytes { raw -> VP8DecodingError.Kind? in
      do throws(VP8DecodingError) {
        _ = try VP8FrameHeader.read(raw, offset: 100)
        return nil
      } catch {
        return error.kind
      }
    }
  }

  /// `VP8GetInfo`'s checks, each on its own.
  @Test func vp8FrameHeaderChecks() {
    var valid = Self.header(firstPartition: 2)
    valid += [0, 0, 0]
    #expect(Self.headerError(valid) == nil)
    valid.withUnsafeBytes { raw in
      #expect((try? VP8FrameHeader.read(raw, offset: 0)) == VP8FrameHeader(width: 16, height: 16))
    }
    #expect(Self.headerError(Array(valid.prefix(9))) == .truncatedHeader(9))
    var badStart = valid
    badStart[5] = 0x2B
    #expect(Self.headerError(badStart) == .badStartCode)
    #expect(Self.headerError(Self.header(tagBits: 0x11) + [0]) == .notKeyFrame)
    #expect(Self.headerError(Self.header(tagBits: 0x18) + [0]) == .unsupportedProfile(4))
    #expect(Self.headerError(Self.header(tagBits: 0x16) + [0]) == nil)  // profile 3
    #expect(Self.headerError(Self.header(tagBits: 0x00) + [0]) == .invisibleFrame)
    #expect(Self.headerError(Self.header(firstPartition: 13) + [0, 0, 0]) == .firstPartitionTooLong(13))
    #expect(Self.headerError(Self.header(width: 0) + [0]) == .emptyImage)
    #expect(Self.headerError(Self.header(height: 0x4000) + [0]) == .emptyImage)  // only the scale bits
    // The scale bits are ignored.
    let scaled = Self.header(width: 0xC000 | 5, height: 0x4000 | 7) + [0]
    scaled.withUnsafeBytes { raw in
      #expect((try? VP8FrameHeader.read(raw, offset: 0)) == VP8FrameHeader(width: 5, height: 7))
    }
  }

  /// Frame-level checks after the header: the first partition inside the
  /// payload, the partition table, a non-empty last partition, data that
  /// ends early; the offsets are absolute.
  @Test func vp8DecodeRejectsBadPartitions() {
    func decodeError(_ bytes: [UInt8]) -> VP8DecodingError? {
      var decoder = VP8Decoder()
      if case .failure(let error) = Self.decode(bytes, 0..<bytes.count, with: &decoder) { return error }
      return nil
    }
    // The first partition passes the payload's end by VP8GetHeaders' rule
    // (10 header bytes, then the partition) though VP8GetInfo accepts it.
    #expect(decodeError(Self.header(firstPartition: 5) + [0, 0, 0, 0])?.kind == .firstPartitionTooLong(5))
    // An all-zero first partition: no segmentation, no filter, one token
    // partition, which is empty here.
    #expect(decodeError(Self.header(firstPartition: 8) + [UInt8](repeating: 0, count: 8))?.kind == .missingTokenData)
    // An empty first partition ends at once.
    #expect(decodeError(Self.header(firstPartition: 0) + [0, 0])?.kind == .firstPartitionEndsEarly)
    // Zero bits everywhere: every block of the 4x4-predicted macroblock
    // ends at its first token. One token byte is not enough for the 24
    // blocks; 64 are.
    let short = Self.header(firstPartition: 200) + [UInt8](repeating: 0, count: 201)
    #expect(decodeError(short) == VP8DecodingError(kind: .tokenPartitionEndsEarly(0), offset: 211))
    let zeros = Self.header(firstPartition: 200) + [UInt8](repeating: 0, count: 264)
    #expect(decodeError(zeros) == nil)
    // A large image of zero bits runs out of first partition bytes.
    let large = Self.header(width: 4000, height: 4000, firstPartition: 20) + [UInt8](repeating: 0, count: 21)
    let error = decodeError(large)
    #expect(error?.kind == .firstPartitionEndsEarly)
    #expect(error?.offset == 30)
  }

  @Test func vp8ErrorDescriptions() {
    let error = VP8DecodingError(kind: .tokenPartitionEndsEarly(2), offset: 1234)
    #expect(error.description == "token partition 2 ends early (byte 1234)")
    #expect(VP8DecodingError(kind: .badStartCode, offset: 3).description.hasSuffix("(byte 3)"))
  }
}
