/// The four states of a ``Timeline``.
public enum PlaybackState: String, Hashable, Sendable, CaseIterable {
  /// At position 0, not advancing. The initial state.
  case stopped
  /// Advancing with every active tick.
  case playing
  /// Holding its position; ticks do not move it.
  case paused
  /// At the end `E` of a finite timeline.
  case finished
}
