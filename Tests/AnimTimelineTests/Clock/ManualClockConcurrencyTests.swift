import Testing
@testable import AnimTimeline

/// `ManualClock` is `Sendable`: moving it from several tasks at once must
/// neither lose time nor move it backward. (Found in the hardening review:
/// `advance(by:)` read `now` and wrote `now + d` in two critical sections,
/// so concurrent advances could overwrite each other, and `advance(to:)`
/// could set an instant older than one another task had just set.)
@Suite struct ManualClockConcurrencyTests {
  @Test func concurrentAdvancesAddUp() async {
    let clock = ManualClock()
    let tasks = 8
    let steps = 50_000
    await withTaskGroup(of: Void.self) { group in
      for _ in 0..<tasks {
        group.addTask {
          for _ in 0..<steps { clock.advance(by: .nanoseconds(1)) }
        }
      }
    }
    #expect(clock.now.offset == .nanoseconds(tasks * steps))
  }

  @Test func concurrentAdvanceToNeverGoesBackward() async {
    let clock = ManualClock()
    let tasks = 8
    let steps = 50_000
    await withTaskGroup(of: Bool.self) { group in
      for task in 0..<tasks {
        group.addTask {
          var monotonic = true
          var seen = Duration.zero
          for step in 0..<steps {
            clock.advance(to: .init(offset: .nanoseconds(step * tasks + task)))
            let now = clock.now.offset
            if now < seen { monotonic = false }
            seen = now
          }
          return monotonic
        }
      }
      for await monotonic in group { #expect(monotonic) }
    }
    #expect(clock.now.offset == .nanoseconds((steps - 1) * tasks + tasks - 1))
  }

  @Test func advanceWakesSleepersOnce() async throws {
    let clock = ManualClock()
    let sleeper = Task { try await clock.sleep(until: .init(offset: .milliseconds(5))) }
    while clock.sleeperCount == 0 { await Task.yield() }
    await withTaskGroup(of: Void.self) { group in
      for _ in 0..<4 { group.addTask { clock.advance(by: .milliseconds(2)) } }
    }
    try await sleeper.value
    #expect(clock.now.offset == .milliseconds(8))
    #expect(clock.sleeperCount == 0)
  }
}
