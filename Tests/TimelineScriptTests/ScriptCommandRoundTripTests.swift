import AnimTimeline
import Testing
import TimelineScript

/// A command's ``ScriptCommand/description`` is the script line that parses
/// back to it, whenever a line can spell the command at all.
@Suite struct ScriptCommandRoundTripTests {
  /// The property, over random commands biased towards the edges of the
  /// syntax: numbers at 0, 1, `Int64.max` and below 0; names that are not
  /// words (empty, with a space, a tab, a comma, a `#`, an LF, a final CR).
  @Test func descriptionParsesBackExactlyWhenSpellable() {
    var spellable = 0
    for seed in 0..<20_000 as Range<UInt64> {
      var rng = SplitMix64(seed: seed)
      let command = CommandSample.command(&rng)
      let parsed = try? ScriptCommand(parsing: command.description)
      if command.isSpellable {
        spellable += 1
        #expect(parsed == command, "seed \(seed): `\(command)` parsed as \(String(describing: parsed))")
      } else {
        #expect(parsed != command, "seed \(seed): `\(command)` should not be spellable")
      }
    }
    // Both sides of the property are exercised.
    #expect((2_000...18_000).contains(spellable))
  }

  @Test func descriptionsAreScriptLines() throws {
    #expect(ScriptCommand.tick(5, mode: nil).description == "tick 5ns")
    #expect(ScriptCommand.tick(0, mode: .tracking).description == "tick 0ns tracking")
    #expect(ScriptCommand.seekFrame(2, iteration: nil).description == "seek-frame 2")
    #expect(ScriptCommand.seekFrame(2, iteration: 1).description == "seek-frame 2 1")
    #expect(ScriptCommand.rate(1_500_000).description == "rate 1.500000")
    #expect(ScriptCommand.rate(7).description == "rate 0.000007")
    #expect(ScriptCommand.rate(-1_500_000).description == "rate -1.500000")
    #expect(ScriptCommand.loops(nil).description == "loops inf")
    #expect(ScriptCommand.maxStep(nil).description == "max-step none")
    #expect(ScriptCommand.modes(["default", "x"]).description == "modes default,x")
    #expect(try ScriptCommand(parsing: "  seek-frame 3\t# comment") == .seekFrame(3, iteration: nil))
    #expect(throws: ScriptCommand.ParseError(reason: "blank line")) { try ScriptCommand(parsing: " # only") }
    #expect(throws: ScriptCommand.ParseError.self) { try ScriptCommand(parsing: "play\nplay") }
    #expect(ScriptCommand.range(4, 11).description == "range 4 11")
    #expect(ScriptCommand.then(first: 2, last: 3, loops: nil, direction: .reverse).description == "then 2 3 inf reverse")
    #expect(ScriptCommand.then(first: nil, last: nil, loops: 2, direction: nil).description == "then all 2")
    #expect(try ScriptCommand(parsing: "then all inf alternate") == .then(first: nil, last: nil, loops: nil, direction: .alternate))
    #expect(try ScriptCommand(parsing: "cue caf\u{E9} 3") == .cue("caf\u{E9}", frame: 3))
    #expect(throws: ScriptCommand.ParseError.self) { try ScriptCommand(parsing: "then 1 2 0") }
    #expect(throws: ScriptCommand.ParseError.self) { try ScriptCommand(parsing: "then 1 2") }
    #expect(throws: ScriptCommand.ParseError.self) { try ScriptCommand(parsing: "range none") }
    // A name whose bytes are not UTF-8 is not a name.
    #expect(throws: ScriptCommand.ParseError(reason: #"cue name 'caf\xE9' is not valid UTF-8"#)) {
      try ScriptCommand(words: [Array("cue".utf8)[...], [0x63, 0x61, 0x66, 0xE9][...], Array("1".utf8)[...]])
    }
  }
}

