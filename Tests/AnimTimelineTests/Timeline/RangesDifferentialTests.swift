import Testing
import TimelineScript
@testable import AnimTimeline
@testable import TimelineDemo

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The engine against the independent reference model over every command of
/// spec sections 5 to 8 (ranges, the queued range, cues included): random
/// scripts, compared after each command on acceptance, the observable state
/// and the exact event list (cue hits and range switches included).
///
/// Self-contained on purpose: its commands, scripts, generators and driver
/// live in this file (`RangesDiff` below), so that it does not depend on
/// `Support/ScriptGen.swift` or `Support/Differential.swift`.
///
/// With `RANGES_TRACE=<file>` set, each script is written to that file
/// before it runs, so the script behind an engine trap can be recovered.
@Suite struct RangesDifferentialTests {
  @Test func randomScriptsMatchTheReferenceModel() {
    forAll("RangesDifferentialTests.randomScriptsMatchTheReferenceModel",
           gen: RangesDiff.scripts(maxCommands: 40), iterations: 3_000) { script in
      if let mismatch = RangesDiff.firstMismatch(script) { throw PropertyFailure(message: mismatch) }
      return true
    }
  }

  @Test func extremeScriptsMatchTheReferenceModel() {
    forAll("RangesDifferentialTests.extremeScriptsMatchTheReferenceModel",
           gen: RangesDiff.scripts(maxCommands: 30, extreme: true), iterations: 1_000) { script in
      if let mismatch = RangesDiff.firstMismatch(script) { throw PropertyFailure(message: mismatch) }
      return true
    }
  }

  @Test func wideScriptsMatchTheReferenceModel() {
    forAll("RangesDifferentialTests.wideScriptsMatchTheReferenceModel",
           gen: RangesDiff.scripts(maxCommands: 25, wide: true), iterations: 150) { script in
      if let mismatch = RangesDiff.firstMismatch(script) { throw PropertyFailure(message: mismatch) }
      return true
    }
  }

  @Test func longScriptsMatchTheReferenceModel() {
    forAll("RangesDifferentialTests.longScriptsMatchTheReferenceModel",
           gen: RangesDiff.scripts(maxCommands: 200), iterations: 250) { script in
      if let mismatch = RangesDiff.firstMismatch(script) { throw PropertyFailure(message: mismatch) }
      return true
    }
  }

  /// Regression (the model accepted these): a loop count below 1 and a
  /// max-step of 0 are invalid (section 3: `k >= 1`, max-step `> 0`), as a
  /// command and, for the loop count, when the timeline is made (section 7:
  /// `--loops 0`). Shrunk from `--frames 0ns --loops inf` + `loops 0` (and
  /// `max-step 0ns`, and `--loops 0`).
  @Test func zeroLoopsAndZeroMaxStepAreRejected() throws {
    #expect(RangesDiff.firstMismatch(RangesDiff.Script(durations: [0], loops: 0)) == nil)
    #expect(throws: ReferenceTimeline.Rejection.loopsNotPositive) { try ReferenceTimeline(durations: [1, 2], loops: 0) }
    var engine = try Timeline(provider: SyntheticFrameProvider(durations: [1, 2]))
    var model = try ReferenceTimeline(durations: [1, 2], loops: nil)
    for command: RangesDiff.Command in [.loops(0), .maxStep(0)] {
      #expect(RangesDiff.apply(command, to: &engine) == .rejected)
      #expect(RangesDiff.apply(command, to: &model) == .rejected)
    }
    #expect(model.loops == nil && model.maxStep == 1_000_000_000)
    for durations: [Int64] in [[0], [1, 2]] {
      let script = RangesDiff.Script(durations: durations, loops: nil, commands: [.play, .loops(0), .maxStep(0), .tick(5, mode: nil)])
      #expect(RangesDiff.firstMismatch(script) == nil)
    }
  }

