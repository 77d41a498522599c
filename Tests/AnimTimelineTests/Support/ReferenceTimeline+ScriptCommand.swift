import AnimTimeline
import TimelineScript

extension ReferenceTimeline {
  /// Applies one script command to the model: the model's counterpart of
  /// ``ScriptCommand/apply(to:)`` (also compiled into the `timeline` fuzz
  /// target, Fuzz/build.sh).
  mutating func apply(_ command: ScriptCommand) throws(Rejection) -> [TimelineEvent] {
    switch command {
    case let .tick(d, mode): return try tick(d, mode: mode?.name ?? "default")
    case .play: play(); return []
    case .pause: pause(); return []
    case .stop: stop(); return []
    case let .seek(t): return try seek(to: t)
    case let .seekFrame(j, i): return try seek(toFrame: j, iteration: i ?? 0)
    case let .rate(r): setRate(r); return []
    case let .loops(k): return try setLoops(k)
    case let .direction(d): direction = d; return []
    case let .maxStep(v): maxStep = v; return []
    case let .policy(p): policy = p; return []
    case let .modes(names): modes = names; return []
    }
  }
}
