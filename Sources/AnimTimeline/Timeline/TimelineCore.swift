/// The provider-independent state machine behind ``Timeline``.
///
/// Everything here is plain integers and arrays, so a tick compiles to the
/// same code whatever the provider type, without generic specialisation.
/// The cursor caches where the displayed slot begins and ends, and
/// `fastLimit` folds every condition of the common tick into one number, so
/// a tick that stays inside the slot is one addition and one comparison.
@usableFromInline
struct TimelineCore: Sendable {
  /// The displayed slot at the current position, and the absolute time
  /// interval `[start, end)` in which it stays displayed.
  @usableFromInline
  struct Cursor: Hashable, Sendable {
    @usableFromInline var frame: Int
    /// The displayed frame's place in display order (`FrameTable.frame(atPlace:)`).
    @usableFromInline var place: Int
    @usableFromInline var slot: Int64
    @usableFromInline var iteration: Int64
    @usableFromInline var end: Int64
    /// The step to the next place within the iteration: -1 when
    /// `iteration` shows its frames backward (from `direction`), else 1,
    /// so that stepping to the next slot needs no switch.
    @usableFromInline var step: Int8

    var reversed: Bool { step < 0 }

    init(frame: Int, place: Int, slot: Int64, iteration: Int64, end: Int64, reversed: Bool) {
      self.frame = frame
      self.place = place
      self.slot = slot
      self.iteration = iteration
      self.end = end
      self.step = reversed ? -1 : 1
    }
  }

  // The fields a common tick reads come first, so that they share one
  // cache line (`timeline-demo bench many` with 10^6 timelines).

  @usableFromInline var position: Int64 = 0
  /// A tick whose target position is below this needs nothing but the
  /// addition: the timeline is playing, not suspended, not static, at
  /// rate 1, and the target stays in the displayed slot (`cursor.end`),
  /// 0 otherwise. A slot ends after the position, which is never negative,
  /// so a real limit is positive and no target is below 0.
  ///
  /// Derived from `state`, `isSuspended`, `rate` and `cursor`: the
  /// observers of the first three and every write of the cursor (`relocate()`
  /// and the crossings, through `setPlayingLimits(end:)`) refresh it;
  /// `_checkInvariants` checks it.
  @usableFromInline var fastLimit: Int64 = 0
  @usableFromInline var maxStep: Int64
  /// `fastLimit` for a rate other than 1 and -1: `cursor.end` when the
  /// timeline is playing, not suspended, not static and moving forward;
  /// minus the floor of `backwardFloor` (at most -1) when it moves
  /// backward; else 0. A tick whose scaled target stays below it (above
  /// the floor, backward) needs only the scaled addition (`timeline-demo
  /// bench many`, where most rates are not 1). Kept like `fastLimit`.
  @usableFromInline var scaledLimit: Int64 = 0
  /// `fastLimit` moving backward at rate -1: the highest position a tick
  /// may reach and leave the displayed slot, `max(start, 1) - 1` (a tick
  /// to 0 finishes), when the timeline is playing, not suspended, not
  /// static, at rate -1 and not at the end `E` (the first tick back from
  /// `E` reports a loop); else `Int64.max`, which no target exceeds. A
  /// tick whose target stays above it needs only the subtraction
  /// (`timeline-demo bench tick --rate -1`). Kept like `fastLimit`.
  @usableFromInline var backwardFloor: Int64 = .max
  /// The rate in millionths, `|rate| <= Int64.max`; negative moves
  /// backward. Its observer refreshes the fast-path limits.
  @usableFromInline var rate: Int64 { didSet { refreshFastLimit() } }
  @usableFromInline var carry: Int64 = 0

  /// Written only by `relocate()` and the crossings, which refresh the
  /// fast-path limits.
  @usableFromInline var cursor: Cursor
  // The one-byte fields together, in the word the cursor's step begins
  // (`timeline-demo bench many` streams through every timeline's bytes;
  // a timeline stays within 256 bytes, `TimelineLayoutTests`).
  /// Its observer refreshes the fast-path limits.
  var state: PlaybackState = .stopped { didSet { refreshFastLimit() } }
  /// Its observer refreshes the fast-path limits.
  var isSuspended = false { didSet { refreshFastLimit() } }
  /// Read by the inlined backward crossing (`timeline-demo bench tick --rate -1`).
  @usableFromInline var direction: PlaybackDirection
  var policy: SkipPolicy
  let isStatic: Bool
  /// The end `E = plays * L`, or `Int64.max` when the loops are infinite
  /// (see `end`), for the crossing of a tick (`timeline-demo bench tick`).
  @usableFromInline var finalTime: Int64
  /// The total plays, or `nil` when infinite.
  var plays: Int64? {
    get { loopCount.plays }
    set { loopCount = LoopCount(_unchecked: newValue) }
  }
  /// The total plays (eight bytes; `plays` is its optional view).
  var loopCount: LoopCount
  /// The range being played: everything above (`L`, slots, `E`) refers to it.
  @usableFromInline var range: RangeView
  /// The clip a tick switches into at the end, if any.
  var queuedClip: QueuedClip?
  /// The cues, by frame.
  @usableFromInline var cues: CueTable
  /// Which slots the last tick reached, for ``Timeline/cueHits(in:)``;
  /// valid when that tick's events say it reached a cue.
  @usableFromInline var reach: CueReach

