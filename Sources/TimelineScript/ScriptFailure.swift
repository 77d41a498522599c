import AnimTimeline

/// A script line that is malformed (it does not parse) or invalid (the
/// timeline rejects its command): `error: line N: <reason>`, exit status 2.
public struct ScriptFailure: Error, Hashable, Sendable, CustomStringConvertible {
  /// The line's 1-based number.
  public var line: Int
  /// What is wrong with it.
  public var reason: String

  /// A failure of line `line`.
  public init(line: Int, reason: String) {
    self.line = line
    self.reason = reason
  }

  /// `line N: <reason>`, the text after `error: `.
  public var message: String { "line \(line): \(reason)" }

  /// ``message``: `line N: <reason>`.
  public var description: String { message }

  /// The reason a script gives for a command the timeline rejected.
  public static func reason(for error: TimelineError) -> String {
    switch error {
    case let .frameOutOfRange(frame, _): "frame \(frame) out of range"
    case let .frameNotDisplayed(frame): "frame \(frame) has zero duration"
    case let .iterationOutOfRange(iteration, _): "iteration \(iteration) out of range"
    default: error.description
    }
  }
}
