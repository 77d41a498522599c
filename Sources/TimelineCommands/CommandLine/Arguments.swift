import AnimTimeline
import TimelineScript

/// A cursor over the command line's words: the demo's one option parser.
///
/// Every subcommand reads its words through it, and its typed readers
/// (``count(for:atLeast:)``, ``duration(for:)``, ``durations(for:)``,
/// ``rate(for:)``, ``signedRate(for:)``, ``choice(for:)``,
/// ``names(for:)``) read every value the same way, numbers in the one
/// number syntax, ``NumberSyntax``, with the same error messages
/// everywhere.
///
/// Two rules hold for every option:
/// - An option's value is the next word, unless that word starts with
///   `--`: such a word is always an option, so `--at --out p.png` is
///   "missing value for --at". (A value may start with one `-`, such as
///   `-5`, which a number reader then rejects with its own message, or
///   reads as a negative rate: `--rate -1`.)
/// - Each option is given at most once (``value(for:repeatable:)`` and
///   ``flag(_:)`` check it), except those read as repeatable (`--cue`).
///
/// Words are kept as the bytes the process was given. A file name is read
/// from them as they are (``path(for:)``, ``positional(_:into:)``), so a
/// name that is not UTF-8 names the file it names; every other value must
/// be UTF-8 (``value(for:repeatable:)``), and a word that is not is seen
/// as text with its bad bytes escaped (``TextEscaping``), which is also how
/// messages show it.
struct Arguments {
  /// Each word's bytes.
  private var raw: [[UInt8]]
  /// Each word as text: itself when it is UTF-8, escaped otherwise.
  private var words: [String]
  private var index = 0
  /// The options read so far.
  private var seen: Set<String> = []

  /// The words `words` (UTF-8).
  init(_ words: some Sequence<String>) { self.init(bytes: words.map { Array($0.utf8) }) }

  /// The words whose bytes are `bytes` (the process's arguments as given).
  init(bytes: [[UInt8]]) {
    raw = bytes
    words = bytes.map { TextEscaping.isValidUTF8($0) ? String(decoding: $0, as: UTF8.self) : TextEscaping.escaped($0) }
  }

  /// Whether every word has been read.
  var isEmpty: Bool { index >= words.count }

  /// Whether `--help` or `-h` is among the words not read yet.
  var asksForHelp: Bool { words[index...].contains { $0 == "--help" || $0 == "-h" } }

  /// The next word, without reading it.
  func peek() -> String? { index < words.count ? words[index] : nil }

  /// Reads the next word.
  mutating func next() -> String? {
    guard index < words.count else { return nil }
    defer { index += 1 }
    return words[index]
  }

  /// Notes that option `name` was given.
  ///
  /// - Throws: a usage error when it was given before and is not `repeatable`.
  mutating func note(_ name: String, repeatable: Bool = false) throws(CommandError) {
    guard seen.insert(name).inserted || repeatable else { throw .usage("\(name) is given twice") }
  }

  /// Reads flag `name` (an option without a value).
  ///
  /// - Throws: a usage error when it was given before.
  mutating func flag(_ name: String) throws(CommandError) {
    try note(name)
  }

  /// Reads the value after option `name`.
  ///
  /// - Throws: a usage error `missing value for NAME` when no word follows
  ///   or the next one starts with `--` (which is left unread), and when
  ///   `name` was given before and is not `repeatable`.
  mutating func value(for name: String, repeatable: Bool = false) throws(CommandError) -> String {
    try note(name, repeatable: repeatable)
    guard let value = peek(), !value.hasPrefix("--") else { throw .usage("missing value for \(name)") }
    guard TextEscaping.isValidUTF8(raw[index]) else {
      throw .usage("\(name): '\(value)' is not valid UTF-8")
    }
    index += 1
    return value
  }

  /// Reads the value after option `name`: a file name, its bytes as given.
  ///
  /// - Throws: as ``value(for:repeatable:)``, except that any bytes are
  ///   a name.
  mutating func path(for name: String) throws(CommandError) -> FilePath {
    try note(name)
    guard let value = peek(), !value.hasPrefix("--") else { throw .usage("missing value for \(name)") }
    index += 1
    return FilePath(bytes: raw[index - 1])
  }

  /// Takes the word just read (`word`, as ``next()`` returned it), which is
  /// none of the options a subcommand knows, as its one positional
  /// argument (a file), kept in `slot` with the word's bytes as given.
  ///
  /// - Throws: a usage error for an option (a word of two or more
  ///   characters starting with `-`) or a second positional argument.
  func positional(_ word: String, into slot: inout FilePath?) throws(CommandError) {
    if word.hasPrefix("-"), word.count > 1 { throw Self.unknownOption(word) }
    guard slot == nil else { throw .usage("unexpected argument '\(word)' (one file only; it is '\(slot.map(String.init(describing:)) ?? "")')") }
    slot = FilePath(bytes: raw[index - 1])
  }

  /// Reads `name`'s value: a count of at least `minimum`.
  mutating func count(for name: String, atLeast minimum: Int64 = 0) throws(CommandError) -> Int64 {
    try Self.count(in: try value(for: name), for: name, atLeast: minimum)
  }

  /// Reads `name`'s value: a duration (`250ms`, `1.5`), in nanoseconds.
  mutating func duration(for name: String) throws(CommandError) -> Int64 {
    try Self.duration(in: try value(for: name), for: name)
  }

