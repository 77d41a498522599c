#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

extension Dispatcher {
  /// Runs `timeline-demo` on this process's command line, writing to its
  /// standard output and standard error, and returns the exit status:
  /// everything `main.swift` does but exit.
  ///
  /// The words are taken as the bytes the process was given
  /// (`CommandLine.arguments` would decode them, turning a file name that
  /// is not UTF-8 into another).
  ///
  /// - Complexity: that of the subcommand the words call for.
  public static func runProcess() -> Int32 {
    let words: [[UInt8]] = (1..<Int(CommandLine.argc)).map { position in
      guard let word = CommandLine.unsafeArgv[position] else { return [] }
      return Array(UnsafeBufferPointer(start: word, count: strlen(word))).map { UInt8(bitPattern: $0) }
    }
    var console = Console.standard()
    let status = run(Arguments(bytes: words), console: &console)
    console.flush()
    return status
  }
}
