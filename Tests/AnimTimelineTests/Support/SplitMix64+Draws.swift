import TimelineScript

/// The property harness draws from TimelineScript's `SplitMix64` (one
/// implementation of the generator in the project), with these helpers.
/// Its output sequence is fixed by its seed on every platform and Swift
/// version, so a property's seed replays the same cases forever.
extension SplitMix64 {
  /// A uniform value in `0..<bound` (`bound > 0`), by rejection so it has no
  /// modulo bias. Written out here rather than using the standard library's
  /// `random(in:using:)`, whose mapping of raw bits may change between
  /// Swift versions and would silently change what a seed replays.
  mutating func next(below bound: UInt64) -> UInt64 {
    precondition(bound > 0)
    let limit = UInt64.max - (UInt64.max % bound)  // multiple of bound
    while true {
      let x = next()
      if x < limit { return x % bound }
    }
  }

  /// A uniform value in `range`.
  mutating func int64(in range: ClosedRange<Int64>) -> Int64 {
    let span = UInt64(bitPattern: range.upperBound &- range.lowerBound)
    if span == .max { return Int64(bitPattern: next()) }
    return range.lowerBound &+ Int64(bitPattern: next(below: span + 1))
  }

  /// A uniform value in `range`.
  mutating func int(in range: ClosedRange<Int>) -> Int {
    Int(int64(in: Int64(range.lowerBound)...Int64(range.upperBound)))
  }

  /// `true` with probability `numerator / denominator`.
  mutating func chance(_ numerator: UInt64, in denominator: UInt64) -> Bool {
    next(below: denominator) < numerator
  }

  /// A uniformly chosen element of a non-empty array.
  mutating func element<T>(of values: [T]) -> T {
    values[Int(next(below: UInt64(values.count)))]
  }

  /// An index chosen with the given relative weights (all `>= 0`, sum `> 0`).
  mutating func weighted(_ weights: [Int]) -> Int {
    var pick = Int(next(below: UInt64(weights.reduce(0, +))))
    for (index, weight) in weights.enumerated() {
      if pick < weight { return index }
      pick -= weight
    }
    return weights.count - 1
  }
}
