import Testing
import TimelineScript

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// `onThreads(_:rounds:sharing:chunk:from:_:)`: every index is taken once
/// a round, by one thread, and no round starts before the one before has
/// finished on every thread.
@Suite struct ThreadsTests {
  /// How many times each index was visited, behind a lock.
  final class Ledger: @unchecked Sendable {
    // @unchecked: `visits` is only read or written between lock and unlock.
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    private var visits: [Int]

    init(count: Int) {
      visits = [Int](repeating: 0, count: count)
      mutex = .allocate(capacity: 1)
      mutex.initialize(to: pthread_mutex_t())
      pthread_mutex_init(mutex, nil)
    }

    deinit {
      pthread_mutex_destroy(mutex)
      mutex.deallocate()
    }

    /// Counts a visit of `index`; returns whether every index had been
    /// visited at least as often as `index` before it (its round had
    /// started everywhere: no index is a round behind).
    func visit(_ index: Int) -> Bool {
      pthread_mutex_lock(mutex)
      defer { pthread_mutex_unlock(mutex) }
      let inOrder = visits.min() == visits[index]
      visits[index] += 1
      return inOrder
    }

    var all: [Int] {
      pthread_mutex_lock(mutex)
      defer { pthread_mutex_unlock(mutex) }
      return visits
    }
  }

  @Test(arguments: [(1, 1), (2, 1), (3, 7), (4, 16), (8, 100)])
  func everyIndexOnceARoundInOrder(threads: Int, chunk: Int) {
    let items = 203
    let roundCount = 9
    let ledger = Ledger(count: items)
    // Every index visited once a round (the counts), none before the
    // round before ended everywhere (the ledger's order).
    let results = onThreads(threads, rounds: roundCount, sharing: items, chunk: chunk, from: (0, 0)) { result, range in
      #expect(range.count <= chunk && range.lowerBound >= 0 && range.upperBound <= items)
      for index in range {
        if !ledger.visit(index) { result.1 += 1 }
        result.0 += 1
        // A little work, so that the threads interleave.
        if index % 5 == 0 { sched_yield() }
      }
    }
    #expect(results.count == threads)
    #expect(results.reduce(0) { $0 + $1.0 } == items * roundCount)
    #expect(results.reduce(0) { $0 + $1.1 } == 0, "an index visited out of its round")
    #expect(ledger.all == [Int](repeating: roundCount, count: items))
  }

  @Test func noItemsOrNoRounds() {
    #expect(onThreads(2, rounds: 3, sharing: 0, chunk: 4, from: 0) { result, _ in result += 1 } == [0, 0])
    #expect(onThreads(2, rounds: 0, sharing: 10, chunk: 4, from: 0) { result, _ in result += 1 } == [0, 0])
  }
}
