import AnimTimeline

/// `timeline-demo convert IN --out OUT.gif|OUT.png`: an animation written
/// out through the timeline, so that the file plays exactly the range,
/// rate, direction and loops chosen (``Timeline/playbackSchedule(framesPerSecond:)``),
/// as a GIF (``GIFEncoder``) or an APNG (``APNGEncoder``; a still PNG for
/// one frame).
struct ConvertCommand: Subcommand {
  static let usage = """
    timeline-demo convert IN --out OUT.gif|OUT.png [--size WxH] [--range A-B] [--rate R] [--loops K|inf] [--direction D] [--fps F] [--dither] [--fast] [--quiet]
    timeline-demo convert --aseprite FILE.json [--clip NAME] --out OUT.gif|OUT.png ...
    """

  static let help = Help.subcommand(
    usage: usage,
    ["""
    convert: an animation written out as GIF or APNG, played through the
    timeline: each frame the timeline shows, in its display order (range,
    direction, ping-pong, loops), for its duration divided by the rate
      IN                   a GIF, PNG/APNG or WebP file (told apart by content)
      --out FILE           FILE.gif or FILE.png (APNG; a still PNG for one
                           frame)                     --out thumb.gif
      --size WxH           frames shrunk to fit WxH (aspect kept, never
                           enlarged; area averaging)  --size 64x64
      --range A-B          play frames A to B (from 0)   --range 2-7
      --rate R             the rate; negative plays backward   --rate 2
      --loops K|inf        plays (the file's loop count)   --loops inf
      --direction D        forward, reverse, alternate, alternate-reverse
      --fps F              frame k is what the timeline shows at k/F
                           seconds (equal neighbours merged)   --fps 25
      --dither             GIF: ordered dithering for true-colour frames
      --fast               GIF: one encoding of each frame (changed
                           rectangle, kept canvas), as gifsicle -O1:
                           about twice as fast, larger
      --quiet, -q          print nothing on success (else: path, frames,
                           size, bytes, duration)
      --aseprite FILE      an Aseprite export's sheet, as --ticks plays it
      --clip NAME          with --aseprite: the tag NAME
    Progress goes to standard error when it is a terminal.
    """])

  /// The file formats written.
  enum Output: String {
    case gif, png
  }

  var path: FilePath?
  var options = TimelineOptions()
  var output: FilePath
  var outputFormat: Output
  var size: ImageSize?
  var framesPerSecond: Int?
  var dithering = false
  var fast = false
  var quiet = false

  init(parsing arguments: inout Arguments) throws(CommandError) {
    var path: FilePath?
    var output: FilePath?
    while let word = arguments.next() {
      switch word {
      case "--out": output = try arguments.path(for: word)
      case "--size": size = try arguments.size(for: word)
      case "--fps": framesPerSecond = Int(try arguments.count(for: word, atLeast: 1))
      case "--dither":
        try arguments.flag(word)
        dithering = true
      case "--fast":
        try arguments.flag(word)
        fast = true
      case "--quiet", "-q":
        try arguments.flag("--quiet")
        quiet = true
      case "--frames", "--then", "--cue", "--max-step", "--policy", "--modes":
        throw .usage("\(word) does not change what convert writes (it writes the frames of a file, through --range, --rate, --loops and --direction)")
      default:
        if word.hasPrefix("-") && word != "-" {
          guard try options.parse(word, &arguments) else { throw Arguments.unknownOption(word) }
        } else {
          try arguments.positional(word, into: &path)
        }
      }
    }
    if options.imagePath != nil { throw .usage("convert takes its input as IN, not --image") }
    try options.checkSource()
    try AsepriteInput.checkSource(gif: path, aseprite: options.asepritePath, clip: options.clipName, command: "convert")
    guard let output else { throw .usage("convert needs --out FILE.gif or FILE.png") }
    guard let found = output.fileExtension?.lowercased(), let format = Output(rawValue: found) else {
      throw .usage("--out \(output): name the file .gif or .png (its extension is its format)")
    }
    self.path = path
    self.output = output
    self.outputFormat = format
  }

