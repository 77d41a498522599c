import AnimTimeline

/// An independent, deliberately naive model of the timeline spec
/// (Shared spec `timeline.md`, sections 2 to 6, 8 and 9), used as the oracle
/// of the differential tests.
///
/// It shares no code with the engine: it keeps only the frame durations and
/// recomputes boundaries, displayed frames, slots and iterations from
/// scratch, by linear scans, every time it is asked, in `Int128` so that no
/// intermediate value can overflow. It borrows only the engine's public
/// vocabulary types (`PlaybackState`, `PlaybackDirection`, `SkipPolicy`,
/// `TimelineEvent`) to describe its answers; section 8's events have the
/// model's own type, ``ModelEvent``.
///
/// Section 8: the timeline plays a range `[rangeFirst, rangeLast]` of the
/// provider's frames (initially all of them); boundaries, `L`, `m`, slots,
/// `start(s)`, `E` and the loop count refer to the range (``segment``),
/// frame numbers stay the provider's, and ``isStatic`` stays a property of
/// the provider.
///
/// Section 9: the rate may be negative (``isBackward``): a tick then moves
/// the position down by `A` (``tickEvents(_:mode:)``), finishes at 0 even
/// with infinite loops, never switches to the queued range, reports the
/// slots it enters going down as reached (each at its end), and `loop`
/// whenever the completed iterations change; `seek`, `seek-frame`, `play`,
/// `loops` and `range` follow section 9.3 (the end in the direction of
/// motion is 0); `rate` and `reverse` change neither the state nor `T`.
struct ReferenceTimeline: CustomStringConvertible {
  /// Why the model rejects a command (the engine must throw for these).
  enum Rejection: Error, Equatable {
    case negativeTime
    /// A frame index outside the provider (`cue`), or outside the current
    /// range (`seek-frame`).
    case frameOutOfRange
    case frameNotDisplayed
    case iterationOutOfRange
    case loopsTooLong
    /// `seek-frame` whose start time `i*L + offset` exceeds `Int64.max`
    /// (infinite loops, huge `i`).
    case seekOverflow
    /// `range` or `then` (any form) on a static timeline.
    case staticTimeline
    /// `range A B` or `then A B ...` with `A > B`.
    case rangeReversed
    /// `range A B` or `then A B ...` with `B >= n` (or `A < 0`).
    case rangeOutOfBounds
    /// A range with no frame of `d > 0`.
    case rangeNotDisplayed
    /// A loop count below 1 (`then ... K`, `loops K`, the initial count):
    /// section 3, `k >= 1`.
    case loopsNotPositive
    /// `max-step 0` (section 3: a duration `> 0`, or none).
    case maxStepNotPositive
    /// `cue` with an empty name (section 8.3: a name is a word; the API
    /// can pass an empty one, no script line can).
    case emptyCueName
    /// A rate of `Int64.min` millionths (section 9.1: `|R| <= Int64.max`).
    case rateOutOfRange
  }

  /// Where a position falls: displayed frame, display slot, iteration.
  struct Place: Equatable {
    var frame: Int
    var slot: Int128
    var iteration: Int128
  }

  /// The provider's durations (all `n` frames).
  let durations: [Int64]
  /// The current range `[rangeFirst, rangeLast]` (section 8.1).
  private(set) var rangeFirst: Int
  private(set) var rangeLast: Int
  /// Total plays, or `nil` for infinite.
  private(set) var loops: Int64?
  var direction: PlaybackDirection
  /// Rate in millionths; negative moves backward (section 9), never
  /// `Int64.min`.
  private(set) var rate: Int64
  /// Max-step in ns, or `nil` for none.
  var maxStep: Int64?
  var policy: SkipPolicy
  var modes: [String]

  private(set) var position: Int64 = 0
  private(set) var carry: Int64 = 0
  private(set) var state: PlaybackState = .stopped
  private(set) var suspended = false

  /// The queued range, if any (section 8.2).
  private(set) var queued: QueuedRange?
  /// The cues (section 8.3).
  private(set) var cues: Set<Cue> = []

  init(
    durations: [Int64], loops: Int64?, direction: PlaybackDirection = .forward, rate: Int64 = 1_000_000,
    maxStep: Int64? = 1_000_000_000, policy: SkipPolicy = .skip, modes: [String] = ["default"]
  ) throws(Rejection) {
    self.durations = durations
    self.isStatic = durations.filter { $0 > 0 }.count <= 1
    self.rangeFirst = 0
    self.rangeLast = durations.count - 1
    self.direction = direction
    self.rate = rate
    self.maxStep = maxStep
    self.policy = policy
    self.modes = modes
    self.loops = nil
    if let maxStep, maxStep <= 0 { throw .maxStepNotPositive }
    if rate == .min { throw .rateOutOfRange }
    if let loops, loops < 1 { throw .loopsNotPositive }
    guard Self.fits(loops, loopDuration: Self.sum(durations)) else { throw .loopsTooLong }
    self.loops = loops
  }

