import Foundation
import Testing
@testable import AnimTimeline

/// The folder of the APNG conformance corpus (`../shared/corpus/apng`).
let apngCorpusDirectory = sharedPath("corpus/apng")

/// Whether the APNG corpus folder exists; its tests are skipped without it.
let apngCorpusAvailable = isDirectory(apngCorpusDirectory)

/// Conformance with `../shared/corpus/apng`: every file opens (or is
/// rejected) as its JSON says, with the same metadata, and the reference
/// compositor over ``APNGFrameDecoder``'s pixels gives every frame's
/// CRC-32. Skipped (with this message) when the corpus is absent.
@Suite(.enabled(if: apngCorpusAvailable, "skipped: the APNG corpus ../shared/corpus/apng is not present"))
struct APNGCorpusTests {
  static func files() -> [String] {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: apngCorpusDirectory)) ?? []
    return names.filter { $0.hasSuffix(".png") }.sorted()
  }

  /// The raw delay in nanoseconds, computed here independently:
  /// `num * 10^9 / den` rounded to nearest, ties up; `den == 0` is 100.
  static func rawNanoseconds(_ numerator: UInt16, _ denominator: UInt16) -> Int {
    let den = denominator == 0 ? 100 : Int(denominator)
    let scaled = Int(numerator) * 1_000_000_000
    let (quotient, remainder) = scaled.quotientAndRemainder(dividingBy: den)
    return 2 * remainder >= den ? quotient + 1 : quotient
  }

  /// The browser policy's delay: whole milliseconds rounded down, 10 ms
  /// or less playing as 100 ms.
  static func browserMilliseconds(_ numerator: UInt16, _ denominator: UInt16) -> Int {
    let milliseconds = denominator == 0 ? Int(numerator) * 10 : Int(numerator) * 1000 / Int(denominator)
    return milliseconds <= 10 ? 100 : milliseconds
  }

  static func int(_ value: JSONValue?) -> Int? {
    if case let .number(number)? = value { return number.int64.map(Int.init) }
    return nil
  }

  @Test func everyFileMatchesItsJSON() throws {
    let files = APNGCorpusTests.files()
    #expect(files.count >= 296)
    var metadataMatches = 0
    var pixelMatches = 0
    var mismatches: [String] = []
    var framesCompared = 0
    var rejected = 0
    for name in files {
      let path = apngCorpusDirectory + "/" + name
      let bytes = try #require(readFile(path))
      let want = try JSONParser.parse(try #require(readFile(path + ".json"))).value
      var problems: [String] = []
      let opened = TestAPNG.open(bytes)
      if want["error"] != nil {
        if case .success = opened { problems.append("opens, must be rejected") } else { rejected += 1 }
        if problems.isEmpty { metadataMatches += 1; pixelMatches += 1 } else { mismatches.append("\(name): \(problems)") }
        continue
      }
      let index: APNGIndex
      switch opened {
      case .success(let value): index = value
      case .failure(let error):
        mismatches.append("\(name): rejected: \(error)")
        continue
      }
      func check<Value: Equatable>(_ what: String, _ got: Value, _ expected: Value) {
        if got != expected { problems.append("\(what) \(got) != \(expected)") }
      }
      check("width", index.header.width, APNGCorpusTests.int(want["width"]?.value) ?? -1)
      check("height", index.header.height, APNGCorpusTests.int(want["height"]?.value) ?? -1)
      let loopRaw = index.numPlays.map(Int.init)
      check("loop_raw", loopRaw ?? -1, APNGCorpusTests.int(want["loop_raw"]?.value) ?? -1)
      let loops: String = index.numPlays.map { $0 == 0 ? "inf" : "\($0)" } ?? "1"
      let wantLoops: String
      switch want["loops"]?.value {
      case .string(let text)?: wantLoops = text
      case let other: wantLoops = APNGCorpusTests.int(other).map { "\($0)" } ?? "?"
      }
      check("loops", loops, wantLoops)
      var wantTruncated = false
      if case .bool(let flag)? = want["truncated"]?.value { wantTruncated = flag }
      check("truncated", index.isTruncated, wantTruncated)
      check("animation_error is null", index.animationError == nil, want["animation_error"]?.value == .null)
      guard case .array(let wantFrames)? = want["frames"]?.value else {
        mismatches.append("\(name): no frames in the JSON")
        continue
      }
      check("frame count", index.frames.count, wantFrames.count)
      for (number, element) in wantFrames.enumerated() where number < index.frames.count {
        let frame = index.frames[number]
        let expected = element.value
        func field(_ key: String) -> Int { APNGCorpusTests.int(expected[key]?.value) ?? -1 }
        let still = !index.isAnimated
        check("frame \(number) x", frame.x, field("x"))
        check("frame \(number) y", frame.y, field("y"))
        check("frame \(number) width", frame.width, field("width"))
        check("frame \(number) height", frame.height, field("height"))
        check("frame \(number) dispose", Int(frame.disposeOp), field("dispose"))
        check("frame \(number) blend", Int(frame.blendOp), field("blend"))
        let raw = still ? 0 : APNGCorpusTests.rawNanoseconds(frame.delayNumerator, frame.delayDenominator)
        let milliseconds = still ? 0 : APNGCorpusTests.browserMilliseconds(frame.delayNumerator, frame.delayDenominator)
        check("frame \(number) delay_ns_raw", raw, field("delay_ns_raw"))
        check("frame \(number) delay_ms", milliseconds, field("delay_ms"))
        if !still {
          check("frame \(number) library delay_ns_raw", Int(frame.rawDelayNanoseconds), raw)
          check("frame \(number) library delay_ms", frame.browserDelayMilliseconds, milliseconds)
        }
      }
      if problems.isEmpty { metadataMatches += 1 }
      var crcProblems: [String] = []
      do {
        let canvases = try ReferenceAPNGCompositor(index: index, bytes: bytes).canvases()
        for (number, element) in wantFrames.enumerated() where number < canvases.count {
          let got = ReferenceCRC32.hex(canvases[number].withUnsafeBytes { CRC32.checksum($0, 0..<$0.count) })
          guard case .string(let crc)? = element.value["crc32"]?.value else { continue }
          framesCompared += 1
          if crc != got { crcProblems.append("frame \(number) crc32 \(got) != \(crc)") }
        }
      } catch {
        crcProblems.append("frame decoding failed: \(error)")
      }
      if problems.isEmpty && crcProblems.isEmpty { pixelMatches += 1 }
      if !(problems + crcProblems).isEmpty { mismatches.append("\(name): \((problems + crcProblems).prefix(6))") }
    }
    print("APNG corpus: \(files.count) files, metadata matches \(metadataMatches), metadata and crc32 matches \(pixelMatches) (\(rejected) rejected as required, \(framesCompared) frame CRCs compared)")
    for line in mismatches { print("  mismatch \(line)") }
    #expect(mismatches.isEmpty, "\(mismatches.count) files differ")
    #expect(metadataMatches == files.count)
    #expect(pixelMatches == files.count)
  }
}