  func run(_ console: inout Console) throws(CommandError) {
    let animation = try sequence(&console)
    // The encoders take the whole animation at once: a status line, not a
    // meter, while they work (a terminal only, as every progress line).
    if console.errorIsTerminal && animation.frames.count >= 100 {
      console.progress("encoding \(animation.frames.count) frames as \(outputFormat == .gif ? "GIF" : "APNG")...")
    }
    let bytes: [UInt8]
    do {
      switch outputFormat {
      case .gif:
        var gifOptions = GIFEncodingOptions()
        gifOptions.dithering = dithering
        gifOptions.effort = fast ? .fast : .smallest
        bytes = try GIFEncoder.encode(animation, options: gifOptions)
      case .png:
        bytes = try APNGEncoder.encode(animation)
      }
    } catch {
      throw .input("\(output): cannot write the animation: \(error)")
    }
    console.clearProgress()
    try FileSystem.createFile(output, contents: bytes)
    guard !quiet else { return }
    let size = animation.size
    let frames = animation.frames.count
    console.line(
      "wrote \(output): \(frames) frame\(frames == 1 ? "" : "s"), \(size.width)x\(size.height) pixels, "
        + "\(outputFormat.rawValue.uppercased()), \(bytes.count) bytes, \(Self.milliseconds(animation.duration)) ms, loops \(animation.loops)")
  }

  /// The frames the timeline shows, gathered with a progress line.
  func sequence(_ console: inout Console) throws(CommandError) -> AnimationSequence {
    if let aseprite = options.asepritePath {
      let provider = try AsepriteInput.openWithImage(aseprite)
      let timeline = try options.sheetTimeline(provider, path: aseprite)
      return try gather(timeline, &console) { index throws(CommandError) in try AsepriteInput.image(index, of: provider) }
    }
    let provider = try ImageInput.open(path ?? FilePath(""))
    let timeline = try options.timeline(provider)
    return try gather(timeline, &console) { index throws(CommandError) in try ImageInput.frame(index, of: provider) }
  }

  /// The animation `timeline` shows, each frame from `image`.
  func gather(
    _ timeline: Timeline, _ console: inout Console, image: (Int) throws(CommandError) -> RGBAImage
  ) throws(CommandError) -> AnimationSequence {
    let schedule: PlaybackSchedule
    do {
      schedule = try timeline.playbackSchedule(framesPerSecond: framesPerSecond)
    } catch {
      throw .usage("cannot play the animation through: \(error)")
    }
    // A frame is decoded (and shrunk) once for each run of entries
    // showing it.
    var runs = 0
    for (index, entry) in schedule.entries.enumerated() where index == 0 || schedule.entries[index - 1].frame != entry.frame {
      runs += 1
    }
    var meter = ProgressMeter(total: Int64(runs), unit: "frames", enabled: console.errorIsTerminal)
    var done: Int64 = 0
    var failure: CommandError?
    let animation: AnimationSequence
    do {
      animation = try AnimationSequence(schedule: schedule, size: size) { index throws(CommandError) in
        do throws(CommandError) {
          let picture = try image(index)
          done += 1
          meter.update(done, on: &console)
          return picture
        } catch {
          failure = error
          throw error
        }
      }
    } catch {
      if let failure { throw failure }
      throw .input("\(error)")
    }
    console.clearProgress()
    return animation
  }

  /// Nanoseconds as milliseconds, with up to six decimals.
  static func milliseconds(_ nanoseconds: Int64) -> String {
    let whole = nanoseconds / 1_000_000
    let fraction = nanoseconds % 1_000_000
    guard fraction != 0 else { return "\(whole)" }
    var digits = String(fraction)
    digits = String(repeating: "0", count: 6 - digits.count) + digits
    while digits.hasSuffix("0") { digits.removeLast() }
    return "\(whole).\(digits)"
  }
}
