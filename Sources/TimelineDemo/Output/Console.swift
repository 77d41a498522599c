#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

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

  /// A console that hands standard output's bytes to `output` and standard
  /// error's to `error`; `isTerminal` says whether `output` is a terminal.
  init(isTerminal: Bool = false, output: @escaping ([UInt8]) -> Void, error: @escaping ([UInt8]) -> Void) {
    self.isTerminal = isTerminal
    writeOutput = output
    writeError = error
    buffer.reserveCapacity(1 << 16)
  }

  /// The process's standard output and standard error.
  static func standard() -> Console {
    Console(
      isTerminal: isatty(1) == 1,
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
  /// standard output.
  mutating func errorLine(_ text: String) {
    flush()
    writeError(Array("\(text)\n".utf8))
  }
}
