/// An error that makes a sprite sheet export unusable: the JSON is
/// malformed, or a field is missing, has the wrong type or an invalid
/// value.
///
/// Fields are named by their path in the document, frames by index:
/// `frames[3].frame.w`, `meta.frameTags[1].from`. Offsets are byte offsets
/// in the JSON: of the bad value, or of the object that lacks a field.
public enum SpriteSheetError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The file is larger than ``SpriteSheetLimits/maxFileBytes``; nothing
  /// was read.
  case fileTooLarge(bytes: Int, limit: Int)
  /// The bytes are not a JSON text within the limits.
  case json(JSONError)
  /// A required field is absent from the object at `offset`.
  case missingField(path: String, offset: Int)
  /// A field holds the wrong kind of value (`expected` is, say, "an
  /// integer" or "an object").
  case wrongType(path: String, expected: String, offset: Int)
  /// A coordinate or size is negative.
  case negativeValue(path: String, value: Int, offset: Int)
  /// `frames` is empty.
  case noFrames(offset: Int)
  /// More frames than ``SpriteSheetLimits/maxFrames``; `offset` is the
  /// first frame past the limit.
  case tooManyFrames(limit: Int, offset: Int)
  /// More tags than ``SpriteSheetLimits/maxTags``; `offset` is the first
  /// tag past the limit.
  case tooManyTags(limit: Int, offset: Int)
  /// Frame `frame`'s rectangle does not lie inside `meta.size`.
  case frameOutsideSheet(frame: Int, offset: Int)
  /// Frame `frame`'s duration is not in `1...maxFrameMilliseconds`.
  case invalidDuration(frame: Int, milliseconds: Int64, offset: Int)
  /// A tag's `from...to` is empty or not inside the frames.
  case tagOutOfBounds(tag: String, from: Int64, to: Int64, frameCount: Int, offset: Int)
  /// A tag's `direction` is none of `forward`, `reverse`, `pingpong`,
  /// `pingpong_reverse`.
  case unknownDirection(tag: String, direction: String, offset: Int)
  /// A tag's `repeat` is not a whole number in `0...maxRepeats` (written
  /// as a string of digits, as Aseprite does, or as a JSON integer).
  case invalidRepeat(tag: String, offset: Int)
  /// Laying out a tag would make the display list longer than
  /// ``SpriteSheetLimits/maxDisplayFrames``.
  case displayListTooLong(tag: String, limit: Int)
  /// The display list's durations add up to more than `Int64.max` ns.
  case durationOverflow

  /// The byte offset of the problem, when there is one.
  public var offset: Int? {
    switch self {
    case .fileTooLarge, .displayListTooLong, .durationOverflow: return nil
    case let .json(error): return error.offset
    case let .missingField(_, offset), let .wrongType(_, _, offset), let .negativeValue(_, _, offset),
      let .noFrames(offset), let .tooManyFrames(_, offset), let .tooManyTags(_, offset),
      let .frameOutsideSheet(_, offset), let .invalidDuration(_, _, offset),
      let .tagOutOfBounds(_, _, _, _, offset), let .unknownDirection(_, _, offset),
      let .invalidRepeat(_, offset):
      return offset
    }
  }

  /// A readable description naming the problem, the field and the offset.
  public var description: String {
    switch self {
    case let .fileTooLarge(bytes, limit):
      return "sprite sheet file of \(bytes) bytes exceeds the limit of \(limit) bytes"
    case let .json(error):
      return error.description
    case let .missingField(path, offset):
      return "missing field \(path) (object at byte \(offset))"
    case let .wrongType(path, expected, offset):
      return "\(path) at byte \(offset) must be \(expected)"
    case let .negativeValue(path, value, offset):
      return "\(path) at byte \(offset) is negative (\(value))"
    case let .noFrames(offset):
      return "frames at byte \(offset) is empty"
    case let .tooManyFrames(limit, offset):
      return "more than \(limit) frames (byte \(offset))"
    case let .tooManyTags(limit, offset):
      return "more than \(limit) tags (byte \(offset))"
    case let .frameOutsideSheet(frame, offset):
      return "frame \(frame) at byte \(offset) lies outside meta.size"
    case let .invalidDuration(frame, milliseconds, offset):
      return "frame \(frame) at byte \(offset) has an invalid duration of \(milliseconds) ms"
    case let .tagOutOfBounds(tag, from, to, frameCount, offset):
      return "tag '\(tag)' at byte \(offset) covers \(from)...\(to), outside frames 0..<\(frameCount)"
    case let .unknownDirection(tag, direction, offset):
      return "tag '\(tag)' at byte \(offset) has an unknown direction '\(direction)'"
    case let .invalidRepeat(tag, offset):
      return "tag '\(tag)' at byte \(offset) has an invalid repeat"
    case let .displayListTooLong(tag, limit):
      return "tag '\(tag)' makes the display list longer than \(limit) frames"
    case .durationOverflow:
      return "the display list's durations exceed Int64.max nanoseconds"
    }
  }
}
