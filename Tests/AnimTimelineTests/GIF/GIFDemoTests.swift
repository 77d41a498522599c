import Foundation
import Testing
@testable import AnimTimeline
@testable import TimelineDemo

@Suite struct GIFDemoTests {
  @Test func crc32MatchesZlib() {
    #expect(CRC32.checksum(Array("123456789".utf8)) == 0xCBF4_3926)
    #expect(CRC32.checksum([UInt8]()) == 0)
    #expect(CRC32.hex(0x0000_ABCD) == "0000abcd")
  }

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

  @Test func durations() {
    #expect(NumberSyntax.duration("1") == 1_000_000_000)
    #expect(NumberSyntax.duration("1.5s") == 1_500_000_000)
    #expect(NumberSyntax.duration("250ms") == 250_000_000)
    #expect(NumberSyntax.duration("10us") == 10_000)
    #expect(NumberSyntax.duration("7ns") == 7)
    #expect(NumberSyntax.duration("0.0000000015") == 2)  // 1.5 ns rounds up
    #expect(NumberSyntax.duration("0.25ms") == 250_000)
    for bad in ["", "s", "1.", ".5", "-1", "1e3", "1h", "1.2.3", "99999999999999999999"] {
      #expect(NumberSyntax.duration(Substring(bad)) == nil, "\(bad)")
    }
  }

  @Test func frameAtTime() throws {
    func frame(_ t: Int64, _ d: [Int64], _ loops: LoopCount) throws -> Int {
      try Timeline(provider: SyntheticFrameProvider(durations: d, loopCount: loops)).frameIndex(at: t)
    }
    let d: [Int64] = [100, 0, 50, 200]
    #expect(try frame(0, d, .infinite) == 0)
    #expect(try frame(99, d, .infinite) == 0)
    #expect(try frame(100, d, .infinite) == 2)
    #expect(try frame(150, d, .infinite) == 3)
    #expect(try frame(350, d, .infinite) == 0)
    let twice = try LoopCount.plays(2)
    #expect(try frame(699, d, twice) == 3)
    #expect(try frame(700, d, twice) == 3)
    #expect(try frame(10_000, [5, 5, 0], twice) == 1)
    #expect(try frame(0, [0, 0], twice) == 0)  // static with no shown frame: frame 0
  }

  @Test func sampleGIF() throws {
    var provider = try GIFFrameProvider(bytes: SampleGIF.bytes)
    #expect(provider.canvasWidth == 32 && provider.canvasHeight == 32)
    #expect((8...12).contains(provider.frameCount))
    #expect(provider.rawLoopCount == 0 && provider.loopCount == .infinite)
    #expect(Set(provider.frameInfo.map(\.delayCentiseconds)).count >= 3)
    #expect(provider.frameInfo.contains { $0.transparentIndex != nil })
    #expect(provider.frameInfo.contains { $0.disposal == 2 || $0.disposal == 3 })
    for index in 0..<provider.frameCount {
      _ = try provider.frame(at: index)
      #expect(try provider.isFrameComplete(index))
    }
  }

  @Test func commands() throws {
    let directory = NSTemporaryDirectory() + "animtimeline-demo-\(UInt32.random(in: 0...UInt32.max))"
    defer { removeFile(directory) }
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    let gif = directory + "/sample.gif"
    #expect(writeFile(gif, SampleGIF.bytes))
    #expect(GIFCommands.run("frames", [gif, "--out", directory + "/frames", "--format", "pam"]) == 0)
    let names = try FileManager.default.contentsOfDirectory(atPath: directory + "/frames").sorted()
    #expect(names.first == "frame-000.pam" && names.count == 10)
    #expect(GIFCommands.run("frame", [gif, "--at", "0.35", "--out", directory + "/poster.png"]) == 0)
    let poster = try Inflate.readPNG(try #require(readFile(directory + "/poster.png")), crc: { CRC32.checksum($0) })
    var provider = try GIFFrameProvider(bytes: SampleGIF.bytes)
    // 0.35 s: frames 0-3 last 100, 50, 60, 80 ms (290 ms), so frame 4 shows.
    #expect(poster.pixels == (try provider.frame(at: 4)).pixels)
    // Usage errors exit 2; an undecodable GIF exits 1.
    #expect(GIFCommands.run("frame", [gif, "--index", "1", "--at", "1s", "--out", directory + "/x.png"]) == 2)
    #expect(GIFCommands.run("frames", [gif, "--out", directory, "--format", "bmp"]) == 2)
    #expect(GIFCommands.run("info", [gif, "--bogus"]) == 2)
    #expect(GIFCommands.run("frame", [gif, "--index", "0", "--out"]) == 2)  // --out needs a value
    #expect(GIFCommands.run("info", [gif, gif]) == 2)  // one file only
    #expect(throws: GIFCommands.CommandError.self) {
      try GIFCommands.parse(["a.gif", "--out"], flags: [], valued: ["--out"])
    }
    let parsed = try GIFCommands.parse(["--json", "a.gif", "--out", "--json"], flags: ["--json"], valued: ["--out"])
    #expect(parsed.file == "a.gif" && parsed.flags == ["--json"] && parsed.values == ["--out": "--json"])
    #expect(GIFCommands.run("info", []) == 2)
    #expect(writeFile(directory + "/bad.gif", Array("GIF89".utf8)))
    #expect(GIFCommands.run("info", [directory + "/bad.gif"]) == 1)
    #expect(GIFCommands.run("info", [gif, "--json", "--crc"]) == 0)
  }
}
