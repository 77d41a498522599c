import Testing
@testable import AnimTimeline
import TimelineScript

#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// With `DIFF_TRACE=<file>` set, each script is written to that file before
/// it runs, so the script behind an engine *trap* (which kills the test
/// process before any report) can be recovered.
func traceScript(_ script: GeneratedScript) {
  guard let path = PBTEnvironment.string("DIFF_TRACE"), let file = fopen(path, "w") else { return }
  fputs(script.description + "\n", file)
  fclose(file)
}

/// A cue as the spec sees it: a name's UTF-8 bytes and a provider frame.
typealias CueKey = ReferenceTimeline.Cue

/// Everything observable about a timeline, from outside, after a command:
/// where it stands (the carry included), what it plays (range, loop count,
/// direction, `L`, `E`, the queued clip), its settings and its cues. Made
/// from the engine or from the reference model, so that the differential
/// compares all of it in one `==`, and a test can check that a command
/// "changes nothing" the same way.
struct Observation: Equatable, CustomStringConvertible {
  var state: PlaybackState
  /// `T`, the iteration, the display slot, and the carry (millionths of a
  /// nanosecond).
  var position, iteration, slot, carry: Int64
  var frame: Int
  var suspended: Bool
  /// `completedIterations`; `nil` on a static timeline (no iterations).
  var completed: Int64?
  var isStatic: Bool
  var range: ClosedRange<Int>
  /// Plays, `nil` infinite.
  var loops: Int64?
  var direction: PlaybackDirection
  /// `L`.
  var loopDuration: Int128
  /// `E`, `nil` infinite.
  var end: Int128?
  var queued: ReferenceTimeline.QueuedRange?
  /// Millionths.
  var rate: Int64
  /// Nanoseconds, `nil` none (a max-step of `Int64.max` is none).
  var maxStep: Int64?
  var policy: SkipPolicy
  /// The run modes' names as bytes, without duplicates, in their first order.
  var modes: [[UInt8]]
  /// In the spec's order: by frame, then by name bytes.
  var cues: [CueKey]

  init(_ timeline: Timeline) {
    state = timeline.state
    position = timeline.position
    iteration = timeline.iteration
    frame = timeline.currentFrame
    slot = timeline.slot
    suspended = timeline.isSuspended
    carry = timeline.core.carry
    isStatic = timeline.isStatic
    completed = isStatic ? nil : timeline.completedIterations
    range = timeline.range
    loops = timeline.loops.plays
    direction = timeline.direction
    loopDuration = Int128(timeline.loopDuration)
    end = timeline.totalDuration.map { Int128($0) }
    queued = timeline.queued.map(ReferenceTimeline.QueuedRange.init)
    rate = timeline.rate.millionths
    maxStep = timeline.maxStep.isUnlimited ? nil : timeline.maxStep.nanoseconds
    policy = timeline.policy
    modes = timeline.modes.names.map { Array($0.utf8) }
    cues = timeline.cues.map { CueKey($0.name, $0.frame) }
  }

  init(_ model: ReferenceTimeline) {
    let place = model.current
    state = model.state
    position = model.position
    iteration = Int64(place.iteration)
    frame = place.frame
    slot = Int64(place.slot)
    suspended = model.suspended
    carry = model.carry
    isStatic = model.isStatic
    completed = isStatic ? nil : Int64(model.completed(at: Int128(model.position)))
    range = model.range
    loops = model.loops
    direction = model.direction
    loopDuration = model.loopDuration
    end = model.end
    queued = model.queued
    rate = model.rate
    maxStep = model.maxStep == .max ? nil : model.maxStep
    policy = model.policy
    modes = []
    for name in model.modes.map({ Array($0.utf8) }) where !modes.contains(name) { modes.append(name) }
    cues = model.cues.sorted(by: CueKey.precedes)
  }

