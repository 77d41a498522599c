import AnimTimeline

/// One parsed line of a timeline script (spec section 7).
enum ScriptCommand {
  case tick(Int64, RunMode)
  case play
  case pause
  case stop
  case seek(Int64)
  case seekFrame(Int, Int64)
  case rate(Int64)
  case loops(Int64?)
  case direction(PlaybackDirection)
  case maxStep(Int64?)
  case policy(SkipPolicy)
  case modes([String])
  /// `range A B`, or `range all` (`nil`).
  case range((Int, Int)?)
  /// `then A B K|inf [DIRECTION]` (`nil` range: `all`), or `then none` (`nil`).
  case then(QueuedRange?)
  case cue(String, Int)
  case uncue(String)

  struct QueuedRange: Equatable {
    var frames: (Int, Int)?
    var loops: Int64?
    var direction: PlaybackDirection?
    static func == (a: Self, b: Self) -> Bool {
      a.frames?.0 == b.frames?.0 && a.frames?.1 == b.frames?.1 && a.loops == b.loops && a.direction == b.direction
    }
  }

  /// A line that could not be parsed.
  struct ParseError: Error, Equatable {
    var reason: String
  }

  /// The words of a line: comment removed, split at spaces and tabs, a
  /// trailing CR dropped. Empty for a blank or comment line.
  ///
  /// Works on UTF-8 bytes, not `Character`s: `"\r\n"` is one `Character`,
  /// and a space followed by a combining mark would be another.
  static func words(of line: Substring) -> [Substring] {
    var bytes = line.utf8[...]
    if bytes.last == 0x0D { bytes = bytes.dropLast() }
    if let hash = bytes.firstIndex(of: 0x23) { bytes = bytes[..<hash] }
    return bytes.split(whereSeparator: { $0 == 0x20 || $0 == 0x09 }).map { Substring($0) }
  }

  /// Parses the words of a non-blank line.
  static func parse(_ words: [Substring]) throws(ParseError) -> ScriptCommand {
    let name = words[0]
    let args = words.dropFirst()
    func arity(_ range: ClosedRange<Int>) throws(ParseError) {
      guard range.contains(args.count) else {
        throw ParseError(reason: args.count < range.lowerBound
          ? "'\(name)' needs an argument" : "too many arguments for '\(name)'")
      }
    }
    func duration(_ word: Substring) throws(ParseError) -> Int64 {
      guard let value = NumberSyntax.duration(word) else { throw ParseError(reason: "bad duration '\(word)'") }
      return value
    }
    func integer(_ word: Substring, _ what: String) throws(ParseError) -> Int64 {
      guard let value = NumberSyntax.integer(word) else { throw ParseError(reason: "bad \(what) '\(word)'") }
      return value
    }
    switch name {
    case "tick":
      try arity(1...2)
      let mode = args.count == 2 ? RunMode(String(args[args.startIndex + 1])) : .default
      return .tick(try duration(args[args.startIndex]), mode)
    case "play":
      try arity(0...0)
      return .play
    case "pause":
      try arity(0...0)
      return .pause
    case "stop":
      try arity(0...0)
      return .stop
    case "seek":
      try arity(1...1)
      return .seek(try duration(args[args.startIndex]))
    case "seek-frame":
      try arity(1...2)
      let frame = try integer(args[args.startIndex], "frame index")
      let iteration = args.count == 2 ? try integer(args[args.startIndex + 1], "iteration") : 0
      return .seekFrame(Int(frame), iteration)
    case "rate":
      try arity(1...1)
      guard let rate = NumberSyntax.rate(args[args.startIndex]) else {
        throw ParseError(reason: "bad rate '\(args[args.startIndex])'")
      }
      return .rate(rate)
    case "loops":
      try arity(1...1)
      let word = args[args.startIndex]
      if word == "inf" { return .loops(nil) }
      let count = try integer(word, "loop count")
      guard count >= 1 else { throw ParseError(reason: "loop count must be at least 1") }
      return .loops(count)
    case "direction":
      try arity(1...1)
      guard let direction = PlaybackDirection(rawValue: String(args[args.startIndex])) else {
        throw ParseError(reason: "bad direction '\(args[args.startIndex])'")
      }
      return .direction(direction)
    case "max-step":
      try arity(1...1)
      let word = args[args.startIndex]
      if word == "none" { return .maxStep(nil) }
      let step = try duration(word)
      guard step > 0 else { throw ParseError(reason: "max-step must be positive") }
      return .maxStep(step)
    case "policy":
      try arity(1...1)
      guard let policy = SkipPolicy(rawValue: String(args[args.startIndex])) else {
        throw ParseError(reason: "bad policy '\(args[args.startIndex])'")
      }
      return .policy(policy)
    case "modes":
      try arity(1...1)
      let names = args[args.startIndex].split(separator: ",", omittingEmptySubsequences: false)
      guard names.allSatisfy({ !$0.isEmpty }) else { throw ParseError(reason: "empty mode name") }
      return .modes(names.map(String.init))
    case "range":
      try arity(1...2)
      if args.count == 1 {
        guard args[args.startIndex] == "all" else { throw ParseError(reason: "bad range") }
        return .range(nil)
      }
      return .range((Int(try integer(args[args.startIndex], "frame")), Int(try integer(args[args.startIndex + 1], "frame"))))
    case "then":
      try arity(1...4)
      var rest = Array(args)
      if rest == ["none"] { return .then(nil) }
      var frames: (Int, Int)?
      if rest[0] == "all" {
        rest.removeFirst()
      } else {
        guard rest.count >= 3 else { throw ParseError(reason: "'then' needs A B K") }
        frames = (Int(try integer(rest[0], "frame")), Int(try integer(rest[1], "frame")))
        rest.removeFirst(2)
      }
      guard rest.count == 1 || rest.count == 2 else { throw ParseError(reason: "bad 'then'") }
      var loops: Int64?
      if rest[0] != "inf" {
        loops = try integer(rest[0], "loop count")
        guard loops! >= 1 else { throw ParseError(reason: "loop count must be at least 1") }
      }
      var direction: PlaybackDirection?
      if rest.count == 2 {
        guard let d = PlaybackDirection(rawValue: String(rest[1])) else { throw ParseError(reason: "bad direction") }
        direction = d
      }
      return .then(QueuedRange(frames: frames, loops: loops, direction: direction))
    case "cue":
      try arity(2...2)
      return .cue(String(args[args.startIndex]), Int(try integer(args[args.startIndex + 1], "frame")))
    case "uncue":
      try arity(1...1)
      return .uncue(String(args[args.startIndex]))
    default:
      throw ParseError(reason: "unknown command '\(name)'")
    }
  }
}
