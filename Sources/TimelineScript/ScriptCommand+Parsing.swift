import AnimTimeline

extension ScriptCommand {
  /// Why a line is not a command: its words do not parse.
  public struct ParseError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What is wrong, for `error: line N: <reason>`.
    public var reason: String

    /// An error with the given reason.
    public init(reason: String) { self.reason = reason }

    /// ``reason``: what is wrong with the line.
    public var description: String { reason }
  }

  /// Parses one line of text (without its LF): the words ``ScriptLine``
  /// finds in it, then ``init(words:)``.
  ///
  /// - Throws: ``ParseError`` for text holding an LF (more than one line),
  ///   a blank line, or a line that is not a command.
  public init(parsing line: String) throws(ParseError) {
    let bytes = Array(line.utf8)
    guard !bytes.contains(0x0A) else { throw ParseError(reason: "more than one line") }
    try self.init(words: ScriptLine(number: 1, bytes: bytes[...]).words)
  }

  /// Parses the words of a line (``ScriptLine/words``): the command name,
  /// then its arguments, in the script's number syntax (``NumberSyntax``).
  ///
  /// Checks only what the line itself says (syntax, arity, `loops` of at
  /// least 1, a positive `max-step`, non-empty mode names); whether the
  /// timeline accepts the values is for ``apply(to:)``.
  ///
  /// - Throws: ``ParseError`` when there are no words or they are not a
  ///   command.
  public init(words: [ArraySlice<UInt8>]) throws(ParseError) {
    guard let first = words.first else { throw ParseError(reason: "blank line") }
    let name = Self.text(first)
    let args = words.dropFirst()
    func arity(_ range: ClosedRange<Int>) throws(ParseError) {
      guard range.contains(args.count) else {
        throw ParseError(reason: args.count < range.lowerBound
          ? "'\(name)' needs an argument" : "too many arguments for '\(name)'")
      }
    }
    func word(_ position: Int) -> ArraySlice<UInt8> { args[args.startIndex + position] }
    func duration(_ position: Int) throws(ParseError) -> Int64 {
      guard let value = NumberSyntax.duration(word(position)) else {
        throw ParseError(reason: "bad duration '\(Self.text(word(position)))'")
      }
      return value
    }
    func integer(_ position: Int, _ what: String) throws(ParseError) -> Int64 {
      guard let value = NumberSyntax.integer(word(position)) else {
        throw ParseError(reason: "bad \(what) '\(Self.text(word(position)))'")
      }
      return value
    }
    func named<Value: RawRepresentable<String>>(_ position: Int, _ what: String) throws(ParseError) -> Value {
      guard let value = Value(rawValue: Self.decoded(word(position))) else {
        throw ParseError(reason: "bad \(what) '\(Self.text(word(position)))'")
      }
      return value
    }
    switch name {
    case "tick":
      try arity(1...2)
      self = .tick(try duration(0), mode: args.count == 2 ? RunMode(Self.decoded(word(1))) : nil)
    case "play":
      try arity(0...0)
      self = .play
    case "pause":
      try arity(0...0)
      self = .pause
    case "stop":
      try arity(0...0)
      self = .stop
    case "seek":
      try arity(1...1)
      self = .seek(try duration(0))
    case "seek-frame":
      try arity(1...2)
      let frame = try integer(0, "frame index")
      let iteration = args.count == 2 ? try integer(1, "iteration") : nil
      self = .seekFrame(Int(frame), iteration: iteration)
    case "rate":
      try arity(1...1)
      guard let rate = NumberSyntax.signedRate(word(0)) else {
        throw ParseError(reason: "bad rate '\(Self.text(word(0)))'")
      }
      self = .rate(rate)
    case "reverse":
      try arity(0...0)
      self = .reverse
    case "loops":
      try arity(1...1)
      if word(0).elementsEqual("inf".utf8) {
        self = .loops(nil)
      } else {
        let count = try integer(0, "loop count")
        guard count >= 1 else { throw ParseError(reason: "loop count must be at least 1") }
        self = .loops(count)
      }
    case "direction":
      try arity(1...1)
      self = .direction(try named(0, "direction"))
    case "max-step":
      try arity(1...1)
      if word(0).elementsEqual("none".utf8) {
        self = .maxStep(nil)
      } else {
        let step = try duration(0)
        guard step > 0 else { throw ParseError(reason: "max-step must be positive") }
        self = .maxStep(step)
      }
    case "policy":
      try arity(1...1)
      self = .policy(try named(0, "policy"))
    case "modes":
      try arity(1...1)
      let names = word(0).split(separator: 0x2C, omittingEmptySubsequences: false)
      guard names.allSatisfy({ !$0.isEmpty }) else { throw ParseError(reason: "empty mode name") }
      self = .modes(names.map(Self.decoded))
    case "range":
      try arity(1...2)
      if args.count == 1 {
        guard word(0).elementsEqual("all".utf8) else { throw ParseError(reason: "'range' needs A B or all") }
        self = .rangeAll
      } else {
        self = .range(Int(try integer(0, "frame index")), Int(try integer(1, "frame index")))
      }
    case "then":
      try arity(1...4)
      if args.count == 1 {
        guard word(0).elementsEqual("none".utf8) else { throw ParseError(reason: "'then' needs A B K, all K or none") }
        self = .thenNone
        break
      }
      // `then all K [DIRECTION]` or `then A B K [DIRECTION]`.
      let all = word(0).elementsEqual("all".utf8)
      let countAt = all ? 1 : 2
      guard args.count > countAt, args.count <= countAt + 2 else {
        throw ParseError(reason: all ? "'then all' needs K [DIRECTION]" : "'then' needs A B K [DIRECTION]")
      }
      var plays: Int64?
      if !word(countAt).elementsEqual("inf".utf8) {
        let count = try integer(countAt, "loop count")
        guard count >= 1 else { throw ParseError(reason: "loop count must be at least 1") }
        plays = count
      }
      let direction: PlaybackDirection? = args.count == countAt + 2 ? try named(countAt + 1, "direction") : nil
      self = all
        ? .then(first: nil, last: nil, loops: plays, direction: direction)
        : .then(
          first: Int(try integer(0, "frame index")), last: Int(try integer(1, "frame index")),
          loops: plays, direction: direction)
    case "cue":
      try arity(2...2)
      self = .cue(try Self.name(word(0)), frame: Int(try integer(1, "frame index")))
    case "uncue":
      try arity(1...1)
      self = .uncue(try Self.name(word(0)))
    default:
      if first.starts(with: [0xEF, 0xBB, 0xBF]) {
        throw ParseError(reason: "unknown command '\(name)': the line starts with a byte order mark (U+FEFF); save the script as UTF-8 without one")
      }
      throw ParseError(reason: "unknown command '\(name)'")
    }
  }

  /// A cue name: a word of valid UTF-8.
  static func name(_ word: ArraySlice<UInt8>) throws(ParseError) -> String {
    let name = decoded(word)
    // Decoding replaces each invalid sequence with U+FFFD, so valid UTF-8
    // is exactly what encodes back to the same bytes.
    guard name.utf8.elementsEqual(word) else {
      throw ParseError(reason: "cue name '\(text(word))' is not valid UTF-8")
    }
    return name
  }

  /// A word as a value (bytes that are not UTF-8 become U+FFFD).
  static func decoded(_ word: ArraySlice<UInt8>) -> String {
    String(decoding: word, as: UTF8.self)
  }

  /// A word as text, for matching command names and for messages:
  /// bytes that are not UTF-8 and invisible characters escaped
  /// (``TextEscaping``), so a message never writes them to the terminal.
  static func text(_ word: ArraySlice<UInt8>) -> String {
    TextEscaping.escaped(word)
  }
}