  /// "\u{E9}" and "e\u{301}" are the same text to `String` but different
  /// cue names to the spec (names match and order by their UTF-8 bytes):
  /// both fire, "e\u{301}" (0x65 ...) first, and removing one keeps the other.
  @Test func canonicallyEquivalentNamesAreDifferentCues() throws {
    var engine = try Timeline(provider: SyntheticFrameProvider(durations: [2, 3]))
    var model = try ReferenceTimeline(durations: [2, 3], loops: nil)
    for command: RangesDiff.Command in [.cue("\u{E9}", 1), .cue("e\u{301}", 1), .cue("\u{E9}", 1), .play] {
      #expect(RangesDiff.apply(command, to: &engine) == RangesDiff.apply(command, to: &model))
    }
    #expect(engine.cues.count == 2)
    let both = RangesDiff.apply(.tick(2, mode: nil), to: &engine)
    #expect(both == .events([
      .frame(from: 0, to: 1, slots: 1),
      .cue(name: [0x65, 0xCC, 0x81], frame: 1, count: 1), .cue(name: [0xC3, 0xA9], frame: 1, count: 1),
    ]))
    #expect(both == RangesDiff.apply(.tick(2, mode: nil), to: &model))
    #expect(RangesDiff.apply(.uncue("\u{E9}"), to: &engine) == RangesDiff.apply(.uncue("\u{E9}"), to: &model))
    // From 2 to 7 (L = 5): frame 0 at 5, frame 1 again at 7; only "e\u{301}" is left.
    let one = RangesDiff.apply(.tick(5, mode: nil), to: &engine)
    #expect(one == .events([.cue(name: [0x65, 0xCC, 0x81], frame: 1, count: 1), .loop(completed: 1)]))
    #expect(one == RangesDiff.apply(.tick(5, mode: nil), to: &model))
    #expect(engine.cues.map { Array($0.name.utf8) } == [[0x65, 0xCC, 0x81]])
  }

  /// The generator must reach the interesting situations of section 8: a
  /// differential test over scripts that never switch proves little.
  @Test func generatedScriptsCoverSection8() {
    var rng = SplitMix64(seed: 8_008)
    var switches = 0, noSkipSwitches = 0, finishedSwitches = 0, cueHits = 0, multiCounts = 0
    var twoPhaseCues = 0, rejections = 0, rangeChanges = 0, distinctAccents = 0
    let gen = RangesDiff.scripts(maxCommands: 40)
    for _ in 0..<600 {
      let script = gen.generate(&rng)
      guard var model = try? script.makeModel() else { continue }
      for command in script.commands {
        let policy = model.policy
        guard case let .events(events) = RangesDiff.apply(command, to: &model) else {
          rejections += 1
          continue
        }
        if case .range = command { rangeChanges += 1 }
        if events.contains(.finished), events.contains(where: { if case .range = $0 { true } else { false } }) {
          finishedSwitches += 1
        }
        var names: Set<[UInt8]> = []
        var frames: [Int] = []
        for event in events {
          switch event {
          case .range:
            switches += 1
            if policy == .noSkip { noSkipSwitches += 1 }
          case let .cue(name, frame, count):
            cueHits += 1
            if count > 1 { multiCounts += 1 }
            names.insert(name)
            frames.append(frame)
          default: break
          }
        }
        if names.contains(Array("\u{E9}".utf8)) && names.contains(Array("e\u{301}".utf8)) { distinctAccents += 1 }
        if events.contains(where: { if case .range = $0 { true } else { false } }), frames.count > 1 { twoPhaseCues += 1 }
      }
    }
    #expect(switches > 150)
    #expect(noSkipSwitches > 15)
    #expect(finishedSwitches > 40)
    #expect(cueHits > 400)
    #expect(multiCounts > 100)
    #expect(twoPhaseCues > 30)
    #expect(rejections > 1_000)
    #expect(rangeChanges > 80)
    #expect(distinctAccents > 10)
  }

  /// The extreme scripts must reach the limits: positions at `Int64.max`,
  /// saturated cue counts and `slots`, switches whose leftover saturates.
  @Test func extremeScriptsReachTheLimits() {
    var rng = SplitMix64(seed: 8_009)
    var saturatedCounts = 0, saturatedSlots = 0, cuesAtMax = 0, switchesToMax = 0
    let gen = RangesDiff.scripts(maxCommands: 30, extreme: true)
    for _ in 0..<1_000 {
      let script = gen.generate(&rng)
      guard var model = try? script.makeModel() else { continue }
      for command in script.commands {
        guard case let .events(events) = RangesDiff.apply(command, to: &model) else { continue }
        var switched = false, cue = false
        for event in events {
          switch event {
          case let .cue(_, _, count):
            cue = true
            if count == .max { saturatedCounts += 1 }
          case let .frame(_, _, slots): if slots == .max { saturatedSlots += 1 }
          case .range: switched = true
          default: break
          }
        }
        if model.position == .max, cue { cuesAtMax += 1 }
        if model.position == .max, switched { switchesToMax += 1 }
      }
    }
    #expect(saturatedCounts > 10)
    #expect(saturatedSlots > 10)
    #expect(cuesAtMax > 20)
    #expect(switchesToMax > 10)
  }
}

// MARK: - Commands and scripts

/// The differential test's vocabulary and driver.
enum RangesDiff {
  /// One script line of sections 5 to 8, as an API call.
  enum Command: Equatable, CustomStringConvertible {
    /// `tick D [MODE]`; `mode == nil` calls `tick(by:)` (the default mode).
    case tick(Int64, mode: String?)
    case play, pause, stop
    case seek(Int64)
    /// `seek-frame J [I]`.
    case seekFrame(Int, iteration: Int64?)
    /// Millionths.
    case rate(Int64)
    /// Plays, `nil` infinite.
    case loops(Int64?)
    case direction(PlaybackDirection)
    /// Nanoseconds, `nil` none.
    case maxStep(Int64?)
    case policy(SkipPolicy)
    case modes([String])
    /// `range A B` (`A > B` can only be written in a script: the API's
    /// `ClosedRange` cannot hold it, so the engine side counts it rejected).
    case range(Int, Int)
    case rangeAll
    /// `then A B K|inf [DIRECTION]`.
    case then(Int, Int, loops: Int64?, direction: PlaybackDirection?)
    case thenAll(loops: Int64?, direction: PlaybackDirection?)
    case thenNone
    case cue(String, Int)
    case uncue(String)

