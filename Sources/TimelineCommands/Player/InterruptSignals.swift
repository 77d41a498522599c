#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// SIGINT and SIGTERM held back while `play` owns the terminal, so that
/// Ctrl-C ends the preview and the terminal is restored, instead of killing
/// the process in raw mode.
///
/// The signals are blocked, not handled: the preview loop asks whether one
/// is pending (``isPending``) between frames, and ``restore()`` takes it
/// before unblocking. No handler runs, so no state is shared with one
/// (a handler setting a flag needed an `Atomic`, which the Synchronization
/// module has only from macOS 15 / iOS 18).
struct InterruptSignals {
  private var signals = sigset_t()
  private var previousMask = sigset_t()

  /// Blocks SIGINT and SIGTERM for this thread.
  init() {
    sigemptyset(&signals)
    sigaddset(&signals, SIGINT)
    sigaddset(&signals, SIGTERM)
    pthread_sigmask(SIG_BLOCK, &signals, &previousMask)
  }

  /// Whether SIGINT or SIGTERM arrived since ``init()``.
  var isPending: Bool {
    var pending = sigset_t()
    sigpending(&pending)
    return sigismember(&pending, SIGINT) == 1 || sigismember(&pending, SIGTERM) == 1
  }

  /// Takes a pending signal, if any, and restores the previous mask.
  func restore() {
    if isPending {
      var taken: Int32 = 0
      var signals = self.signals
      sigwait(&signals, &taken)
    }
    var previous = previousMask
    pthread_sigmask(SIG_SETMASK, &previous, nil)
  }
}
