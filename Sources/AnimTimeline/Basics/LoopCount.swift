/// How many times a timeline plays its frame sequence.
///
/// A count is a number of *plays* (not repeats): `1` plays the sequence
/// once. Use ``once`` or ``infinite``, an integer literal (`loops: 3`), or,
/// for a count that comes from input, ``plays(_:)``, which rejects counts
/// below 1 with an error.
public struct LoopCount: Hashable, Sendable, CustomStringConvertible, ExpressibleByIntegerLiteral {
  /// The number of plays, or 0 for infinite: eight bytes, not the nine of
  /// an `Int64?`, so that a timeline stays within 256 bytes.
  @usableFromInline
  internal let storage: Int64

  /// The number of plays, or `nil` for infinite.
  public var plays: Int64? { storage == 0 ? nil : storage }

  @usableFromInline
  internal init(_unchecked plays: Int64?) {
    self.storage = plays ?? 0
  }

  /// A loop count that never ends.
  public static let infinite = LoopCount(_unchecked: nil)

  /// One play.
  public static let once = LoopCount(_unchecked: 1)

  /// A finite number of plays.
  ///
  /// - Throws: ``TimelineError/invalidLoopCount(_:)`` when `count < 1`.
  public static func plays(_ count: Int64) throws(TimelineError) -> LoopCount {
    guard count >= 1 else { throw .invalidLoopCount(count) }
    return LoopCount(_unchecked: count)
  }

  /// A number of plays written in source, such as `loops: 3`.
  ///
  /// A literal below 1 is a programming error and stops the program; use
  /// ``plays(_:)`` for counts that come from input.
  public init(integerLiteral value: Int64) {
    precondition(value >= 1, "a loop count literal must be at least 1 (use .infinite for endless loops)")
    self.storage = value
  }

  /// Whether the count is infinite.
  public var isInfinite: Bool { storage == 0 }

  /// `"inf"` or the number of plays.
  public var description: String {
    plays.map { String($0) } ?? "inf"
  }
}
