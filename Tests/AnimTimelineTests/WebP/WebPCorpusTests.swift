import Foundation
import Testing
@testable import AnimTimeline

/// The folder of the WebP conformance corpus (`../shared/corpus/webp`).
let webpCorpusDirectory = sharedPath("corpus/webp")

/// Whether the WebP corpus folder exists; its tests are skipped without it.
let webpCorpusAvailable = isDirectory(webpCorpusDirectory)

/// Conformance with `../shared/corpus/webp`: every file opens (or is
/// rejected) as its JSON says, with the same facts, and every composited
/// frame has the JSON's CRC-32 (libwebp's pixels), also when opening only
/// checks the frames. Skipped (with this message) when the corpus is
/// absent.
@Suite(.enabled(if: webpCorpusAvailable, "skipped: the WebP corpus ../shared/corpus/webp is not present"))
struct WebPCorpusTests {
  static func files() -> [String] {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: webpCorpusDirectory)) ?? []
    return names.filter { $0.hasSuffix(".webp") }.sorted()
  }

  static func int(_ value: JSONValue?) -> Int? {
    if case let .number(number)? = value { return number.int64.map(Int.init) }
    return nil
  }

  static func bool(_ value: JSONValue?) -> Bool? {
    if case let .bool(flag)? = value { return flag }
    return nil
  }

  @Test func everyFileMatchesItsJSON() throws {
    let files = Self.files()
    #expect(files.count >= 341)
    var mismatches: [String] = []
    var framesCompared = 0
    var checkedFiles = 0
    for name in files {
      let path = webpCorpusDirectory + "/" + name
      let bytes = try #require(readFile(path))
      let want = try JSONParser.parse(try #require(readFile(path + ".json"))).value
      let opened = Result { () throws(WebPError) -> WebPFrameProvider in try WebPFrameProvider(bytes: bytes) }
      // With no room to keep frames, opening only checks each frame's data
      // (`AnimationRenderer.openingPass()`) instead of drawing it: the file
      // must open, fail or lose its damaged frames exactly as when opening
      // draws them, and its last frame must come out the same (below).
      let checked = Result { () throws(WebPError) -> WebPFrameProvider in
        try WebPFrameProvider(bytes: bytes, options: WebPOptions(cacheByteBudget: 0))
      }
      switch (opened, checked) {
      case let (.failure(a), .failure(b)):
        if a != b { mismatches.append("\(name): checked at opening: \(b) != \(a)") }
      case let (.success(a), .success(b)):
        if a.frameCount != b.frameCount || a.isTruncated != b.isTruncated {
          mismatches.append("\(name): checked at opening: \(b.frameCount) frames != \(a.frameCount)")
        } else if try a.frame(at: a.frameCount - 1) != b.frame(at: b.frameCount - 1) {
          mismatches.append("\(name): checked at opening: the last frame differs")
        }
      default:
        mismatches.append("\(name): opens one way only (drawn or checked at opening)")
      }
      checkedFiles += 1
      if want["error"] != nil {
        if case .success = opened { mismatches.append("\(name): opens, must be rejected") }
        continue
      }
      let provider: WebPFrameProvider
      switch opened {
      case .success(let value): provider = value
      case .failure(let error):
        mismatches.append("\(name): rejected: \(error)")
        continue
      }
      var problems: [String] = []
      func check<Value: Equatable>(_ what: String, _ got: Value, _ expected: Value) {
        if got != expected { problems.append("\(what) \(got) != \(expected)") }
      }
      check("width", provider.canvasSize.width, Self.int(want["width"]?.value) ?? -1)
      check("height", provider.canvasSize.height, Self.int(want["height"]?.value) ?? -1)
      check("loop_raw", provider.rawLoopCount.map(Int.init) ?? -1, Self.int(want["loop_raw"]?.value) ?? -1)
      let loops: String = provider.loopCount.plays.map { "\($0)" } ?? "inf"
      switch want["loops"]?.value {
      case .string(let text)?: check("loops", loops, text)
      case let other: check("loops", loops, Self.int(other).map { "\($0)" } ?? "?")
      }
      let background = provider.rawBackgroundColor.map { color -> String in
        let digits = String(color, radix: 16, uppercase: true)
        return "#" + String(repeating: "0", count: 8 - digits.count) + digits
      }
      if case .string(let text)? = want["background_raw"]?.value { check("background_raw", background ?? "null", text) }
      check("truncated", provider.isTruncated, Self.bool(want["truncated"]?.value) ?? false)
      guard case .array(let wantFrames)? = want["frames"]?.value else {
        mismatches.append("\(name): no frames in the JSON")
        continue
      }
      check("frame count", provider.frameCount, wantFrames.count)
      for (number, element) in wantFrames.enumerated() where number < provider.frameCount {
        let info = provider.frameInfo[number]
        let expected = element.value
        func field(_ key: String) -> Int { Self.int(expected[key]?.value) ?? -1 }
        check("frame \(number) x", info.x, field("x"))
        check("frame \(number) y", info.y, field("y"))
        check("frame \(number) width", info.width, field("width"))
        check("frame \(number) height", info.height, field("height"))
        check("frame \(number) blend", info.blends, Self.bool(expected["blend"]?.value) ?? !info.blends)
        check("frame \(number) dispose", info.disposesToBackground, Self.bool(expected["dispose"]?.value) ?? !info.disposesToBackground)
        check("frame \(number) lossless", info.isLossless, Self.bool(expected["lossless"]?.value) ?? !info.isLossless)
        let raw = provider.isAnimated ? info.durationMilliseconds : 0
        check("frame \(number) delay_ms_raw", raw, field("delay_ms_raw"))
        check("frame \(number) delay_ms", Int(provider.frameDuration(at: number) / 1_000_000), field("delay_ms"))
        guard case .string(let crc)? = expected["crc32"]?.value else { continue }
        let pixels = try provider.frame(at: number).pixels
        framesCompared += 1
        check("frame \(number) crc32", ReferenceCRC32.hex(ReferenceCRC32.checksum(pixels)), crc)
      }
      if !problems.isEmpty { mismatches.append("\(name): \(problems.prefix(4))") }
    }
    #expect(mismatches.isEmpty, "\(mismatches.count) of \(files.count) files differ: \(mismatches.prefix(20))")
    #expect(framesCompared >= 1000, "\(framesCompared) frames compared")
    #expect(checkedFiles == files.count)
  }
}
