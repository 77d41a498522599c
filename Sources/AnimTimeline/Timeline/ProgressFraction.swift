/// An exact progress value: `numerator / denominator` nanoseconds, from
/// `0 / d` to `d / d`.
///
/// A timeline's ``Timeline/exactIterationProgress`` and
/// ``Timeline/exactOverallProgress`` are fractions of nanoseconds: the
/// time played over the time there is to play, with no rounding, so that
/// `numerator == denominator` exactly at the end and two timelines at the
/// same place compare equal. ``value`` is the `Double` for display
/// (Lottie's `currentProgress`).
public struct ProgressFraction: Hashable, Sendable, CustomStringConvertible {
  /// The nanoseconds played, from 0 to ``denominator``.
  public let numerator: Int64

  /// The nanoseconds there are to play, at least 1.
  public let denominator: Int64

  /// `numerator` of `denominator`, with `0 <= numerator <= denominator` and
  /// `denominator >= 1` (the callers make sure of both).
  init(_unchecked numerator: Int64, of denominator: Int64) {
    self.numerator = numerator
    self.denominator = denominator
  }

  /// The fraction as a `Double` from 0 to 1, for display: `1` exactly when
  /// ``isComplete``, `0` exactly at the start.
  public var value: Double { Double(numerator) / Double(denominator) }

  /// Whether the whole has played (`numerator == denominator`).
  public var isComplete: Bool { numerator == denominator }

  /// `"numerator/denominator"`, e.g. `"75000000/150000000"`.
  public var description: String { "\(numerator)/\(denominator)" }
}
