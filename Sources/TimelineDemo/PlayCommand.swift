#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import AnimTimeline
import Synchronization

/// Set by SIGINT/SIGTERM so the preview loop can restore the terminal.
let playInterrupted = Atomic<Bool>(false)

/// `timeline-demo play FILE.gif`: a real-time terminal preview in 24-bit
/// colour, two pixels per character cell (upper half blocks), scaled to the
/// terminal, driven by a `TimelineDriver` on `ContinuousClock` at the GIF's
/// own timing. `q` or Ctrl-C quits and restores the terminal.
enum PlayCommand {
  static func run(_ args: inout Arguments) throws(UsageError) -> Int32 {
    var options = TimelineOptions()
    var limit: Int64?
    var path: String?
    while let name = args.next() {
      if try options.parse(name, &args) { continue }
      switch name {
      case "--duration":
        let text = try args.value(for: name)
        guard let value = NumberSyntax.duration(Substring(text)) else { throw UsageError("--duration: bad duration '\(text)'") }
        limit = value
      default:
        guard !name.hasPrefix("-"), path == nil else { throw UsageError("play: unexpected argument '\(name)'") }
        path = name
      }
    }
    guard let path else { throw UsageError("play needs a GIF file (timeline-demo play FILE.gif)") }
    let provider: GIFFrameProvider
    var configuration = options.configuration
    configuration.loops = options.loops
    var timeline: Timeline<GIFFrameProvider>
    do {
      provider = try GIFFrameProvider(contentsOfFile: path)
      timeline = try Timeline(provider: provider, configuration: configuration)
    } catch {
      Output.error("\(error)")
      return 1
    }
    let terminal = Terminal()
    defer { terminal.restore() }
    signal(SIGINT) { _ in playInterrupted.store(true, ordering: .relaxed) }
    signal(SIGTERM) { _ in playInterrupted.store(true, ordering: .relaxed) }

    let clock = ContinuousClock()
    let start = clock.now
    var driver = TimelineDriver(clock: clock)
    _ = driver.tick(&timeline)
    timeline.play()
    var renderer = Renderer(canvasWidth: provider.canvasWidth, canvasHeight: provider.canvasHeight,
                            columns: terminal.columns, rows: terminal.rows)
    var shown = -1
    while !playInterrupted.load(ordering: .relaxed), !terminal.quitRequested() {
      _ = driver.tick(&timeline)
      if timeline.currentFrame != shown, let image = try? timeline.currentFrameContents() {
        shown = timeline.currentFrame
        let status = "frame \(shown + 1)/\(provider.frameCount)  t=\(TickSimulation.seconds(timeline.position))  loop \(timeline.iteration + 1)/\(timeline.loops)  \(timeline.state.rawValue)  [q quits]"
        Output.write(renderer.render(image, status: status), to: 1)
      }
      let elapsed = (try? Nanoseconds.from(start.duration(to: clock.now))) ?? 0
      if let limit, elapsed >= limit { break }
      if timeline.state == .finished { break }
      var pause = timespec(tv_sec: 0, tv_nsec: 8_000_000)
      nanosleep(&pause, nil)
    }
    return 0
  }

  /// Turns RGBA canvases into ANSI half-block text.
  struct Renderer {
    let width: Int
    let height: Int
    let canvasWidth: Int
    let canvasHeight: Int
    var buffer: [UInt8] = []

    init(canvasWidth: Int, canvasHeight: Int, columns: Int, rows: Int) {
      self.canvasWidth = max(canvasWidth, 1)
      self.canvasHeight = max(canvasHeight, 1)
      // Fit the canvas in columns × (rows - 1) cells of 1×2 pixels, keeping
      // its aspect ratio; nearest-neighbour scaling, up or down.
      let maxWidth = max(columns, 1)
      let maxHeight = max((rows - 1) * 2, 2)
      if maxWidth * self.canvasHeight <= maxHeight * self.canvasWidth {
        width = maxWidth
        height = max(maxWidth * self.canvasHeight / self.canvasWidth, 1)
      } else {
        height = maxHeight
        width = max(maxHeight * self.canvasWidth / self.canvasHeight, 1)
      }
    }

    /// The pixel at output (x, y), composited over a grey checkerboard.
    func color(_ image: RGBAImage, _ x: Int, _ y: Int) -> (UInt8, UInt8, UInt8) {
      let sx = min(x * image.width / width, image.width - 1)
      let sy = min(y * image.height / height, image.height - 1)
      let base = (sy * image.width + sx) * 4
      guard base + 3 < image.pixels.count else { return (0, 0, 0) }
      let alpha = Int(image.pixels[base + 3])
      let background = (x / 4 + y / 4) % 2 == 0 ? 0x99 : 0x66
      func blend(_ c: UInt8) -> UInt8 { UInt8((Int(c) * alpha + background * (255 - alpha)) / 255) }
      return (blend(image.pixels[base]), blend(image.pixels[base + 1]), blend(image.pixels[base + 2]))
    }

    mutating func render(_ image: RGBAImage, status: String) -> [UInt8] {
      buffer.removeAll(keepingCapacity: true)
      buffer.append(contentsOf: Array("\u{1B}[H".utf8))
      var y = 0
      while y < height {
        for x in 0..<width {
          let top = color(image, x, y)
          let bottom = y + 1 < height ? color(image, x, y + 1) : (0, 0, 0)
          buffer.append(contentsOf: Array("\u{1B}[38;2;\(top.0);\(top.1);\(top.2)m\u{1B}[48;2;\(bottom.0);\(bottom.1);\(bottom.2)m\u{2580}".utf8))
        }
        buffer.append(contentsOf: Array("\u{1B}[0m\u{1B}[K\n".utf8))
        y += 2
      }
      buffer.append(contentsOf: Array("\u{1B}[0m\(status)\u{1B}[K".utf8))
      return buffer
    }
  }

  /// The terminal in raw, non-blocking mode, with the cursor hidden on the
  /// alternate screen; `restore()` puts everything back.
  final class Terminal {
    private var saved = termios()
    private let isTTY: Bool
    let columns: Int
    let rows: Int

    init() {
      var size = winsize()
      if ioctl(1, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0, size.ws_row > 0 {
        columns = Int(size.ws_col)
        rows = Int(size.ws_row)
      } else {
        columns = 80
        rows = 24
      }
      isTTY = isatty(0) == 1 && tcgetattr(0, &saved) == 0
      if isTTY {
        var raw = saved
        raw.c_lflag &= ~tcflag_t(ICANON | ECHO)
        withUnsafeMutableBytes(of: &raw.c_cc) { cc in
          cc[Int(VMIN)] = 0
          cc[Int(VTIME)] = 0
        }
        tcsetattr(0, TCSANOW, &raw)
      }
      Output.write(Array("\u{1B}[?1049h\u{1B}[?25l\u{1B}[2J".utf8), to: 1)
    }

    /// Whether `q`, `Q` or Ctrl-C is waiting on standard input.
    func quitRequested() -> Bool {
      guard isTTY else { return false }
      var byte: UInt8 = 0
      while read(0, &byte, 1) == 1 {
        if byte == UInt8(ascii: "q") || byte == UInt8(ascii: "Q") || byte == 3 { return true }
      }
      return false
    }

    func restore() {
      Output.write(Array("\u{1B}[0m\u{1B}[?25h\u{1B}[?1049l".utf8), to: 1)
      if isTTY { tcsetattr(0, TCSANOW, &saved) }
    }
  }
}
