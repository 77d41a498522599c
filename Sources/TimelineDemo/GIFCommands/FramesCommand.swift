import AnimTimeline

/// `timeline-demo frames FILE.gif --out DIR`: every composited frame as an
/// image file, `DIR/frame-000.png` on (numbered from 0, as everywhere).
/// Prints each file it wrote and a total unless `--quiet`.
struct FramesCommand: Subcommand {
  static let usage = "timeline-demo frames FILE.gif --out DIR [--format png|pam] [--size WxH] [--quiet]"

  static let help = Help.subcommand(
    usage: usage,
    ["""
    frames: every composited frame, DIR/frame-000.png, frame-001.png, ...
      --out DIR            the folder (made if missing)   --out frames/
      --format png|pam     the image format (png)         --format pam
      --size WxH           thumbnails that fit WxH (aspect kept, never
                           enlarged; area averaging)      --size 64x64
      --quiet, -q          print nothing on success (else: each file's path,
                           size and bytes, then the total)
    """])

  var path: String
  var directory: String
  var format = ImageFormat.png
  var size: ImageSize?
  var quiet = false

  init(parsing arguments: inout Arguments) throws(CommandError) {
    var path: String?
    var directory: String?
    while let word = arguments.next() {
      switch word {
      case "--out": directory = try arguments.value(for: word)
      case "--format": format = try arguments.choice(for: word)
      case "--size": size = try arguments.size(for: word)
      case "--quiet", "-q":
        try arguments.flag("--quiet")
        quiet = true
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
    var total = 0
    for index in 0..<provider.frameCount {
      var image = try GIFInput.frame(index, of: &provider)
      if let size { image = image.resized(toFit: size) }
      let number = String(index)
      let name = "frame-" + String(repeating: "0", count: max(0, digits - number.count)) + number + "." + format.rawValue
      let file = FileSystem.join(directory, name)
      let bytes = format.encode(image)
      try FileSystem.createFile(file, contents: bytes)
      total += bytes.count
      if !quiet { console.line(FrameCommand.wrote(file, frame: index, image: image, format: format, bytes: bytes.count)) }
    }
    if !quiet {
      let count = provider.frameCount
      console.line("wrote \(count) frame\(count == 1 ? "" : "s") to \(directory): \(Self.written(provider, size: size)) pixels, \(format.rawValue.uppercased()), \(total) bytes in all")
    }
  }

  /// The size of every written image: the canvas, or its thumbnail size.
  static func written(_ provider: GIFFrameProvider, size: ImageSize?) -> String {
    let canvas = ImageSize(width: provider.canvasWidth, height: provider.canvasHeight)
    let shown = size.map { canvas.fitted(within: $0) } ?? canvas
    return "\(shown.width)x\(shown.height)"
  }
}
