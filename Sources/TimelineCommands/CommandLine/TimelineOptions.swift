import AnimTimeline
import TimelineScript

/// The options shared by `--ticks`, `--script` and `play`: where frames
/// come from and the timeline's starting configuration.
struct TimelineOptions {
  var frames: [Int64]?
  /// `--image FILE` (or its older name `--gif FILE`): a GIF, PNG/APNG or WebP,
  /// told apart by content.
  var imagePath: FilePath?
  /// `--aseprite FILE.json`: the display list of an Aseprite export.
  var asepritePath: FilePath?
  /// `--clip NAME`: the tag of the export to set the timeline up with.
  var clipName: String?
  /// The options given, by name.
  private(set) var given: Set<String> = []
  var loops: LoopCount?
  var configuration = TimelineConfiguration()
  /// `--range A-B`: the frames to play.
  var range: (Int, Int)?
  /// `--then A-B[:K]`: a clip to queue (`K` plays, infinite by default).
  var then: (Int, Int, LoopCount)?
  /// `--cue NAME@J` (repeatable): cues to put on frames.
  var cues: [(name: String, frame: Int)] = []

  /// Reads option `name` (its value from `arguments`) if it is one of
  /// these; `false` if it is not.
  mutating func parse(_ name: String, _ arguments: inout Arguments) throws(CommandError) -> Bool {
    switch name {
    case "--frames":
      frames = try arguments.durations(for: name)
    case "--image", "--gif":
      // One option under two names: given once, whichever name.
      if imagePath != nil { throw .usage("\(name) is given twice (--gif is another name of --image)") }
      imagePath = try arguments.path(for: name)
    case "--aseprite":
      asepritePath = try arguments.path(for: name)
    case "--clip":
      clipName = try arguments.value(for: name)
    case "--loops":
      let text = try arguments.value(for: name)
      if text == "inf" {
        loops = .infinite
      } else {
        guard let plays = try? LoopCount.plays(try Arguments.count(in: text, for: name, atLeast: 1)) else {
          throw .usage("--loops: expected a count of at least 1 or 'inf', got '\(text)'")
        }
        loops = plays
      }
    case "--rate":
      // Signed: a negative rate plays backward (`--rate -1`).
      let millionths = try arguments.signedRate(for: name)
      guard let rate = try? Rate(millionths: millionths) else { throw .usage("--rate: rate \(millionths) millionths is too large") }
      configuration.rate = rate
    case "--direction":
      configuration.direction = try arguments.choice(for: name)
    case "--max-step":
      let text = try arguments.value(for: name)
      if text == "none" {
        configuration.maxStep = .unlimited
      } else {
        guard let step = try? MaxStep.nanoseconds(try Arguments.duration(in: text, for: name)) else {
          throw .usage("--max-step: expected a positive duration or 'none', got '\(text)'")
        }
        configuration.maxStep = step
      }
    case "--policy":
      configuration.policy = try arguments.choice(for: name)
    case "--modes":
      configuration.modes = RunModes(try arguments.names(for: name))
    case "--range":
      range = try Self.frames(try arguments.value(for: name), for: name)
    case "--then":
      let text = try arguments.value(for: name)
      let parts = text.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
      let (a, b) = try Self.frames(String(parts[0]), for: name)
      var loops = LoopCount.infinite
      if parts.count == 2, parts[1] != "inf" {
        guard let plays = try? LoopCount.plays(try Arguments.count(in: String(parts[1]), for: name, atLeast: 1)) else {
          throw .usage("--then: expected A-B[:K] with K at least 1 or 'inf', got '\(text)'")
        }
        loops = plays
      }
      then = (a, b, loops)
    case "--cue":
      let text = try arguments.value(for: name, repeatable: true)
      guard let at = text.lastIndex(of: "@"), at != text.startIndex else {
        throw .usage("--cue: expected NAME@FRAME, got '\(text)'")
      }
      let frame = try Arguments.count(in: String(text[text.index(after: at)...]), for: name)
      cues.append((String(text[..<at]), Int(frame)))
    default:
      return false
    }
    given.insert(name)
    return true
  }

  /// The options `--clip` sets itself, which cannot be given with it.
  static let setByClip = ["--range", "--loops", "--direction"]

  /// Checks the frame source options go together: one source, and `--clip`
  /// only with `--aseprite` and without the options it sets.
  ///
  /// - Throws: a usage error.
  func checkSource() throws(CommandError) {
    if frames != nil, imagePath != nil { throw .usage("give --frames or --image, not both") }
    if asepritePath != nil, frames != nil || imagePath != nil {
      throw .usage("give one of --frames, --gif and --aseprite")
    }
    guard let clipName else { return }
    guard asepritePath != nil else { throw .usage("--clip \(clipName) needs --aseprite FILE.json") }
    if let option = Self.setByClip.first(where: given.contains) {
      throw .usage("--clip plays the tag with its own frames, repeat and direction: drop \(option)")
    }
  }

