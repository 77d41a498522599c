import Foundation
import Testing
import AnimTimeline
@testable import TimelineCommands

/// `frame`, `frames` and `play` with `--aseprite`: the sheet image is
/// found through `meta.image` and frames are written untrimmed and upright.
@Suite struct SpriteSheetImageCommandTests {
  /// The sheet image of ``DemoSheet`` (28×8): pixel (x, y) is
  /// (9x, 30y, 77), opaque, so every pixel is distinct.
  static func sheetImage(width: Int = 28, height: Int = 8) -> RGBAImage {
    var pixels: [UInt8] = []
    for y in 0..<height {
      for x in 0..<width { pixels += [UInt8(9 * x), UInt8(30 * y), 77, 255] }
    }
    return RGBAImage(width: width, height: height, pixels: pixels)
  }

  /// The untrimmed 8×8 image of sheet frame `frame` of ``DemoSheet``,
  /// worked out from the export by hand: frames 0 and 1 whole; frame 2,
  /// 6×7 from (16, 0), at (1, 1); frame 3, 6×4 stored turned clockwise as
  /// 4×6 at (24, 0), at (2, 3): its upright pixel (u, v) is the stored
  /// pixel (24 + 3 − v, u).
  static func expected(_ frame: Int) -> RGBAImage {
    var pixels = [UInt8](repeating: 0, count: 8 * 8 * 4)
    func put(_ x: Int, _ y: Int, fromSheet sx: Int, _ sy: Int) {
      pixels.replaceSubrange((y * 8 + x) * 4..<(y * 8 + x) * 4 + 4, with: [UInt8(9 * sx), UInt8(30 * sy), 77, 255])
    }
    for y in 0..<8 {
      for x in 0..<8 {
        switch frame {
        case 0, 1: put(x, y, fromSheet: 8 * frame + x, y)
        case 2 where (1..<7).contains(x) && (1..<8).contains(y): put(x, y, fromSheet: 16 + x - 1, y - 1)
        case 3 where (2..<8).contains(x) && (3..<7).contains(y):
          let (u, v) = (x - 2, y - 3)
          put(x, y, fromSheet: 24 + 3 - v, u)
        default: break
        }
      }
    }
    return RGBAImage(width: 8, height: 8, pixels: pixels)
  }

  /// A folder with hero.json and its sheet, hero.png.
  func folder(image: RGBAImage = sheetImage()) throws -> (TemporaryDirectory, String) {
    let directory = try TemporaryDirectory()
    let json = try DemoSheet.write(in: directory)
    try FileSystem.createFile(FilePath(directory.file("hero.png")), contents: try image.pngData())
    return (directory, json)
  }

  func decoded(_ path: String) throws -> RGBAImage {
    try RGBAImage(pngData: FileSystem.contents(ofFile: FilePath(path)))
  }

  @Test func framesWritesEverySheetFrameUntrimmed() throws {
    let (directory, json) = try folder()
    defer { directory.remove() }
    let out = directory.file("frames")
    let run = CommandRun(["frames", "--aseprite", json, "--out", out])
    #expect(run.status == 0, "\(run.errorText)")
    for frame in 0..<4 {
      #expect(try decoded(out + "/frame-00\(frame).png") == Self.expected(frame), "frame \(frame)")
    }
    let lines = run.outputText.split(separator: "\n").map(String.init)
    #expect(lines.count == 5)
    #expect(lines[3].hasPrefix("wrote \(out)/frame-003.png: frame 3, 8x8 pixels, PNG, "))
    #expect(lines[4].hasPrefix("wrote 4 frames to \(out): 8x8 pixels, PNG, "))
    #expect(try FileManager.default.contentsOfDirectory(atPath: out).count == 4)
  }

  @Test func framesOfAClipFollowItsPlay() throws {
    let (directory, json) = try folder()
    defer { directory.remove() }
    let out = directory.file("attack")
    let run = CommandRun(["frames", "--aseprite", json, "--clip", "attack", "--out", out, "--format", "pam"])
    #expect(run.status == 0, "\(run.errorText)")
    // attack: ping-pong reverse over 1...3, repeat 2: 3, 2, 1, 2, 3.
    for (position, frame) in [3, 2, 1, 2, 3].enumerated() {
      #expect(try FileSystem.contents(ofFile: FilePath(out + "/frame-00\(position).pam")) == Self.expected(frame).pamData())
    }
    let named = run.outputText.split(separator: "\n").dropLast().map { $0.split(separator: ":")[1].split(separator: ",")[0] }
    #expect(named == [" frame 3", " frame 2", " frame 1", " frame 2", " frame 3"])
  }

