#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Which thread is running: a number that stays the same on one thread
/// and differs between threads alive at once (`pthread_self`).
enum ThreadIdentity {
  /// The calling thread's number.
  static var current: UInt {
    #if canImport(Glibc)
    UInt(pthread_self())
    #else
    UInt(bitPattern: pthread_self())
    #endif
  }
}
