import AnimTimeline
import Foundation
import Testing
@testable import TimelineCommands

/// Every image subcommand takes a GIF or a PNG/APNG by content, through
/// one path (`ImageInput`, `AnimatedImage.open`).
@Suite struct ImageCommandTests {
  /// A 5×3 still PNG written by the library, named `.gif` on purpose: the
  /// content decides, not the name.
  static func stillPNG(in directory: TemporaryDirectory) throws -> (path: String, image: RGBAImage) {
    let image = RGBAImage(width: 5, height: 3, pixels: (0..<60).map { UInt8($0 * 4) })
    let path = directory.file("still.gif")
    try FileSystem.createFile(FilePath(path), contents: try image.pngData())
    return (path, image)
  }

  @Test func aStillPNGThroughEveryCommand() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let (path, image) = try Self.stillPNG(in: directory)
    let info = CommandRun(["info", path, "--json", "--crc"])
    #expect(info.status == 0, "\(info.errorText)")
    for key in [#""format": "png""#, #""width": 5"#, #""loop_raw": null"#, #""loops": 1"#, #""animation_error": null"#,
                #"{"delay_ms": 0, "delay_ns_raw": 0, "x": 0, "y": 0, "width": 5, "height": 3, "dispose": 0, "blend": 0"#,
                #""crc32": "\#(InfoCommand.hex(image.pixelChecksum))""#] {
      #expect(info.outputText.contains(key), "\(key) in \(info.outputText)")
    }
    let frame = CommandRun(["frame", path, "--index", "0", "--out", "-", "--format", "png", "-q"])
    #expect(frame.status == 0)
    #expect(try RGBAImage(pngData: frame.output) == image)
    let frames = CommandRun(["frames", path, "--out", directory.file("out"), "-q"])
    #expect(frames.status == 0)
    // One frame: a static timeline, for --ticks as for a one-frame GIF.
    let ticks = CommandRun(["--ticks", "3", "--image", path, "--summary"])
    #expect(ticks.status == 0, "\(ticks.errorText)")
    #expect(CommandRun(["--ticks", "3", "--gif", path, "--image", path]).firstErrorLine
      == "error: --image is given twice (--gif is another name of --image)")
    let bench = CommandRun(["bench", "decode", path, "--repeat", "2", "--allow-debug"])
    #expect(bench.status == 0 && bench.outputText.contains("frames=1 repeats=2 canvas=5x3"), "\(bench.outputText)")
  }

  @Test func notAnImage() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    try FileSystem.createFile(FilePath(directory.file("x.png")), contents: Array("FORM0000AIFFCOMM".utf8))
    let run = CommandRun(["info", directory.file("x.png")])
    #expect(run.status == 2)
    #expect(run.firstErrorLine.hasSuffix("x.png: not a GIF, PNG or WebP file (its first bytes are not 'GIF8', the PNG signature or 'RIFF')"))
    // A RIFF file goes to the WebP reader, whatever its name, which says
    // what is wrong with it.
    try FileSystem.createFile(FilePath(directory.file("y.png")), contents: Array("RIFF\u{4}\0\0\0WAVE".utf8))
    let riff = CommandRun(["info", directory.file("y.png")])
    #expect(riff.status == 2 && riff.firstErrorLine.hasSuffix("y.png: not a RIFF/WEBP file (byte 0)"), "\(riff.firstErrorLine)")
  }

  @Test func anAPNGFromTheCorpus() throws {
    var url = URL(fileURLWithPath: #filePath)
    for _ in 0..<3 { url.deleteLastPathComponent() }
    let folder = url.deletingLastPathComponent().appendingPathComponent("shared/corpus/apng").path
    let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter {
      $0.hasPrefix("gif-apngasm__") && $0.hasSuffix(".png")
    }.sorted()
    guard let name = names.first else {
      print("ImageCommandTests.anAPNGFromTheCorpus: skipped, no APNG corpus at \(folder)")
      return
    }
    let path = folder + "/" + name
    let provider = try APNGFrameProvider(bytes: try #require(FileManager.default.contents(atPath: path)).map { $0 })
    #expect(provider.isAnimated && provider.frameCount > 1)
    let info = CommandRun(["info", path])
    #expect(info.status == 0 && info.outputText.contains(": APNG, "))
    let ticks = CommandRun(["--ticks", "120", "--image", path, "--json", "--summary"])
    #expect(ticks.status == 0 && ticks.outputText.contains(#""frames_shown":"#))
    for benchmark in ["access", "share"] {
      let run = CommandRun(["bench", benchmark, path, "--allow-debug"] + (benchmark == "share" ? ["--timelines", "5", "--ticks", "5"] : ["--count", "20"]))
      #expect(run.status == 0, "\(benchmark): \(run.errorText)")
    }
  }

  /// A lossy animation with alpha from the WebP corpus through every image
  /// command: `info --json --crc` gives the JSON's CRC-32s, and the
  /// timeline, the frames and the benchmarks take it by content.
  @Test func aWebPFromTheCorpus() throws {
    var url = URL(fileURLWithPath: #filePath)
    for _ in 0..<3 { url.deleteLastPathComponent() }
    let path = url.deletingLastPathComponent().appendingPathComponent(
      "shared/corpus/webp/img2webp__lossy_alpha_moving.webp").path
    guard FileManager.default.fileExists(atPath: path) else {
      print("ImageCommandTests.aWebPFromTheCorpus: skipped, no WebP corpus at \(path)")
      return
    }
    func crcs(_ document: Data) throws -> [String] {
      let root = try #require(try JSONSerialization.jsonObject(with: document) as? [String: Any])
      let frames = try #require(root["frames"] as? [[String: Any]])
      return frames.compactMap { $0["crc32"] as? String }
    }
    let wanted = try crcs(try #require(FileManager.default.contents(atPath: path + ".json")))
    #expect(wanted.count == 12)
    let info = CommandRun(["info", path, "--json", "--crc"])
    #expect(info.status == 0)
    #expect(try crcs(Data(info.outputText.utf8)) == wanted)
    let root = try #require(try JSONSerialization.jsonObject(with: Data(info.outputText.utf8)) as? [String: Any])
    #expect(root["format"] as? String == "webp" && root["background_raw"] is String)
    let ticks = CommandRun(["--ticks", "120", "--image", path, "--json", "--summary"])
    #expect(ticks.status == 0 && ticks.outputText.contains(#""frames_shown":"#))
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let out = CommandRun(["frames", path, "--out", directory.file("frames"), "--format", "pam"])
    #expect(out.status == 0, "\(out.errorText)")
    let poster = CommandRun(["frame", path, "--at", "0", "--out", directory.file("poster.png")])
    #expect(poster.status == 0, "\(poster.errorText)")
    let bench = CommandRun(["bench", "decode", path, "--repeat", "2", "--reopen", "--allow-debug"])
    #expect(bench.status == 0 && bench.outputText.contains("frames=\(wanted.count) repeats=2"), "\(bench.outputText)")
  }
}
