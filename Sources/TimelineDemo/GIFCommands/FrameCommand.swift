import AnimTimeline

/// `timeline-demo frame FILE.gif --out FILE`: one composited frame as an
/// image file (a poster or thumbnail): frame `--index N`, or the frame a
/// forward timeline over the GIF shows at `--at TIME`.
struct FrameCommand: Subcommand {
  static let usage = "timeline-demo frame FILE.gif (--at TIME | --index N) --out FILE [--format png|pam]"

  static let help = Help.subcommand(
    usage: usage,
    ["""
    frame: one composited frame as an image file
      --at TIME            the frame shown at TIME    --at 1.5s
      --index N            frame N (from 0)           --index 3
      --out FILE           the image file             --out poster.png
      --format png|pam     the image format (from FILE's extension, else png)
    """],
    exitStatuses: standardExitStatuses)

  /// Which frame: an index, or the one shown at a time.
  enum Choice {
    case index(Int)
    case time(Int64)
  }

  var path: String
  var output: String
  var format: ImageFormat
  var choice: Choice

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
      default: try Arguments.positional(word, into: &path)
      }
    }
    guard let path else { throw .usage("frame needs a GIF file") }
    guard let output else { throw .usage("frame needs --out FILE") }
    switch (index, time) {
    case let (index?, nil): choice = .index(Int(index))
    case let (nil, time?): choice = .time(time)
    default: throw .usage("frame needs exactly one of --index N and --at TIME")
    }
    self.path = path
    self.output = output
    self.format = format ?? (output.lowercased().hasSuffix(".pam") ? .pam : .png)
  }

  func run(_ console: inout Console) throws(CommandError) {
    var provider = try GIFInput.open(path)
    let index: Int
    switch choice {
    case let .index(requested):
      guard requested < provider.frameCount else {
        throw .usage("--index \(requested) is out of range 0..<\(provider.frameCount)")
      }
      index = requested
    case let .time(time):
      // The frame a (forward, default) timeline over this GIF shows at that time.
      guard let found = try? Timeline(provider: provider).frameIndex(at: time) else {
        throw .input("no frame is shown at \(time) ns")
      }
      index = found
    }
    try FileSystem.createFile(output, contents: format.encode(try GIFInput.frame(index, of: &provider)))
  }
}