  /// This observation with the carry left out when both are finished.
  ///
  /// Once a tick finishes, later ticks do not run step 3 ("only when
  /// playing"), so the carry of one tick `D1 + D2` (all of it divided) and
  /// of two ticks `D1`, `D2` (the part after the end never divided) may
  /// differ. Spec 6.3 promises additivity between commands, and the carry
  /// shows again only after one (`loops` from finished to paused, then
  /// `play`): properties that compare a timeline with itself under another
  /// split of time compare with this.
  func sameButCarryWhenFinished(_ other: Observation) -> Bool {
    var (x, y) = (self, other)
    if x.state == .finished && y.state == .finished { (x.carry, y.carry) = (0, 0) }
    return x == y
  }

  /// This observation of a timeline playing the range `frames`, seen as a
  /// timeline whose provider has only those frames (spec 8.1): frame
  /// numbers shifted by `frames.lowerBound`, cues outside the range left
  /// out. The provider's `isStatic` is left as it is.
  func cut(to frames: ClosedRange<Int>) -> Observation {
    let shift = frames.lowerBound
    var copy = self
    copy.frame -= shift
    copy.range = (range.lowerBound - shift)...(range.upperBound - shift)
    copy.queued = queued.map {
      var moved = $0
      (moved.first, moved.last) = (moved.first - shift, moved.last - shift)
      return moved
    }
    copy.cues = cues.filter { frames.contains($0.frame) }.map { CueKey(name: $0.name, frame: $0.frame - shift) }
    return copy
  }

  /// The names of the fields that differ from `other`'s.
  func differences(from other: Observation) -> [String] {
    zip(Mirror(reflecting: self).children, Mirror(reflecting: other).children).compactMap { mine, theirs in
      String(describing: mine.value) == String(describing: theirs.value) ? nil : mine.label
    }
  }

  var description: String {
    let queue = queued.map {
      "\($0.first)...\($0.last) x\($0.loops.map(String.init) ?? "inf") \($0.direction.map(\.rawValue) ?? "-")"
    }
    return "state=\(state) t=\(position) iteration=\(iteration) frame=\(frame) slot=\(slot) suspended=\(suspended) "
      + "carry=\(carry) completed=\(completed.map(String.init) ?? "-")"
      + " | range=\(range) loops=\(loops.map(String.init) ?? "inf") direction=\(direction.rawValue) "
      + "L=\(loopDuration) E=\(end.map(String.init) ?? "inf") queued=\(queue ?? "none")\(isStatic ? " static" : "")"
      + " | rate=\(rate) max-step=\(maxStep.map(String.init) ?? "none") policy=\(policy.rawValue) "
      + "modes=\(modes.map { String(decoding: $0, as: UTF8.self) }) cues=\(cues)"
  }
}

extension ReferenceTimeline.QueuedRange {
  /// The model's form of an engine clip.
  init(_ clip: Clip) {
    self.init(first: clip.frames.lowerBound, last: clip.frames.upperBound, loops: clip.loops.plays, direction: clip.direction)
  }
}

/// The result of one command: its events, or a rejection (a thrown error).
enum CommandResult: Equatable, CustomStringConvertible {
  case events([ModelEvent])
  case rejected
  /// The engine's views of one command's events disagree with each other
  /// (``Timeline/result(of:)``).
  case inconsistent(String)

  var description: String {
    switch self {
    case let .events(events): return "events \(events)"
    case .rejected: return "rejected"
    case let .inconsistent(problem): return "inconsistent events: \(problem)"
    }
  }
}

extension Timeline {
  /// Applies one script command (``ScriptCommand/apply(to:)``): all its
  /// events (``Timeline/events(in:)``, cue hits included), once they are
  /// found consistent with the other views of them: the `TickEvents`
  /// themselves are the events without the cue hits, `reachedCue` holds
  /// exactly when there are hits, and ``Timeline/cueHits(in:)`` gives the
  /// same hits, byte for byte.
  mutating func result(of command: ScriptCommand) -> CommandResult {
    let events: TickEvents
    do {
      events = try command.apply(to: &self)
    } catch {
      return .rejected
    }
    let all = Array(self.events(in: events))
    let hits = cueHits(in: events).map { ModelEvent(.cue($0)) }
    let fixed = all.filter { if case .cue = $0 { false } else { true } }
    let cues = all.filter { if case .cue = $0 { true } else { false } }.map(ModelEvent.init)
    guard Array(events) == fixed, events.count == fixed.count, events.isEmpty == all.isEmpty,
          events.reachedCue == !hits.isEmpty, hits == cues
    else {
      return .inconsistent("TickEvents \(Array(events)) reachedCue \(events.reachedCue), cueHits \(hits), events(in:) \(all)")
    }
    return .events(all.map(ModelEvent.init))
  }
}