    var description: String {
      func plays(_ k: Int64?) -> String { k.map(String.init) ?? "inf" }
      func dir(_ d: PlaybackDirection?) -> String { d.map { " \($0.rawValue)" } ?? "" }
      switch self {
      case let .tick(d, mode): return "tick \(d)ns" + (mode.map { " \($0)" } ?? "")
      case .play: return "play"
      case .pause: return "pause"
      case .stop: return "stop"
      case let .seek(t): return "seek \(t)ns"
      case let .seekFrame(j, i): return "seek-frame \(j)" + (i.map { " \($0)" } ?? "")
      case let .rate(r):
        var fraction = String(r % 1_000_000)
        while fraction.count < 6 { fraction = "0" + fraction }
        return "rate \(r / 1_000_000).\(fraction)"
      case let .loops(k): return "loops \(plays(k))"
      case let .direction(d): return "direction \(d.rawValue)"
      case let .maxStep(v): return "max-step \(v.map { "\($0)ns" } ?? "none")"
      case let .policy(p): return "policy \(p.rawValue)"
      case let .modes(names): return "modes \(names.joined(separator: ","))"
      case let .range(a, b): return "range \(a) \(b)"
      case .rangeAll: return "range all"
      case let .then(a, b, k, d): return "then \(a) \(b) \(plays(k))\(dir(d))"
      case let .thenAll(k, d): return "then all \(plays(k))\(dir(d))"
      case .thenNone: return "then none"
      case let .cue(name, j): return "cue \(name) \(j)"
      case let .uncue(name): return "uncue \(name)"
      }
    }

    /// Simpler variants (never cycling back to this one).
    var shrinks: [Command] {
      func towards(_ target: Int64, _ value: Int64) -> [Int64] { Shrink.towards(target, from: value) }
      func loopsShrinks(_ k: Int64?) -> [Int64?] {
        guard let k else { return [] }
        return [nil] + (k > 1 ? towards(1, k).map { Optional($0) } : [])
      }
      switch self {
      case let .tick(d, mode):
        return (mode == nil ? [] : [.tick(d, mode: nil)]) + (d > 0 ? towards(0, d).map { .tick($0, mode: mode) } : [])
      case .play, .pause, .stop, .rangeAll, .thenNone:
        return []
      case let .seek(t): return t > 0 ? towards(0, t).map { .seek($0) } : []
      case let .seekFrame(j, i):
        var out: [Command] = []
        if let i { out += [.seekFrame(j, iteration: nil)] + (i > 0 ? towards(0, i).map { .seekFrame(j, iteration: $0) } : []) }
        if j > 0 { out += towards(0, Int64(j)).map { .seekFrame(Int($0), iteration: i) } }
        return out
      case let .rate(r):
        if r == 1_000_000 { return [] }
        return [.rate(1_000_000)] + (r > 1_000_000 ? towards(1_000_000, r) : towards(0, r))
          .filter { $0 != 1_000_000 }.map { .rate($0) }
      case let .loops(k): return loopsShrinks(k).map { .loops($0) }
      case let .direction(d): return d == .forward ? [] : [.direction(.forward)]
      case let .maxStep(v):
        guard let v else { return [] }
        return [.maxStep(nil)] + (v > 1 ? towards(1, v).map { .maxStep($0) } : [])
      case let .policy(p): return p == .skip ? [] : [.policy(.skip)]
      case let .modes(names):
        if names == ["default"] { return [] }
        return [.modes(["default"])] + Shrink.array(names, element: { _ in [] }).map { .modes($0) }
      case let .range(a, b):
        var out: [Command] = [.rangeAll]
        if a > 0 { out += towards(0, Int64(a)).map { .range(Int($0), b) } }
        if b > a { out += towards(Int64(a), Int64(b)).map { .range(a, Int($0)) } }
        return out
      case let .then(a, b, k, d):
        var out: [Command] = [.thenAll(loops: k, direction: d)]
        if d != nil { out.append(.then(a, b, loops: k, direction: nil)) }
        out += loopsShrinks(k).map { .then(a, b, loops: $0, direction: d) }
        if a > 0 { out += towards(0, Int64(a)).map { .then(Int($0), b, loops: k, direction: d) } }
        if b > a { out += towards(Int64(a), Int64(b)).map { .then(a, Int($0), loops: k, direction: d) } }
        return out
      case let .thenAll(k, d):
        return (d != nil ? [.thenAll(loops: k, direction: nil)] : []) + loopsShrinks(k).map { .thenAll(loops: $0, direction: d) }
      case let .cue(name, j):
        return (name == "a" ? [] : [.cue("a", j)]) + (j > 0 ? towards(0, Int64(j)).map { .cue(name, Int($0)) } : [])
      case let .uncue(name):
        return name == "a" ? [] : [.uncue("a")]
      }
    }
  }

