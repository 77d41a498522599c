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
      if fastLimit != 0, target <= UInt64(Int64.max) {
        // The same simple state, leaving the displayed slot.
        return crossSlots(to: Int64(bitPattern: target))
      }
      if scaledLimit != 0 {
        // The same at a rate other than 1, when `nanoseconds * rate + carry`
        // fits in 64 bits (tickInFull does the rest, from the start):
        // `timeline-demo bench many`. The quotient is below 2^64 / 10^6, so
        // adding it to the position cannot overflow a UInt64.
        if let (quotient, remainder) = Self.scaledIn64Bits(nanoseconds, rate: rate, carry: carry) {
          let scaledTarget = UInt64(bitPattern: position) &+ quotient
          if scaledTarget < UInt64(bitPattern: scaledLimit) {
            position = Int64(bitPattern: scaledTarget)
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
    let advance = rate == 1_000_000 ? clamped : scaledAdvance(clamped)
    guard advance != 0 else { return events }
    let target = Self.saturatingAdd(position, advance)
    if target < cursor.end {
      position = target
      return events
    }
    var crossed = crossSlots(to: target)
    crossed.kinds |= events.kinds
    return crossed
  }

  /// `(clamped * rate + carry) / 1_000_000`, keeping the remainder in `carry`;
  /// saturates at `Int64.max`.
  mutating func scaledAdvance(_ clamped: Int64) -> Int64 {
    // Usually the product fits in 64 bits, where dividing by the constant
    // is a multiply and a shift; the 128-bit path is exact for the rest.
    if let (quotient, remainder) = Self.scaledIn64Bits(clamped, rate: rate, carry: carry) {
      carry = Int64(bitPattern: remainder)
      return Int64(bitPattern: quotient)  // < 2^64 / 10^6, fits
    }
    let total = UInt128(UInt64(clamped)) * UInt128(UInt64(rate)) + UInt128(UInt64(carry))
    let (quotient, remainder) = total.quotientAndRemainder(dividingBy: 1_000_000)
    carry = Int64(remainder)
    return quotient > UInt128(Int64.max) ? .max : Int64(quotient)
  }

  /// `(nanoseconds * rate + carry)` divided by 10^6 (quotient and
  /// remainder), all three not negative, or `nil` when the sum does not fit
  /// in 64 bits. Shared by the inlined tick and `scaledAdvance`.
  @inlinable @inline(__always)
  static func scaledIn64Bits(_ nanoseconds: Int64, rate: Int64, carry: Int64) -> (UInt64, UInt64)? {
    let (product, o1) = UInt64(bitPattern: nanoseconds).multipliedReportingOverflow(by: UInt64(bitPattern: rate))
    let (sum, o2) = product.addingReportingOverflow(UInt64(bitPattern: carry))
    guard !o1, !o2 else { return nil }
    return sum.quotientAndRemainder(dividingBy: 1_000_000)
  }

  /// The slow path of a tick of a playing, active timeline: the target
  /// leaves the displayed slot.
  ///
  /// Steps slot by slot for short moves (no division, no search) and
  /// locates the target directly for long ones.
  @usableFromInline
  mutating func crossSlots(to target: Int64) -> TickEvents {
    let old = cursor
    // The common case: one slot on, not the end (either policy). A slot
    // that ends before the end time (`Int64.max` with infinite loops) has
    // a successor, which ends no later than the end time, so the timeline
    // stays playing.
    if old.end < finalTime {
      let (place, step, wraps) = nextPlace(after: old)
      if !wraps {
        if let frame = enterSlot(after: old, place: place, target: target) {
          _checkInvariants()
          // Places within an iteration show different frames; the
          // iteration, so the completed count, stays.
          var events = TickEvents()
          events.recordFrame(from: old.frame, to: frame, slots: 1)
          return events
        }
      } else if let frame = enterSlot(after: old, place: place, target: target) {
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
        // Playing means `T < E`, where completed iterations equal the iteration.
        events.recordLoop(completed: iteration)
        return events
      }
    }
    return crossSlotsSlow(to: target)
  }

  /// When `target` is in the slot after `old` (not the last slot of a
  /// finite timeline), at place `place` (in `0..<m`): moves the cursor
  /// there, but for its iteration and step, and the position to `target`,
  /// and returns the slot's frame. Otherwise changes nothing and returns
  /// `nil`.
  @inline(__always)
  mutating func enterSlot(after old: Cursor, place: Int, target: Int64) -> Int? {
    // `0 <= place < m` and `shownStarts` has `m + 1` entries: unchecked
    // reads, for `timeline-demo bench tick`.
    let length = table.shownStarts.withUnsafeBufferPointer { $0[place &+ 1] &- $0[place] }
    let nextEnd = Self.saturatingAdd(old.end, length)
    guard target < nextEnd else { return nil }
    let frame = table.frame(atPlace: place)
    cursor.frame = frame
    cursor.place = place
    cursor.slot = old.slot &+ 1  // the slot after `old` exists, so this fits
    cursor.start = old.end
    cursor.end = nextEnd
    position = target
    setPlayingLimits(end: nextEnd)
    return frame
  }

  /// `crossSlots` for a target more than one slot on, or in a slot that
  /// ends at `Int64.max` or at the end time.
  mutating func crossSlotsSlow(to target: Int64) -> TickEvents {
    var events = TickEvents()
    if end == nil, extendsPastInt64Max(cursor) {
      // Infinite loops, and the displayed slot holds Int64.max, where the
      // position saturates (step 5): the target (Int64.max) stays in it, and
      // the slot has no successor (its number may be Int64.max itself, when
      // every displayed frame lasts 1 ns).
      position = target
      _checkInvariants()
      return events
    }
    let (oldFrame, oldSlot, oldIteration) = (cursor.frame, cursor.slot, cursor.iteration)
    // `crossSlots` took every move of one slot that stays before the end,
    // so this one goes further, or reaches the end.
    crossSlotsFar(to: target, next: successor(of: cursor))
    if cursor.frame != oldFrame {
      events.recordFrame(from: oldFrame, to: cursor.frame, slots: cursor.slot - oldSlot)
    }
    // Playing means `T < E`, where completed iterations equal the iteration.
    let finished = state == .finished
    let completed = finished ? (plays ?? 0) : cursor.iteration
    if completed > oldIteration {
      events.recordLoop(completed: completed)
    }
    if finished {
      events.kinds |= TickEvents.finishedKind
    }
    _checkInvariants()
    return events
  }

  /// Moves to `target`, more than one slot on or at the end, applying the
  /// noskip policy and the end; `next` is the slot after the current one.
  mutating func crossSlotsFar(to target: Int64, next: Cursor) {
    var newPosition = target
    // Whether a slot follows `next` (noskip stops 1 ns before it): with
    // finite loops, unless `next` is the last slot; with infinite loops,
    // unless that slot would start past `Int64.max`. A slot that starts
    // exactly at `Int64.max` counts: the position stops at `Int64.max - 1`,
    // as for any other slot.
    let slotAfterNext = end.map { next.end < $0 } ?? !extendsPastInt64Max(next)
    if policy == .noSkip, target >= next.end, slotAfterNext {
      // At most one new slot: stop 1 ns before the slot after next.
      newPosition = next.end - 1
    }
    if newPosition >= finalTime, end != nil {
      newPosition = finalTime
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
  }

  /// Whether `slot` really ends past `Int64.max`: its `end` saturated, so
  /// no slot follows it. (A slot ending exactly at `Int64.max` has a
  /// successor, which starts there.) Infinite loops only.
  func extendsPastInt64Max(_ slot: Cursor) -> Bool {
    let length = table.shownStarts[slot.place + 1] - table.shownStarts[slot.place]
    return slot.end == .max && slot.start.addingReportingOverflow(length).overflow
  }
}
