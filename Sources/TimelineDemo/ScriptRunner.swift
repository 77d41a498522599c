import AnimTimeline

/// Runs a timeline script line by line (spec section 7).
struct ScriptRunner<Provider: FrameProvider> {
  var timeline: Timeline<Provider>
  var json: Bool

  /// A line that was malformed or invalid.
  struct Failure: Error, Equatable {
    var line: Int
    var reason: String
    var message: String { "line \(line): \(reason)" }
  }

  /// Runs `script`, writing one output line per command; stops at the
  /// first bad line and returns it.
  mutating func run(_ script: String, write: (String) -> Void) -> Failure? {
    var lineNumber = 0
    for bytes in script.utf8.split(separator: 0x0A, omittingEmptySubsequences: false) {
      let line = Substring(bytes)
      lineNumber += 1
      let words = ScriptCommand.words(of: line)
      if words.isEmpty { continue }
      let events: TickEvents
      do {
        events = try apply(try ScriptCommand.parse(words))
      } catch let error as ScriptCommand.ParseError {
        return Failure(line: lineNumber, reason: error.reason)
      } catch let error as TimelineError {
        return Failure(line: lineNumber, reason: Self.reason(for: error))
      } catch {
        return Failure(line: lineNumber, reason: "\(error)")
      }
      write(json
        ? Self.jsonLine(line: lineNumber, command: words[0], timeline: timeline, events: events)
        : Self.textLine(line: lineNumber, command: words, timeline: timeline, events: events))
    }
    return nil
  }

  /// Applies one command.
  mutating func apply(_ command: ScriptCommand) throws -> TickEvents {
    switch command {
    case let .tick(duration, mode): return try timeline.tick(by: duration, mode: mode)
    case .play: timeline.play()
    case .pause: timeline.pause()
    case .stop: timeline.stop()
    case let .seek(t): return try timeline.seek(to: t)
    case let .seekFrame(frame, iteration): return try timeline.seek(toFrame: frame, iteration: iteration)
    case let .rate(millionths): timeline.rate = try Rate(millionths: millionths)
    case let .loops(count): return try timeline.setLoops(count.map { try LoopCount.plays($0) } ?? .infinite)
    case let .direction(direction): timeline.direction = direction
    case let .maxStep(step): timeline.maxStep = try step.map { try MaxStep.nanoseconds($0) } ?? .unlimited
    case let .policy(policy): timeline.policy = policy
    case let .modes(names): timeline.modes = RunModes(names)
    case let .range(frames):
      if let (a, b) = frames {
        guard a <= b else { throw TimelineError.rangeOutOfBounds(lower: a, upper: b, count: timeline.provider.frameCount) }
        try timeline.setRange(a...b)
      } else {
        try timeline.resetRange()
      }
    case let .then(queued):
      guard let queued else { try timeline.queue(nil); break }
      let frames = queued.frames ?? (0, timeline.provider.frameCount - 1)
      guard frames.0 <= frames.1 else { throw TimelineError.rangeOutOfBounds(lower: frames.0, upper: frames.1, count: timeline.provider.frameCount) }
      try timeline.queue(Clip(frames: frames.0...frames.1, loops: try queued.loops.map { try LoopCount.plays($0) } ?? .infinite, direction: queued.direction))
    case let .cue(name, frame): try timeline.addCue(name, frame: frame)
    case let .uncue(name): timeline.removeCue(name)
    }
    return TickEvents()
  }

  static func reason(for error: TimelineError) -> String {
    switch error {
    case let .frameOutOfRange(frame, _): return "frame \(frame) out of range"
    case let .frameNotDisplayed(frame): return "frame \(frame) has zero duration"
    case let .iterationOutOfRange(iteration, _): return "iteration \(iteration) out of range"
    default: return error.description
    }
  }

  static func jsonLine(line: Int, command: Substring, timeline: Timeline<Provider>, events: TickEvents) -> String {
    let list = timeline.events(in: events).map(EventText.json).joined(separator: ",")
    return #"{"line":\#(line),"cmd":"\#(command)","state":"\#(timeline.state.rawValue)","t":\#(timeline.position),"iteration":\#(timeline.iteration),"frame":\#(timeline.currentFrame),"suspended":\#(timeline.isSuspended),"events":[\#(list)]}"#
  }

  static func textLine(line: Int, command: [Substring], timeline: Timeline<Provider>, events: TickEvents) -> String {
    var text = "\(line): \(command.joined(separator: " ")) -> \(timeline.state.rawValue) t=\(timeline.position) iteration=\(timeline.iteration) frame=\(timeline.currentFrame)"
    if timeline.isSuspended { text += " (suspended)" }
    for event in timeline.events(in: events) { text += " [\(EventText.describe(event))]" }
    return text
  }
}

/// Readable event descriptions for the human-readable outputs.
enum EventText {
  static func json(_ event: TimelineEvent) -> String {
    switch event {
    case let .frameChanged(from, to, slots):
      return #"{"type":"frame","from":\#(from),"to":\#(to),"slots":\#(slots)}"#
    case let .loopCompleted(completed):
      return #"{"type":"loop","completed":\#(completed)}"#
    case .finished: return #"{"type":"finished"}"#
    case .suspended: return #"{"type":"suspended"}"#
    case .resumed: return #"{"type":"resumed"}"#
    case let .cue(hit): return #"{"type":"cue","name":\#(jsonString(hit.name)),"frame":\#(hit.frame),"count":\#(hit.count)}"#
    case let .rangeSwitched(frames): return #"{"type":"range","from":\#(frames.lowerBound),"to":\#(frames.upperBound)}"#
    }
  }

  static func describe(_ event: TimelineEvent) -> String {
    switch event {
    case let .frameChanged(from, to, slots):
      return slots == 1 ? "frame \(from) -> \(to)" : "frame \(from) -> \(to) (\(slots) slots)"
    case let .loopCompleted(completed): return "loop \(completed) completed"
    case .finished: return "finished"
    case .suspended: return "suspended"
    case .resumed: return "resumed"
    case let .cue(hit): return "cue \(hit.name) on frame \(hit.frame) x\(hit.count)"
    case let .rangeSwitched(frames): return "range \(frames.lowerBound)-\(frames.upperBound)"
    }
  }
}

/// `text` as a JSON string literal.
func jsonString(_ text: String) -> String {
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
