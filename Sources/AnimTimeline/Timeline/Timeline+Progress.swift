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
