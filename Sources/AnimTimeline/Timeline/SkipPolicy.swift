/// What a tick does when it covers more than one new frame.
public enum SkipPolicy: String, Hashable, Sendable, CaseIterable {
  /// Jump to wherever the elapsed time leads (the default): playback keeps
  /// wall-clock pace under load.
  case skip
  /// Show at most one new frame per tick; the extra time is dropped, so
  /// every frame is seen at the cost of falling behind the clock.
  case noSkip = "noskip"
}
