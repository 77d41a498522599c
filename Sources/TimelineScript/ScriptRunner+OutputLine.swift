import AnimTimeline

extension ScriptRunner {
  /// What a command line prints once its command has run, with the
  /// timeline's state now and the command's `events`.
  ///
  /// JSON: `{"line":N,"cmd":"tick","state":...,"t":T,"iteration":I,"frame":F,"suspended":false,"events":[...]}`,
  /// `cmd` being the first word. Text: `N: <words> -> <state> t=T
  /// iteration=I frame=F`, then ` (suspended)` and `[event]`s.
  public func outputLine(for line: ScriptLine, events: TickEvents) -> String {
    if json {
      let command = ScriptCommand.text(line.words.first ?? [])
      let list = timeline.events(in: events).map(EventText.json).joined(separator: ",")
      return #"{"line":\#(line.number),"cmd":"\#(command)","state":"\#(timeline.state.rawValue)","t":\#(timeline.position),"iteration":\#(timeline.iteration),"frame":\#(timeline.currentFrame),"suspended":\#(timeline.isSuspended),"events":[\#(list)]}"#
    }
    let words = line.words.map(ScriptCommand.text).joined(separator: " ")
    var text = "\(line.number): \(words) -> \(timeline.state.rawValue) t=\(timeline.position) iteration=\(timeline.iteration) frame=\(timeline.currentFrame)"
    if timeline.isSuspended { text += " (suspended)" }
    for event in timeline.events(in: events) { text += " [\(EventText.describe(event))]" }
    return text
  }
}
