/// The order in which each iteration shows its frames.
public enum PlaybackDirection: String, Hashable, Sendable, CaseIterable {
  /// Every iteration runs forward.
  case forward
  /// Every iteration runs backward.
  case reverse
  /// Even iterations run forward, odd ones backward.
  case alternate
  /// Even iterations run backward, odd ones forward.
  case alternateReverse = "alternate-reverse"

  /// Whether iteration `iteration` shows its frames backward.
  @inlinable
  public func isReversed(iteration: Int64) -> Bool {
    switch self {
    case .forward: return false
    case .reverse: return true
    case .alternate: return iteration & 1 == 1
    case .alternateReverse: return iteration & 1 == 0
    }
  }
}
