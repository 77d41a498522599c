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
  /// `rate R` (or `rate -R`): the rate, in millionths; negative plays
  /// backward.
  case rate(Int64)
  /// `reverse`: ``Timeline/reverse()``.
  case reverse
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
  /// `range A B`: ``Timeline/setRange(_:)`` with frames `A...B` (a line
  /// may spell `A > B`, which the timeline rejects).
  case range(Int, Int)
  /// `range all`: ``Timeline/resetRange()``.
  case rangeAll
  /// `then A B K|inf [DIRECTION]` (`first` and `last` `nil` for `then all`):
  /// ``Timeline/queue(_:)`` with a ``Clip`` of `K` plays (infinite when
  /// `nil`), in `direction` or the timeline's.
  case then(first: Int?, last: Int?, loops: Int64?, direction: PlaybackDirection?)
  /// `then none`: ``Timeline/queue(_:)`` with `nil`.
  case thenNone
  /// `cue NAME J`: ``Timeline/addCue(_:frame:)``.
  case cue(String, frame: Int)
  /// `uncue NAME`: ``Timeline/removeCue(_:)``.
  case uncue(String)
}
