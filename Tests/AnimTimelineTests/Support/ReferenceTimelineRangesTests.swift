import Foundation
import Testing
import TimelineScript
@testable import AnimTimeline

/// The reference model against the spec's section 8 (ranges, the queued
/// range, cues): every worked example of `examples/ranges`, driven line by
/// line, and a brute-force check of cue counting.
@Suite struct ReferenceTimelineRangesTests {
  // MARK: The worked examples

  @Test(arguments: SpecExample.ranges)
  func workedExample(_ example: SpecExample) throws {
    try Self.check(example)
  }

  /// Runs `example` on the model line by line: every line's state,
  /// position, iteration, frame, suspension and events as expected, and
  /// the invalid last line (if any) rejected as the example says.
  static func check(_ example: SpecExample) throws {
    var runner = try ExampleRunner(example.script)
    let expected = try ExpectedLine.parse(example.expected)
    var checked = 0
    for (number, words) in runner.commandLines {
      if let failure = example.failure, failure.line == number {
        let rejection = runner.rejection(of: words)
        if failure.reason == .any {
          #expect(rejection != nil, "\(example.name) line \(number) should be rejected")
        } else {
          #expect(rejection == failure.reason, "\(example.name) line \(number)")
        }
        #expect(checked == expected.count, "\(example.name): every expected line before the invalid one was checked")
        return
      }
      let events = try runner.run(words)
      guard let want = expected.first(where: { $0.line == number }) else {
        Issue.record("\(example.name) line \(number): no expected output")
        return
      }
      let model = runner.model
      let place = model.current
      #expect(want.cmd == String(decoding: words[0], as: UTF8.self), "\(example.name) line \(number)")
      #expect(want.state == "\(model.state)", "\(example.name) line \(number): state")
      #expect(want.t == model.position, "\(example.name) line \(number): t")
      #expect(Int128(want.iteration) == place.iteration, "\(example.name) line \(number): iteration")
      #expect(want.frame == place.frame, "\(example.name) line \(number): frame")
      #expect(want.suspended == model.suspended, "\(example.name) line \(number): suspended")
      #expect(try want.events.map { try $0.modelEvent() } == events, "\(example.name) line \(number): events")
      checked += 1
    }
    #expect(example.failure == nil, "\(example.name): the script should have ended on an invalid line")
    #expect(checked == expected.count, "\(example.name)")
  }

