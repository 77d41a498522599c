import AnimTimeline
import TimelineScript

extension ReferenceTimeline {
  /// Applies one script command to the model: the model's counterpart of
  /// ``ScriptCommand/apply(to:)`` (also compiled into the `timeline` fuzz
  /// target, Fuzz/build.sh).
  mutating func apply(_ command: ScriptCommand) throws(Rejection) -> [ModelEvent] {
    switch command {
    case let .tick(d, mode): return try tickEvents(d, mode: mode?.name ?? "default")
    case .play: play(); return []
    case .pause: pause(); return []
    case .stop: stop(); return []
    case let .seek(t): return try seek(to: t).map(ModelEvent.init)
    case let .seekFrame(j, i): return try seek(toFrame: j, iteration: i ?? 0).map(ModelEvent.init)
    case let .rate(r): try setRate(r); return []
    case .reverse: reverse(); return []
    case let .loops(k): return try setLoops(k).map(ModelEvent.init)
    case let .direction(d): direction = d; return []
    case let .maxStep(v): try setMaxStep(v); return []
    case let .policy(p): policy = p; return []
    case let .modes(names): modes = names; return []
    case let .range(a, b): try setRange(a, b); return []
    case .rangeAll: try setRangeAll(); return []
    case let .then(a, b, k, d):
      if let a, let b { try queue(a, b, loops: k, direction: d) } else { try queueAll(loops: k, direction: d) }
      return []
    case .thenNone: try clearQueue(); return []
    case let .cue(name, j): try cue(name: Array(name.utf8), frame: j); return []
    case let .uncue(name): uncue(name: Array(name.utf8)); return []
    }
  }
}
