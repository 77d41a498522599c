#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Runs `body(0)`, ..., `body(count - 1)` each on its own POSIX thread, all
/// at once, and returns their results in order once every thread has
/// finished. Real threads rather than tasks: the cooperative pool has as
/// many threads as cores (two here), and the tests that use this want more
/// threads than that contending for one lock; `timeline-demo bench share
/// --threads N` wants its requests on threads it controls.
public func onThreads<Result: Sendable>(_ count: Int, _ body: @escaping @Sendable (Int) -> Result) -> [Result] {
  let slots = (0..<count).map { _ in ThreadResult<Result>() }
  var threads: [pthread_t] = []
  for (index, slot) in slots.enumerated() {
    let job = ThreadJob { slot.value = body(index) }
    let context = Unmanaged.passRetained(job).toOpaque()
    #if canImport(Darwin)
    var thread: pthread_t? = nil
    #else
    var thread = pthread_t()
    #endif
    let status = pthread_create(&thread, nil, { context in
      #if canImport(Darwin)
      Unmanaged<ThreadJob>.fromOpaque(context).takeRetainedValue().run()
      #else
      Unmanaged<ThreadJob>.fromOpaque(context!).takeRetainedValue().run()
      #endif
      return nil
    }, context)
    precondition(status == 0, "pthread_create failed: \(status)")
    #if canImport(Darwin)
    threads.append(thread!)
    #else
    threads.append(thread)
    #endif
  }
  for thread in threads { pthread_join(thread, nil) }
  return slots.map { $0.value! }
}

/// What one thread of ``onThreads(_:_:)`` runs.
private final class ThreadJob: Sendable {
  let run: @Sendable () -> Void
  init(_ run: @escaping @Sendable () -> Void) { self.run = run }
}

/// One thread's result.
private final class ThreadResult<Value>: @unchecked Sendable {
  // @unchecked: written by its thread before the thread ends, read only
  // after `pthread_join`, which orders the two.
  var value: Value?
}