  /// The model counts, it does not enumerate: a 1 s tick over 1-2 ns frames,
  /// through a switch into a reversed range of 1 ns frames that finishes.
  @Test func hugeCountsAreCountedNotEnumerated() throws {
    var model = try ReferenceTimeline(durations: [1, 1, 1, 0, 2], loops: nil, maxStep: nil)
    try model.cue(name: Array("a".utf8), frame: 0)
    try model.cue(name: Array("e".utf8), frame: 4)
    model.play()
    // L = 5: in (0, 1e9] frame 0 starts at 5i (i = 1...2e8), frame 4 at 5i + 3 (i = 0...2e8 - 1).
    var events = try model.tickEvents(1_000_000_000)
    #expect(events.contains(.cue(name: Array("a".utf8), frame: 0, count: 200_000_000)))
    #expect(events.contains(.cue(name: Array("e".utf8), frame: 4, count: 200_000_000)))
    // k = 300_000_000: E = 1.5e9. The queue: frames 0...1 (L = 2), reversed, 10^8 plays (E' = 2e8).
    _ = try model.setLoops(300_000_000)
    try model.queue(0, 1, loops: 100_000_000, direction: .reverse)
    events = try model.tickEvents(1_000_000_000)
    // Old range: (1e9, 1.5e9): frame 0 at 5i for i = 2e8+1 ... 3e8-1; frame 4 at 5i+3, i = 2e8 ... 3e8-1.
    // New range: leftover 5e8 >= E' = 2e8: finished; every slot of it: 1e8 times each frame.
    // Frame 0 before and after: no frame event.
    #expect(events == [
      .cue(name: Array("e".utf8), frame: 4, count: 100_000_000),
      .cue(name: Array("a".utf8), frame: 0, count: 99_999_999 + 100_000_000),
      .loop(completed: 300_000_000), .range(from: 0, to: 1), .loop(completed: 100_000_000), .finished,
    ])
    #expect(model.state == .finished && model.position == 200_000_000 && model.current.frame == 0)
  }

  /// Counts saturate at `Int64.max`.
  @Test func countsSaturate() throws {
    var model = try ReferenceTimeline(durations: [1, 1], loops: nil, rate: 4_000_000, maxStep: nil)
    try model.cue(name: [0x78], frame: 1)
    model.play()
    let events = try model.tickEvents(Int64.max)
    #expect(model.position == Int64.max)
    #expect(events.contains(.cue(name: [0x78], frame: 1, count: Int64.max / 2 + 1)))
    // A switch whose two ranges together reach more than Int64.max slots of frame 0.
    var two = try ReferenceTimeline(durations: [1, 1], loops: Int64.max / 2, rate: 3_000_000, maxStep: nil)
    try two.cue(name: [0x79], frame: 0)
    try two.queue(0, 0, loops: nil)
    two.play()
    let switched = try two.tickEvents(Int64.max)
    #expect(switched.contains(.cue(name: [0x79], frame: 0, count: Int64.max)))
    #expect(!switched.contains { if case .frame = $0 { true } else { false } })
    #expect(two.position == Int64.max && two.range == 0...0)
  }

  /// Section 8's rejections.
  @Test func rejections() throws {
    var still = try ReferenceTimeline(durations: [40, 0, 0], loops: 3)
    #expect(throws: ReferenceTimeline.Rejection.staticTimeline) { try still.setRangeAll() }
    #expect(throws: ReferenceTimeline.Rejection.staticTimeline) { try still.queueAll(loops: 1) }
    #expect(throws: ReferenceTimeline.Rejection.staticTimeline) { try still.clearQueue() }
    try still.cue(name: [0x61], frame: 0)

    var model = try ReferenceTimeline(durations: [10, 0, 30, 5], loops: nil)
    #expect(throws: ReferenceTimeline.Rejection.rangeReversed) { try model.setRange(2, 1) }
    #expect(throws: ReferenceTimeline.Rejection.rangeOutOfBounds) { try model.setRange(2, 4) }
    #expect(throws: ReferenceTimeline.Rejection.rangeOutOfBounds) { try model.setRange(-1, 1) }
    #expect(throws: ReferenceTimeline.Rejection.rangeNotDisplayed) { try model.setRange(1, 1) }
    #expect(throws: ReferenceTimeline.Rejection.loopsNotPositive) { try model.queue(0, 1, loops: 0) }
    #expect(throws: ReferenceTimeline.Rejection.loopsTooLong) { try model.queue(2, 2, loops: Int64.max / 30 + 1) }
    try model.queue(2, 2, loops: Int64.max / 30)
    #expect(throws: ReferenceTimeline.Rejection.frameOutOfRange) { try model.cue(name: [0x61], frame: 4) }
    #expect(throws: ReferenceTimeline.Rejection.frameOutOfRange) { try model.cue(name: [0x61], frame: -1) }
    #expect(throws: ReferenceTimeline.Rejection.frameNotDisplayed) { try model.cue(name: [0x61], frame: 1) }
    #expect(throws: ReferenceTimeline.Rejection.emptyCueName) { try model.cue(name: [], frame: 0) }  // as the engine
    try model.setRange(3, 3)  // L' = 5
    _ = try model.setLoops(Int64.max / 5)
    #expect(throws: ReferenceTimeline.Rejection.loopsTooLong) { try model.setRange(2, 3) }
    _ = try model.setLoops(nil)
    try model.setRange(2, 3)  // L' = 35
    #expect(throws: ReferenceTimeline.Rejection.frameOutOfRange) { try model.seek(toFrame: 0, iteration: 0) }
    #expect(try model.seek(toFrame: 3, iteration: 1) == [])
    #expect(model.position == 35 + 30 && model.current.frame == 3)
    #expect(model.queued == .init(first: 2, last: 2, loops: Int64.max / 30, direction: nil))
  }

  // MARK: Brute force: cue counts against an explicit enumeration

  /// On small random timelines (durations 0-5 ns, ticks 0-40 ns, every
  /// direction and policy, ranges and queues), every tick's cue events are
  /// those of an explicit, nanosecond-by-nanosecond enumeration of the slots
  /// `s` with `T0 < start(s) <= T1` (under a switch: the old range's with
  /// `T0 < start(s) < E`, then the new range's with `0 <= start(s) <= T`).
  @Test func cueCountsMatchAnExplicitEnumeration() throws {
    var rng = SplitMix64(seed: 0x8_3_2024)
    var ticks = 0, switches = 0, multiple = 0, jumped = 0, finishedSwitches = 0, noSkipSwitches = 0, stoppedShort = 0
    let cases = PBTEnvironment.cases(2_000, atLeast: 200)
    func floor(_ minimum: Int) -> Int { PBTEnvironment.floor(minimum, of: 2_000, running: cases) }
    for _ in 0..<cases {
      let n = rng.int(in: 1...5)
      let durations = (0..<n).map { _ in rng.int64(in: 0...5) }
      let loops: Int64? = rng.chance(1, in: 4) ? nil : rng.int64(in: 1...4)
      guard var model = try? ReferenceTimeline(
        durations: durations, loops: loops, direction: rng.element(of: PlaybackDirection.allCases),
        rate: rng.element(of: [1_000_000, 1_000_000, 500_000, 2_500_000]),
        policy: rng.element(of: SkipPolicy.allCases))
      else { continue }
      for j in durations.indices where durations[j] > 0 {
        try model.cue(name: Array("f\(j)".utf8), frame: j)
        if rng.chance(1, in: 3) { try model.cue(name: Array("F\(j)".utf8), frame: j) }
      }
      if rng.chance(1, in: 5), let j = durations.indices.first(where: { durations[$0] > 0 }) {
        try model.cue(name: Array("f\(j)".utf8), frame: durations.indices.last(where: { durations[$0] > 0 })!)
      }
      model.play()
      for _ in 0..<40 {
        switch rng.weighted([12, 2, 4, 1, 1, 1, 2, 1, 1]) {
        case 0:
          let before = model
          let events = try model.tickEvents(rng.int64(in: 0...40))
          let (want, reachedSlots) = Self.enumeratedCueEvents(before: before, after: model, events: events)
          let got = events.filter { if case .cue = $0 { true } else { false } }
          #expect(got == want, "\(before) -> \(model): \(events)")
          #expect(Self.inSpecOrder(events), "\(events)")
          for case let .frame(_, _, slots) in events {
            #expect(Int128(slots) == reachedSlots, "frame slots vs reached slots: \(before) -> \(events)")
          }
          ticks += 1
          if events.contains(where: { if case .range = $0 { true } else { false } }) {
            switches += 1
            if model.state == .finished { finishedSwitches += 1 }
            if before.policy == .noSkip { noSkipSwitches += 1 }
          } else if before.policy == .noSkip, before.queued != nil, let end = model.end, Int128(model.position) == end - 1 {
            stoppedShort += 1  // noskip: T' >= E counted as slot k*m, the tick stopped at E - 1
          }
          if got.contains(where: { if case let .cue(_, _, count) = $0 { count > 1 } else { false } }) { multiple += 1 }
          if reachedSlots > 1 { jumped += 1 }
        case 1: try? model.setRange(rng.int(in: 0...(n - 1)), rng.int(in: 0...(n - 1)))
        case 2:
          try? model.queue(
            rng.int(in: 0...(n - 1)), rng.int(in: 0...(n - 1)),
            loops: rng.chance(1, in: 4) ? nil : rng.int64(in: 1...3),
            direction: rng.chance(1, in: 2) ? nil : rng.element(of: PlaybackDirection.allCases))
        case 3: try? model.clearQueue()
        case 4: model.direction = rng.element(of: PlaybackDirection.allCases)
        case 5: model.policy = rng.element(of: SkipPolicy.allCases)
        case 6: model.play()
        case 7: _ = try? model.seek(to: rng.int64(in: 0...60))
        default: _ = try? model.setLoops(rng.chance(1, in: 4) ? nil : rng.int64(in: 1...4))
        }
      }
    }
    // The cases must actually occur.
    #expect(ticks > floor(20_000) && switches > floor(800) && finishedSwitches > floor(100)
              && noSkipSwitches > floor(200) && stoppedShort > floor(50) && multiple > floor(1_000) && jumped > floor(2_000),
            """
            ticks \(ticks), switches \(switches) (\(finishedSwitches) finishing, \(noSkipSwitches) noskip), \
            stopped at E - 1 \(stoppedShort), multiple \(multiple), jumped \(jumped)
            """)
  }

  /// The cue events a tick from `before` to `after` must emit, by scanning
  /// every nanosecond for the start of a slot (`place(τ).slot` differs from
  /// `place(τ - 1).slot`; `τ = 0` starts the first slot), and the number of
  /// reached slots.
  static func enumeratedCueEvents(
    before: ReferenceTimeline, after: ReferenceTimeline, events: [ModelEvent]
  ) -> (events: [ModelEvent], reached: Int128) {
    var frames: [Int: (count: Int128, phase: Int, time: Int128)] = [:]
    var reached: Int128 = 0
    func scan(_ model: ReferenceTimeline, phase: Int, from lo: Int128, through hi: Int128) {
      var tau = lo
      while tau <= hi {
        let here = model.place(at: tau)
        if tau == 0 || model.place(at: tau - 1).slot != here.slot {
          frames[here.frame, default: (0, phase, tau)].count += 1
          reached += 1
        }
        tau += 1
      }
    }
    if !before.isStatic {
      let t0 = Int128(before.position), t1 = Int128(after.position)
      if events.contains(where: { if case .range = $0 { true } else { false } }) {
        scan(before, phase: 0, from: t0 + 1, through: before.end! - 1)
        scan(after, phase: 1, from: 0, through: t1)
      } else if t1 > t0 {
        scan(before, phase: 0, from: t0 + 1, through: t1)
      }
    }
    let cues = after.cues.filter { frames[$0.frame] != nil }.sorted { a, b in
      let x = frames[a.frame]!, y = frames[b.frame]!
      if (x.phase, x.time) != (y.phase, y.time) { return (x.phase, x.time) < (y.phase, y.time) }
      return a.name.lexicographicallyPrecedes(b.name)
    }
    return (cues.map { .cue(name: $0.name, frame: $0.frame, count: Int64(frames[$0.frame]!.count)) }, reached)
  }

  /// Whether a tick's events come in the order of sections 6 and 8.2.
  static func inSpecOrder(_ events: [ModelEvent]) -> Bool {
    var ranks: [Int] = []
    var switched = false
    for event in events {
      switch event {
      case .suspended, .resumed: ranks.append(0)
      case .frame: ranks.append(1)
      case .cue: ranks.append(2)
      case .loop: ranks.append(switched ? 5 : 3)
      case .range: ranks.append(4); switched = true
      case .finished: ranks.append(6)
      }
    }
    let strictlyIncreasingExceptCues = zip(ranks, ranks.dropFirst()).allSatisfy { $0 < $1 || ($0 == 2 && $1 == 2) }
    return strictlyIncreasingExceptCues && (!switched || ranks.contains(3))
  }
}