  /// The run modes; read by every tick (`activeBits`).
  @usableFromInline var modes: RunModes

  @usableFromInline let table: FrameTable

  /// `E = plays * L`, or `nil` when infinite: `finalTime` for finite loops.
  var end: Int64? {
    get { plays == nil ? nil : finalTime }
    set { finalTime = newValue ?? .max }
  }

  init(table: FrameTable, configuration: TimelineConfiguration, defaultLoops: LoopCount) throws(TimelineError) {
    self.table = table
    self.isStatic = table.isStatic
    self.range = table.wholeView
    self.direction = configuration.direction
    self.rate = configuration.rate.millionths
    self.maxStep = configuration.maxStep.nanoseconds
    self.policy = configuration.policy
    self.modes = configuration.modes
    self.cursor = Cursor(frame: table.staticFrame, place: 0, slot: 0, iteration: 0, end: .max, reversed: false)
    let loops = configuration.loops ?? defaultLoops
    self.loopCount = loops
    self.finalTime = try Self.endTime(plays: loops.plays, loopDuration: table.loopDuration) ?? .max
    self.cues = CueTable()
    self.reach = CueReach()
    relocate()
  }

  /// `plays * L`, checked.
  static func endTime(plays: Int64?, loopDuration: Int64) throws(TimelineError) -> Int64? {
    guard let plays else { return nil }
    let (e, overflow) = plays.multipliedReportingOverflow(by: loopDuration)
    guard !overflow else { throw .loopsTooLong(plays: plays, loopDuration: loopDuration) }
    return e
  }

  // MARK: Derived values

  /// The range's loop duration `L`.
  var loopDuration: Int64 { range.length }

  /// Completed iterations at `t`: `t / L` before the end, `plays` at it.
  func completedIterations(at t: Int64) -> Int64 {
    if isStatic { return 0 }
    if let end, t >= end, let plays { return plays }
    return t / range.length
  }

  /// Where `t` falls: frame, slot, iteration and the slot's interval.
  ///
  /// - Complexity: O(1) when `hint` is the previous or next place, else O(log *m*).
  /// Inlined: a call would pass the whole core by copy (`bench seek`).
  @inline(__always)
  func locate(_ t: Int64, hint: Cursor? = nil) -> Cursor {
    if isStatic {
      return Cursor(frame: table.staticFrame, place: 0, slot: 0, iteration: 0, end: .max, reversed: false)
    }
    let m = Int64(range.placeCount)
    let length = range.length
    let offset = range.offset
    if let end, let plays, t >= end {
      let iteration = plays - 1
      let reversed = direction.isReversed(iteration: iteration)
      let place = reversed ? range.firstPlace : range.lastPlace
      return Cursor(
        frame: table.frame(atPlace: place), place: place, slot: plays * m - 1,
        iteration: iteration, end: .max, reversed: reversed)
    }
    let iteration = t / length
    let base = iteration * length
    let p = t - base
    let starts = table.shownStarts
    if direction.isReversed(iteration: iteration) {
      let guess = hint.map { $0.place == range.firstPlace ? range.lastPlace : $0.place - 1 }
      let place = table.reversedPlace(containing: offset + (length - p), hint: guess)
      let order = Int64(range.lastPlace - place)
      return Cursor(
        frame: table.frame(atPlace: place), place: place, slot: iteration * m + order,
        iteration: iteration,
        end: Self.saturatingAdd(base, length - (starts[place] - offset)), reversed: true)
    } else {
      let guess = hint.map { $0.place == range.lastPlace ? range.firstPlace : $0.place + 1 }
      let place = table.forwardPlace(containing: offset + p, hint: guess)
      return Cursor(
        frame: table.frame(atPlace: place), place: place, slot: iteration * m + Int64(place - range.firstPlace),
        iteration: iteration,
        end: Self.saturatingAdd(base, starts[place + 1] - offset), reversed: false)
    }
  }

