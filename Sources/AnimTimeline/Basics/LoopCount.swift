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
  /// A literal `0` means ``infinite``, as the loop count 0 does in GIF
  /// (NETSCAPE2.0) and APNG (`num_plays`) files, so `loops: 0` plays
  /// forever rather than stopping the program. The literal type is
  /// unsigned, so a negative literal such as `loops: -1` does not compile.
  /// A literal above `Int64.max` is cut to `Int64.max` plays (making a
  /// timeline with it then throws ``TimelineError/loopsTooLong(plays:loopDuration:)``
  /// unless its loop lasts under 2 ns). No literal stops the program.
  ///
  /// ``plays(_:)``, for counts that come from input, keeps its meaning:
  /// a number of plays, at least 1; it throws for 0.
  public init(integerLiteral value: UInt64) {
    self.storage = Int64(clamping: value)
  }

  /// Whether the count is infinite.
  public var isInfinite: Bool { storage == 0 }

  /// `"inf"` or the number of plays.
  public var description: String {
    plays.map { String($0) } ?? "inf"
  }
}
