extension ScriptCommand: CustomStringConvertible {
  /// The command as a script line: durations in nanoseconds (`tick 5ns`),
  /// rates with six decimals (`rate 1.500000`).
  ///
  /// ``init(parsing:)`` reads it back as the same command whenever a line
  /// can spell the command at all; a value no line can hold (a negative
  /// number, loop count 0, a mode name with a space) gives a line that does
  /// not parse or parses to something else.
  public var description: String {
    switch self {
    case let .tick(nanoseconds, mode): "tick \(nanoseconds)ns" + (mode.map { " \($0.name)" } ?? "")
    case .play: "play"
    case .reverse: "reverse"
    case .pause: "pause"
    case .stop: "stop"
    case let .seek(nanoseconds): "seek \(nanoseconds)ns"
    case let .seekFrame(frame, iteration): "seek-frame \(frame)" + (iteration.map { " \($0)" } ?? "")
    case let .rate(millionths): "rate \(Self.decimal(millionths, digits: 6))"
    case let .loops(plays): "loops \(plays.map(String.init) ?? "inf")"
    case let .direction(direction): "direction \(direction.rawValue)"
    case let .maxStep(nanoseconds): "max-step \(nanoseconds.map { "\($0)ns" } ?? "none")"
    case let .policy(policy): "policy \(policy.rawValue)"
    case let .modes(names): "modes \(names.joined(separator: ","))"
    case let .range(first, last): "range \(first) \(last)"
    case .rangeAll: "range all"
    case let .then(first, last, plays, direction):
      "then "
        + (first.map { "\($0) \(last ?? 0)" } ?? "all")
        + " \(plays.map(String.init) ?? "inf")"
        + (direction.map { " \($0.rawValue)" } ?? "")
    case .thenNone: "then none"
    case let .cue(name, frame): "cue \(name) \(frame)"
    case let .uncue(name): "uncue \(name)"
    }
  }

  /// `value / 10^digits` written with exactly `digits` decimals.
  static func decimal(_ value: Int64, digits: Int) -> String {
    var scale: UInt64 = 1
    for _ in 0..<digits { scale *= 10 }
    let magnitude = value.magnitude
    let fraction = String(magnitude % scale)
    let padding = String(repeating: "0", count: digits - fraction.count)
    return (value < 0 ? "-" : "") + "\(magnitude / scale).\(padding)\(fraction)"
  }
}
