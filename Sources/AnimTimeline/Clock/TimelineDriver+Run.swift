extension TimelineDriver {
  /// Ticks `timelines` every `interval` of the clock until the task is
  /// cancelled, calling `onEvents` for each timeline whose tick reported
  /// events. For server loops that run many timelines.
  ///
  /// Deadlines are exact multiples of `interval` after the start; when the
  /// loop falls behind by more than one interval (a stall), it skips the
  /// missed deadlines instead of ticking in a burst, and the stall's time
  /// reaches the timelines in one tick, clamped by their max-step.
  ///
  /// Returns normally when the task is cancelled.
  ///
  /// - Complexity: O(*n*) per tick for *n* timelines.
  public mutating func run<Provider>(
    _ timelines: inout [Timeline<Provider>],
    every interval: Duration,
    onEvents: (Int, TickEvents) -> Void = { _, _ in }
  ) async {
    guard interval > .zero else { return }
    var deadline = clock.now
    _ = advance(to: deadline)
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
      let elapsed = advance(to: clock.now)
      for index in timelines.indices {
        if let events = try? timelines[index].tick(by: elapsed, mode: mode), !events.isEmpty {
          onEvents(index, events)
        }
      }
    }
  }
}