// MARK: - A script runner for the examples

/// One line of an `.expected.jsonl` file.
struct ExpectedLine: Decodable {
  struct Event: Decodable {
    var type: String
    var from: Int?
    var to: Int?
    var slots: Int64?
    var name: String?
    var frame: Int?
    var count: Int64?
    var completed: Int64?

    struct Malformed: Error { var type: String }

    func modelEvent() throws -> ModelEvent {
      switch type {
      case "suspended": return .suspended
      case "resumed": return .resumed
      case "frame": return .frame(from: from!, to: to!, slots: slots!)
      case "cue": return .cue(name: Array(name!.utf8), frame: frame!, count: count!)
      case "loop": return .loop(completed: completed!)
      case "range": return .range(from: from!, to: to!)
      case "finished": return .finished
      default: throw Malformed(type: type)
      }
    }
  }

  var line: Int
  var cmd: String
  var state: String
  var t: Int64
  var iteration: Int64
  var frame: Int
  var suspended: Bool
  var events: [Event]

  static func parse(_ text: String) throws -> [ExpectedLine] {
    try text.split(separator: "\n").map { try JSONDecoder().decode(ExpectedLine.self, from: Data($0.utf8)) }
  }
}

/// Runs a `timeline-demo --script` file on the reference model (the parts
/// of sections 7, 8.4 and 9.4 the examples use), independently of the
/// demo's parser.
struct ExampleRunner {
  struct Malformed: Error, CustomStringConvertible {
    var description: String
  }

