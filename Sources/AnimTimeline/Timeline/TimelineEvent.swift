/// Something a timeline reports from a tick or a command.
public enum TimelineEvent: Hashable, Sendable {
  /// The displayed frame changed from frame `from` to frame `to`, moving
  /// `slots` display slots forward (more than 1 when frames were skipped).
  case frameChanged(from: Int, to: Int, slots: Int64)
  /// The tick reached `hit.count` slots showing a frame that carries the
  /// cue `hit.name`.
  case cue(CueHit)
  /// The number of completed iterations grew to `completed`.
  case loopCompleted(completed: Int64)
  /// The tick reached the end and switched into the queued clip, which
  /// plays frames `to`.
  case rangeSwitched(to: ClosedRange<Int>)
  /// The timeline reached its end and stopped there.
  case finished
  /// A tick came in a mode the timeline is not active in.
  case suspended
  /// The first active tick after a suspension.
  case resumed
}