  /// Reads `name`'s value: a comma-separated list of durations, in nanoseconds.
  mutating func durations(for name: String) throws(CommandError) -> [Int64] {
    try Self.durations(in: try value(for: name), for: name)
  }

  /// Reads `name`'s value: a size `WxH` (`64x64`), each side from 1 to
  /// 65,535 pixels.
  mutating func size(for name: String) throws(CommandError) -> ImageSize {
    let text = try value(for: name)
    let sides = text.split(separator: "x", omittingEmptySubsequences: false)
    guard sides.count == 2, let width = Int(sides[0]), let height = Int(sides[1]),
      (1...65_535).contains(width), (1...65_535).contains(height)
    else {
      throw .usage("\(name): expected WIDTHxHEIGHT, each 1 to 65535, got '\(text)'")
    }
    return ImageSize(width: width, height: height)
  }

  /// Reads `name`'s value: a rate (`1.5`), in millionths.
  mutating func rate(for name: String) throws(CommandError) -> Int64 {
    let text = try value(for: name)
    guard let millionths = NumberSyntax.rate(text.utf8) else {
      if Self.isDecimal(text.utf8) { throw .usage("\(name): \(text) is too large") }
      throw .usage("\(name): expected a rate (digits[.digits], e.g. 1.5), got '\(text)'")
    }
    return millionths
  }

  /// Reads `name`'s value: a rate that may be negative (`-1`, `0.5`), in
  /// millionths: ``NumberSyntax/signedRate(_:)``, the magnitude rounded
  /// like a rate's, then negated (`-0` is 0).
  mutating func signedRate(for name: String) throws(CommandError) -> Int64 {
    let text = try value(for: name)
    guard let millionths = NumberSyntax.signedRate(text.utf8) else {
      let magnitude = text.utf8.first == 0x2D ? text.utf8.dropFirst() : text.utf8[...]
      if Self.isDecimal(magnitude) { throw .usage("\(name): \(text) is too large") }
      throw .usage("\(name): expected a rate ([-]digits[.digits], e.g. 1.5 or -1), got '\(text)'")
    }
    return millionths
  }

  /// Reads `name`'s value: the name of one of `Value`'s cases.
  mutating func choice<Value: RawRepresentable<String> & CaseIterable>(for name: String) throws(CommandError) -> Value {
    let text = try value(for: name)
    guard let value = Value(rawValue: text) else {
      throw .usage("\(name): expected \(Value.allCases.map(\.rawValue).joined(separator: "|")), got '\(text)'")
    }
    return value
  }

  /// Reads `name`'s value: a comma-separated list of non-empty names.
  mutating func names(for name: String) throws(CommandError) -> [String] {
    let text = try value(for: name)
    let names = text.split(separator: ",", omittingEmptySubsequences: false)
    guard names.allSatisfy({ !$0.isEmpty }) else { throw .usage("\(name): empty name in '\(text)'") }
    return names.map(String.init)
  }

  /// The count in `text`, the value of option `name`: at least `minimum`.
  static func count(in text: String, for name: String, atLeast minimum: Int64 = 0) throws(CommandError) -> Int64 {
    guard let count = NumberSyntax.integer(text.utf8), count >= minimum else {
      if !text.isEmpty, text.utf8.allSatisfy(isDigit) {
        if NumberSyntax.integer(text.utf8) == nil { throw .usage("\(name): \(text) is too large") }
      }
      let expected = minimum == 0 ? "a count (digits, from 0)" : "a count of at least \(minimum)"
      throw .usage("\(name): expected \(expected), got '\(text)'")
    }
    return count
  }

  /// The duration in `text`, the value of option `name`, in nanoseconds.
  static func duration(in text: String, for name: String) throws(CommandError) -> Int64 {
    guard let nanoseconds = NumberSyntax.duration(text.utf8) else {
      var number = Substring(text)
      for unit in ["ns", "us", "ms", "s"] where number.hasSuffix(unit) {
        number = number.dropLast(unit.count)
        break
      }
      if isDecimal(number.utf8) { throw .usage("\(name): \(text) is too large") }
      throw .usage("\(name): bad duration '\(text)' (digits[.digits][ns|us|ms|s], e.g. 250ms)")
    }
    return nanoseconds
  }

  /// The error for `word`, an option no subcommand here knows.
  static func unknownOption(_ word: String) -> CommandError {
    if word.hasPrefix("--"), let equals = word.firstIndex(of: "=") {
      return .usage("unknown option '\(word)' (an option's value is the next word: \(word[..<equals]) \(word[word.index(after: equals)...]))")
    }
    return .usage("unknown option '\(word)'")
  }

  /// The durations in `text`, a comma-separated list given to option `name`.
  static func durations(in text: String, for name: String) throws(CommandError) -> [Int64] {
    guard !text.isEmpty else { throw .usage("\(name): no durations") }
    var durations: [Int64] = []
    for item in text.split(separator: ",", omittingEmptySubsequences: false) {
      durations.append(try duration(in: String(item), for: name))
    }
    return durations
  }

  /// Whether `byte` is an ASCII digit.
  private static func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }

  /// Whether `text` has the form `digits[.digits]` (whatever its size).
  private static func isDecimal(_ text: some Collection<UInt8>) -> Bool {
    let parts = text.split(separator: 0x2E, maxSplits: 1, omittingEmptySubsequences: false)
    return parts.allSatisfy { !$0.isEmpty && $0.allSatisfy(isDigit) }
  }
}
