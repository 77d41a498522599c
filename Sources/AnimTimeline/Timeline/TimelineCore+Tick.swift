extension TimelineCore {
  /// Advances by `nanoseconds` of clock time, if active; see ``Timeline/tick(by:mode:)``.
  ///
  /// Inlined so that the common tick (playing at rate 1, staying inside the
  /// displayed slot) costs a few instructions in the caller's loop: see
  /// `timeline-demo bench tick` under callgrind in Docs/Performance.md.
  @inlinable @inline(__always)
  mutating func tick(nanoseconds: Int64, active: Bool) throws(TimelineError) -> TickEvents {
    // One unsigned comparison checks `0 <= nanoseconds <= maxStep` (a
    // negative count is above `Int64.max` as a UInt64); a longer tick, cut
    // to `maxStep`, takes the full path. Both terms of the sum are in
    // `0...Int64.max`, so it cannot overflow a UInt64, and comparing it
    // unsigned with `fastLimit` (0 when the fast path is off) needs no
    // overflow check: `timeline-demo bench tick` under callgrind.
    if active, UInt64(bitPattern: nanoseconds) <= UInt64(bitPattern: maxStep) {
      let target = UInt64(bitPattern: position) &+ UInt64(bitPattern: nanoseconds)
      if target < UInt64(bitPattern: fastLimit) {
        position = Int64(bitPattern: target)
        return TickEvents()
      }
      // Moving backward at rate -1: the advance is the tick itself and the
      // carry stays 0, as for `fastLimit` forward. Staying in the displayed
      // slot is a subtraction and one comparison with `backwardFloor`,
      // whose "off" value, `Int64.max`, no position minus a tick of at
      // most `maxStep` exceeds; the subtraction cannot overflow (both
      // terms are not negative). Before the forward crossing, so that the
      // backward tick pays no forward check but the first: `timeline-demo
      // bench tick --rate -1` (Docs/Performance.md).
      let below = position &- nanoseconds
      if below > backwardFloor {
        position = below
        return TickEvents()
      }
      if backwardFloor != .max {
        // `below <= backwardFloor`: into the slot before, when there is one.
        // Further moves (rare) take the full path, which tries this crossing
        // again: calling `moveBackward` here instead cost the forward tick
        // 0.5 instructions (`bench tick --rate 1`: 28.3 against 27.8).
        if let events = crossOneSlotBackward(to: below, floor: backwardFloor, atUnitRate: true) { return events }
        return try tickInFull(nanoseconds: nanoseconds, active: active)
      }
      if fastLimit != 0, target <= UInt64(Int64.max) {
        // The same simple state, leaving the displayed slot: usually for
        // the next one of the same iteration.
        if let events = crossOneSlot(to: Int64(bitPattern: target)) { return events }
        return crossSlotsBeyondNext(to: Int64(bitPattern: target), exactTarget: target)
      }
      if scaledLimit > 0 {
        // The same at a rate other than 1, moving forward, when
        // `nanoseconds * rate + carry` fits in 64 bits (tickInFull does the
        // rest, from the start): `timeline-demo bench many`. The quotient
        // is below 2^64 / 10^6, so adding it to the position cannot
        // overflow a UInt64.
        if let (quotient, remainder) = Self.scaledIn64Bits(nanoseconds, rate: UInt64(bitPattern: rate), carry: carry) {
          let scaledTarget = UInt64(bitPattern: position) &+ quotient
          if scaledTarget < UInt64(bitPattern: scaledLimit) {
            position = Int64(bitPattern: scaledTarget)
            carry = Int64(bitPattern: remainder)
            return TickEvents()
          }
        }
      } else if scaledLimit < 0 {
        // Moving backward at a rate other than -1, staying in the displayed
        // slot: the floor is stored negated (`bench tick --rate -0.5`: 80
        // instructions a tick with this, 265 without). Crossings take the
        // full path. The quotient is below 2^64 / 10^6 and the position not
        // negative: the subtraction cannot overflow.
        if let (quotient, remainder) = Self.scaledIn64Bits(nanoseconds, rate: UInt64(bitPattern: 0 &- rate), carry: carry) {
          let scaledTarget = position &- Int64(bitPattern: quotient)
          if scaledTarget > 0 &- scaledLimit {
            position = scaledTarget
            carry = Int64(bitPattern: remainder)
            return TickEvents()
          }
        }
      }
    }
    return try tickInFull(nanoseconds: nanoseconds, active: active)
  }

  /// Every rule of a tick (Docs/ScriptFormat.md, section 6), for the cases the fast path
  /// does not cover.
  ///
  /// - Complexity: O(1) when the tick moves a few slots; O(log *m*) when it
  ///   jumps further.
  @usableFromInline
  mutating func tickInFull(nanoseconds: Int64, active: Bool) throws(TimelineError) -> TickEvents {
    guard nanoseconds >= 0 else { throw .invalidTime("tick of \(nanoseconds) ns is negative") }
    var events = TickEvents()
    guard active else {
      if !isSuspended {
        isSuspended = true
        events.kinds = TickEvents.suspendedKind
      }
      return events
    }
    if isSuspended {
      isSuspended = false
      events.kinds = TickEvents.resumedKind
    }
    guard state == .playing, !isStatic else { return events }
    let clamped = min(nanoseconds, maxStep)
    // Step 3 on the rate's magnitude: how far the tick moves, in the
    // direction of motion.
    let advance = rate == 1_000_000 ? UInt64(clamped) : scaledAdvance(clamped)
    guard advance != 0 else { return events }
    var crossed: TickEvents
    if rate < 0 {
      crossed = crossSlotsBackward(by: advance)
    } else {
      // The exact target, which a switch into the queued clip needs (its
      // leftover time); saturated at UInt64.max, where any leftover exceeds
      // every position.
      let (sum, overflow) = UInt64(position).addingReportingOverflow(advance)
      let exactTarget = overflow ? .max : sum
      let target = Int64(min(exactTarget, UInt64(Int64.max)))
      // At `E` (playing there only after moving backward), the slot is the
      // last one and its `end` saturated: the crossing finishes or switches.
      if target < cursor.end, end.map({ position < $0 }) ?? true {
        position = target
        return events
      }
      crossed = crossOneSlot(to: target) ?? crossSlotsBeyondNext(to: target, exactTarget: exactTarget)
    }
    crossed.kinds |= events.kinds
    return crossed
  }

  /// `(clamped * |rate| + carry) / 1_000_000`, keeping the remainder in
  /// `carry`; saturates at `UInt64.max`.
  mutating func scaledAdvance(_ clamped: Int64) -> UInt64 {
    // Usually the product fits in 64 bits, where dividing by the constant
    // is a multiply and a shift; the full-width path is exact for the rest.
    if let (quotient, remainder) = Self.scaledIn64Bits(clamped, rate: rate.magnitude, carry: carry) {
      carry = Int64(bitPattern: remainder)
      return quotient
    }
    let total = WideProduct(UInt64(clamped), times: rate.magnitude, plus: UInt64(carry))
    let (quotient, remainder) = total.quotientAndRemainder(dividingBy: 1_000_000)
    carry = Int64(remainder)
    return quotient
  }

  /// `(nanoseconds * rate + carry)` divided by 10^6 (quotient and
  /// remainder), for a rate magnitude and the others not negative, or
  /// `nil` when the sum does not fit in 64 bits. Shared by the inlined
  /// tick and `scaledAdvance`.
  @inlinable @inline(__always)
  static func scaledIn64Bits(_ nanoseconds: Int64, rate: UInt64, carry: Int64) -> (UInt64, UInt64)? {
    let (product, o1) = UInt64(bitPattern: nanoseconds).multipliedReportingOverflow(by: rate)
    let (sum, o2) = product.addingReportingOverflow(UInt64(bitPattern: carry))
    guard !o1, !o2 else { return nil }
    return sum.quotientAndRemainder(dividingBy: 1_000_000)
  }

  /// The common crossing: a playing timeline whose target lies in the next
  /// slot of the same iteration (not the last slot); `nil` otherwise, with
  /// nothing changed.
  ///
  /// Inlined into the tick, so that a crossing makes no call (the
  /// `TickEvents` stay in registers): `timeline-demo bench tick`.
  @inlinable @inline(__always)
  mutating func crossOneSlot(to target: Int64) -> TickEvents? {
    let old = cursor
    // A slot that ends before the end time (`Int64.max` with infinite
    // loops) has a successor, which ends no later than the end time, so
    // the timeline stays playing.
    guard old.end < finalTime else { return nil }
    let place = old.place &+ Int(old.step)  // in the table: `step` is 1 or -1
    guard range.contains(place: place), let frame = enterSlot(after: old, place: place, target: target) else {
      return nil
    }
    #if ANIMTIMELINE_INTERNAL_CHECKS
    _checkInvariants()
    #endif
    // Places within an iteration show different frames; the iteration, so
    // the completed count, stays.
    var events = TickEvents()
    events.recordFrame(from: old.frame, to: frame, slots: 1)
    // One slot on reaches just the new slot, as from any position of the
    // old one: from just before the new slot, say.
    if cues.marks(place: place) { recordSingleReach(events: &events) }
    return events
  }

  /// The rest of a crossing of a playing timeline, once `crossOneSlot`
  /// has declined it: the target leaves the displayed slot, for the first
  /// slot of the next iteration or further.
  ///
  /// Steps slot by slot for short moves (no division, no search) and
  /// locates the target directly for long ones.
  @usableFromInline
  mutating func crossSlotsBeyondNext(to target: Int64, exactTarget: UInt64) -> TickEvents {
    let old = cursor
    if old.end < finalTime {
      let (place, step, wraps) = nextPlace(after: old)
      if wraps, let frame = enterSlot(after: old, place: place, target: target) {
        // The first place of the next iteration (below the end's
        // iteration, so the count cannot overflow).
        let iteration = old.iteration &+ 1
        cursor.iteration = iteration
        cursor.step = step
        _checkInvariants()
        var events = TickEvents()
        if frame != old.frame {
          events.recordFrame(from: old.frame, to: frame, slots: 1)
        }
        if cues.marks(place: place) { recordSingleReach(events: &events) }
        // Playing means `T < E`, where completed iterations equal the iteration.
        events.recordLoop(completed: iteration)
        return events
      }
    }
    return crossSlotsSlow(to: target, exactTarget: exactTarget)
  }

  /// Notes that a one-slot crossing reached the displayed slot, whose
  /// frame carries a cue.
  @usableFromInline
  mutating func recordSingleReach(events: inout TickEvents) {
    reach.single = true
    events.kinds |= TickEvents.cueKind
  }

  /// Notes that the tick reached slots from position `from` in the slot
  /// `before` (and from the range `previous`, if it switched), so that
  /// ``Timeline/cueHits(in:)`` can count them.
  mutating func recordReach(from: Int64, before: Cursor, events: inout TickEvents, previous: QueuedClip?) {
    reach = CueReach(from: from, fromPlace: Int32(truncatingIfNeeded: before.place), previous: previous, fromStep: before.step)
    events.kinds |= TickEvents.cueKind
  }

  /// When `target` is in the slot after `old` (not the last slot of a
  /// finite timeline), at place `place` (in the range): moves the cursor
  /// there, but for its iteration and step, and the position to `target`,
  /// and returns the slot's frame. Otherwise changes nothing and returns
  /// `nil`.
  @inlinable @inline(__always)
  mutating func enterSlot(after old: Cursor, place: Int, target: Int64) -> Int? {
    // `place` is a place of the table and `shownStarts` has `m + 1`
    // entries: unchecked reads, for `timeline-demo bench tick`.
    let length = table.shownStarts.withUnsafeBufferPointer { $0[place &+ 1] &- $0[place] }
    let nextEnd = Self.saturatingAdd(old.end, length)
    guard target < nextEnd else { return nil }
    let frame = table.frame(atPlace: place)
    cursor.frame = frame
    cursor.place = place
    cursor.slot = old.slot &+ 1  // the slot after `old` exists, so this fits
    cursor.end = nextEnd
    position = target
    setPlayingLimits(end: nextEnd)
    return frame
  }

  /// `crossSlotsBeyondNext` for a target more than one slot on, or in a slot that
  /// ends at `Int64.max` or at the end time.
  mutating func crossSlotsSlow(to target: Int64, exactTarget: UInt64) -> TickEvents {
    if end == nil, extendsPastInt64Max(cursor) {
      // Infinite loops, and the displayed slot holds Int64.max, where the
      // position saturates (step 5): the target (Int64.max) stays in it, and
      // the slot has no successor (its number may be Int64.max itself, when
      // every displayed frame lasts 1 ns).
      position = target
      _checkInvariants()
      return TickEvents()
    }
    let old = cursor
    let from = position
    // The clip the old range was (finite: only a finite range switches).
    let previous = QueuedClip(Clip(frames: range.frames, loops: LoopCount(_unchecked: plays ?? 1), direction: direction))
    let lastSlot = plays.map { $0 * Int64(range.placeCount) - 1 } ?? 0
    let switched = crossSlotsFar(to: target, exactTarget: exactTarget)
    return crossingEvents(from: from, before: old, switched: switched ? (previous, lastSlot) : nil)
  }

  /// The events of a crossing that moved from position `from` in slot
  /// `before` to the current position, in either direction, switching out
  /// of the range `switched.previous` (whose last slot was `lastSlot`)
  /// when it is given: `frame`, the cue hits, `loop` (whenever the
  /// completed iterations changed), the switch, `finished`.
  mutating func crossingEvents(
    from: Int64, before old: Cursor, switched: (previous: QueuedClip, lastSlot: Int64)?
  ) -> TickEvents {
    var events = TickEvents()
    if cursor.frame != old.frame {
      // After a switch: the rest of the old range's slots, then the new
      // range's up to the displayed one.
      let slots = switched.map { CueHits.Phase.add($0.lastSlot - old.slot + 1, cursor.slot) }
        ?? cursor.slot - old.slot
      events.recordFrame(from: old.frame, to: cursor.frame, slots: slots)
    }
    if !cues.isEmpty {
      recordReach(from: from, before: old, events: &events, previous: switched?.previous)
      var hits = cueHits().makeIterator()
      if hits.next() == nil { events.kinds &= ~TickEvents.cueKind }
    }
    if let switched {
      events.recordLoop(completed: switched.previous.loops.plays ?? 0)
      events.recordSwitch(to: range.frames, completed: completedIterations(at: position))
    } else {
      // Completed iterations grow moving forward and fall moving backward.
      let completed = completedIterations(at: position)
      if completed != completedIterations(at: from) {
        events.recordLoop(completed: completed)
      }
    }
    if state == .finished {
      events.kinds |= TickEvents.finishedKind
    }
    _checkInvariants()
    return events
  }

  /// Moves to `target`, more than one slot on or at the end, applying the
  /// noskip policy, the end and the switch into the queued clip; returns
  /// whether it switched.
  mutating func crossSlotsFar(to target: Int64, exactTarget: UInt64) -> Bool {
    let next = successor(of: cursor)
    var newPosition = target
    // Whether a slot follows `next` (noskip stops 1 ns before it): with
    // finite loops, unless `next` is the last slot, or, with a clip
    // queued, past the last slot (the clip's first slot follows the last
    // one, starting at the end); with infinite loops, unless that slot
    // would start past `Int64.max`. A slot that starts exactly at
    // `Int64.max` counts: the position stops at `Int64.max - 1`, as for
    // any other slot.
    let slotAfterNext = end.map { next.end < $0 || (queuedClip != nil && cursor.end < $0) }
      ?? !extendsPastInt64Max(next)
    if policy == .noSkip, target >= next.end, slotAfterNext {
      // At most one new slot: stop 1 ns before the slot after next.
      newPosition = next.end - 1
    }
    if let end, newPosition >= end {
      if let clip = queuedClip?.clip {
        // Under skip the leftover is exact (`exactTarget >= target >= E`);
        // noskip drops it.
        switchRange(to: clip, leftover: policy == .skip ? exactTarget - UInt64(end) : 0)
        return true
      }
      newPosition = end
      state = .finished
      cursor = locate(newPosition)
    } else {
      var step = next
      var steps = 0
      while newPosition >= step.end, step.end < .max, steps < 4 {
        step = successor(of: step)
        steps += 1
      }
      cursor = newPosition < step.end ? step : locate(newPosition, hint: step)
    }
    position = newPosition
    refreshFastLimit()
    return false
  }

  /// Whether `slot` really ends past `Int64.max`: its `end` saturated, so
  /// no slot follows it. (A slot ending exactly at `Int64.max` has a
  /// successor, which starts there.) Infinite loops only.
  func extendsPastInt64Max(_ slot: Cursor) -> Bool {
    let length = table.shownStarts[slot.place + 1] - table.shownStarts[slot.place]
    return slot.end == .max && start(of: slot).addingReportingOverflow(length).overflow
  }

  // MARK: Moving backward (section 9)

  /// The common backward crossing: a playing timeline moving backward
  /// whose target (at most `floor`, the floor of the displayed slot, which
  /// starts at `floor + 1 >= 1`) lies in the slot before the displayed
  /// one, in the same iteration or the previous one; `nil` otherwise, with
  /// nothing changed. `crossOneSlot` and the short path of
  /// `crossSlotsBeyondNext` run backward, in one function.
  ///
  /// Inlined into the tick: `timeline-demo bench tick --rate -1` (out of
  /// line, the crossing into the previous iteration cost 2.5 instructions
  /// a tick there).
  @inlinable @inline(__always)
  mutating func crossOneSlotBackward(to target: Int64, floor: Int64, atUnitRate: Bool) -> TickEvents? {
    let (place, step, wraps) = previousPlace(before: cursor)
    // `place` is a place of the table and `shownStarts` has `m + 1`
    // entries: unchecked reads, as in `enterSlot`.
    let length = table.shownStarts.withUnsafeBufferPointer { $0[place &+ 1] &- $0[place] }
    // The new slot's floor: it starts at `floor + 1 - length`, and its
    // floor is `max(start, 1) - 1`. The target must be above it, in the
    // slot and above 0 (a tick to 0 finishes).
    let newFloor = Swift.max(floor &- length, 0)
    guard target > newFloor else { return nil }
    let frame = table.frame(atPlace: place)
    // Only the old frame is kept: the cursor is updated in place, field by
    // field, with no copy (`bench tick --rate -1`).
    let oldFrame = cursor.frame
    cursor.frame = frame
    cursor.place = place
    cursor.slot &-= 1  // the displayed slot starts after 0: not slot 0
    cursor.end = floor &+ 1
    position = target
    // The floor of the backward fast path: `backwardFloor` at rate -1 (a
    // constant where this is inlined: no test of the rate), else
    // `scaledLimit`, negated.
    if atUnitRate {
      backwardFloor = newFloor
    } else {
      scaledLimit = Swift.min(0 &- newFloor, -1)  // as `expectedLimits`
    }
    var events = TickEvents()
    // `_slowPath`: one crossing in `m` wraps (`bench tick --rate -1`:
    // about 0.4 instruction a tick less with it, Docs/Performance.md).
    if _slowPath(wraps) {
      // The last place of the previous iteration (the displayed slot
      // started after 0, so its iteration is at least 1). An alternate
      // direction may show the same frame across the turn.
      cursor.iteration &-= 1
      cursor.step = step
      if frame != oldFrame { events.recordFrame(from: oldFrame, to: frame, slots: -1) }
      // Below `E`, completed iterations equal the iteration.
      events.recordLoop(completed: cursor.iteration)
    } else {
      // Places within an iteration show different frames.
      events.recordFrame(from: oldFrame, to: frame, slots: -1)
    }
    #if ANIMTIMELINE_INTERNAL_CHECKS
    _checkInvariants()
    #endif
    // Entering one slot going down reaches just that slot.
    if cues.marks(place: place) { recordSingleReach(events: &events) }
    return events
  }

  /// A tick moving backward by `advance > 0` (section 9.2), for what the
  /// inlined tick does not cover: staying in the displayed slot or
  /// entering the one before it as the inlined tick does at rate -1, else
  /// `moveBackward(by:)`.
  ///
  /// - Complexity: O(1) into the slot before the displayed one, O(log *m*)
  ///   further.
  @usableFromInline
  mutating func crossSlotsBackward(by advance: UInt64) -> TickEvents {
    let from = position
    if end.map({ from < $0 }) ?? true, advance < UInt64(from) {
      // Below `E` (playing and active: `tickInFull` checked), and the
      // target is above 0: staying in the displayed slot or entering the
      // one before it, as the inlined tick does at rate -1.
      let target = from - Int64(advance)
      let floor = Swift.max(start(of: cursor), 1) - 1
      if target > floor {
        position = target
        return TickEvents()
      }
      if let events = crossOneSlotBackward(to: target, floor: floor, atUnitRate: rate == -1_000_000) { return events }
    }
    return moveBackward(by: advance)
  }

  /// The rest of a backward tick by `advance > 0`, once the displayed slot
  /// and the one before it are ruled out: skip or noskip (at most the slot
  /// before the displayed one), finishing at 0; located from scratch.
  ///
  /// - Complexity: O(log *m*).
  @usableFromInline
  mutating func moveBackward(by advance: UInt64) -> TickEvents {
    let old = cursor
    let from = position
    // Any advance of at least `T` reaches 0.
    var newPosition = advance >= UInt64(from) ? 0 : from - Int64(advance)
    if policy == .noSkip, old.slot > 0 {
      // At most one new slot: no lower than the start of the slot before,
      // which ends where the displayed one starts.
      let place = previousPlace(before: old).place
      let previousStart = start(of: old) - (table.shownStarts[place + 1] - table.shownStarts[place])
      if newPosition < previousStart { newPosition = previousStart }
    }
    if newPosition == 0 { state = .finished }
    position = newPosition
    cursor = locate(newPosition)
    refreshFastLimit()
    _checkInvariants()
    return crossingEvents(from: from, before: old, switched: nil)
  }
}