extension ReferenceTimeline {
  mutating func result(of command: ScriptCommand) -> CommandResult {
    do {
      return .events(try apply(command))
    } catch {
      return .rejected
    }
  }

  /// The model's answer to `Timeline.location(at:)`.
  func location(at t: Int64) -> Place {
    if isStatic { return place(at: 0) }
    return place(at: end.map { min(Int128(t), $0) } ?? Int128(t))
  }
}

enum Differential {
  /// The differential property: every script `gen` makes runs alike on the
  /// engine and on the model (``firstMismatch(_:)``).
  static func check(
    _ name: String, _ gen: Gen<GeneratedScript>, iterations: Int, sourceLocation: SourceLocation = #_sourceLocation
  ) {
    forAll(name, gen: gen, iterations: iterations, sourceLocation: sourceLocation) { script in
      if let mismatch = firstMismatch(script) { throw PropertyFailure(message: mismatch) }
      return true
    }
  }

  /// Runs `script` on the engine and on the reference model, comparing after
  /// every command (its result, then ``compare(_:_:after:)``); returns a
  /// description of the first disagreement.
  static func firstMismatch(_ script: GeneratedScript) -> String? {
    traceScript(script)
    let modelOrNil = try? script.makeModel()
    let engineOrNil = try? script.makeEngine()
    guard var model = modelOrNil, var engine = engineOrNil else {
      if (modelOrNil == nil) != (engineOrNil == nil) {
        return "creation: model \(modelOrNil == nil ? "rejects" : "accepts"), engine \(engineOrNil == nil ? "throws" : "accepts")"
      }
      return nil
    }
    if let problem = compare(engine, model, after: "creation") { return problem }
    for (index, command) in script.commands.enumerated() {
      let before = model
      let expected = model.result(of: command)
      let actual = engine.result(of: command)
      func step() -> String { "command #\(index + 1) `\(command)` (before: \(Observation(before)))" }
      if expected != actual {
        return "\(step()):\n  expected \(expected)\n  engine   \(actual)\n  model after:  \(Observation(model))\n  engine after: \(Observation(engine))"
      }
      if let problem = compare(engine, model, after: step()) { return problem }
    }
    return nil
  }

  /// The engine's ``Observation`` against the model's, then its answers to
  /// `location(at:)` at a few times: 0, around the position, `L`, and
  /// around `E`.
  static func compare(
    _ engine: Timeline, _ model: ReferenceTimeline, after step: @autoclosure () -> String
  ) -> String? {
    let expected = Observation(model)
    let actual = Observation(engine)
    if expected != actual {
      return "after \(step()):\n  expected \(expected)\n  engine   \(actual)\n  differs in: \(actual.differences(from: expected))"
    }
    let t = model.position
    var probes: [Int64] = [t, 0, t > 0 ? t - 1 : 0, t < .max ? t + 1 : t, Int64(min(model.loopDuration, Int128(Int64.max)))]
    if let end = model.end { probes += [Int64(end), Int64(end) - 1] }
    var seen: Set<Int64> = []
    for probe in probes where probe >= 0 && seen.insert(probe).inserted {
      // At the position, the model's place is the observation's.
      let want = probe == t
        ? ReferenceTimeline.Place(frame: expected.frame, slot: Int128(expected.slot), iteration: Int128(expected.iteration))
        : model.location(at: probe)
      guard let got = try? engine.location(at: probe) else { return "after \(step()): location(at: \(probe)) threw" }
      if got.frame != want.frame || Int128(got.slot) != want.slot || Int128(got.iteration) != want.iteration {
        return "after \(step()): location(at: \(probe)) = \(got), expected \(want)"
      }
    }
    return nil
  }
}