  private(set) var model: ReferenceTimeline
  /// The command lines: 1-based number and words (bytes).
  let commandLines: [(Int, [[UInt8]])]

  init(_ script: [UInt8]) throws {
    var lines = script.split(separator: 0x0A, omittingEmptySubsequences: false).map { Array($0) }
    if lines.last == [] { lines.removeLast() }
    lines = lines.map { $0.last == 0x0D ? Array($0.dropLast()) : $0 }
    // The header: `# timeline-demo --script F --json --frames A,B,... [--loops K|inf]`.
    let header = Self.words(lines[0].drop { $0 == 0x23 }.map { $0 })
    func option(_ name: String) -> String? {
      guard let index = header.firstIndex(of: Array(name.utf8)), index + 1 < header.count else { return nil }
      return String(decoding: header[index + 1], as: UTF8.self)
    }
    guard let frames = option("--frames") else { throw Malformed(description: "no --frames") }
    let durations = try frames.split(separator: ",").map { try Self.duration(Array($0.utf8)) }
    let loops: Int64? = try option("--loops").flatMap { word throws -> Int64? in word == "inf" ? nil : try Self.number(word) }
    model = try ReferenceTimeline(durations: durations, loops: loops)
    var commands: [(Int, [[UInt8]])] = []
    for (index, line) in lines.enumerated() {
      let content = line.prefix { $0 != 0x23 }
      let words = Self.words(Array(content))
      if !words.isEmpty { commands.append((index + 1, words)) }
    }
    commandLines = commands
  }

