import Foundation
import Testing
import AnimTimeline
@testable import TimelineDemo
import TimelineScript

/// `info`, `frames` and `frame`, and the image writers they use.
@Suite struct GIFCommandTests {
  @Test func pngRoundTrip() throws {
    var generator = SplitMix64(seed: 3)
    for (width, height) in [(1, 1), (3, 2), (33, 17), (200, 90)] {
      // Noise and runs, so both literals and matches occur.
      let pixels = (0..<width * height * 4).map { index in
        index % 97 < 50 ? UInt8(index / 40 % 256) : UInt8.random(in: 0...255, using: &generator)
      }
      let image = RGBAImage(width: width, height: height, pixels: pixels)
      for compress in [true, false] {
        let png = PNGWriter.encode(image, compress: compress)
        let decoded = try Inflate.readPNG(png, crc: { CRC32.checksum($0) })
        #expect(decoded.width == width && decoded.height == height)
        #expect(decoded.pixels == pixels, "\(width)x\(height) compress \(compress)")
      }
    }
    // Large stored streams span several blocks.
    let big = RGBAImage(width: 300, height: 300, pixels: (0..<360_000).map { UInt8(truncatingIfNeeded: $0 &* 31) })
    let decoded = try Inflate.readPNG(PNGWriter.encode(big, compress: false), crc: { CRC32.checksum($0) })
    #expect(decoded.pixels == big.pixels)
  }

  @Test func pamHeader() {
    let pam = PAMWriter.encode(RGBAImage(width: 2, height: 1, pixels: [1, 2, 3, 4, 5, 6, 7, 8]))
    let header = "P7\nWIDTH 2\nHEIGHT 1\nDEPTH 4\nMAXVAL 255\nTUPLTYPE RGB_ALPHA\nENDHDR\n"
    #expect(pam == Array(header.utf8) + [1, 2, 3, 4, 5, 6, 7, 8])
  }

  @Test func commands() throws {
    let directory = NSTemporaryDirectory() + "animtimeline-demo-\(UInt32.random(in: 0...UInt32.max))"
    defer { try? FileManager.default.removeItem(atPath: directory) }
    try FileSystem.createDirectories(directory + "/nested/twice")
    let gif = directory + "/sample.gif"
    try FileSystem.createFile(gif, contents: SampleGIF.bytes)
    #expect(CommandRun(["frames", gif, "--out", directory + "/frames", "--format", "pam"]).status == 0)
    let names = try FileManager.default.contentsOfDirectory(atPath: directory + "/frames").sorted()
    #expect(names.first == "frame-000.pam" && names.count == 10)
    #expect(CommandRun(["frame", gif, "--at", "0.35", "--out", directory + "/poster.png"]).status == 0)
    let poster = try Inflate.readPNG(try FileSystem.contents(ofFile: directory + "/poster.png"), crc: { CRC32.checksum($0) })
    let provider = try GIFFrameProvider(bytes: SampleGIF.bytes)
    // 0.35 s: frames 0-3 last 100, 50, 60, 80 ms (290 ms), so frame 4 shows.
    #expect(poster.pixels == (try provider.frame(at: 4)).pixels)
    #expect(CommandRun(["frame", gif, "--index", "4", "--out", directory + "/four.pam"]).status == 0)
    #expect(try FileSystem.contents(ofFile: directory + "/four.pam") == PAMWriter.encode(try provider.frame(at: 4)))
    // An option's value is the next word, whatever it looks like.
    var arguments = Arguments(["a.gif", "--out", "--json", "--index", "0"])
    let frame = try FrameCommand(parsing: &arguments)
    #expect(frame.path == "a.gif" && frame.output == "--json")
    // Usage errors exit 2; an undecodable GIF, or a file that cannot be written, 1.
    #expect(CommandRun(["frame", gif, "--index", "10", "--out", directory + "/x.png"]).status == 2)
    #expect(CommandRun(["info", gif, gif]).status == 2)
    try FileSystem.createFile(directory + "/bad.gif", contents: Array("GIF89".utf8))
    let bad = CommandRun(["info", directory + "/bad.gif"])
    #expect(bad.status == 1 && bad.errorText.hasPrefix("error: "))
    #expect(CommandRun(["frame", gif, "--index", "0", "--out", directory + "/missing/x.png"]).status == 1)
    let info = CommandRun(["info", gif, "--json", "--crc"])
    #expect(info.status == 0)
    #expect(info.outputText.contains(#""crc32": ""#) && info.outputText.hasSuffix("\n  ]\n}\n"))
  }
}
