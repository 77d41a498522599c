#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import AnimTimeline

/// `timeline-demo play FILE.gif`: a real-time terminal preview in 24-bit
/// colour, two pixels per character cell (upper half blocks,
/// ``PlayRenderer``), scaled to the terminal, driven by a `TimelineDriver`
/// on `ContinuousClock` at the GIF's own timing. `q` or Ctrl-C quits and
/// restores the terminal. Standard output must be a terminal: `play`
/// refuses a file or a pipe, before writing a single escape code. With
/// `--aseprite FILE.json`, it plays the sprite sheet's display list, or
/// the tag `--clip NAME`, each frame untrimmed.
struct PlayCommand: Subcommand {
  static let usage = """
    timeline-demo play FILE.gif|.png|.webp [--loops K|inf] [--duration D]
    timeline-demo play --aseprite FILE.json [--clip NAME] [--duration D]
    """

  /// The options only `play` has.
  static let options = """
  play
    --duration D         stop after D             --duration 10s
    --loops K|inf        total plays              --loops 3
    (q or Ctrl-C quits; standard output must be a terminal)
  """

  static let help = Help.subcommand(
    usage: usage, [options, Help.timelineOptions, Help.asepriteOptions])

  var path: FilePath?
  var options = TimelineOptions()
  var limit: Int64?

  init(parsing arguments: inout Arguments) throws(CommandError) {
    var path: FilePath?
    while let word = arguments.next() {
      if word == "--frames" || word == "--gif" || word == "--image" {
        throw .usage("\(word) is an option of --ticks and --script; play plays FILE (GIF, APNG, PNG or WebP) or --aseprite FILE.json")
      }
      if try options.parse(word, &arguments) { continue }
      switch word {
      case "--duration": limit = try arguments.duration(for: word)
      default: try arguments.positional(word, into: &path)
      }
    }
    if path == nil, options.asepritePath == nil {
      throw .usage("play needs an image file (timeline-demo play FILE.gif|.png|.webp) or --aseprite FILE.json")
    }
    if path != nil, options.asepritePath != nil { throw .usage("give an image file or --aseprite FILE.json, not both") }
    try options.checkSource()
    self.path = path
  }

  func run(_ console: inout Console) throws(CommandError) {
    if let aseprite = options.asepritePath {
      let provider = try AsepriteInput.openWithImage(aseprite)
      let timeline = try options.sheetTimeline(provider, path: aseprite)
      // The picture's shape: the largest untrimmed frame.
      let width = provider.sheet.frames.map(\.sourceSize.width).max() ?? 1
      let height = provider.sheet.frames.map(\.sourceSize.height).max() ?? 1
      return try present(timeline, width: width, height: height, &console) { try? provider.image(shownBy: $0) }
    }
    try play(try ImageInput.open(path ?? FilePath("")), &console)
  }

  /// Plays an animated image (the existential opened: its concrete type
  /// known here).
  func play<Provider: AnimatedImageProvider>(_ provider: Provider, _ console: inout Console) throws(CommandError) {
    let timeline = try options.timeline(provider)
    try present(timeline, width: provider.frameSize.width, height: provider.frameSize.height, &console) {
      try? provider.frame(shownBy: $0)
    }
  }

  /// Plays `start` on the terminal, drawing `image(timeline)` (a picture
  /// of `width` × `height` pixels) whenever the frame changes.
  func present(
    _ start: Timeline, width: Int, height: Int, _ console: inout Console, image: (Timeline) -> RGBAImage?
  ) throws(CommandError) {
    var timeline = start
    // Escape codes go to a terminal only: not into a file or a pipe.
    guard console.isTerminal else {
      throw .input("play draws on a terminal, and standard output is not one (for image files, use frame or frames)")
    }
    let terminal = Terminal()
    console.write(Terminal.enterSequence)
    defer {
      console.write(Terminal.leaveSequence)
      terminal.restore()
    }
    let interrupts = InterruptSignals()
    defer { interrupts.restore() }

    let clock = ContinuousClock()
    let start = clock.now
    var driver = TimelineDriver(clock: clock)
    _ = driver.tick(&timeline)
    timeline.play()
    var renderer = PlayRenderer(canvasWidth: width, canvasHeight: height,
                                columns: terminal.columns, rows: terminal.rows)
    var shown = -1
    while !interrupts.isPending, !terminal.quitRequested() {
      _ = driver.tick(&timeline)
      if timeline.currentFrame != shown, let image = image(timeline) {
        shown = timeline.currentFrame
        console.write(renderer.render(image, status: Self.status(of: timeline)))
      }
      let elapsed = (try? Nanoseconds.from(start.duration(to: clock.now))) ?? 0
      if let limit, elapsed >= limit { break }
      if timeline.state == .finished { break }
      var pause = timespec(tv_sec: 0, tv_nsec: 8_000_000)
      nanosleep(&pause, nil)
    }
  }

  /// The status line under the picture: the frame (numbered from 0, of
  /// the provider's frames), the position, the iteration (from 0, as in
  /// `--script` output) of the loop count, and the state.
  static func status(of timeline: Timeline) -> String {
    let last = timeline.frameCount - 1
    let plays = timeline.loops.plays.map { "of \($0) play\($0 == 1 ? "" : "s")" } ?? "looping forever"
    return "frame \(timeline.currentFrame) (0-\(last))  t=\(TickSimulation.seconds(timeline.position))"
      + "  iteration \(timeline.iteration) (\(plays))  \(timeline.state.rawValue)  [q quits]"
  }
}
