import Foundation
import Testing
@testable import AnimTimeline

/// The folder of a differential run against libwebp, when one is asked
/// for: `VP8_DIFFERENTIAL_DIR` names a folder of `NAME.bin` payloads (cut
/// or mutated `VP8 ` chunk payloads) with `NAME.expect` holding `dwebp`'s
/// verdict on each (wrapped in a RIFF file, padded to an even size):
/// `error`, or the CRC-32 of its RGBA pixels. Off by default (it needs a
/// generated folder and `dwebp`; libwebp's default x86-64 build is the
/// reference).
let vp8DifferentialDirectory = ProcessInfo.processInfo.environment["VP8_DIFFERENTIAL_DIR"]

/// ``VP8Decoder`` accepts and rejects exactly what libwebp does, with the
/// same pixels, on generated damaged payloads.
@Suite struct VP8DecoderDifferentialTests {
  @Test(.enabled(if: vp8DifferentialDirectory != nil, "skipped: set VP8_DIFFERENTIAL_DIR to run"))
  func vp8DamagedPayloadsMatchDwebp() throws {
    let directory = try #require(vp8DifferentialDirectory)
    let names = try FileManager.default.contentsOfDirectory(atPath: directory).filter { $0.hasSuffix(".bin") }.sorted()
    var decoder = VP8Decoder()
    var agree = 0
    var mismatches: [String] = []
    for name in names {
      let base = directory + "/" + String(name.dropLast(4))
      let payload = try #require(readFile(base + ".bin"))
      let expected = String(decoding: try #require(readFile(base + ".expect")), as: UTF8.self)
      let got: String
      var detail = ""
      // dwebp's decoder also sees the RIFF padding byte of an odd payload.
      let data = payload.count & 1 == 1 ? payload + [0] : payload
      switch VP8DecoderTests.decode(data, 0..<data.count, chunkSize: payload.count, with: &decoder) {
      case .failure(let error):
        got = "error"
        detail = " (\(error))"
      case .success(let (_, rgba)): got = VP8DecoderTests.crc(rgba)
      }
      if got == expected { agree += 1 } else { mismatches.append("\(name): \(got)\(detail), dwebp \(expected)") }
    }
    print("VP8 differential: \(agree) of \(names.count) agree with dwebp")
    for line in mismatches.prefix(40) { print("  mismatch \(line)") }
    #expect(mismatches.isEmpty)
  }
}
