/// The errors a ``Timeline`` and its value types throw for invalid input.
///
/// Every operation that takes a caller's value checks it and throws one of
/// these instead of trapping.
public enum TimelineError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The provider has no frames.
  case noFrames
  /// The provider has more frames than a timeline can hold (`Int32.max`).
  case tooManyFrames(count: Int, limit: Int)
  /// A frame duration is negative.
  case negativeDuration(frame: Int, nanoseconds: Int64)
  /// The frame durations add up to more than `Int64.max` nanoseconds.
  case durationOverflow
  /// A loop count below 1 play.
  case invalidLoopCount(Int64)
  /// A finite loop count whose total duration `plays * L` exceeds `Int64.max`.
  case loopsTooLong(plays: Int64, loopDuration: Int64)
  /// A time or duration that is negative, NaN, infinite or too large.
  case invalidTime(String)
  /// A rate that is negative, NaN, infinite or too large.
  case invalidRate(String)
  /// A max-step that is not a positive duration.
  case invalidMaxStep(Int64)
  /// A frame index outside the provider's frames.
  case frameOutOfRange(frame: Int, count: Int)
  /// A frame whose duration is zero, so it is never displayed.
  case frameNotDisplayed(frame: Int)
  /// An iteration at or past the loop count (or negative).
  case iterationOutOfRange(iteration: Int64, plays: Int64?)
  /// A range or clip on a static timeline (one that displays at most one
  /// frame): a still image has no segments.
  case staticTimeline
  /// A range `lower...upper` that is empty (`lower > upper`) or leaves the
  /// provider's frames `0..<count`.
  case rangeOutOfBounds(lower: Int, upper: Int, count: Int)
  /// A range whose frames all have zero duration.
  case rangeNotDisplayed(lower: Int, upper: Int)
  /// A frame outside the range being played.
  case frameOutsideRange(frame: Int, lower: Int, upper: Int)
  /// A cue name that is empty.
  case invalidCueName

  /// A readable description of the problem.
  public var description: String {
    switch self {
    case .noFrames:
      return "the provider has no frames"
    case let .tooManyFrames(count, limit):
      return "the provider has \(count) frames, more than a timeline holds (\(limit))"
    case let .negativeDuration(frame, nanoseconds):
      return "frame \(frame) has a negative duration (\(nanoseconds) ns)"
    case .durationOverflow:
      return "the frame durations add up to more than Int64.max nanoseconds"
    case let .invalidLoopCount(count):
      return "loop count \(count) is not at least 1"
    case let .loopsTooLong(plays, loopDuration):
      return "\(plays) plays of \(loopDuration) ns exceed Int64.max nanoseconds"
    case let .invalidTime(what):
      return "invalid time: \(what)"
    case let .invalidRate(what):
      return "invalid rate: \(what)"
    case let .invalidMaxStep(value):
      return "max-step \(value) ns is not positive"
    case let .frameOutOfRange(frame, count):
      return "frame \(frame) out of range 0..<\(count)"
    case let .frameNotDisplayed(frame):
      return "frame \(frame) has zero duration and is never displayed"
    case let .iterationOutOfRange(iteration, plays):
      return "iteration \(iteration) out of range (plays: \(plays.map { String($0) } ?? "inf"))"
    case .staticTimeline:
      return "a static timeline has no ranges"
    case let .rangeOutOfBounds(lower, upper, count):
      return lower > upper
        ? "range \(lower)-\(upper) is empty" : "range \(lower)-\(upper) is out of range 0..<\(count)"
    case let .rangeNotDisplayed(lower, upper):
      return "range \(lower)-\(upper) has no frame with a positive duration"
    case let .frameOutsideRange(frame, lower, upper):
      return "frame \(frame) is outside the range \(lower)-\(upper)"
    case .invalidCueName:
      return "a cue name must not be empty"
    }
  }
}