  /// Where `cursor`'s slot starts (the cursor keeps only its end: a
  /// crossing writes one field less). For the invariants and the rare
  /// slots that end at `Int64.max`.
  ///
  /// - Complexity: O(1).
  func start(of cursor: Cursor) -> Int64 {
    if isStatic { return 0 }
    if let end, cursor.end == .max, cursor.slot == (plays ?? 0) * Int64(range.placeCount) - 1 {
      // The last slot of a finite timeline, at or after the end.
      let length = table.shownStarts[cursor.place + 1] - table.shownStarts[cursor.place]
      return end - length
    }
    let base = cursor.iteration * range.length  // at most the position
    let starts = table.shownStarts
    let local = cursor.reversed
      ? range.length - (starts[cursor.place + 1] - range.offset)
      : starts[cursor.place] - range.offset
    return base + local
  }

  @usableFromInline
  static func saturatingAdd(_ a: Int64, _ b: Int64) -> Int64 {
    let (sum, overflow) = a.addingReportingOverflow(b)
    return overflow ? .max : sum
  }

  /// Recomputes the cursor after the position or the configuration changed.
  mutating func relocate() {
    cursor = locate(position)
    refreshFastLimit()
    _checkInvariants()
  }

  /// The values `fastLimit`, `scaledLimit` and `backwardFloor` must have.
  var expectedLimits: (fast: Int64, scaled: Int64, backward: Int64) {
    guard state == .playing, !isSuspended, !isStatic else { return (0, 0, .max) }
    // At `E` (only section 9 leaves a timeline playing there), every tick
    // takes the full path: forward it finishes or switches, backward it
    // reports the loop it leaves.
    if let end, position >= end { return (0, 0, .max) }
    if rate < 0 {
      // The floor, `max(start, 1) - 1`: in `backwardFloor` at rate -1, else
      // negated in `scaledLimit` (-1 for a floor of 0, so that 0 stays "off").
      let floor = Swift.max(start(of: cursor), 1) - 1
      return rate == -1_000_000 ? (0, 0, floor) : (0, Swift.min(0 &- floor, -1), .max)
    }
    return rate == 1_000_000 ? (cursor.end, 0, .max) : (0, cursor.end, .max)
  }

  mutating func refreshFastLimit() {
    (fastLimit, scaledLimit, backwardFloor) = expectedLimits
  }

  /// Sets the limits for a playing, active timeline whose displayed slot
  /// ends at `end`.
  @inlinable @inline(__always)
  mutating func setPlayingLimits(end: Int64) {
    if rate == 1_000_000 {
      fastLimit = end
    } else {
      scaledLimit = end
    }
  }

  /// The display slot after `cursor` (which must not be the last of a
  /// finite timeline, nor end at `Int64.max`): the next place in display
  /// order, or the first place of the next iteration.
  ///
  /// - Complexity: O(1).
  @inline(__always)
  func successor(of cursor: Cursor) -> Cursor {
    let (place, step, wraps) = nextPlace(after: cursor)
    let length = table.shownStarts[place + 1] - table.shownStarts[place]
    return Cursor(
      frame: table.frame(atPlace: place), place: place, slot: cursor.slot + 1,
      iteration: wraps ? cursor.iteration + 1 : cursor.iteration,
      end: Self.saturatingAdd(cursor.end, length), reversed: step < 0)
  }

  /// The place shown before `cursor`'s: `nextPlace(after:)` run backward.
  /// The previous one of its iteration against the cursor's step, or,
  /// when that leaves the range's places (`wraps`), the last one of the
  /// previous iteration, whose step the alternating directions flip.
  ///
  /// Inlined into the backward crossing: `timeline-demo bench tick --rate -1`.
  ///
  /// - Complexity: O(1).
  @inlinable @inline(__always)
  func previousPlace(before cursor: Cursor) -> (place: Int, step: Int8, wraps: Bool) {
    let place = cursor.place &- Int(cursor.step)
    if range.contains(place: place) {
      return (place, cursor.step, false)
    }
    let alternates = direction == .alternate || direction == .alternateReverse
    let step = alternates ? 0 &- cursor.step : cursor.step
    return (step > 0 ? range.lastPlace : range.firstPlace, step, true)
  }

  /// The place shown after `cursor`'s: the next one of its iteration in
  /// the cursor's step, or, when that leaves the range's places (`wraps`), the first
  /// one of the next iteration, whose step the alternating directions flip.
  ///
  /// - Complexity: O(1): no division, no switch.
  @inline(__always)
  func nextPlace(after cursor: Cursor) -> (place: Int, step: Int8, wraps: Bool) {
    // `cursor.place` is in the range and `step` is 1 or -1, so this cannot
    // overflow.
    let place = cursor.place &+ Int(cursor.step)
    if range.contains(place: place) {
      return (place, cursor.step, false)
    }
    let alternates = direction == .alternate || direction == .alternateReverse
    let step = alternates ? 0 &- cursor.step : cursor.step
    return (step > 0 ? range.firstPlace : range.lastPlace, step, true)
  }
}
