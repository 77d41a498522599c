/// How many times a timeline plays its frame sequence.
///
/// A count is a number of *plays* (not repeats): `1` plays the sequence
/// once. Make one with ``plays(_:)``, which rejects counts below 1, or use
/// ``infinite``.
public struct LoopCount: Hashable, Sendable, CustomStringConvertible {
  /// The number of plays, or `nil` for infinite.
  public let plays: Int64?

  @usableFromInline
  internal init(_unchecked plays: Int64?) {
    self.plays = plays
  }

  /// A loop count that never ends.
  public static let infinite = LoopCount(_unchecked: nil)

  /// A finite number of plays.
  ///
  /// - Throws: ``TimelineError/invalidLoopCount(_:)`` when `count < 1`.
  public static func plays(_ count: Int64) throws(TimelineError) -> LoopCount {
    guard count >= 1 else { throw .invalidLoopCount(count) }
    return LoopCount(_unchecked: count)
  }

  /// Whether the count is infinite.
  public var isInfinite: Bool { plays == nil }

  /// `"inf"` or the number of plays.
  public var description: String {
    plays.map { String($0) } ?? "inf"
  }
}
