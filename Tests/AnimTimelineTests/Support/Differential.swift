import AnimTimeline
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

/// What a timeline looks like from outside after a command.
struct Observation: Equatable, CustomStringConvertible {
  var state: PlaybackState
  var position: Int64
  var iteration: Int64
  var frame: Int
  var slot: Int64
  var suspended: Bool

  init(_ timeline: Timeline<SyntheticFrameProvider>) {
    state = timeline.state
    position = timeline.position
    iteration = timeline.iteration
    frame = timeline.currentFrame
    slot = timeline.slot
    suspended = timeline.isSuspended
  }

  init(_ model: ReferenceTimeline) {
    let place = model.current
    state = model.state
    position = model.position
    iteration = Int64(place.iteration)
    frame = place.frame
    slot = Int64(place.slot)
    suspended = model.suspended
  }

  var description: String {
    "state=\(state) t=\(position) iteration=\(iteration) frame=\(frame) slot=\(slot) suspended=\(suspended)"
  }
}

/// The result of one command: its events, or a rejection (a thrown error).
enum CommandResult: Equatable, CustomStringConvertible {
  case events([ModelEvent])
  case rejected

  var description: String {
    switch self {
    case let .events(events): return "events \(events)"
    case .rejected: return "rejected"
    }
  }
}

extension Timeline<SyntheticFrameProvider> {
  /// Applies one script command (``ScriptCommand/apply(to:)``).
  mutating func result(of command: ScriptCommand) -> CommandResult {
    do {
      let events = try command.apply(to: &self)
      return .events(self.events(in: events).map(ModelEvent.init))
    } catch {
      return .rejected
    }
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
  /// Runs `script` on the engine and on the reference model, comparing after
  /// every command; returns a description of the first disagreement.
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
      let expected = model.result(of: command)
      let actual = engine.result(of: command)
      let step = "command #\(index + 1) `\(command)`"
      if expected != actual {
        return "\(step): expected \(expected), engine gave \(actual)\n  model after: \(Observation(model))\n  engine after: \(Observation(engine))"
      }
      if let problem = compare(engine, model, after: step) { return problem }
    }
    return nil
  }

  static func compare(_ engine: Timeline<SyntheticFrameProvider>, _ model: ReferenceTimeline, after step: String) -> String? {
    let expected = Observation(model)
    let actual = Observation(engine)
    if expected != actual { return "after \(step):\n  expected \(expected)\n  engine   \(actual)" }
    if engine.isStatic != model.isStatic { return "after \(step): isStatic \(engine.isStatic), expected \(model.isStatic)" }
    if Int128(engine.loopDuration) != model.loopDuration { return "after \(step): loopDuration \(engine.loopDuration)" }
    if engine.totalDuration.map({ Int128($0) }) != model.end { return "after \(step): totalDuration \(String(describing: engine.totalDuration))" }
    if !model.isStatic, Int128(engine.completedIterations) != model.completed(at: Int128(model.position)) {
      return "after \(step): completedIterations \(engine.completedIterations), expected \(model.completed(at: Int128(model.position)))"
    }
    // Queries at a few nearby times, under the current configuration.
    let t = model.position
    for probe in [0, t, t > 0 ? t - 1 : 0, t < Int64.max ? t + 1 : t] + (model.end.map { [Int64($0)] } ?? []) {
      let want = model.location(at: probe)
      guard let got = try? engine.location(at: probe) else { return "after \(step): location(at: \(probe)) threw" }
      if got.frame != want.frame || Int128(got.slot) != want.slot || Int128(got.iteration) != want.iteration {
        return "after \(step): location(at: \(probe)) = \(got), expected \(want)"
      }
    }
    return nil
  }
}
