#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The terminal `play` (``PlayCommand``) draws on: its size, and standard
/// input in raw, non-blocking mode so a key press can be polled;
/// ``restore()`` puts the input mode back.
final class Terminal {
  /// Switches to the alternate screen, hides the cursor and clears.
  static let enterSequence = Array("\u{1B}[?1049h\u{1B}[?25l\u{1B}[2J".utf8)
  /// Resets colours, shows the cursor and leaves the alternate screen.
  static let leaveSequence = Array("\u{1B}[0m\u{1B}[?25h\u{1B}[?1049l".utf8)

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

  /// Puts standard input back in the mode it had.
  func restore() {
    if isTTY { tcsetattr(0, TCSANOW, &saved) }
  }
}
