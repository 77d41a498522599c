extension TimelineCore {
  /// The view of `frames`, checked: `0 <= A <= B < n`, some frame of the
  /// range displayed, and the timeline not static.
  ///
  /// - Complexity: O(log *m*).
  func checkedView(of lower: Int, _ upper: Int) throws(TimelineError) -> RangeView {
    guard !isStatic else { throw .staticTimeline }
    guard lower >= 0, lower <= upper, upper < table.frameCount else {
      throw .rangeOutOfBounds(lower: lower, upper: upper, count: table.frameCount)
    }
    guard let view = table.view(of: lower...upper) else { throw .rangeNotDisplayed(lower: lower, upper: upper) }
    return view
  }

  /// Plays frames `lower...upper` from now on: back to 0, finished becomes
  /// stopped; every setting and the queue stay.
  ///
  /// - Complexity: O(log *m*).
  mutating func setRange(_ lower: Int, _ upper: Int) throws(TimelineError) {
    let view = try checkedView(of: lower, upper)
    let newEnd = try Self.endTime(plays: plays, loopDuration: view.length)
    range = view
    end = newEnd
    carry = 0
    if state == .finished { state = .stopped }
    // A playing (or paused) range is entered at its start in the
    // direction of motion: `E` moving backward, when finite.
    let backward = rate < 0 && (state == .playing || state == .paused)
    position = backward ? newEnd ?? 0 : 0
    relocate()
  }

  /// Plays every frame again.
  ///
  /// - Complexity: O(log *m*).
  mutating func resetRange() throws(TimelineError) {
    try setRange(0, table.frameCount - 1)
  }

  /// Queues `clip` (or clears the queue, for `nil`).
  ///
  /// - Complexity: O(log *m*).
  mutating func queue(_ clip: Clip?) throws(TimelineError) {
    guard let clip else {
      guard !isStatic else { throw .staticTimeline }
      queuedClip = nil
      return
    }
    let view = try checkedView(of: clip.frames.lowerBound, clip.frames.upperBound)
    _ = try Self.endTime(plays: clip.loops.plays, loopDuration: view.length)
    queuedClip = QueuedClip(clip)
  }

  /// The switch at the end of the range into the queued `clip`, with
  /// `leftover` ns of the tick still to play (saturated at `UInt64.max`).
  ///
  /// - Complexity: O(log *m*).
  mutating func switchRange(to clip: Clip, leftover: UInt64) {
    // `queue(_:)` checked both the view and the end, and the table never
    // changes.
    guard let view = table.view(of: clip.frames) else {
      preconditionFailure("queued clip \(clip.frames) no longer fits the table")
    }
    let newEnd = clip.loops.plays.map { $0 &* view.length }  // checked by `queue(_:)`
    range = view
    plays = clip.loops.plays
    end = newEnd
    if let newDirection = clip.direction { direction = newDirection }
    queuedClip = nil
    let x = Int64(min(leftover, UInt64(Int64.max)))
    if let newEnd, x >= newEnd {
      position = newEnd
      state = .finished
    } else {
      position = x
    }
    relocate()
  }
}

extension TimelineCore {
  /// The clip a tick switches into at the end, if any.
  var queued: Clip? { queuedClip?.clip }
}

extension TimelineCore {
  /// Plays `clip` from its start (its frames, loop count and direction),
  /// with `next` queued or the queue emptied; all or nothing.
  ///
  /// - Complexity: O(log *m*).
  mutating func play(clip: Clip, then next: Clip?) throws(TimelineError) {
    var copy = self
    let view = try copy.checkedView(of: clip.frames.lowerBound, clip.frames.upperBound)
    let newEnd = try Self.endTime(plays: clip.loops.plays, loopDuration: view.length)
    try copy.queue(next)
    copy.range = view
    copy.plays = clip.loops.plays
    copy.end = newEnd
    if let direction = clip.direction { copy.direction = direction }
    // Entered at its start in the direction of motion, as `range` enters
    // a playing range: `E` moving backward, when finite.
    copy.position = copy.rate < 0 ? newEnd ?? 0 : 0
    copy.carry = 0
    copy.state = .playing
    copy.relocate()
    self = copy
  }
}
