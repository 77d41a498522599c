import AnimTimeline

/// `timeline-demo frames FILE.gif --out DIR`: every composited frame as an
/// image file, `DIR/frame-000.png` on.
struct FramesCommand: Subcommand {
  static let usage = "timeline-demo frames FILE.gif --out DIR [--format pam|png]"

  static let help = Help.subcommand(
    usage: usage,
    ["""
    frames: every composited frame, DIR/frame-000.png, frame-001.png, ...
      --out DIR            the folder (made if missing)   --out frames/
      --format png|pam     the image format (png)         --format pam
    """],
    exitStatuses: standardExitStatuses)

  var path: String
  var directory: String
  var format = ImageFormat.png

  init(parsing arguments: inout Arguments) throws(CommandError) {
    var path: String?
    var directory: String?
    while let word = arguments.next() {
      switch word {
      case "--out": directory = try arguments.value(for: word)
      case "--format": format = try arguments.choice(for: word)
      default: try Arguments.positional(word, into: &path)
      }
    }
    guard let path else { throw .usage("frames needs a GIF file") }
    guard let directory else { throw .usage("frames needs --out DIR") }
    self.path = path
    self.directory = directory
  }

  func run(_ console: inout Console) throws(CommandError) {
    var provider = try GIFInput.open(path)
    try FileSystem.createDirectories(directory)
    let digits = max(3, String(provider.frameCount - 1).count)
    for index in 0..<provider.frameCount {
      let image = try GIFInput.frame(index, of: &provider)
      let number = String(index)
      let name = "frame-" + String(repeating: "0", count: max(0, digits - number.count)) + number + "." + format.rawValue
      try FileSystem.createFile(FileSystem.join(directory, name), contents: format.encode(image))
    }
  }
}
