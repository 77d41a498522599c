import AnimTimeline
import Testing
@testable import TimelineCommands

/// `timeline-demo convert`: the bundled sample GIF written out through the
/// timeline as GIF and APNG, decoded back; and its usage errors.
@Suite struct ConvertCommandTests {
  /// The sample GIF on disk, and its provider.
  static func sample(in directory: TemporaryDirectory) throws -> (path: String, provider: GIFFrameProvider) {
    let path = directory.file("sample.gif")
    try FileSystem.createFile(FilePath(path), contents: SampleGIF.bytes)
    return (path, try GIFFrameProvider(bytes: SampleGIF.bytes))
  }

  /// The canvases and durations of `bytes` (any format), equal neighbours
  /// merged.
  static func shown(_ bytes: [UInt8]) throws -> (frames: [RGBAImage], durations: [Int64], loops: LoopCount) {
    let provider = try AnimatedImage.open(bytes: bytes)
    var frames: [RGBAImage] = []
    var durations: [Int64] = []
    for index in 0..<provider.frameCount {
      let image = try provider.frame(at: index)
      if frames.last == image {
        durations[durations.count - 1] += provider.frameDuration(at: index)
      } else {
        frames.append(image)
        durations.append(provider.frameDuration(at: index))
      }
    }
    return (frames, durations, provider.loopCount)
  }

  @Test func aWholeFileIsCopiedExactly() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let (path, provider) = try Self.sample(in: directory)
    let expected = (0..<provider.frameCount).map { try? provider.frame(at: $0) }
    for name in ["out.gif", "out.png"] {
      let run = CommandRun(["convert", path, "--out", directory.file(name)])
      #expect(run.status == 0, "\(run.errorText)")
      #expect(run.outputText.hasPrefix("wrote \(directory.file(name)): 10 frames, 32x32 pixels"), "\(run.outputText)")
      let bytes = try FileSystem.contents(ofFile: FilePath(directory.file(name)))
      let got = try Self.shown(bytes)
      #expect(got.frames == expected.compactMap { $0 })
      #expect(got.durations == (0..<provider.frameCount).map { provider.frameDuration(at: $0) })
      #expect(got.loops == provider.loopCount)
    }
  }

  /// `bench encode` times the encoder on the frames `convert` writes: its
  /// output is as long as the file `convert` writes, for both formats.
  @Test func benchEncodeEncodesWhatConvertWrites() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let (path, _) = try Self.sample(in: directory)
    for format in ["gif", "png"] {
      let out = directory.file("out." + format)
      #expect(CommandRun(["convert", path, "--out", out, "-q"]).status == 0)
      let written = try FileSystem.contents(ofFile: FilePath(out)).count
      let run = CommandRun(["bench", "encode", path, "--repeat", "2", "--format", format, "--allow-debug"])
      #expect(run.status == 0, "\(run.errorText)")
      #expect(run.outputText.contains("bench=encode format=\(format) frames=10 repeats=2 size=32x32 bytes=\(written) "), "\(run.outputText)")
    }
    #expect(CommandRun(["bench", "encode", path, "--format", "jpeg", "--allow-debug"]).firstErrorLine
      == "error: --format: gif or png, got 'jpeg'")
  }

  @Test func aRangeAtTwiceTheRateAlternating() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let (path, provider) = try Self.sample(in: directory)
    let out = directory.file("range.png")
    let run = CommandRun(["convert", path, "--range", "2-4", "--rate", "2", "--direction", "alternate", "--loops", "3", "--out", out, "-q"])
    #expect(run.status == 0 && run.outputText.isEmpty, "\(run.errorText)")
    let got = try Self.shown(try FileSystem.contents(ofFile: FilePath(out)))
    // 2 3 4 | 4 3 2 | 2 3 4 at half the durations; the turns merge.
    let order = [2, 3, 4, 3, 2, 3, 4]
    let half = { (frame: Int) in provider.frameDuration(at: frame) / 2 }
    #expect(got.frames == order.map { try? provider.frame(at: $0) }.compactMap { $0 })
    #expect(got.durations == [half(2), half(3), 2 * half(4), half(3), 2 * half(2), half(3), half(4)])
    #expect(got.loops == .once)
  }

  @Test func aThumbnailSampledAt25FramesPerSecond() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let (path, provider) = try Self.sample(in: directory)
    let out = directory.file("thumb.gif")
    let run = CommandRun(["convert", path, "--size", "16x16", "--fps", "25", "--out", out, "-q"])
    #expect(run.status == 0, "\(run.errorText)")
    let got = try Self.shown(try FileSystem.contents(ofFile: FilePath(out)))
    #expect(got.frames.allSatisfy { $0.width == 16 && $0.height == 16 })
    // The whole animation's duration, exactly (whole centiseconds).
    let total = (0..<provider.frameCount).reduce(Int64(0)) { $0 + provider.frameDuration(at: $1) }
    #expect(got.durations.reduce(0, +) == total)
    // As APNG (exact colours), every frame is the thumbnail of the frame
    // the timeline shows at k/25 s: sample 0 shows frame 0.
    let png = directory.file("thumb.png")
    #expect(CommandRun(["convert", path, "--size", "16x16", "--fps", "25", "--out", png, "-q"]).status == 0)
    let exact = try Self.shown(try FileSystem.contents(ofFile: FilePath(png)))
    let thumbnails = try (0..<provider.frameCount).map { try provider.frame(at: $0).resized(toFit: ImageSize(width: 16, height: 16)) }
    #expect(exact.frames.first == thumbnails.first)
    #expect(exact.frames.allSatisfy { thumbnails.contains($0) })
    #expect(exact.durations.reduce(0, +) == total)
  }

  @Test func usageErrors() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let (path, _) = try Self.sample(in: directory)
    let cases: [([String], String)] = [
      (["convert", path], "error: convert needs --out FILE.gif or FILE.png"),
      (["convert", path, "--out", directory.file("x.bmp")], "error: --out \(directory.file("x.bmp")): name the file .gif or .png (its extension is its format)"),
      (["convert", path, "--out", directory.file("x.gif"), "--fps", "0"], "error: --fps"),
      (["convert", path, "--out", directory.file("x.gif"), "--then", "0-1"], "error: --then does not change what convert writes"),
      (["convert", path, "--out", directory.file("x.gif"), "--rate", "0"], "error: cannot play the animation through: "),
      (["convert", path, "--out", directory.file("x.gif"), "--range", "3-1"], "error: --range 3-1: "),
      (["convert", "--out", directory.file("x.gif")], "error: convert needs a GIF file or --aseprite FILE.json"),
      (["convert", path, "--out", directory.file("x.gif"), "--bogus"], "error: "),
    ]
    for (words, prefix) in cases {
      let run = CommandRun(words)
      #expect(run.status == 2, "\(words): \(run.status)")
      #expect(run.firstErrorLine.hasPrefix(prefix), "\(words): \(run.firstErrorLine)")
    }
    let missing = CommandRun(["convert", directory.file("none.gif"), "--out", directory.file("x.gif")])
    #expect(missing.status == 2 && missing.firstErrorLine.hasPrefix("error: "))
  }
}