  @Test func frameByIndexAndByTime() throws {
    let (directory, json) = try folder()
    defer { directory.remove() }
    let pam = directory.file("three.pam")
    let byIndex = CommandRun(["frame", "--aseprite", json, "--index", "3", "--out", pam])
    #expect(byIndex.status == 0, "\(byIndex.errorText)")
    #expect(try FileSystem.contents(ofFile: FilePath(pam)) == Self.expected(3).pamData())
    #expect(byIndex.outputText.hasPrefix("wrote \(pam): frame 3, 8x8 pixels, PAM, "))
    let thumbnail = CommandRun(["frame", "--aseprite", json, "--index", "3", "--size", "4x4", "--out", directory.file("small.png")])
    #expect(thumbnail.status == 0 && thumbnail.outputText.contains(": frame 3, 4x4 pixels, PNG, "))
    #expect(try decoded(directory.file("small.png")) == Self.expected(3).resized(toFit: ImageSize(width: 4, height: 4)))
    // The display list: 0 (100 ms), 1 (50), 2 (80): 150 ms shows frame 2.
    let png = directory.file("at.png")
    let byTime = CommandRun(["frame", "--aseprite", json, "--at", "150ms", "--out", png])
    #expect(byTime.status == 0 && byTime.outputText.contains(": frame 2, "))
    #expect(try decoded(png) == Self.expected(2))
    // attack: 3 (120 ms), 2 (80), 1 (50), ...: 210 ms shows frame 1; after
    // its 450 ms it stays on 3.
    for (time, frame) in [("210ms", 1), ("0", 3), ("449ms", 3), ("10s", 3), ("329ms", 2), ("330ms", 3)] {
      let run = CommandRun(["frame", "--aseprite", json, "--clip", "attack", "--at", time, "--out", png])
      #expect(run.status == 0 && run.outputText.contains(": frame \(frame), "), "\(time): \(run.outputText)\(run.errorText)")
      #expect(try decoded(png) == Self.expected(frame), "\(time)")
    }
  }

  @Test func playsASheetOnATerminal() throws {
    let (directory, json) = try folder()
    defer { directory.remove() }
    let run = CommandRun(["play", "--aseprite", json, "--clip", "walk", "--duration", "30ms"], isTerminal: true)
    #expect(run.status == 0 && run.error.isEmpty, "\(run.errorText)")
    #expect(run.output.starts(with: Terminal.enterSequence))
    #expect(run.outputText.contains("frame 0 (0-10)  t="))
    let file = CommandRun(["play", "--aseprite", json, "--duration", "10ms"], isTerminal: false)
    #expect(file.status == 2 && file.output.isEmpty)
  }

  @Test func sheetImageErrors() throws {
    let (directory, json) = try folder(image: Self.sheetImage(width: 27))
    defer { directory.remove() }
    let out = directory.file("x.png")
    let wrongSize = CommandRun(["frame", "--aseprite", json, "--index", "0", "--out", out])
    #expect(wrongSize.status == 2 && wrongSize.output.isEmpty)
    #expect(wrongSize.errorText == "error: \(directory.file("hero.png")), the sheet image of \(json): the sheet image is 27x8 pixels, but the export's meta.size is 28x8\n")

    try FileSystem.createFile(FilePath(directory.file("hero.png")), contents: Array("not a png".utf8))
    let notPNG = CommandRun(["frames", "--aseprite", json, "--out", directory.file("d")])
    #expect(notPNG.status == 2 && notPNG.errorText.hasPrefix("error: \(directory.file("hero.png")): "))

    let lonely = directory.file("lonely.json")
    try FileSystem.createFile(FilePath(lonely), contents: Array(DemoSheet.json.replacingOccurrences(of: "hero.png", with: "missing.png").utf8))
    let missing = CommandRun(["play", "--aseprite", lonely, "--duration", "10ms"], isTerminal: true)
    #expect(missing.status == 2 && missing.output.isEmpty)
    #expect(missing.errorText == "error: \(directory.file("missing.png")): No such file or directory (the sheet image, meta.image of \(lonely))\n")

    let noImage = directory.file("noimage.json")
    try FileSystem.createFile(FilePath(noImage), contents: Array(DemoSheet.json.replacingOccurrences(of: #""image": "hero.png", "#, with: "").utf8))
    let none = CommandRun(["frame", "--aseprite", noImage, "--index", "0", "--out", out])
    #expect(none.status == 2 && none.errorText.contains("has no meta.image"))
    // --ticks reads no image.
    #expect(CommandRun(["--ticks", "3", "--aseprite", noImage]).status == 0)
  }

  @Test func sourceOptionsAreUsageErrors() throws {
    let (directory, json) = try folder()
    defer { directory.remove() }
    let out = directory.file("x.png")
    let cases: [([String], String)] = [
      (["frame", "--aseprite", json, "--clip", "walk", "--index", "0", "--out", out], "error: --index N is a sheet frame; --clip goes with --at TIME"),
      (["frame", directory.gif, "--clip", "walk", "--index", "0", "--out", out], "error: --clip walk needs --aseprite FILE.json"),
      (["frame", directory.gif, "--aseprite", json, "--index", "0", "--out", out], "error: give an image file or --aseprite FILE.json, not both"),
      (["frames", "--out", out], "error: frames needs a GIF file or --aseprite FILE.json"),
      (["frame", "--aseprite", json, "--index", "4", "--out", out], "error: --index 4: the sheet has 4 frames, 0 to 3"),
      (["frames", "--aseprite", json, "--clip", "run", "--out", directory.file("d")], "error: --clip run: "),
      (["play", directory.gif, "--aseprite", json], "error: give an image file or --aseprite FILE.json, not both"),
      (["play", "--aseprite", json, "--clip", "walk", "--loops", "2"], "error: --clip plays the tag with its own frames, repeat and direction: drop --loops"),
      (["play", "--clip", "walk"], "error: play needs an image file"),
    ]
    for (words, message) in cases {
      let run = CommandRun(words, isTerminal: true)
      #expect(run.status == 2, "\(words)")
      #expect(run.output.isEmpty, "\(words)")
      #expect(run.firstErrorLine.hasPrefix(message), "\(words): \(run.errorText)")
    }
  }
}
