import AnimTimeline

/// `timeline-demo frame FILE.gif --out FILE`: one composited frame as an
/// image file (a poster or thumbnail): frame `--index N`, or the frame a
/// forward timeline over the GIF shows at `--at TIME`. Prints what it
/// wrote unless `--quiet`.
struct FrameCommand: Subcommand {
  static let usage = "timeline-demo frame FILE.gif (--at TIME | --index N) --out IMAGE.png|IMAGE.pam [--size WxH] [--quiet]"

  static let help = Help.subcommand(
    usage: usage,
    ["""
    frame: one composited frame as an image file
      --at TIME            the frame shown at TIME    --at 1.5s
      --index N            frame N (from 0)           --index 3
      --out FILE           the image file; its extension, .png or .pam,
                           is its format              --out poster.png
      --format png|pam     the format, which must match FILE's extension
      --size WxH           a thumbnail that fits WxH (aspect kept, never
                           enlarged; area averaging)  --size 64x64
      --quiet, -q          print nothing on success (else: path, size, bytes)
    """])

  /// Which frame: an index, or the one shown at a time.
  enum Choice {
    case index(Int)
    case time(Int64)
  }

  var path: String
  var output: String
  var format: ImageFormat
  var choice: Choice
  var size: ImageSize?
  var quiet = false

  init(parsing arguments: inout Arguments) throws(CommandError) {
    var path: String?
    var output: String?
    var format: ImageFormat?
    var index: Int64?
    var time: Int64?
    while let word = arguments.next() {
      switch word {
      case "--out": output = try arguments.value(for: word)
      case "--format": format = try arguments.choice(for: word)
      case "--index": index = try arguments.count(for: word)
      case "--at": time = try arguments.duration(for: word)
      case "--size": size = try arguments.size(for: word)
      case "--quiet", "-q":
        try arguments.flag("--quiet")
        quiet = true
      default: try Arguments.positional(word, into: &path)
      }
    }
    guard let path else { throw .usage("frame needs a GIF file") }
    guard let output else { throw .usage("frame needs --out FILE (FILE.png or FILE.pam)") }
    switch (index, time) {
    case let (index?, nil): choice = .index(Int(index))
    case let (nil, time?): choice = .time(time)
    case (nil, nil): throw .usage("frame needs --index N or --at TIME")
    case (_?, _?): throw .usage("give --index or --at, not both")
    }
    self.path = path
    self.output = output
    self.format = try ImageFormat.forFile(output, option: "--out", requested: format)
  }

  func run(_ console: inout Console) throws(CommandError) {
    var provider = try GIFInput.open(path)
    let index: Int
    switch choice {
    case let .index(requested):
      guard requested < provider.frameCount else {
        throw .usage("--index \(requested): \(Self.frames(provider.frameCount))")
      }
      index = requested
    case let .time(time):
      // The frame a (forward, default) timeline over this GIF shows at that time.
      guard let found = try? Timeline(provider: provider).frameIndex(at: time) else {
        throw .input("no frame is shown at \(time) ns")
      }
      index = found
    }
    var image = try GIFInput.frame(index, of: &provider)
    if let size { image = image.resized(toFit: size) }
    let bytes = format.encode(image)
    try FileSystem.createFile(output, contents: bytes)
    if !quiet { console.line(Self.wrote(output, frame: index, image: image, format: format, bytes: bytes.count)) }
  }

  /// `the GIF has N frames, 0 to N-1`.
  static func frames(_ count: Int) -> String {
    count == 1 ? "the GIF has 1 frame, frame 0" : "the GIF has \(count) frames, 0 to \(count - 1)"
  }

  /// The line `frame` and `frames` print for each image file they write:
  /// `wrote PATH: frame N, WxH pixels, FORMAT, B bytes`.
  static func wrote(_ path: String, frame: Int, image: RGBAImage, format: ImageFormat, bytes: Int) -> String {
    "wrote \(path): frame \(frame), \(image.width)x\(image.height) pixels, \(format.rawValue.uppercased()), \(bytes) bytes"
  }
}
