/// Why an animation cannot be made or encoded.
public enum AnimationEncodingError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The animation has no frame.
  case noFrames
  /// Frame `frame`'s image is inconsistent or empty.
  case invalidImage(frame: Int, ImageError)
  /// Frame `frame` is not the size of the first frame.
  case sizeMismatch(frame: Int, expected: ImageSize, found: ImageSize)
  /// Frame `frame` has a negative duration.
  case negativeDuration(frame: Int, nanoseconds: Int64)
  /// The canvas is larger than the format can hold (GIF: 65,535 pixels a
  /// side; PNG: 2^31 - 1).
  case canvasTooLarge(width: Int, height: Int)
  /// The loop count is more than the format can hold.
  case loopCountTooLarge(plays: Int64)
  /// A frame index out of the provider's range, or a provider's failure,
  /// when frames are taken from a provider.
  case frameUnavailable(frame: Int, reason: String)
  /// The timeline has no schedule to export.
  case schedule(TimelineError)
  /// The animation, `nanoseconds` long in all (saturated at `Int64.max`),
  /// lasts longer than the format can write in at most
  /// ``Timeline/maxScheduleEntries`` frames (GIF: a delay holds at most
  /// 65,535 cs, so a longer one takes more frames).
  case durationTooLong(nanoseconds: Int64)

  /// A sentence saying what is wrong.
  public var description: String {
    switch self {
    case .noFrames:
      return "the animation has no frame"
    case let .invalidImage(frame, error):
      return "frame \(frame): \(error)"
    case let .sizeMismatch(frame, expected, found):
      return "frame \(frame) is \(found.width)x\(found.height), not \(expected.width)x\(expected.height) as frame 0"
    case let .negativeDuration(frame, nanoseconds):
      return "frame \(frame) has a negative duration (\(nanoseconds) ns)"
    case let .canvasTooLarge(width, height):
      return "a \(width)x\(height) canvas is too large for the format"
    case let .loopCountTooLarge(plays):
      return "\(plays) plays is more than the format can hold"
    case let .frameUnavailable(frame, reason):
      return "frame \(frame) is unavailable: \(reason)"
    case let .schedule(error):
      return "no schedule: \(error)"
    case let .durationTooLong(nanoseconds):
      return "an animation of \(nanoseconds) ns needs more than \(Timeline.maxScheduleEntries) frames in this format"
    }
  }
}
