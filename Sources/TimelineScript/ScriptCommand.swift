import AnimTimeline

/// One command of a timeline script: a line of `timeline-demo --script`
/// (Docs/ScriptFormat.md), and the ``Timeline`` call it stands for.
///
/// ``init(words:)`` parses a line's words, ``description`` spells the
/// command as a line again, and ``apply(to:)`` makes the call.
///
/// The values are the API's, so a command made in code may hold values no
/// script line can spell (a negative time, frame -1, loop count 0): tests
/// use them to check that the timeline rejects them, and ``apply(to:)``
/// passes them on unchanged.
public enum ScriptCommand: Hashable, Sendable {
  /// `tick D [MODE]`: ``Timeline/tick(by:mode:)-(Int64,_)`` by `D`
  /// nanoseconds in `mode`, or ``Timeline/tick(by:)-(Int64)`` (the default
  /// mode) when `mode` is `nil`.
  case tick(Int64, mode: RunMode?)
  /// `play`: ``Timeline/play()``.
  case play
  /// `pause`: ``Timeline/pause()``.
  case pause
  /// `stop`: ``Timeline/stop()``.
  case stop
  /// `seek D`: ``Timeline/seek(to:)-(Int64)`` to `D` nanoseconds.
  case seek(Int64)
  /// `seek-frame J [I]`: ``Timeline/seek(toFrame:iteration:)``, in
  /// iteration `I` (the default, 0, when `nil`).
  case seekFrame(Int, iteration: Int64?)
  /// `rate R`: the rate, in millionths.
  case rate(Int64)
  /// `loops K|inf`: ``Timeline/setLoops(_:)`` with `K` plays, or infinite
  /// when `nil`.
  case loops(Int64?)
  /// `direction D`.
  case direction(PlaybackDirection)
  /// `max-step D|none`: the max-step in nanoseconds, or none when `nil`.
  case maxStep(Int64?)
  /// `policy skip|noskip`.
  case policy(SkipPolicy)
  /// `modes A,B,...`: the run modes the timeline advances in.
  case modes([String])
}