  static func words(_ bytes: [UInt8]) -> [[UInt8]] {
    bytes.split { $0 == 0x20 || $0 == 0x09 }.map { Array($0) }
  }

  static func number(_ text: String) throws -> Int64 {
    guard !text.isEmpty, text.utf8.allSatisfy({ (0x30...0x39).contains($0) }), let value = Int64(text) else {
      throw Malformed(description: "bad number \(text)")
    }
    return value
  }

  /// A duration: digits, optionally `.` and digits, then `ns|us|ms|s` or
  /// nothing (seconds), rounded half up past the nanosecond.
  static func duration(_ word: [UInt8]) throws -> Int64 {
    try scaled(word, units: ["ns": 1, "us": 1_000, "ms": 1_000_000, "s": 1_000_000_000, "": 1_000_000_000])
  }

  /// A rate in millionths, with an optional leading `-` (section 9.4):
  /// the magnitude rounded half up, then negated (`-0` is 0).
  static func rate(_ word: [UInt8]) throws -> Int64 {
    guard word.first == 0x2D else { return try scaled(word, units: ["": 1_000_000]) }
    return -(try scaled(Array(word.dropFirst()), units: ["": 1_000_000]))
  }

  static func scaled(_ word: [UInt8], units: [String: Int128]) throws -> Int64 {
    let text = String(decoding: word, as: UTF8.self)
    let numeric = text.prefix { $0.isASCII && ($0.isNumber || $0 == ".") }
    guard let scale = units[String(text.dropFirst(numeric.count))] else { throw Malformed(description: "bad unit in \(text)") }
    let parts = numeric.split(separator: ".", omittingEmptySubsequences: false)
    guard (1...2).contains(parts.count), let whole = Int128(parts[0]) else { throw Malformed(description: "bad value \(text)") }
    var value = whole * scale
    if parts.count == 2 {
      guard let fraction = Int128(parts[1]), !parts[1].isEmpty else { throw Malformed(description: "bad value \(text)") }
      var denominator: Int128 = 1
      for _ in parts[1] { denominator *= 10 }
      value += (2 * fraction * scale + denominator) / (2 * denominator)
    }
    guard value <= Int128(Int64.max) else { throw Malformed(description: "too large: \(text)") }
    return Int64(value)
  }

