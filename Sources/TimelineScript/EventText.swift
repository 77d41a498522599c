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
    }
  }

  /// The event as a phrase, e.g. `frame 0 -> 1` or `loop 2 completed`.
  public static func describe(_ event: TimelineEvent) -> String {
    switch event {
    case let .frameChanged(from, to, slots):
      slots == 1 ? "frame \(from) -> \(to)" : "frame \(from) -> \(to) (\(slots) slots)"
    case let .loopCompleted(completed): "loop \(completed) completed"
    case .finished: "finished"
    case .suspended: "suspended"
    case .resumed: "resumed"
    }
  }
}
