import AnimTimeline

/// `timeline-demo frame FILE --out IMAGE`: one composited frame as an
/// image file (a poster or thumbnail): frame `--index N`, or the frame a
/// forward timeline over the GIF shows at `--at TIME`. Prints what it
/// wrote unless `--quiet`. With `--aseprite FILE.json`, a frame of the
/// sprite sheet, untrimmed: sheet frame `--index N`, or the one shown at
/// `--at TIME` by a timeline over the display list or playing `--clip NAME`.
struct FrameCommand: Subcommand {
  static let usage = """
    timeline-demo frame FILE.gif|.png|.webp (--at TIME | --index N) --out IMAGE.png|IMAGE.pam [--size WxH] [--quiet]
    timeline-demo frame --aseprite FILE.json [--clip NAME] (--at TIME | --index N) --out IMAGE.png|IMAGE.pam ...
    """

  static let help = Help.subcommand(
    usage: usage,
    ["""
    frame: one composited frame as an image file
      --at TIME            the frame shown at TIME    --at 1.5s
      --index N            frame N (from 0)           --index 3
      --out FILE           the image file; its extension, .png or .pam,
                           is its format              --out poster.png
                           - is standard output (give --format; the
                           summary line goes to stderr)  --out - --format png
      --format png|pam     the format, which must match FILE's extension
      --size WxH           a thumbnail that fits WxH (aspect kept, never
                           enlarged; area averaging)  --size 64x64
      --quiet, -q          print nothing on success (else: path, size, bytes)
      --aseprite FILE      a frame of an Aseprite export's sheet, untrimmed:
                           --index N is sheet frame N (from 0), --at TIME
                           the frame shown at TIME    --aseprite hero.json
      --clip NAME          with --at: the frame the tag NAME shows at TIME,
                           played as Aseprite plays it   --clip attack
    """, Help.asepriteOptions])

  /// Which frame: an index, or the one shown at a time.
  enum Choice {
    case index(Int)
    case time(Int64)
  }

  var path: FilePath?
  var aseprite: FilePath?
  var clip: String?
  var output: FilePath
  var format: ImageFormat
  var choice: Choice
  var size: ImageSize?
  var quiet = false

  init(parsing arguments: inout Arguments) throws(CommandError) {
    var path: FilePath?
    var output: FilePath?
    var format: ImageFormat?
    var index: Int64?
    var time: Int64?
    while let word = arguments.next() {
      switch word {
      case "--out": output = try arguments.path(for: word)
      case "--format": format = try arguments.choice(for: word)
      case "--index": index = try arguments.count(for: word)
      case "--at": time = try arguments.duration(for: word)
      case "--size": size = try arguments.size(for: word)
      case "--quiet", "-q":
        try arguments.flag("--quiet")
        quiet = true
      case "--aseprite": aseprite = try arguments.path(for: word)
      case "--clip": clip = try arguments.value(for: word)
      default: try arguments.positional(word, into: &path)
      }
    }
    try AsepriteInput.checkSource(gif: path, aseprite: aseprite, clip: clip, command: "frame")
    guard let output else { throw .usage("frame needs --out FILE (FILE.png or FILE.pam)") }
    switch (index, time) {
    case let (index?, nil): choice = .index(Int(index))
    case let (nil, time?): choice = .time(time)
    case (nil, nil): throw .usage("frame needs --index N or --at TIME")
    case (_?, _?): throw .usage("give --index or --at, not both")
    }
    if clip != nil, index != nil { throw .usage("--index N is a sheet frame; --clip goes with --at TIME") }
    self.path = path
    self.output = output
    if output.isStandardStream {
      // `--out -`: standard output, in the format `--format` names.
      guard let format else { throw .usage("--out -: give --format png|pam (standard output has no extension)") }
      self.format = format
    } else {
      self.format = try ImageFormat.forFile(output, option: "--out", requested: format)
    }
  }

  func run(_ console: inout Console) throws(CommandError) {
    if let aseprite { return try runSheet(aseprite, &console) }
    let provider = try ImageInput.open(path ?? FilePath(""))
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
    try write(try ImageInput.frame(index, of: provider), frame: index, &console)
  }

  /// `frame --aseprite FILE.json`.
  func runSheet(_ aseprite: FilePath, _ console: inout Console) throws(CommandError) {
    let provider = try AsepriteInput.openWithImage(aseprite)
    let index: Int
    switch choice {
    case let .index(requested):
      let count = provider.sheet.frames.count
      guard requested < count else {
        throw .usage("--index \(requested): " + (count == 1 ? "the sheet has 1 frame, frame 0" : "the sheet has \(count) frames, 0 to \(count - 1)"))
      }
      index = requested  // provider frames 0..<count are the sheet frames
    case let .time(time):
      var options = TimelineOptions()
      options.asepritePath = aseprite
      options.clipName = clip
      let timeline = try options.sheetTimeline(provider, path: aseprite)
      guard let found = try? timeline.frameIndex(at: time) else { throw .input("no frame is shown at \(time) ns") }
      index = found
    }
    let sheetFrame = (try? provider.sheetFrame(atDisplayFrame: index)) ?? index
    try write(try AsepriteInput.image(index, of: provider), frame: sheetFrame, &console)
  }

  /// Writes `image` (or its thumbnail), frame `frame`, to the output file.
  func write(_ frameImage: RGBAImage, frame: Int, _ console: inout Console) throws(CommandError) {
    let image = try ImageFormat.thumbnail(frameImage, fitting: size)
    let bytes = try format.encode(image, for: output)
    if output.isStandardStream {
      // The image is the whole of standard output; the summary line,
      // unless --quiet, goes to standard error.
      console.write(bytes)
      if !quiet { console.errorLine(Self.wrote(output, frame: frame, image: image, format: format, bytes: bytes.count)) }
      return
    }
    try FileSystem.createFile(output, contents: bytes)
    if !quiet { console.line(Self.wrote(output, frame: frame, image: image, format: format, bytes: bytes.count)) }
  }

  /// `the GIF has N frames, 0 to N-1`.
  static func frames(_ count: Int) -> String {
    count == 1 ? "the GIF has 1 frame, frame 0" : "the GIF has \(count) frames, 0 to \(count - 1)"
  }

  /// The line `frame` and `frames` print for each image file they write:
  /// `wrote PATH: frame N, WxH pixels, FORMAT, B bytes`.
  static func wrote(_ path: FilePath, frame: Int, image: RGBAImage, format: ImageFormat, bytes: Int) -> String {
    "wrote \(path): frame \(frame), \(image.width)x\(image.height) pixels, \(format.rawValue.uppercased()), \(bytes) bytes"
  }
}
