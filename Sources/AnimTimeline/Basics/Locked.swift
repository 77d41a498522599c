#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A value guarded by a POSIX mutex.
///
/// `ManualClock` and the animation engine's renderer (the decoding state
/// every copy of a provider shares) keep their state here rather than in
/// a `Synchronization.Mutex`: on Linux that
/// mutex locks with futexes inside the Swift runtime, where the thread
/// sanitizer cannot see them, so it reported every access to the guarded
/// state as a race. A `pthread_mutex_t` is
/// intercepted by the sanitizer, which then checks the locking for real
/// (`swift test --sanitize=thread`, run by CI on every test).
final class Locked<Value>: @unchecked Sendable {
  // @unchecked: `value` is only read or written between lock and unlock.
  private let mutex: UnsafeMutablePointer<pthread_mutex_t>
  // Unchecked: the lock already makes each access exclusive; the
  // runtime's check cost 67 instructions an access (6 accesses a 4x4 APNG
  // play, callgrind).
  @exclusivity(unchecked) private var value: Value

  init(_ value: Value) {
    mutex = .allocate(capacity: 1)
    mutex.initialize(to: pthread_mutex_t())
    pthread_mutex_init(mutex, nil)
    self.value = value
  }

  deinit {
    pthread_mutex_destroy(mutex)
    mutex.deinitialize(count: 1)
    mutex.deallocate()
  }

  /// Runs `body` on the value while holding the lock.
  func withLock<Result>(_ body: (inout Value) -> Result) -> Result {
    pthread_mutex_lock(mutex)
    defer { pthread_mutex_unlock(mutex) }
    return body(&value)
  }
}