  /// `A-B` as two frame indices.
  static func frames(_ text: String, for name: String) throws(CommandError) -> (Int, Int) {
    let parts = text.split(separator: "-", omittingEmptySubsequences: false)
    guard parts.count == 2 else { throw .usage("\(name): expected A-B, got '\(text)'") }
    return (
      Int(try Arguments.count(in: String(parts[0]), for: name)),
      Int(try Arguments.count(in: String(parts[1]), for: name)))
  }

  /// The configuration with the `--loops` override.
  var startingConfiguration: TimelineConfiguration {
    var configuration = self.configuration
    configuration.loops = loops
    return configuration
  }

  /// Makes the timeline these options describe and hands it to `job`
  /// (with the sprite-sheet provider, for `--aseprite`). With none of
  /// `--frames`, `--gif` and `--aseprite`, plays the bundled sample GIF
  /// when `useSample` is set, and fails otherwise.
  ///
  /// - Throws: a usage error for sources that do not go together
  ///   (``checkSource()``) and for frames, loops or a clip the timeline
  ///   rejects, an input error for a GIF file or an export that cannot be
  ///   read or decoded, and what `job` throws.
  func run(_ job: some TimelineJob, useSample: Bool, console: inout Console) throws(CommandError) {
    try checkSource()
    if let frames {
      let provider: SyntheticFrameProvider
      do {
        provider = try SyntheticFrameProvider(durations: frames)
      } catch {
        throw .usage("--frames: \(error)")
      }
      return try job.run(try timeline(provider), sheet: nil, console: &console)
    }
    if let asepritePath {
      // Timing only: the sheet image is not read.
      let provider = SpriteSheetFrameProvider(sheet: try AsepriteInput.open(asepritePath))
      return try job.run(try sheetTimeline(provider, path: asepritePath), sheet: provider, console: &console)
    }
    let image: any AnimatedImageProvider
    if let imagePath {
      image = try ImageInput.open(imagePath)
    } else if useSample {
      image = try! GIFFrameProvider(bytes: SampleGIF.bytes)  // SampleGIFTests
    } else {
      throw .usage("no frames: give --frames 100ms,50ms,... or --image FILE")
    }
    try job.run(try timeline(image), sheet: nil, console: &console)
  }

  /// The timeline over `provider` (read from `path`) with these options'
  /// configuration; with `--clip NAME`, set up as `play(clip:then:)` sets
  /// it up (the tag's clip from its first frame, any `--then` clip queued
  /// after it), and then stopped: `--ticks` and `play` start it, a script
  /// starts it with its own `play` line.
  ///
  /// - Throws: a usage error for an unknown tag, and as ``timeline(_:)``.
  func sheetTimeline(_ provider: SpriteSheetFrameProvider, path: FilePath) throws(CommandError) -> Timeline {
    var timeline = try timeline(provider)
    guard let clipName else { return timeline }
    let clip = try AsepriteInput.clip(named: clipName, in: provider.sheet, path: path)
    do {
      try timeline.play(clip: clip, then: timeline.queued)
    } catch {
      throw .usage("--clip \(clipName): \(error)")
    }
    timeline.stop()
    return timeline
  }

  /// The timeline over `provider` with these options' configuration.
  ///
  /// - Throws: a usage error when the timeline rejects them (`--loops K`
  ///   whose total duration exceeds `Int64.max`).
  func timeline(_ provider: some FrameProvider) throws(CommandError) -> Timeline {
    var timeline: Timeline
    do {
      timeline = try Timeline(provider: provider, configuration: startingConfiguration)
    } catch {
      throw .usage("\(error)")
    }
    // Through the script language's one apply, as `--script` would.
    // Each with the option as written, for its error message.
    var commands: [(option: String, command: ScriptCommand)] = []
    if let (a, b) = range { commands.append(("--range \(a)-\(b)", .range(a, b))) }
    if let (a, b, loops) = then {
      commands.append(("--then \(a)-\(b):\(loops)", .then(first: a, last: b, loops: loops.plays, direction: nil)))
    }
    commands += cues.map { ("--cue \($0.name)@\($0.frame)", ScriptCommand.cue($0.name, frame: $0.frame)) }
    for (option, command) in commands {
      do {
        try command.apply(to: &timeline)
      } catch {
        throw .usage("\(option): \(error)")
      }
    }
    return timeline
  }
}