  /// A provider, its loop count and a command list (the timeline starts
  /// with the default configuration; commands change it).
  struct Script: CustomStringConvertible {
    var durations: [Int64]
    /// The provider's loop count (`nil` infinite).
    var loops: Int64?
    var commands: [Command] = []

    /// A `timeline-demo --script` file for this script.
    var description: String {
      (["# timeline-demo --script FILE --json --frames " + durations.map { "\($0)ns" }.joined(separator: ",")
        + " --loops \(loops.map(String.init) ?? "inf")"] + commands.map(\.description)).joined(separator: "\n")
    }

    func makeModel() throws(ReferenceTimeline.Rejection) -> ReferenceTimeline {
      try ReferenceTimeline(durations: durations, loops: loops)
    }

    func makeEngine() throws -> Timeline<SyntheticFrameProvider> {
      let provider = try SyntheticFrameProvider(
        durations: durations, loopCount: try loops.map { try LoopCount.plays($0) } ?? .infinite)
      return try Timeline(provider: provider)
    }

    var shrinks: [Script] {
      var out: [Script] = []
      func with(_ change: (inout Script) -> Void) {
        var copy = self
        change(&copy)
        out.append(copy)
      }
      for commands in Shrink.array(commands, element: \.shrinks) { with { $0.commands = commands } }
      if durations.count > 1 {
        for j in durations.indices { with { $0.durations.remove(at: j) } }
      }
      for j in durations.indices where durations[j] > 0 {
        for d in Shrink.towards(0, from: durations[j]) { with { $0.durations[j] = d } }
      }
      if let k = loops {
        with { $0.loops = nil }
        if k > 1 { for smaller in Shrink.towards(1, from: k) { with { $0.loops = smaller } } }
      }
      return out
    }
  }

  /// A command's outcome: its events, or a rejection.
  enum Outcome: Equatable, CustomStringConvertible {
    case events([ModelEvent])
    case rejected
    /// The engine's views of one tick's events disagree with each other.
    case inconsistent(String)

    var description: String {
      switch self {
      case let .events(events): return "events \(events)"
      case .rejected: return "rejected"
      case let .inconsistent(problem): return "inconsistent events: \(problem)"
      }
    }
  }

  // MARK: Driving both sides

  /// Applies `command` to the engine through its public API.
  static func apply(_ command: Command, to engine: inout Timeline<SyntheticFrameProvider>) -> Outcome {
    func all(_ events: TickEvents) -> Outcome {
      let merged = Array(engine.events(in: events))
      // The parts agree with the whole: the fixed events without the cue
      // hits, `reachedCue` exactly when there are hits, the hits themselves.
      let hits = Array(engine.cueHits(in: events))
      let fixed = merged.filter { if case .cue = $0 { false } else { true } }
      let cues = merged.compactMap { if case let .cue(hit) = $0 { hit } else { nil } }
      guard Array(events) == fixed, events.count == fixed.count, events.reachedCue == !hits.isEmpty, hits == cues,
            events.isEmpty == merged.isEmpty
      else {
        return .inconsistent("TickEvents \(Array(events)) reachedCue \(events.reachedCue), hits \(hits), events(in:) \(merged)")
      }
      return .events(merged.map(ModelEvent.init))
    }
    do {
      switch command {
      case let .tick(d, mode):
        return all(try mode.map { try engine.tick(by: d, mode: RunMode($0)) } ?? engine.tick(by: d))
      case .play: engine.play()
      case .pause: engine.pause()
      case .stop: engine.stop()
      case let .seek(t): return all(try engine.seek(to: t))
      case let .seekFrame(j, i):
        return all(try i.map { try engine.seek(toFrame: j, iteration: $0) } ?? engine.seek(toFrame: j))
      case let .rate(r): engine.rate = try Rate(millionths: r)
      case let .loops(k): return all(try engine.setLoops(try k.map { try LoopCount.plays($0) } ?? .infinite))
      case let .direction(d): engine.direction = d
      case let .maxStep(v): engine.maxStep = try v.map { try MaxStep.nanoseconds($0) } ?? .unlimited
      case let .policy(p): engine.policy = p
      case let .modes(names): engine.modes = RunModes(names)
      case let .range(a, b):
        // `a...b` with a > b would trap: the API cannot express the line.
        guard a <= b else { return .rejected }
        try engine.setRange(a...b)
      case .rangeAll: try engine.resetRange()
      case let .then(a, b, k, d):
        guard a <= b else { return .rejected }
        try engine.queue(Clip(frames: a...b, loops: try k.map { try LoopCount.plays($0) } ?? .infinite, direction: d))
      case let .thenAll(k, d):
        let n = engine.provider.frameCount
        try engine.queue(Clip(frames: 0...(n - 1), loops: try k.map { try LoopCount.plays($0) } ?? .infinite, direction: d))
      case .thenNone: try engine.queue(nil)
      case let .cue(name, j): try engine.addCue(name, frame: j)
      case let .uncue(name): engine.removeCue(name)
      }
      return .events([])
    } catch {
      return .rejected
    }
  }

