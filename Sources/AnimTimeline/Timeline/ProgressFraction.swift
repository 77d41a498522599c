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

extension Timeline {
  /// How far the current iteration has played, exactly: the position
  /// within the iteration over the loop duration `L`, in nanoseconds
  /// (`(T mod L) / L`; `L / L` at the end `E`).
  ///
  /// Progress is of the position, whatever the direction of motion: a
  /// negative ``rate`` makes it fall toward 0, and a reversed
  /// ``direction`` shows the frames in the other order without changing
  /// it. At an iteration boundary `T = k * L` before the end, the next
  /// iteration has just started: `0 / L`. A static timeline is at `0 / L`
  /// (`0 / 1` when `L` is 0).
  public var exactIterationProgress: ProgressFraction {
    let length = core.range.length
    if core.isStatic || length <= 0 { return ProgressFraction(_unchecked: 0, of: max(length, 1)) }
    if let end = core.end, core.position >= end { return ProgressFraction(_unchecked: length, of: length) }
    return ProgressFraction(_unchecked: core.position % length, of: length)
  }

  /// How far the whole timeline has played, exactly: the position `T`
  /// over the end `E`, in nanoseconds, or `nil` for infinite loops.
  ///
  /// Progress is of the position, whatever the direction of motion (a
  /// negative ``rate`` plays it from `E / E` down to `0 / E`). A static
  /// timeline is at `0 / E` (`0 / 1` when `E` is 0).
  public var exactOverallProgress: ProgressFraction? {
    guard let end = core.end else { return nil }
    if core.isStatic || end <= 0 { return ProgressFraction(_unchecked: 0, of: max(end, 1)) }
    return ProgressFraction(_unchecked: min(core.position, end), of: end)
  }
}