  var description: String {
    var text = "model(T=\(position), state=\(state), rate=\(rate), carry=\(carry), suspended=\(suspended), "
      + "loops=\(loops.map(String.init) ?? "inf"), range=\(rangeFirst)...\(rangeLast)"
    if let queued {
      text += ", queued=\(queued.first)...\(queued.last) loops=\(queued.loops.map(String.init) ?? "inf")"
        + " direction=\(queued.direction.map { "\($0)" } ?? "-")"
    }
    if !cues.isEmpty {
      text += ", cues=" + cues.sorted(by: Cue.precedes).map(\.description).joined(separator: ",")
    }
    return text + ")"
  }

  // MARK: Section 2: frames

  static func sum(_ values: some Sequence<Int64>) -> Int128 {
    var total: Int128 = 0
    for value in values { total += Int128(value) }
    return total
  }

  static func fits(_ loops: Int64?, loopDuration: Int128) -> Bool {
    guard let loops else { return true }
    return Int128(loops) * loopDuration <= Int128(Int64.max)
  }

  /// The current range `[A, B]`.
  var range: ClosedRange<Int> { rangeFirst...rangeLast }

  /// The current range with the current loop count and direction.
  var segment: Segment {
    Segment(durations: durations, first: rangeFirst, last: rangeLast, loops: loops, direction: direction)
  }

  /// `b[j]` of the range: the sum of `d[A..<j]` (`j` clamped to `A...B+1`).
  /// With the whole provider as the range, `d[0..<j]`.
  func boundary(_ j: Int) -> Int128 { segment.boundary(j) }

  /// `L` of the range.
  var loopDuration: Int128 { segment.loopDuration }

  /// The range's frames with `d > 0`, in index order.
  var displayedFrames: [Int] { segment.displayedFrames }

  /// `m` of the range.
  var m: Int128 { segment.m }

  /// Static: a property of the provider (all its frames: `m <= 1`),
  /// found once, since the durations never change.
  let isStatic: Bool

  /// `E = k * L` of the range, or `nil` for infinite loops.
  var end: Int128? { segment.end }

  // MARK: Section 4: position and displayed frame

  func isReversed(iteration i: Int128) -> Bool { segment.isReversed(iteration: i) }

  /// The place at time `t` (`0 <= t <= E`), computed from scratch.
  func place(at t: Int128) -> Place {
    if isStatic { return Place(frame: durations.firstIndex { $0 > 0 } ?? 0, slot: 0, iteration: 0) }
    return segment.place(at: t)
  }

  /// `start(s)`: the time at which display slot `s` begins.
  func start(ofSlot s: Int128) -> Int128 { segment.start(ofSlot: s) }

  /// Completed iterations: `T / L` before the end, `k` at it.
  func completed(at t: Int128) -> Int128 { segment.completed(at: t) }

  var current: Place { place(at: Int128(position)) }

  // MARK: Section 5: commands (with section 9.3)

  /// Whether the rate moves the timeline backward (section 9.1: a rate of
  /// 0 counts as forward).
  var isBackward: Bool { rate < 0 }

  /// Whether `t` is the end in the direction of motion (section 9.1): `E`
  /// moving forward (only when finite), 0 moving backward; a static
  /// timeline has no end.
  func isEndOfMotion(_ t: Int64) -> Bool {
    if isStatic { return false }
    if isBackward { return t == 0 }
    return end == Int128(t)
  }

  /// `play` (sections 5 and 9.3): from stopped, paused or finished, moving
  /// backward at `T == 0` with finite loops, `T = E` and `carry = 0`;
  /// moving forward from finished, `T = 0`; otherwise `T` stays. Leaving
  /// finished drops the carry. A static timeline only starts playing;
  /// `play` while playing changes nothing.
  mutating func play() {
    guard state != .playing else { return }
    if !isStatic {
      if isBackward, position == 0, let end {
        position = Int64(end)
        carry = 0
      } else if !isBackward, state == .finished {
        position = 0
      }
    }
    if state == .finished { carry = 0 }
    state = .playing
  }

  mutating func pause() {
    if state == .playing || state == .stopped { state = .paused }
  }

  mutating func stop() {
    state = .stopped
    position = 0
    carry = 0
  }

