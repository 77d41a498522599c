#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import TimelineCommands

// The whole of `timeline-demo` is the TimelineCommands library (which its
// tests import); this file only runs it on the process's words and exits.
exit(Dispatcher.runProcess())
