/// Which slots the last tick reached, in enough detail to count, for each
/// cue, the reached slots showing its frame (``CueHits``).
///
/// A tick reaches the slots that start in `(from, T]`, `T` the position
/// after it; a tick that switched into the queued clip reaches the old
/// range's slots starting in `(from, E)` and the new range's starting in
/// `[0, T]`.
@usableFromInline
struct CueReach: Sendable {
  /// The position before the tick.
  var from: Int64 = 0
  /// The place of the slot displayed before the tick (which the tick does
  /// not reach), and its step: the order in which frames are first reached
  /// follows from them.
  var fromPlace: Int32 = 0
  /// The range played before a switch, with its loop count and direction
  /// (a view found again when the hits are counted, O(log m)).
  var previous: TimelineCore.QueuedClip?
  var fromStep: Int8 = 1
  /// Whether the tick reached exactly one slot, the displayed one (a
  /// one-slot crossing): its cues need no counting.
  @usableFromInline var single = false
}
