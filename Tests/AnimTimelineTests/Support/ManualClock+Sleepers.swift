import AnimTimeline

extension ManualClock {
  /// Yields until a task sleeps on the clock (a loop waiting for its next
  /// deadline), or gives up after many yields.
  func waitForSleeper() async {
    for _ in 0..<100_000 where sleeperCount == 0 { await Task.yield() }
  }
}