/// Random commands for the round trip, with values a script line can and
/// cannot spell.
enum CommandSample {
  static let edges: [Int64] = [0, 1, 2, 999_999, 1_000_000, 1_000_001, 16_666_667, .max - 1, .max, -1, .min]
  static let names = [
    "default", "tracking", "common", "x", "caf\u{E9}", "e\u{301}", "a\rb", "\u{FFFD}",
    "", "a b", "a\tb", "a,b", "#", "a#", "a\nb", "a\r",
  ]

  static func number(_ rng: inout SplitMix64) -> Int64 {
    switch rng.next() % 3 {
    case 0: edges[Int(rng.next() % UInt64(edges.count))]
    case 1: Int64(rng.next() % 1_000_000_000)
    default: Int64(bitPattern: rng.next()) >> (rng.next() % 64)
    }
  }

  static func name(_ rng: inout SplitMix64) -> String { names[Int(rng.next() % UInt64(names.count))] }

  static func maybe<T>(_ rng: inout SplitMix64, _ make: (inout SplitMix64) -> T) -> T? {
    rng.next() % 3 == 0 ? nil : make(&rng)
  }

  static func command(_ rng: inout SplitMix64) -> ScriptCommand {
    switch rng.next() % 19 {
    case 0: .tick(number(&rng), mode: maybe(&rng) { RunMode(name(&$0)) })
    case 1: .play
    case 2: .pause
    case 3: .stop
    case 4: .seek(number(&rng))
    case 5: .seekFrame(Int(number(&rng)), iteration: maybe(&rng, number))
    case 6: .rate(number(&rng))
    case 7: .loops(maybe(&rng, number))
    case 8: .direction(PlaybackDirection.allCases[Int(rng.next() % 4)])
    case 9: .maxStep(maybe(&rng, number))
    case 10: .policy(SkipPolicy.allCases[Int(rng.next() % 2)])
    case 11: .modes((0..<rng.next() % 4).map { _ in name(&rng) })
    case 12: .range(Int(number(&rng)), Int(number(&rng)))
    case 13: .rangeAll
    case 14:
      .then(
        first: maybe(&rng) { Int(number(&$0)) }, last: maybe(&rng) { Int(number(&$0)) },
        loops: maybe(&rng, number), direction: maybe(&rng) { PlaybackDirection.allCases[Int($0.next() % 4)] })
    case 15: .thenNone
    case 16: .cue(name(&rng), frame: Int(number(&rng)))
    case 17: .reverse
    default: .uncue(name(&rng))
    }
  }
}

extension ScriptCommand {
  /// Whether a script line can spell this command: every number within
  /// the syntax (no sign but a rate's `-`; a loop count of at least 1, a positive
  /// max-step), every name a word (non-empty; no space, tab, LF or `#`),
  /// at least one mode and none with a comma, and no CR at the end of the
  /// line (a line end drops it).
  var isSpellable: Bool {
    func isWord(_ name: String) -> Bool {
      !name.isEmpty && !name.utf8.contains { [0x20, 0x09, 0x0A, 0x23].contains($0) }
    }
    if description.hasSuffix("\r") { return false }
    switch self {
    case let .tick(d, mode): return d >= 0 && mode.map { isWord($0.name) } != false
    case .play, .pause, .stop, .direction, .policy: return true
    case let .seek(t): return t >= 0
    case let .seekFrame(j, i): return j >= 0 && (i ?? 0) >= 0
    // A rate's `-` is the one sign a line spells (section 9.4); its
    // magnitude is at most `Int64.max`.
    case let .rate(r): return r != .min
    case .reverse: return true
    case let .loops(k): return (k ?? 1) >= 1
    case let .maxStep(v): return (v ?? 1) >= 1
    case let .modes(names): return !names.isEmpty && names.allSatisfy { isWord($0) && !$0.contains(",") }
    case let .range(a, b): return a >= 0 && b >= 0
    case .rangeAll, .thenNone: return true
    case let .then(a, b, k, _): return (a == nil) == (b == nil) && (a ?? 0) >= 0 && (b ?? 0) >= 0 && (k ?? 1) >= 1
    case let .cue(name, j): return isWord(name) && j >= 0
    case let .uncue(name): return isWord(name)
    }
  }
}
