#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The process's arguments as the bytes it was given (`CommandLine.arguments`
/// would decode them, turning a file name that is not UTF-8 into another).
let words: [[UInt8]] = (1..<Int(CommandLine.argc)).map { position in
  guard let word = CommandLine.unsafeArgv[position] else { return [] }
  return Array(UnsafeBufferPointer(start: word, count: strlen(word))).map { UInt8(bitPattern: $0) }
}
var console = Console.standard()
let status = Dispatcher.run(Arguments(bytes: words), console: &console)
console.flush()
exit(status)
