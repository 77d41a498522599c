/// Which slots the last tick reached, in enough detail to count, for each
/// cue, the reached slots showing its frame (``CueHits``).
///
/// A tick reaches the slots that start in `(from, T]`, `T` the position
/// after it; a tick that switched into the queued clip reaches the old
/// range's slots starting in `(from, E)` and the new range's starting in
/// `[0, T]`.
struct CueReach: Sendable {
  /// The range played before a switch.
  struct Previous: Sendable {
    var range: RangeView
    var plays: Int64
    var direction: PlaybackDirection
  }

  /// The position before the tick.
  var from: Int64 = 0
  /// The place and step of the slot displayed before the tick (which the
  /// tick does not reach): the order in which frames are first reached
  /// follows from them.
  var fromPlace: Int = 0
  var fromStep: Int = 1
  /// The old range, when the tick switched.
  var previous: Previous?
  /// Whether the tick reached exactly one slot, at `fromPlace`'s next place
  /// (a one-slot crossing): its cues need no counting.
  var single = false
}