  static func direction(_ word: [UInt8]) throws -> PlaybackDirection {
    switch String(decoding: word, as: UTF8.self) {
    case "forward": return .forward
    case "reverse": return .reverse
    case "alternate": return .alternate
    case "alternate-reverse": return .alternateReverse
    case let other: throw Malformed(description: "bad direction \(other)")
    }
  }

  /// How the line `words` is rejected, or `nil` if it is not (then it ran).
  mutating func rejection(of words: [[UInt8]]) -> SpecExample.Failure? {
    if words.first == Array("cue".utf8), words.count == 3, String(validating: words[1], as: UTF8.self) == nil {
      return .notUTF8
    }
    do {
      _ = try run(words)
      return nil
    } catch let rejection as ReferenceTimeline.Rejection {
      return .model(rejection)
    } catch is Malformed {
      return .malformed
    } catch {
      return nil
    }
  }

  /// Runs one command line on the model; returns its events.
  mutating func run(_ words: [[UInt8]]) throws -> [ModelEvent] {
    let text = words.map { String(decoding: $0, as: UTF8.self) }
    let arguments = Array(words.dropFirst())
    func count(_ counts: ClosedRange<Int>) throws {
      guard counts.contains(arguments.count) else { throw Malformed(description: "arguments of \(text)") }
    }
    func loopCount(_ word: String) throws -> Int64? { word == "inf" ? nil : try Self.number(word) }
    switch text[0] {
    case "tick":
      try count(1...2)
      return try model.tickEvents(try Self.duration(arguments[0]), mode: text.count > 2 ? text[2] : "default")
    case "play": try count(0...0); model.play()
    case "pause": try count(0...0); model.pause()
    case "stop": try count(0...0); model.stop()
    case "seek":
      try count(1...1)
      return try model.seek(to: try Self.duration(arguments[0])).map(ModelEvent.init)
    case "seek-frame":
      try count(1...2)
      let iteration = text.count > 2 ? try Self.number(text[2]) : 0
      return try model.seek(toFrame: Int(try Self.number(text[1])), iteration: iteration).map(ModelEvent.init)
    case "rate": try count(1...1); try model.setRate(try Self.rate(arguments[0]))
    case "reverse": try count(0...0); model.reverse()
    case "loops":
      try count(1...1)
      return try model.setLoops(try loopCount(text[1])).map(ModelEvent.init)
    case "direction": try count(1...1); model.direction = try Self.direction(arguments[0])
    case "max-step": try count(1...1); model.maxStep = text[1] == "none" ? nil : try Self.duration(arguments[0])
    case "policy":
      try count(1...1)
      switch text[1] {
      case "skip": model.policy = .skip
      case "noskip": model.policy = .noSkip
      default: throw Malformed(description: "bad policy \(text[1])")
      }
    case "modes": try count(1...1); model.modes = text[1].split(separator: ",").map(String.init)
    case "range":
      if text.count == 2, text[1] == "all" {
        try model.setRangeAll()
      } else {
        try count(2...2)
        try model.setRange(Int(try Self.number(text[1])), Int(try Self.number(text[2])))
      }
    case "then":
      if text.count == 2, text[1] == "none" {
        try model.clearQueue()
      } else if text.count >= 3, text[1] == "all" {
        try count(2...3)
        let direction = text.count > 3 ? try Self.direction(arguments[2]) : nil
        try model.queueAll(loops: try loopCount(text[2]), direction: direction)
      } else {
        try count(3...4)
        let direction = text.count > 4 ? try Self.direction(arguments[3]) : nil
        try model.queue(
          Int(try Self.number(text[1])), Int(try Self.number(text[2])), loops: try loopCount(text[3]),
          direction: direction)
      }
    case "cue":
      try count(2...2)
      try model.cue(name: arguments[0], frame: Int(try Self.number(text[2])))
    case "uncue":
      try count(1...1)
      model.uncue(name: arguments[0])
    default:
      throw Malformed(description: "unknown command \(text[0])")
    }
    return []
  }
}