  /// Applies `command` to the reference model.
  static func apply(_ command: Command, to model: inout ReferenceTimeline) -> Outcome {
    do {
      switch command {
      case let .tick(d, mode): return .events(try model.tickEvents(d, mode: mode ?? "default"))
      case .play: model.play()
      case .pause: model.pause()
      case .stop: model.stop()
      case let .seek(t): return .events(try model.seek(to: t).map(ModelEvent.init))
      case let .seekFrame(j, i): return .events(try model.seek(toFrame: j, iteration: i ?? 0).map(ModelEvent.init))
      case let .rate(r): model.setRate(r)
      case let .loops(k): return .events(try model.setLoops(k).map(ModelEvent.init))
      case let .direction(d): model.direction = d
      case let .maxStep(v): try model.setMaxStep(v)
      case let .policy(p): model.policy = p
      case let .modes(names): model.modes = names
      case let .range(a, b): try model.setRange(a, b)
      case .rangeAll: try model.setRangeAll()
      case let .then(a, b, k, d): try model.queue(a, b, loops: k, direction: d)
      case let .thenAll(k, d): try model.queueAll(loops: k, direction: d)
      case .thenNone: try model.clearQueue()
      case let .cue(name, j): try model.cue(name: Array(name.utf8), frame: j)
      case let .uncue(name): model.uncue(name: Array(name.utf8))
      }
      return .events([])
    } catch {
      return .rejected
    }
  }

  /// What a timeline looks like from outside after a command.
  struct Observation: Equatable, CustomStringConvertible {
    var state: PlaybackState
    var position: Int64
    var iteration: Int64
    var frame: Int
    var slot: Int64
    var suspended: Bool
    var range: ClosedRange<Int>
    var loops: Int64?
    var direction: PlaybackDirection
    /// The queued range: frames, loops, direction.
    var queued: String
    var loopDuration: Int64
    var end: Int64?

    init(_ engine: Timeline<SyntheticFrameProvider>) {
      state = engine.state
      position = engine.position
      iteration = engine.iteration
      frame = engine.currentFrame
      slot = engine.slot
      suspended = engine.isSuspended
      range = engine.range
      loops = engine.loops.plays
      direction = engine.direction
      queued = engine.queued.map { Self.queue($0.frames, $0.loops.plays, $0.direction) } ?? "-"
      loopDuration = engine.loopDuration
      end = engine.totalDuration
    }

    init(_ model: ReferenceTimeline) {
      let place = model.current
      state = model.state
      position = model.position
      iteration = Int64(place.iteration)
      frame = place.frame
      slot = Int64(place.slot)
      suspended = model.suspended
      range = model.range
      loops = model.loops
      direction = model.direction
      queued = model.queued.map { Self.queue($0.first...$0.last, $0.loops, $0.direction) } ?? "-"
      loopDuration = Int64(model.loopDuration)
      end = model.end.map { Int64($0) }
    }

    static func queue(_ frames: ClosedRange<Int>, _ loops: Int64?, _ direction: PlaybackDirection?) -> String {
      "\(frames) x\(loops.map(String.init) ?? "inf") \(direction.map { "\($0)" } ?? "-")"
    }

    var description: String {
      "state=\(state) t=\(position) iteration=\(iteration) frame=\(frame) slot=\(slot) suspended=\(suspended) "
        + "range=\(range) loops=\(loops.map(String.init) ?? "inf") direction=\(direction) queued=\(queued) "
        + "L=\(loopDuration) E=\(end.map(String.init) ?? "inf")"
    }
  }

  static func trace(_ script: Script) {
    guard let path = PBTEnvironment.string("RANGES_TRACE"), let file = fopen(path, "w") else { return }
    fputs(script.description + "\n", file)
    fclose(file)
  }

  /// Runs `script` on the engine and on the model, comparing after every
  /// command; the first disagreement, described, or `nil`.
  static func firstMismatch(_ script: Script) -> String? {
    trace(script)
    let modelOrNil = try? script.makeModel()
    let engineOrNil = try? script.makeEngine()
    guard var model = modelOrNil, var engine = engineOrNil else {
      if (modelOrNil == nil) != (engineOrNil == nil) {
        return "creation: model \(modelOrNil == nil ? "rejects" : "accepts"), engine \(engineOrNil == nil ? "throws" : "accepts")"
      }
      return nil
    }
    if Observation(engine) != Observation(model) {
      return "after creation:\n  expected \(Observation(model))\n  engine   \(Observation(engine))"
    }
    for (index, command) in script.commands.enumerated() {
      let before = Observation(model)
      let expected = apply(command, to: &model)
      let actual = apply(command, to: &engine)
      let step = "command #\(index + 1) `\(command)` (before: \(before))"
      if expected != actual {
        return "\(step):\n  expected \(expected)\n  engine   \(actual)\n  model after:  \(Observation(model))\n  engine after: \(Observation(engine))"
      }
      if Observation(engine) != Observation(model) {
        return "after \(step):\n  expected \(Observation(model))\n  engine   \(Observation(engine))"
      }
      if let problem = compareQueries(engine, model) { return "after \(step): \(problem)" }
    }
    return nil
  }

