/// A frame provider built from a list of durations.
///
/// Its frames are their own indices. Use it for sprite sheets (map the
/// index to a rectangle), for tests, and for simulations such as
/// `timeline-demo --frames 100ms,50ms`.
public struct SyntheticFrameProvider: FrameProvider, Hashable, Sendable {
  /// The frame durations in nanoseconds.
  public let durations: [Int64]

  /// The provider's loop count hint.
  public let loopCount: LoopCount

  /// Makes a provider from durations in nanoseconds.
  ///
  /// - Throws: ``TimelineError/noFrames`` for an empty list,
  ///   ``TimelineError/negativeDuration(frame:nanoseconds:)`` for a negative
  ///   duration, and ``TimelineError/durationOverflow`` when the durations
  ///   add up to more than `Int64.max`.
  /// - Complexity: O(*n*).
  public init(durations: [Int64], loopCount: LoopCount = .infinite) throws(TimelineError) {
    guard !durations.isEmpty else { throw .noFrames }
    var total: Int64 = 0
    for (index, duration) in durations.enumerated() {
      guard duration >= 0 else {
        throw .negativeDuration(frame: index, nanoseconds: duration)
      }
      let (sum, overflow) = total.addingReportingOverflow(duration)
      guard !overflow else { throw .durationOverflow }
      total = sum
    }
    self.durations = durations
    self.loopCount = loopCount
  }

  /// Makes a provider from `Duration` values, each rounded to the nearest
  /// nanosecond (ties away from zero).
  ///
  /// - Throws: as ``init(durations:loopCount:)-([Int64],_)``.
  /// - Complexity: O(*n*).
  public init(durations: [Duration], loopCount: LoopCount = .infinite) throws(TimelineError) {
    var nanos: [Int64] = []
    nanos.reserveCapacity(durations.count)
    for duration in durations {
      nanos.append(try Nanoseconds.from(duration))
    }
    try self.init(durations: nanos, loopCount: loopCount)
  }

  /// The number of frames.
  public var frameCount: Int { durations.count }

  /// The duration of frame `index` in nanoseconds; 0 for an index outside
  /// `0..<frameCount` (a timeline never asks for one).
  public func frameDuration(at index: Int) -> Int64 {
    durations.indices.contains(index) ? durations[index] : 0
  }

  /// Returns `index` itself, after checking it.
  public func frame(at index: Int) throws(FrameProviderError) -> Int {
    guard durations.indices.contains(index) else {
      throw .indexOutOfRange(index: index, count: durations.count)
    }
    return index
  }
}
