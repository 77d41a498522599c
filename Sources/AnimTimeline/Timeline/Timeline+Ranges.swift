extension Timeline {
  /// The provider frames the timeline plays, `A...B`: initially all of
  /// them. Loop duration, slots, the end and the loop count refer to this
  /// range; frame numbers stay the provider's.
  public var range: ClosedRange<Int> { core.range.frames }

  /// Plays frames `frames` from now on: the position goes back to 0 and a
  /// finished timeline becomes stopped; the loop count, direction, rate,
  /// the queue and every other setting stay. Emits no event.
  ///
  /// Moving backward (a negative ``rate``), a playing or paused timeline
  /// with finite loops enters the range at its end `E` instead, its start
  /// in the direction of motion.
  ///
  /// A range with one displayed frame shows it for its duration each
  /// iteration, and still loops and finishes.
  ///
  /// - Throws: ``TimelineError/staticTimeline`` on a static timeline,
  ///   ``TimelineError/rangeOutOfBounds(lower:upper:count:)``,
  ///   ``TimelineError/rangeNotDisplayed(lower:upper:)`` when every frame
  ///   of the range lasts 0 ns, and
  ///   ``TimelineError/loopsTooLong(plays:loopDuration:)``.
  /// - Complexity: O(log *m*): the range is a view of the frame table.
  public mutating func setRange(_ frames: ClosedRange<Int>) throws(TimelineError) {
    try core.setRange(frames.lowerBound, frames.upperBound)
  }

  /// Plays every frame again; see ``setRange(_:)``.
  ///
  /// - Throws: ``TimelineError/staticTimeline`` on a static timeline, and
  ///   ``TimelineError/loopsTooLong(plays:loopDuration:)``.
  /// - Complexity: O(log *m*).
  public mutating func resetRange() throws(TimelineError) {
    try core.resetRange()
  }

  /// The clip a tick switches into when it takes the timeline to the end
  /// of its range, if any.
  public var queued: Clip? { core.queued }

  /// Queues `clip`, replacing any queued clip, or clears the queue when
  /// `clip` is `nil`. Emits no event.
  ///
  /// When a tick moving forward takes a finite timeline to its end, it
  /// switches into the
  /// clip: the range, the loop count and (if the clip names one) the
  /// direction become the clip's, the queue empties, and the tick's
  /// leftover time plays in the new range (under ``SkipPolicy/skip``; under
  /// ``SkipPolicy/noSkip`` the new range starts at 0). So a 10 ms tick and
  /// two 5 ms ticks across the switch give the same state. Commands never
  /// use the queue.
  ///
  /// - Throws: ``TimelineError/staticTimeline`` on a static timeline, and
  ///   the errors of ``setRange(_:)`` for the clip's frames and loops.
  /// - Complexity: O(log *m*).
  public mutating func queue(_ clip: Clip?) throws(TimelineError) {
    try core.queue(clip)
  }

  /// Plays `clip` from its first frame: its frames become the range, its
  /// loop count the timeline's, its direction (if it names one) the
  /// timeline's; the position goes to 0 and the timeline plays. `next`,
  /// if given, is queued (so it starts exactly where `clip` ends),
  /// otherwise the queue is emptied. Emits no event.
  ///
  /// ```swift
  /// try hero.play(clip: attack, then: idle)   // attack once, then idle
  /// ```
  ///
  /// All or nothing: when `clip` or `next` is rejected, the timeline is
  /// unchanged.
  ///
  /// - Throws: the errors of ``setRange(_:)`` and ``queue(_:)``.
  /// - Complexity: O(log *m*).
  public mutating func play(clip: Clip, then next: Clip? = nil) throws(TimelineError) {
    try core.play(clip: clip, then: next)
  }
}