  /// The queries that do not change the timeline: completed iterations,
  /// `location(at:)` at a few times around the position and the range's
  /// ends, and the cue list.
  static func compareQueries(_ engine: Timeline<SyntheticFrameProvider>, _ model: ReferenceTimeline) -> String? {
    if !model.isStatic, Int128(engine.completedIterations) != model.completed(at: Int128(model.position)) {
      return "completedIterations \(engine.completedIterations), expected \(model.completed(at: Int128(model.position)))"
    }
    let t = model.position
    var probes: [Int64] = [0, t, t > 0 ? t - 1 : 0, t < .max ? t + 1 : t, Int64(min(model.loopDuration, Int128(Int64.max)))]
    if let end = model.end { probes += [Int64(end), Int64(end) - 1] }
    for probe in probes where probe >= 0 {
      let want = model.isStatic ? model.place(at: 0) : model.place(at: model.end.map { min(Int128(probe), $0) } ?? Int128(probe))
      guard let got = try? engine.location(at: probe) else { return "location(at: \(probe)) threw" }
      if got.frame != want.frame || Int128(got.slot) != want.slot || Int128(got.iteration) != want.iteration {
        return "location(at: \(probe)) = \(got), expected \(want)"
      }
    }
    let engineCues = Set(engine.cues.map { ReferenceTimeline.Cue(name: Array($0.name.utf8), frame: $0.frame) })
    if engineCues != model.cues { return "cues \(engine.cues), expected \(model.cues)" }
    return nil
  }

  // MARK: Generators

  /// Cue names: ASCII, and two spellings of "é" that are the same text to
  /// `String` but different names (different bytes) to the spec.
  static let cueNames = ["a", "b", "\u{E9}", "e\u{301}", "\u{1F3B5}", "z"]
  static let modeNames = ["default", "tracking", "common", "modal"]
  static let rates: [Int64] = [
    0, 500_000, 1_000_000, 1_000_000, 1_500_000, 3_000_000, 500_000, 1_000_000, 1_500_000, 3_000_000,
    1, 333_333, 1_000_000_000_000, Int64.max,
  ]

  /// 1 to 6 frames: mostly 0 to 7 ns with many zeros, sometimes 10^9 or
  /// near `Int64.max / 8` (so six of them still add up below `Int64.max`);
  /// now and then a static provider.
  static func durations(_ rng: inout SplitMix64) -> [Int64] {
    let n = rng.int(in: 1...6)
    func one(_ rng: inout SplitMix64) -> Int64 {
      switch rng.weighted([12, 6, 1, 1]) {
      case 0: return rng.int64(in: 1...7)
      case 1: return 0
      case 2: return rng.element(of: [1_000_000_000, 999_999_999, 16_666_667])
      default: return Int64.max / 8 - rng.int64(in: 0...3)
      }
    }
    var values = (0..<n).map { _ in one(&rng) }
    if rng.chance(1, in: 15) {
      // Static: at most one frame with d > 0.
      let keep = rng.int(in: -1...(n - 1))
      for j in values.indices where j != keep { values[j] = 0 }
    }
    return values
  }

  /// A loop count, small or infinite; sometimes the largest that fits
  /// `loopDuration` (or one more).
  static func loops(_ rng: inout SplitMix64, loopDuration: Int128, extreme: Bool = false) -> Int64? {
    if rng.chance(extreme ? 3 : 1, in: extreme ? 4 : 10), loopDuration > 0 {
      let most = Int64(Int128(Int64.max) / loopDuration)
      return rng.chance(1, in: 2) || most == .max ? most : most + 1
    }
    return rng.chance(1, in: 5) ? nil : rng.int64(in: 1...3)
  }

  /// Clock time after which `distance` ns of timeline time has passed at
  /// `rate` millionths (rounded down or up), if it fits.
  static func clock(for distance: Int128, rate: Int64, carry: Int64, roundUp: Bool) -> Int64? {
    guard rate > 0, distance > 0 else { return nil }
    let scaled = distance * 1_000_000 - Int128(carry)
    guard scaled > 0 else { return nil }
    var clock = scaled / Int128(rate)
    if roundUp, scaled % Int128(rate) != 0 { clock += 1 }
    return clock <= Int128(Int64.max) ? Int64(clock) : nil
  }

