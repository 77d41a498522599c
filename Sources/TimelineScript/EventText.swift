import AnimTimeline

/// How timeline events are written in the demo's outputs: JSON objects
/// (Docs/ScriptFormat.md) and short readable phrases.
public enum EventText {
  /// The event as a JSON object, e.g. `{"type":"frame","from":0,"to":1,"slots":1}`.
  public static func json(_ event: TimelineEvent) -> String {
    switch event {
    case let .frameChanged(from, to, slots):
      #"{"type":"frame","from":\#(from),"to":\#(to),"slots":\#(slots)}"#
    case let .loopCompleted(completed):
      #"{"type":"loop","completed":\#(completed)}"#
    case .finished: #"{"type":"finished"}"#
    case .suspended: #"{"type":"suspended"}"#
    case .resumed: #"{"type":"resumed"}"#
    case let .cue(hit):
      #"{"type":"cue","name":\#(jsonString(hit.name)),"frame":\#(hit.frame),"count":\#(hit.count)}"#
    case let .rangeSwitched(frames):
      #"{"type":"range","from":\#(frames.lowerBound),"to":\#(frames.upperBound)}"#
    }
  }

  /// `text` as a JSON string: quotes, backslashes and control characters
  /// escaped, everything else as it is (UTF-8).
  public static func jsonString(_ text: String) -> String {
    var out = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": out += "\\\""
      case "\\": out += "\\\\"
      case _ where scalar.value < 0x20:
        let hex = String(scalar.value, radix: 16)
        out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
      default: out.unicodeScalars.append(scalar)
      }
    }
    return out + "\""
  }

  /// The event as a phrase, e.g. `frame 0 -> 1` or `loop 2 completed`.
  public static func describe(_ event: TimelineEvent) -> String {
    describe(event, frameNumber: { $0 })
  }

  /// The event as a phrase, with each frame (of a frame change or a cue)
  /// shown as `frameNumber` numbers it: a sprite sheet's events name
  /// Aseprite's frame numbers, not the provider's display-list entries.
  public static func describe(_ event: TimelineEvent, frameNumber: (Int) -> Int) -> String {
    switch event {
    case let .frameChanged(from, to, slots):
      let (a, b) = (frameNumber(from), frameNumber(to))
      return slots == 1 ? "frame \(a) -> \(b)" : "frame \(a) -> \(b) (\(slots) slots)"
    case let .loopCompleted(completed): return "loop \(completed) completed"
    case .finished: return "finished"
    case .suspended: return "suspended"
    case .resumed: return "resumed"
    case let .cue(hit):
      let frame = frameNumber(hit.frame)
      let name = TextEscaping.escaped(hit.name)
      return hit.count == 1 ? "cue \(name) on frame \(frame)" : "cue \(name) on frame \(frame) x\(hit.count)"
    case let .rangeSwitched(frames): return "range \(frames.lowerBound)-\(frames.upperBound) starts"
    }
  }
}
