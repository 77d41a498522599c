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

/// Runs `count` threads, as ``onThreads(_:_:)`` does, through `rounds`
/// rounds; in each, the threads share out the indices `0..<items` in
/// chunks of `chunk` taken in turn (a thread that finishes a chunk takes
/// the next one left), and a round starts once every thread has finished
/// the one before: a server's worker pool through its ticks. Returns
/// each thread's result, folded from `initial` by `body` over the chunks
/// it took.
///
/// Unlike a fixed share (index `i` on thread `i % count`), a thread whose
/// indices need more work than the others' does not hold the rest up,
/// and each index is in one chunk a round, so `body` may write what
/// belongs to its indices.
public func onThreads<Result: Sendable>(
  _ count: Int, rounds: Int, sharing items: Int, chunk: Int, from initial: Result,
  _ body: @escaping @Sendable (inout Result, Range<Int>) -> Void
) -> [Result] {
  let claims = ChunkClaims(threads: count, items: items, chunk: max(1, chunk))
  return onThreads(count) { _ in
    var result = initial
    for _ in 0..<rounds {
      while let range = claims.next() { body(&result, range) }
      claims.finishRound()
    }
    return result
  }
}

/// The chunks of ``onThreads(_:rounds:sharing:chunk:from:_:)`` not taken
/// yet in this round, and the threads that have finished it.
private final class ChunkClaims: @unchecked Sendable {
  // @unchecked: the variables are only read or written between lock and
  // unlock.
  private let mutex: UnsafeMutablePointer<pthread_mutex_t>
  private let roundEnded: UnsafeMutablePointer<pthread_cond_t>
  private let threads: Int
  private let items: Int
  private let chunk: Int
  private var taken = 0
  private var finished = 0
  private var round = 0

  init(threads: Int, items: Int, chunk: Int) {
    self.threads = threads
    self.items = items
    self.chunk = chunk
    mutex = .allocate(capacity: 1)
    mutex.initialize(to: pthread_mutex_t())
    pthread_mutex_init(mutex, nil)
    roundEnded = .allocate(capacity: 1)
    roundEnded.initialize(to: pthread_cond_t())
    pthread_cond_init(roundEnded, nil)
  }

  deinit {
    pthread_cond_destroy(roundEnded)
    roundEnded.deinitialize(count: 1)
    roundEnded.deallocate()
    pthread_mutex_destroy(mutex)
    mutex.deinitialize(count: 1)
    mutex.deallocate()
  }

  /// The next chunk of this round, or `nil` when all are taken.
  func next() -> Range<Int>? {
    pthread_mutex_lock(mutex)
    defer { pthread_mutex_unlock(mutex) }
    guard taken < items else { return nil }
    let range = taken..<(taken + min(chunk, items - taken))
    taken = range.upperBound
    return range
  }

  /// Waits until every thread has finished this round; the last to finish
  /// starts the next.
  func finishRound() {
    pthread_mutex_lock(mutex)
    defer { pthread_mutex_unlock(mutex) }
    finished += 1
    if finished == threads {
      finished = 0
      taken = 0
      round += 1
      pthread_cond_broadcast(roundEnded)
      return
    }
    let mine = round
    while round == mine { pthread_cond_wait(roundEnded, mutex) }
  }
}