  /// A tick length: mostly 0 to 50 ns, sometimes huge, and often aimed at
  /// something the model says is near (the next slots, the end, the queued
  /// range's slots and end past the switch), give or take 1 ns.
  static func tickLength(_ rng: inout SplitMix64, model: ReferenceTimeline) -> Int64 {
    if rng.chance(1, in: 60) { return -1 }
    if rng.chance(model.queued == nil ? 2 : 3, in: 5), !model.isStatic, model.state == .playing {
      let t = Int128(model.position)
      let here = model.current
      var targets: [Int128] = [
        model.start(ofSlot: here.slot + 1), model.start(ofSlot: here.slot + 2),
        (here.iteration + 1) * model.loopDuration,
      ]
      if let end = model.end {
        targets += [end, end, end + 1]
        if let queued = model.queued {
          let next = ReferenceTimeline.Segment(
            durations: model.durations, first: queued.first, last: queued.last, loops: queued.loops,
            direction: queued.direction ?? model.direction)
          var past: [Int128] = [end, end, end + next.start(ofSlot: 1), end + next.start(ofSlot: Int128(rng.int(in: 0...7)))]
          if let newEnd = next.end { past += [end + newEnd, end + newEnd] }
          // Aim at the switch most of the time.
          targets = rng.chance(3, in: 4) ? past : targets + past
        }
      }
      let distance = rng.element(of: targets) - t + Int128(rng.int64(in: -1...1))
      if let d = clock(for: distance, rate: model.rate, carry: model.carry, roundUp: rng.chance(1, in: 2)) {
        return model.maxStep.map { rng.chance(3, in: 4) ? min(d, $0) : d } ?? d
      }
    }
    switch rng.weighted([12, 4, 1, 1, 1, 1]) {
    case 0: return rng.int64(in: 0...50)
    case 1: return rng.int64(in: 0...3)
    case 2: return rng.element(of: [1_000_000_000, 5_000_000_000, Int64.max / 8])
    case 3: return Int64.max
    case 4: return model.maxStep.map { $0 + rng.int64(in: -1...1) } ?? 1_000
    default: return rng.int64(in: 0...Int64.max)
    }
  }

  /// A frame index: mostly a frame of the provider, sometimes just outside.
  static func frameIndex(_ rng: inout SplitMix64, n: Int) -> Int {
    rng.chance(1, in: 12) ? rng.element(of: [-1, n]) : rng.int(in: 0...(n - 1))
  }

  /// `A B` for `range` or `then`: mostly valid, sometimes reversed or out
  /// of bounds.
  static func bounds(_ rng: inout SplitMix64, n: Int) -> (Int, Int) {
    switch rng.weighted([16, 1, 1, 1]) {
    case 0:
      let a = rng.int(in: 0...(n - 1))
      return (a, rng.int(in: a...(n - 1)))
    case 1: return (rng.int(in: 0...(n - 1)), n)
    case 2: return (-1, rng.int(in: 0...(n - 1)))
    default:
      let a = rng.int(in: 0...(n - 1))
      return (a, a - 1)
    }
  }

  static func command(_ rng: inout SplitMix64, model: ReferenceTimeline, kind: Int? = nil, extreme: Bool = false) -> Command {
    let n = model.durations.count
    let length = model.loopDuration
    if extreme, kind == nil, rng.chance(1, in: 3) {
      // Near the limits: the longest ticks at the highest rates.
      return .tick(rng.chance(1, in: 2) ? Int64.max : Int64.max - rng.int64(in: 0...Int64.max / 2), mode: nil)
    }
    switch kind ?? rng.weighted([40, 8, 2, 2, 4, 4, 3, 3, 3, 2, 3, 2, 5, 2, 20, 3, 6, 2]) {
    case 0:
      let mode: String? = rng.chance(4, in: 5) ? nil : rng.element(of: modeNames)
      return .tick(tickLength(&rng, model: model), mode: mode)
    case 1: return .play
    case 2: return .pause
    case 3: return .stop
    case 4:
      let span = Int64(min(length * 3 + 1, Int128(Int64.max)))
      var candidates: [Int128] = [0, Int128(rng.int64(in: 0...span))]
      candidates.append(model.boundary(rng.int(in: 0...n)) + length * Int128(rng.int64(in: 0...3)))
      if let end = model.end { candidates += [end, end - 1, end + 1] }
      if rng.chance(1, in: 20) { candidates.append(-1) }
      if rng.chance(1, in: 20) { candidates.append(Int128(Int64.max)) }
      let t = rng.element(of: candidates)
      return .seek(t > Int128(Int64.max) ? Int64.max : Int64(max(t, -1)))
    case 5:
      let k = model.loops ?? 6
      var i: Int64? = rng.int64(in: 0...max(0, min(k - 1, 5)))
      if rng.chance(1, in: 10) {
        let past: Int64 = k == .max ? k : k + 1
        i = rng.element(of: [-1, k, past, Int64.max])
      }
      if rng.chance(1, in: 4) { i = nil }
      return .seekFrame(frameIndex(&rng, n: n), iteration: i)
    case 6:
      return .rate(rng.chance(4, in: 5) ? rng.element(of: rates) : rng.int64(in: 0...5_000_000))
    case 7:
      // `loops 0` is invalid (section 3: k >= 1).
      if rng.chance(1, in: 30) { return .loops(0) }
      return .loops(loops(&rng, loopDuration: length, extreme: extreme))
    case 8: return .direction(rng.element(of: PlaybackDirection.allCases))
    case 9:
      switch rng.weighted([6, 9, 3, 3, 1]) {
      case 4: return .maxStep(0)  // invalid (section 3: max-step > 0)
      case 0: return .maxStep(nil)
      case 1: return .maxStep(rng.int64(in: 1...50))
      case 2: return .maxStep(1_000_000_000)
      default: return .maxStep(rng.int64(in: 1...Int64.max))
      }
    case 10: return .policy(rng.element(of: SkipPolicy.allCases))
    case 11:
      switch rng.weighted([4, 3, 1, 1]) {
      case 0: return .modes(["default"])
      case 1: return .modes([rng.element(of: modeNames)])
      case 2: return .modes([])
      default: return .modes(modeNames.filter { _ in rng.chance(1, in: 2) })
      }
    case 12:
      if rng.chance(1, in: 5) { return .rangeAll }
      let (a, b) = bounds(&rng, n: n)
      return .range(a, b)
    case 13: return .thenNone
    case 14, 15:
      let direction: PlaybackDirection? = rng.chance(1, in: 2) ? nil : rng.element(of: PlaybackDirection.allCases)
      let (a, b) = bounds(&rng, n: n)
      let span = (0 <= a && a <= b && b < n) ? ReferenceTimeline.sum(model.durations[a...b]) : 1
      var k = loops(&rng, loopDuration: span, extreme: extreme)
      // An infinite clip ends the switching: keep most clips finite.
      if k == nil, rng.chance(1, in: 2) { k = rng.int64(in: 1...3) }
      if rng.chance(1, in: 25) { k = 0 }
      if rng.chance(1, in: 5) {
        return .thenAll(loops: loops(&rng, loopDuration: ReferenceTimeline.sum(model.durations), extreme: extreme), direction: direction)
      }
      return .then(a, b, loops: k, direction: direction)
    case 16: return .cue(rng.element(of: cueNames), frameIndex(&rng, n: n))
    default: return .uncue(rng.element(of: cueNames))
    }
  }

