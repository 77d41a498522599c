#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import TimelineScript

/// Where a subcommand writes: standard output, buffered (one write per
/// 64 KiB, so long simulations are not bound by per-line writes), and
/// standard error.
///
/// ``standard()`` writes to the process's descriptors 1 and 2; tests make
/// a console with their own writers and read what was written.
struct Console {
  private var buffer: [UInt8] = []
  private let writeOutput: ([UInt8]) -> Void
  private let writeError: ([UInt8]) -> Void

  /// Whether standard output is a terminal (`play` draws only on one).
  let isTerminal: Bool
  /// Whether standard error is a terminal (long runs show their progress
  /// there only then: ``progress(_:)``).
  let errorIsTerminal: Bool
  /// Whether a progress line is on standard error now.
  private var showsProgress = false

  /// A console that hands standard output's bytes to `output` and standard
  /// error's to `error`; `isTerminal` and `errorIsTerminal` say whether
  /// they are terminals.
  init(
    isTerminal: Bool = false, errorIsTerminal: Bool = false,
    output: @escaping ([UInt8]) -> Void, error: @escaping ([UInt8]) -> Void
  ) {
    self.isTerminal = isTerminal
    self.errorIsTerminal = errorIsTerminal
    writeOutput = output
    writeError = error
    buffer.reserveCapacity(1 << 16)
  }

  /// The process's standard output and standard error.
  static func standard() -> Console {
    Console(
      isTerminal: isatty(1) == 1, errorIsTerminal: isatty(2) == 1,
      output: { FileSystem.writeAll($0, toDescriptor: 1) },
      error: { FileSystem.writeAll($0, toDescriptor: 2) })
  }

  /// Writes `text` and a newline to standard output.
  mutating func line(_ text: String) {
    buffer.append(contentsOf: text.utf8)
    buffer.append(0x0A)
    if buffer.count >= 1 << 16 { flush() }
  }

  /// Writes `bytes` to standard output now (after what is buffered).
  mutating func write(_ bytes: [UInt8]) {
    flush()
    writeOutput(bytes)
  }

  /// Writes what is buffered.
  mutating func flush() {
    guard !buffer.isEmpty else { return }
    writeOutput(buffer)
    buffer.removeAll(keepingCapacity: true)
  }

  /// Writes `error: <message>` to standard error, after flushing standard
  /// output (so the error follows the lines printed before it).
  mutating func error(_ message: String) {
    errorLine("error: \(message)")
  }

  /// Writes `text` and a newline to standard error, after flushing
  /// standard output. Control and invisible characters in `text` (from a
  /// file or a word the user gave) are written escaped
  /// (``TextEscaping``), never as they are.
  mutating func errorLine(_ text: String) {
    flush()
    clearProgress()
    writeError(Array("\(TextEscaping.escaped(text, keepingNewlines: true))\n".utf8))
  }

  /// Shows `text` as the progress line on standard error, in place of the
  /// one before (a carriage return, then the line cleared to its end).
  /// Only for a terminal: callers check ``errorIsTerminal``.
  mutating func progress(_ text: String) {
    flush()
    writeError(Array("\r\(text)\u{1B}[K".utf8))
    showsProgress = true
  }

  /// Removes the progress line, if one is shown.
  mutating func clearProgress() {
    guard showsProgress else { return }
    writeError(Array("\r\u{1B}[K".utf8))
    showsProgress = false
  }
}