  /// `seek t` (sections 5 and 9.3): `T = min(t, E)`; finished (with an
  /// event, if it was not) when `T` is the end in the direction of motion,
  /// else stopped or finished become paused.
  mutating func seek(to t: Int64) throws(Rejection) -> [TimelineEvent] {
    guard t >= 0 else { throw .negativeTime }
    carry = 0
    if isStatic {
      position = 0
    } else if let end {
      position = Int64(min(Int128(t), end))
    } else {
      position = t
    }
    if isEndOfMotion(position) {
      let wasFinished = state == .finished
      state = .finished
      return wasFinished ? [] : [.finished]
    }
    if state == .stopped || state == .finished { state = .paused }
    return []
  }

  /// `seek-frame j i`: `j` must lie in the range and have `d > 0`.
  mutating func seek(toFrame j: Int, iteration i: Int64) throws(Rejection) -> [TimelineEvent] {
    guard range.contains(j) else { throw .frameOutOfRange }
    guard durations[j] > 0 else { throw .frameNotDisplayed }
    guard i >= 0, loops.map({ i < $0 }) ?? true else { throw .iterationOutOfRange }
    if isStatic { return try seek(to: 0) }
    let length = loopDuration
    let offset = isReversed(iteration: Int128(i)) ? length - boundary(j + 1) : boundary(j)
    let t = Int128(i) * length + offset
    guard t <= Int128(Int64.max) else { throw .seekOverflow }
    return try seek(to: Int64(t))
  }

  /// `loops k` (sections 5 and 9.3): playing or paused, `T >= E` becomes
  /// `E`, and finished (with an event) only moving forward; finished, `T =
  /// min(T, E)`, and paused unless `T` is then the end in the direction of
  /// motion; stopped, no change.
  mutating func setLoops(_ k: Int64?) throws(Rejection) -> [TimelineEvent] {
    if let k, k < 1 { throw .loopsNotPositive }
    guard Self.fits(k, loopDuration: loopDuration) else { throw .loopsTooLong }
    loops = k
    guard !isStatic else { return [] }
    switch state {
    case .playing, .paused:
      if let end, Int128(position) >= end {
        position = Int64(end)
        // Moving backward, E is where playing back starts: no finish.
        if !isBackward {
          state = .finished
          return [.finished]
        }
      }
    case .finished:
      if let end { position = Int64(min(Int128(position), end)) }
      if !isEndOfMotion(position) { state = .paused }
    case .stopped:
      break
    }
    return []
  }

  /// `max-step D|none`: `D > 0` (section 3), `nil` for none.
  mutating func setMaxStep(_ nanoseconds: Int64?) throws(Rejection) {
    if let nanoseconds, nanoseconds <= 0 { throw .maxStepNotPositive }
    maxStep = nanoseconds
  }

  /// `rate R`: any `R` but `Int64.min` (section 9.1); `carry = 0`, the
  /// state and `T` stay (section 9.3).
  mutating func setRate(_ millionths: Int64) throws(Rejection) {
    guard millionths != .min else { throw .rateOutOfRange }
    rate = millionths
    carry = 0
  }

  /// `reverse` (section 9.1): `R = -R` (0 stays 0) and `carry = 0`, like a
  /// `rate` line; nothing else changes.
  mutating func reverse() {
    rate = -rate
    carry = 0
  }

  // MARK: Section 8: ranges, the queue, cues

  /// Checks a range `[a, b]` for `range` or `then` (section 8.1, 8.2):
  /// not static, `a <= b`, `0 <= a`, `b < n`, a frame of `d > 0` in it.
  func validateRange(_ a: Int, _ b: Int) throws(Rejection) {
    guard !isStatic else { throw .staticTimeline }
    guard a <= b else { throw .rangeReversed }
    guard a >= 0, b < durations.count else { throw .rangeOutOfBounds }
    guard durations[a...b].contains(where: { $0 > 0 }) else { throw .rangeNotDisplayed }
  }

  /// `range a b`: `T = 0`, `carry = 0`, finished becomes stopped; the loop
  /// count, direction, rate, queue and cues stay. Section 9.3: moving
  /// backward with finite loops, a playing or paused timeline enters the
  /// new range at its `E` instead.
  mutating func setRange(_ a: Int, _ b: Int) throws(Rejection) {
    try validateRange(a, b)
    guard Self.fits(loops, loopDuration: Self.sum(durations[a...b])) else { throw .loopsTooLong }
    rangeFirst = a
    rangeLast = b
    position = 0
    if isBackward, state == .playing || state == .paused, let end { position = Int64(end) }
    carry = 0
    if state == .finished { state = .stopped }
  }