  /// Scripts of up to `maxCommands` commands over random providers.
  /// `extreme` scripts play 0 to 2 ns frames with no max-step at huge
  /// rates, with the largest loop counts that fit, so that positions reach
  /// `Int64.max` and counts and `slots` saturate.
  ///
  /// `wide` scripts have 20 to 100 frames of 0 to 3 ns, so that the frame
  /// table's search tree has several levels and the cue table's bitmap
  /// several words.
  static func scripts(maxCommands: Int, extreme: Bool = false, wide: Bool = false) -> Gen<Script> {
    Gen(
      generate: { rng in
        let durations = extreme ? (0..<rng.int(in: 1...4)).map { _ in rng.int64(in: 0...2) }
          : wide ? (0..<rng.int(in: 20...100)).map { _ in rng.chance(1, in: 3) ? 0 : rng.int64(in: 1...3) }
          : durations(&rng)
        var script = Script(
          durations: durations, loops: loops(&rng, loopDuration: ReferenceTimeline.sum(durations), extreme: extreme))
        if rng.chance(1, in: 50) { script.loops = 0 }  // `--loops 0`: no timeline
        guard var model = try? script.makeModel() else { return script }
        let count = rng.int(in: 0...maxCommands)
        if extreme {
          script.commands += [.maxStep(nil), .rate(rng.element(of: [Int64.max, 1_000_000_000_000, 3_000_000, 1_000_000]))]
        }
        // Most scripts should actually play, and carry cues.
        if rng.chance(3, in: 4) { script.commands.append(.play) }
        if rng.chance(1, in: 3) { script.commands.append(.policy(.noSkip)) }
        for _ in 0..<rng.int(in: 0...(wide ? 12 : 3)) {
          script.commands.append(.cue(rng.element(of: cueNames), rng.int(in: 0...(durations.count - 1))))
        }
        if rng.chance(1, in: 4) {
          // The two spellings of "é", often on the same frame.
          let j = rng.int(in: 0...(durations.count - 1))
          script.commands.append(.cue("\u{E9}", j))
          script.commands.append(.cue("e\u{301}", rng.chance(1, in: 2) ? j : rng.int(in: 0...(durations.count - 1))))
        }
        for command in script.commands { _ = apply(command, to: &model) }
        if rng.chance(1, in: 2) {
          // A queued range from the start, so that many scripts switch.
          let command = command(&rng, model: model, kind: 14, extreme: extreme)
          script.commands.append(command)
          _ = apply(command, to: &model)
        }
        while script.commands.count < count {
          var command = command(&rng, model: model, extreme: extreme)
          // Keep a range queued and the timeline playing, often enough
          // that many ticks can switch.
          if model.queued == nil, !model.isStatic, rng.chance(1, in: 6) {
            command = Self.command(&rng, model: model, kind: 14, extreme: extreme)
          } else if model.state != .playing, rng.chance(1, in: 6) {
            command = .play
          }
          script.commands.append(command)
          _ = apply(command, to: &model)
        }
        return script
      },
      shrink: { $0.shrinks })
  }
}
