@testable import TimelineCommands

/// One run of a `timeline-demo` command line through the demo's
/// dispatcher, with a console that keeps both streams: what it printed and
/// its exit status, and nothing on the test's own output.
struct CommandRun {
  var status: Int32
  var output: [UInt8]
  var error: [UInt8]

  /// Runs `words` (without the program's name); `isTerminal` says whether
  /// the console's standard output passes for a terminal.
  init(_ words: [String], isTerminal: Bool = false) {
    self.init(Arguments(words), isTerminal: isTerminal)
  }

  /// Runs the words whose bytes are `bytes` (a word need not be UTF-8, as
  /// a shell can pass `$'\xff.gif'`).
  init(bytes: [[UInt8]], isTerminal: Bool = false) {
    self.init(Arguments(bytes: bytes), isTerminal: isTerminal)
  }

  /// Runs `arguments`.
  init(_ arguments: Arguments, isTerminal: Bool) {
    final class Streams {
      var output: [UInt8] = []
      var error: [UInt8] = []
    }
    let streams = Streams()
    var console = Console(isTerminal: isTerminal, output: { streams.output += $0 }, error: { streams.error += $0 })
    status = Dispatcher.run(arguments, console: &console)
    console.flush()
    output = streams.output
    error = streams.error
  }

  /// Standard output as text.
  var outputText: String { String(decoding: output, as: UTF8.self) }
  /// Standard error as text.
  var errorText: String { String(decoding: error, as: UTF8.self) }
  /// The first line of standard error.
  var firstErrorLine: String { errorText.split(separator: "\n", omittingEmptySubsequences: false).first.map(String.init) ?? "" }
}
