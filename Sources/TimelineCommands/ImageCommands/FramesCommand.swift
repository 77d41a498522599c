import AnimTimeline

/// `timeline-demo frames FILE --out DIR`: every composited frame as an
/// image file, `DIR/frame-000.png` on (numbered from 0, as everywhere).
/// Prints each file it wrote and a total unless `--quiet`. With
/// `--aseprite FILE.json`, the sprite sheet's frames, untrimmed: every sheet
/// frame, or with `--clip NAME` one iteration of the tag's clip in order.
struct FramesCommand: Subcommand {
  static let usage = """
    timeline-demo frames FILE.gif|.png|.webp --out DIR [--format png|pam] [--size WxH] [--quiet]
    timeline-demo frames --aseprite FILE.json [--clip NAME] --out DIR [--format png|pam] [--size WxH] [--quiet]
    """

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
      --aseprite FILE      every frame of an Aseprite export's sheet,
                           untrimmed (frame-000 is sheet frame 0)
                                                          --aseprite hero.json
      --clip NAME          instead, the frames one iteration of the tag's
                           clip shows, in order (one pass of a forward or
                           reverse tag, the whole play of a finite ping-pong
                           tag, one cycle of an endless one): frame-000 is
                           the first; each line names the sheet frame
    """, Help.asepriteOptions])

  var path: FilePath?
  var aseprite: FilePath?
  var clip: String?
  var directory: FilePath
  var format = ImageFormat.png
  var size: ImageSize?
  var quiet = false

  init(parsing arguments: inout Arguments) throws(CommandError) {
    var path: FilePath?
    var directory: FilePath?
    while let word = arguments.next() {
      switch word {
      case "--out": directory = try arguments.path(for: word)
      case "--format": format = try arguments.choice(for: word)
      case "--size": size = try arguments.size(for: word)
      case "--quiet", "-q":
        try arguments.flag("--quiet")
        quiet = true
      case "--aseprite": aseprite = try arguments.path(for: word)
      case "--clip": clip = try arguments.value(for: word)
      default: try arguments.positional(word, into: &path)
      }
    }
    try AsepriteInput.checkSource(gif: path, aseprite: aseprite, clip: clip, command: "frames")
    guard let directory else { throw .usage("frames needs --out DIR") }
    self.path = path
    self.directory = directory
  }

  /// The file name of the frame at `position` of `count`: `frame-007.png`.
  func fileName(_ position: Int, count: Int) -> String {
    let digits = max(3, String(count - 1).count)
    let number = String(position)
    return "frame-" + String(repeating: "0", count: max(0, digits - number.count)) + number + "." + format.rawValue
  }

  /// Writes `image` (or its thumbnail), frame `frame`, as the file at
  /// `position` of `count`; returns its size in bytes and pixels.
  func write(_ frameImage: RGBAImage, frame: Int, position: Int, count: Int, _ console: inout Console) throws(CommandError) -> (bytes: Int, size: String) {
    let image = try ImageFormat.thumbnail(frameImage, fitting: size)
    let file = directory.appending(fileName(position, count: count).utf8)
    let bytes = try format.encode(image, for: file)
    try FileSystem.createFile(file, contents: bytes)
    if !quiet { console.line(FrameCommand.wrote(file, frame: frame, image: image, format: format, bytes: bytes.count)) }
    return (bytes.count, "\(image.width)x\(image.height)")
  }

  func run(_ console: inout Console) throws(CommandError) {
    if let aseprite { return try runSheet(aseprite, &console) }
    let provider = try ImageInput.open(path ?? FilePath(""))
    try FileSystem.createDirectories(directory)
    var total = 0
    for index in 0..<provider.frameCount {
      let image = try ImageInput.frame(index, of: provider)
      total += try write(image, frame: index, position: index, count: provider.frameCount, &console).bytes
    }
    if !quiet {
      let count = provider.frameCount
      console.line("wrote \(count) frame\(count == 1 ? "" : "s") to \(directory): \(Self.written(provider, size: size)) pixels, \(format.rawValue.uppercased()), \(total) bytes in all")
    }
  }

  /// `frames --aseprite FILE.json`.
  func runSheet(_ aseprite: FilePath, _ console: inout Console) throws(CommandError) {
    let provider = try AsepriteInput.openWithImage(aseprite)
    // Provider frames: the sheet frames (the first entries of the display
    // list), or the clip's range in the order it plays.
    var indices = Array(0..<provider.sheet.frames.count)
    if let clip {
      let found = try AsepriteInput.clip(named: clip, in: provider.sheet, path: aseprite)
      indices = found.direction == .reverse ? Array(found.frames.reversed()) : Array(found.frames)
    }
    try FileSystem.createDirectories(directory)
    var total = 0
    var sizes: Set<String> = []
    for (position, index) in indices.enumerated() {
      let image = try AsepriteInput.image(index, of: provider)
      let sheetFrame = (try? provider.sheetFrame(atDisplayFrame: index)) ?? index
      let written = try write(image, frame: sheetFrame, position: position, count: indices.count, &console)
      total += written.bytes
      sizes.insert(written.size)
    }
    if !quiet {
      let count = indices.count
      let size = sizes.count == 1 ? "\(sizes.first ?? "") pixels, " : ""
      console.line("wrote \(count) frame\(count == 1 ? "" : "s") to \(directory): \(size)\(format.rawValue.uppercased()), \(total) bytes in all")
    }
  }

  /// The size of every written image: the canvas, or its thumbnail size.
  static func written(_ provider: any AnimatedImageProvider, size: ImageSize?) -> String {
    let canvas = provider.canvasSize
    let shown = size.flatMap { try? canvas.fitted(within: $0) } ?? canvas
    return "\(shown.width)x\(shown.height)"
  }
}
