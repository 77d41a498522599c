import Foundation
import Testing
import AnimTimeline
@testable import TimelineCommands
import TimelineScript

/// `info`, `frames` and `frame`, and the image writers they use.
@Suite struct GIFCommandTests {
  @Test func checksumsAreHex() {
    #expect(InfoCommand.hex(0x0000_ABCD) == "0000abcd")
    #expect(InfoCommand.hex(0xCBF4_3926) == "cbf43926")
  }

  @Test func commands() throws {
    let directory = NSTemporaryDirectory() + "animtimeline-demo-\(UInt32.random(in: 0...UInt32.max))"
    defer { try? FileManager.default.removeItem(atPath: directory) }
    try FileSystem.createDirectories(FilePath(directory + "/nested/twice"))
    let gif = directory + "/sample.gif"
    try FileSystem.createFile(FilePath(gif), contents: SampleGIF.bytes)
    #expect(CommandRun(["frames", gif, "--out", directory + "/frames", "--format", "pam"]).status == 0)
    let names = try FileManager.default.contentsOfDirectory(atPath: directory + "/frames").sorted()
    #expect(names.first == "frame-000.pam" && names.count == 10)
    #expect(CommandRun(["frame", gif, "--at", "0.35", "--out", directory + "/poster.png"]).status == 0)
    let poster = try RGBAImage(pngData: try FileSystem.contents(ofFile: FilePath(directory + "/poster.png")))
    let provider = try GIFFrameProvider(bytes: SampleGIF.bytes)
    // 0.35 s: frames 0-3 last 100, 50, 60, 80 ms (290 ms), so frame 4 shows.
    #expect(poster.pixels == (try provider.frame(at: 4)).pixels)
    #expect(CommandRun(["frame", gif, "--index", "4", "--out", directory + "/four.pam"]).status == 0)
    #expect(try FileSystem.contents(ofFile: FilePath(directory + "/four.pam")) == (try provider.frame(at: 4)).pamData())
    // Every error exits 2: usage errors, an undecodable GIF, a file that cannot be written.
    #expect(CommandRun(["frame", gif, "--index", "10", "--out", directory + "/x.png"]).status == 2)
    #expect(CommandRun(["info", gif, gif]).status == 2)
    try FileSystem.createFile(FilePath(directory + "/bad.gif"), contents: Array("GIF89".utf8))
    let bad = CommandRun(["info", directory + "/bad.gif"])
    #expect(bad.status == 2 && bad.errorText.hasPrefix("error: \(directory)/bad.gif: "))
    #expect(CommandRun(["frame", gif, "--index", "0", "--out", directory + "/missing/x.png"]).status == 2)
    let info = CommandRun(["info", gif, "--json", "--crc"])
    #expect(info.status == 0)
    #expect(info.outputText.contains(#""crc32": ""#) && info.outputText.hasSuffix("\n  ]\n}\n"))
  }

