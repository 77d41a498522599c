extension TimelineDriver {
  /// Calls `tick` every `interval` of the clock, with the nanoseconds since
  /// the previous call and the driver's run mode, until the task is
  /// cancelled. For loops that drive many timelines: the closure ticks
  /// whatever the caller owns, so timelines can be added, removed, paused
  /// or seeked between two ticks.
  ///
  /// The loop runs in its caller's isolation (`isolation`, which defaults
  /// to the caller's own): called from `@MainActor` code or a `main.swift`,
  /// the closure runs on the main actor and may touch the caller's state
  /// directly; nothing is sent to another task.
  ///
  /// Deadlines are exact multiples of `interval` after the start; when the
  /// loop falls behind by more than one interval (a stall), it skips the
  /// missed deadlines instead of ticking in a burst, and the stall's time
  /// reaches the timelines in one tick, which their max-step clamps. The
  /// first call only anchors the driver: its elapsed time is 0.
  ///
  /// Returns normally when the task is cancelled. The loop works on a copy
  /// of the driver, so the driver value it was called on is not held for
  /// the whole run.
  ///
  /// The elapsed time is unsigned, as the non-throwing
  /// ``Timeline/tick(nanoseconds:mode:)`` takes it:
  /// `timeline.tick(nanoseconds: elapsed, mode: mode)`, without `try`.
  ///
  /// - Complexity: O(1) per tick, plus the closure's work.
  public func run(
    every interval: Duration,
    isolation: isolated (any Actor)? = #isolation,
    _ tick: (_ nanoseconds: UInt64, _ mode: RunMode) -> Void
  ) async {
    guard interval > .zero else { return }
    var driver = self
    var deadline = clock.now
    tick(driver.advance(to: deadline), driver.mode)
    while !Task.isCancelled {
      deadline = deadline.advanced(by: interval)
      let now = clock.now
      if deadline.duration(to: now) > interval {
        deadline = now.advanced(by: interval)
      }
      do {
        try await clock.sleep(until: deadline, tolerance: nil)
      } catch {
        return
      }
      tick(driver.advance(to: clock.now), driver.mode)
    }
  }
}