  /// `range all`.
  mutating func setRangeAll() throws(Rejection) {
    try setRange(0, durations.count - 1)
  }

  /// `then a b K|inf [direction]`: replaces the queue. `loops` `nil` is
  /// infinite; the current loop count plays no part.
  mutating func queue(_ a: Int, _ b: Int, loops k: Int64?, direction: PlaybackDirection? = nil) throws(Rejection) {
    try validateRange(a, b)
    if let k, k < 1 { throw .loopsNotPositive }
    guard Self.fits(k, loopDuration: Self.sum(durations[a...b])) else { throw .loopsTooLong }
    queued = QueuedRange(first: a, last: b, loops: k, direction: direction)
  }

  /// `then all K|inf [direction]`.
  mutating func queueAll(loops k: Int64?, direction: PlaybackDirection? = nil) throws(Rejection) {
    try queue(0, durations.count - 1, loops: k, direction: direction)
  }

  /// The queued range as the segment it would play (its own loop count,
  /// its direction or the current one), if a range is queued.
  var queuedSegment: Segment? {
    queued.map {
      Segment(durations: durations, first: $0.first, last: $0.last, loops: $0.loops, direction: $0.direction ?? direction)
    }
  }

  /// `then none` (invalid on a static timeline, like every `then`).
  mutating func clearQueue() throws(Rejection) {
    guard !isStatic else { throw .staticTimeline }
    queued = nil
  }

  /// `cue NAME J`: `J` a provider frame with `d > 0` (in the range or not).
  /// Names are bytes, not empty; checking that they are UTF-8 is the
  /// parser's job.
  mutating func cue(name: [UInt8], frame j: Int) throws(Rejection) {
    guard !name.isEmpty else { throw .emptyCueName }
    guard durations.indices.contains(j) else { throw .frameOutOfRange }
    guard durations[j] > 0 else { throw .frameNotDisplayed }
    cues.insert(Cue(name: name, frame: j))
  }

  /// `uncue NAME`: removes the name from every frame.
  mutating func uncue(name: [UInt8]) {
    cues = cues.filter { $0.name != name }
  }

  // MARK: Section 6: ticks

  func isActive(in mode: String) -> Bool {
    if modes.contains(mode) { return true }
    return modes.contains("common") && (mode == "default" || mode == "tracking")
  }

  /// A tick in the vocabulary of sections 2 to 7 (``tickEvents(_:mode:)``
  /// without its `cue` events). A tick that switches to a queued range has
  /// no such description, so it must not happen here.
  mutating func tick(_ d: Int64, mode: String = "default") throws(Rejection) -> [TimelineEvent] {
    let events = try tickEvents(d, mode: mode)
    precondition(!events.contains { if case .range = $0 { true } else { false } },
                 "reference model: a switching tick has no [TimelineEvent] form; use tickEvents")
    return events.compactMap(\.timelineEvent)
  }

  /// `tick d [mode]` (sections 6, 8 and 9.2): the events in the spec's order.
  mutating func tickEvents(_ d: Int64, mode: String = "default") throws(Rejection) -> [ModelEvent] {
    guard d >= 0 else { throw .negativeTime }
    // Steps 1-2.
    guard isActive(in: mode) else {
      if suspended { return [] }
      suspended = true
      return [.suspended]
    }
    // Step 3.
    var events: [ModelEvent] = []
    if suspended {
      suspended = false
      events.append(.resumed)
    }
    guard state == .playing, !isStatic else { return events }
    let clamped = maxStep.map { min(d, $0) } ?? d
    // Section 9.2: from `Dc * |R|` whatever the sign (exact: both factors
    // are at most Int64.max).
    let magnitude = rate < 0 ? -Int128(rate) : Int128(rate)
    let scaled = Int128(clamped) * magnitude + Int128(carry)
    let advance = scaled / 1_000_000
    carry = Int64(scaled % 1_000_000)
    if advance == 0 { return events }
    if isBackward { return events + tickBackward(by: advance) }

    // Step 4.
    let old = segment
    let t = Int128(position)
    var next = t + advance
    let before = old.place(at: t)
    // Only a finite timeline uses the queue (section 8.2).
    let queue = old.end == nil ? nil : queued
    if policy == .noSkip {
      let probeSlot: Int128
      if let end = old.end, next >= end {
        // With a range queued, T' >= E counts as slot k*m, start(k*m) = E.
        probeSlot = queue != nil ? Int128(old.loops!) * old.m : old.place(at: end).slot
      } else {
        probeSlot = old.place(at: next).slot
      }
      if probeSlot > before.slot + 1 {
        next = old.start(ofSlot: before.slot + 2) - 1
      }
    }

    // Step 5.
    if let end = old.end, next >= end, let queue {
      return events + switchRange(to: queue, from: old, at: t, advance: advance, before: before, end: end)
    }
    let finished = land(at: &next, in: old)

    // Step 6.
    let after = old.place(at: next)
    if after.frame != before.frame {
      events.append(.frame(from: before.frame, to: after.frame, slots: Self.saturated(after.slot - before.slot)))
    }
    if !cues.isEmpty { events += cueEvents([old.reached(from: t + 1, through: next)]) }
    let completedBefore = old.completed(at: t)
    let completedAfter = old.completed(at: next)
    if completedAfter > completedBefore {
      events.append(.loop(completed: Int64(completedAfter)))
    }
    if finished { events.append(.finished) }
    return events
  }