  /// Point 1 of issue 12: frames are numbered from 0 in every output.
  @Test func framesAreNumberedFromZeroEverywhere() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let info = CommandRun(["info", directory.gif])
    let lines = info.outputText.split(separator: "\n")
    #expect(lines.filter { $0.hasPrefix("frame ") }.map { $0.prefix(while: { $0 != ":" }) } == (0..<10).map { "frame \($0)" })
    let frames = CommandRun(["frames", directory.gif, "--out", directory.file("f"), "--format", "pam"])
    #expect(frames.outputText.hasPrefix("wrote \(directory.file("f"))/frame-000.pam: frame 0, "))
    #expect(frames.outputText.contains("/frame-009.pam: frame 9, "))
    // The last index is 9, and the message says which indices exist.
    #expect(CommandRun(["frame", directory.gif, "--index", "9", "--out", directory.file("9.png")]).status == 0)
    let past = CommandRun(["frame", directory.gif, "--index", "10", "--out", directory.file("x.png")])
    #expect(past.firstErrorLine == "error: --index 10: the GIF has 10 frames, 0 to 9")
    // play's status line (the first frame is frame 0; iteration from 0).
    var timeline = try Timeline(provider: GIFFrameProvider(bytes: SampleGIF.bytes))
    #expect(PlayCommand.status(of: timeline).hasPrefix("frame 0 (0-9)  t=0.000s  iteration 0 (looping forever)"))
    _ = try timeline.seek(toFrame: 9, iteration: 0)
    #expect(PlayCommand.status(of: timeline).hasPrefix("frame 9 (0-9)"))
  }

  /// Point 6 of issue 12: `--out`'s extension is the format; an unknown
  /// or missing one, or one that `--format` contradicts, is a usage error
  /// and nothing is written.
  @Test func theOutputExtensionMustMatchTheFormat() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let unknown = { (path: String, ext: String) in "--out \(path): unknown image extension '.\(ext)' (.png or .pam)" }
    let none = { (path: String) in "--out \(path): name the image file with .png or .pam (its extension is its format)" }
    for (out, format, message) in [
      ("p.bmp", nil, { unknown($0, "bmp") }),
      ("p.jpeg", "png", { unknown($0, "jpeg") }),
      ("p", nil, none),
      (".png", nil, none),
      ("p.png", "pam", { "--out \($0) is a .png file, but --format is pam" }),
      ("p.PAM", "png", { "--out \($0) is a .PAM file, but --format is png" }),
    ] as [(String, String?, (String) -> String)] {
      let path = directory.file(out)
      let run = CommandRun(["frame", directory.gif, "--index", "0", "--out", path] + (format.map { ["--format", $0] } ?? []))
      #expect(run.status == 2, "\(out)")
      #expect(run.firstErrorLine == "error: " + message(path), "\(run.errorText)")
      #expect(run.errorText.contains("\nusage: timeline-demo frame "))
      #expect((try? FileSystem.contents(ofFile: FilePath(path))) == nil, "\(out) was written")
    }
    // Inferred from the extension (in any case), or confirmed by --format.
    for (out, format, magic) in [
      ("a.png", nil, [0x89, 0x50]), ("b.pam", nil, [0x50, 0x37]), ("c.PNG", "png", [0x89, 0x50]), ("d.Pam", "pam", [0x50, 0x37]),
    ] as [(String, String?, [UInt8])] {
      let run = CommandRun(["frame", directory.gif, "--index", "0", "--out", directory.file(out)] + (format.map { ["--format", $0] } ?? []))
      #expect(run.status == 0, "\(out): \(run.errorText)")
      #expect(try FileSystem.contents(ofFile: FilePath(directory.file(out))).prefix(2) == magic[...], "\(out)")
    }
  }

  /// Point 7 of issue 12: `frame` and `frames` say what they wrote (path,
  /// pixel size, bytes) unless `--quiet`.
  @Test func frameAndFramesReportWhatTheyWrote() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let poster = directory.file("poster.png")
    let frame = CommandRun(["frame", directory.gif, "--at", "0.35s", "--out", poster])
    let size = try FileSystem.contents(ofFile: FilePath(poster)).count
    #expect(frame.status == 0 && frame.error.isEmpty)
    #expect(frame.outputText == "wrote \(poster): frame 4, 32x32 pixels, PNG, \(size) bytes\n")
    let out = directory.file("all")
    let frames = CommandRun(["frames", directory.gif, "--out", out])
    let lines = frames.outputText.split(separator: "\n").map(String.init)
    #expect(lines.count == 11)
    var total = 0
    for index in 0..<10 {
      let file = "\(out)/frame-00\(index).png"
      let bytes = try FileSystem.contents(ofFile: FilePath(file)).count
      total += bytes
      #expect(lines[index] == "wrote \(file): frame \(index), 32x32 pixels, PNG, \(bytes) bytes")
    }
    #expect(lines.last == "wrote 10 frames to \(out): 32x32 pixels, PNG, \(total) bytes in all")
    // --quiet (or -q): the same files, nothing printed.
    for quiet in ["--quiet", "-q"] {
      let frame = CommandRun(["frame", directory.gif, "--index", "1", "--out", directory.file("q.pam"), quiet])
      #expect(frame.status == 0 && frame.output.isEmpty && frame.error.isEmpty)
      #expect(try FileSystem.contents(ofFile: FilePath(directory.file("q.pam"))).count == 32 * 32 * 4 + 67)
      let frames = CommandRun(["frames", quiet, directory.gif, "--out", directory.file("q")])
      #expect(frames.status == 0 && frames.output.isEmpty && frames.error.isEmpty)
      #expect(try FileSystem.contents(ofFile: FilePath(directory.file("q/frame-009.png"))).count > 0)
    }
  }
}

extension GIFCommandTests {
  /// Issue 11: `frame --size` and `frames --size` write thumbnails made by
  /// the library (`resized(toFit:)`), encoded by the library's PNG encoder.
  @Test func thumbnails() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let provider = try GIFFrameProvider(bytes: try FileSystem.contents(ofFile: FilePath(directory.gif)))
    let thumb = directory.file("thumb.png")
    let run = CommandRun(["frame", directory.gif, "--index", "4", "--size", "16x8", "--out", thumb])
    #expect(run.status == 0, "\(run.errorText)")
    let written = try RGBAImage(pngData: try FileSystem.contents(ofFile: FilePath(thumb)))
    let expected = try provider.frame(at: 4).resized(toFit: ImageSize(width: 16, height: 8))
    #expect(written == expected && written.width == 8 && written.height == 8)
    #expect(run.outputText.contains(": frame 4, 8x8 pixels, PNG, "))

    let all = CommandRun(["frames", directory.gif, "--out", directory.file("small"), "--size", "10x10", "--quiet"])
    #expect(all.status == 0 && all.outputText.isEmpty)
    let first = try RGBAImage(pngData: try FileSystem.contents(ofFile: FilePath(directory.file("small") + "/frame-000.png")))
    #expect(try first == provider.frame(at: 0).resized(toFit: ImageSize(width: 10, height: 10)))

    for bad in ["0x5", "5", "x5", "5x", "70000x5", "-1x5", "axb"] {
      let rejected = CommandRun(["frame", directory.gif, "--index", "0", "--size", bad, "--out", thumb])
      #expect(rejected.status == 2 && rejected.firstErrorLine == "error: --size: expected WIDTHxHEIGHT, each 1 to 65535, got '\(bad)'")
    }
  }
}
