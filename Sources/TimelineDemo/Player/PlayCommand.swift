#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import AnimTimeline
import Synchronization

/// Set by SIGINT/SIGTERM so the preview loop can restore the terminal.
let playInterrupted = Atomic<Bool>(false)

/// `timeline-demo play FILE.gif`: a real-time terminal preview in 24-bit
/// colour, two pixels per character cell (upper half blocks,
/// ``PlayRenderer``), scaled to the terminal, driven by a `TimelineDriver`
/// on `ContinuousClock` at the GIF's own timing. `q` or Ctrl-C quits and
/// restores the terminal.
struct PlayCommand: Subcommand {
  static let usage = "timeline-demo play FILE.gif [--loops K|inf] [--duration D]"

  /// The options only `play` has.
  static let options = """
  play
    --duration D         stop after D             --duration 10s
    --loops K|inf        total plays              --loops 3
    (q or Ctrl-C quits)
  """

  static let help = Help.subcommand(
    usage: usage, [options, Help.timelineOptions], exitStatuses: standardExitStatuses)

  var path: String
  var options = TimelineOptions()
  var limit: Int64?

  init(parsing arguments: inout Arguments) throws(CommandError) {
    var path: String?
    while let word = arguments.next() {
      if try options.parse(word, &arguments) { continue }
      switch word {
      case "--duration": limit = try arguments.duration(for: word)
      default: try Arguments.positional(word, into: &path)
      }
    }
    guard let path else { throw .usage("play needs a GIF file (timeline-demo play FILE.gif)") }
    self.path = path
  }

  func run(_ console: inout Console) throws(CommandError) {
    let provider = try GIFInput.open(path)
    var timeline = try options.timeline(provider)
    let terminal = Terminal()
    console.write(Terminal.enterSequence)
    defer {
      console.write(Terminal.leaveSequence)
      terminal.restore()
    }
    signal(SIGINT) { _ in playInterrupted.store(true, ordering: .relaxed) }
    signal(SIGTERM) { _ in playInterrupted.store(true, ordering: .relaxed) }

    let clock = ContinuousClock()
    let start = clock.now
    var driver = TimelineDriver(clock: clock)
    _ = driver.tick(&timeline)
    timeline.play()
    var renderer = PlayRenderer(canvasWidth: provider.canvasWidth, canvasHeight: provider.canvasHeight,
                                columns: terminal.columns, rows: terminal.rows)
    var shown = -1
    while !playInterrupted.load(ordering: .relaxed), !terminal.quitRequested() {
      _ = driver.tick(&timeline)
      if timeline.currentFrame != shown, let image = try? provider.frame(shownBy: timeline) {
        shown = timeline.currentFrame
        let status = "frame \(shown + 1)/\(provider.frameCount)  t=\(TickSimulation.seconds(timeline.position))  loop \(timeline.iteration + 1)/\(timeline.loops)  \(timeline.state.rawValue)  [q quits]"
        console.write(renderer.render(image, status: status))
      }
      let elapsed = (try? Nanoseconds.from(start.duration(to: clock.now))) ?? 0
      if let limit, elapsed >= limit { break }
      if timeline.state == .finished { break }
      var pause = timespec(tv_sec: 0, tv_nsec: 8_000_000)
      nanosleep(&pause, nil)
    }
  }
}
