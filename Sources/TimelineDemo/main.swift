#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

var console = Console.standard()
let status = Dispatcher.run(Array(CommandLine.arguments.dropFirst()), console: &console)
console.flush()
exit(status)