  /// Steps 4 to 6 of a tick moving backward (section 9.2) by `advance > 0`
  /// (which may exceed `Int64.max`): `T' = T - A`, noskip at most one new
  /// slot down (`T' = start(s - 1)`); at or below 0, `T' = 0` and finished,
  /// even with infinite loops; never a switch. Then `frame` (negative
  /// `slots`), the cues of the slots entered going down, `loop` when the
  /// completed iterations changed, `finished`.
  private mutating func tickBackward(by advance: Int128) -> [ModelEvent] {
    let segment = segment
    let t = Int128(position)
    let before = segment.place(at: t)
    // Step 4.
    var next = t - advance
    if policy == .noSkip, segment.place(at: max(next, 0)).slot < before.slot - 1 {
      next = segment.start(ofSlot: before.slot - 1)
    }
    // Step 5: 0 is the end moving backward; the queue plays no part.
    var finished = false
    if next <= 0 {
      next = 0
      state = .finished
      finished = true
    }
    position = Int64(next)

    // Step 6.
    var events: [ModelEvent] = []
    let after = segment.place(at: next)
    if after.frame != before.frame {
      // |slots| <= T: every slot lasts at least 1 ns.
      events.append(.frame(from: before.frame, to: after.frame, slots: Int64(after.slot - before.slot)))
    }
    if !cues.isEmpty { events += cueEvents([segment.reachedBackward(from: t, downTo: next)], backward: true) }
    let completedBefore = segment.completed(at: t)
    let completedAfter = segment.completed(at: next)
    if completedAfter != completedBefore {
      events.append(.loop(completed: Int64(completedAfter)))
    }
    if finished { events.append(.finished) }
    return events
  }

  /// Step 5's landing at `next` in `segment`: at or past the end of a
  /// finite range, the end, finished; with infinite loops, at most
  /// `Int64.max`. Sets the position; returns whether the timeline finished.
  private mutating func land(at next: inout Int128, in segment: Segment) -> Bool {
    var finished = false
    if let end = segment.end {
      if next >= end {
        next = end
        state = .finished
        finished = true
      }
    } else {
      next = min(next, Int128(Int64.max))
    }
    position = Int64(next)
    return finished
  }

  /// Step 5 of a tick that takes a finite range (`old`, position `t`,
  /// place `before`) to its end `end` with `queue` set: the switch of
  /// section 8.2, and its events after `suspended`/`resumed`.
  private mutating func switchRange(
    to queue: QueuedRange, from old: Segment, at t: Int128, advance: Int128, before: Place, end: Int128
  ) -> [ModelEvent] {
    // The leftover: exact (unsaturated) under skip, none under noskip.
    let leftover = policy == .skip ? t + advance - end : 0
    rangeFirst = queue.first
    rangeLast = queue.last
    loops = queue.loops
    if let newDirection = queue.direction { direction = newDirection }
    queued = nil
    // `carry` is kept.
    let new = segment
    var next = leftover
    let finished = land(at: &next, in: new)

    var events: [ModelEvent] = []
    let after = new.place(at: next)
    if after.frame != before.frame {
      let k = Int128(old.loops!)
      let slots = (k * old.m - 1 - before.slot) + 1 + after.slot
      events.append(.frame(from: before.frame, to: after.frame, slots: Self.saturated(slots)))
    }
    if !cues.isEmpty {
      // The old range's slots with T0 < start(s) < E, then the new range's
      // with 0 <= start(s) <= T.
      events += cueEvents([old.reached(from: t + 1, through: end - 1), new.reached(from: 0, through: next)])
    }
    events.append(.loop(completed: old.loops!))
    events.append(.range(from: queue.first, to: queue.last))
    let completedAfter = new.completed(at: next)
    if completedAfter > 0 { events.append(.loop(completed: Int64(completedAfter))) }
    if finished { events.append(.finished) }
    return events
  }
}
