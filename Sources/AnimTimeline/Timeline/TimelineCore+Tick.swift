extension TimelineCore {
  /// Advances by `nanoseconds` of clock time, if active; see ``Timeline/tick(by:mode:)``.
  ///
  /// The common case (playing, rate 1, staying inside the displayed slot)
  /// is a handful of comparisons and one addition; crossing into another
  /// slot takes the slow path, which is O(1) for the next slot and
  /// O(log *m*) for a jump.
  @usableFromInline
  mutating func tick(nanoseconds: Int64, active: Bool) throws(TimelineError) -> TickEvents {
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
    if target < cursorEnd {
      position = target
      return events
    }
    crossSlots(to: target, events: &events)
    return events
  }

  /// `(clamped * rate + carry) / 1_000_000`, keeping the remainder in `carry`;
  /// saturates at `Int64.max`.
  mutating func scaledAdvance(_ clamped: Int64) -> Int64 {
    let total = UInt128(UInt64(clamped)) * UInt128(UInt64(rate)) + UInt128(UInt64(carry))
    let (quotient, remainder) = total.quotientAndRemainder(dividingBy: 1_000_000)
    carry = Int64(remainder)
    return quotient > UInt128(Int64.max) ? .max : Int64(quotient)
  }

  /// The slow path of a tick: the position leaves the displayed slot.
  mutating func crossSlots(to target: Int64, events: inout TickEvents) {
    let old = cursor
    let oldCompleted = completedIterations(at: position)
    var newPosition = target
    if policy == .noSkip {
      let probe = end.map { min(target, $0) } ?? target
      if locate(probe, hint: old).slot > old.slot + 1 {
        newPosition = startOfSlot(old.slot + 2) - 1
      }
    }
    var finished = false
    if let end, newPosition >= end {
      newPosition = end
      state = .finished
      finished = true
    }
    position = newPosition
    cursor = locate(newPosition, hint: old)
    cursorEnd = cursor.end
    if cursor.frame != old.frame {
      events.recordFrame(from: old.frame, to: cursor.frame, slots: cursor.slot - old.slot)
    }
    let completed = completedIterations(at: newPosition)
    if completed > oldCompleted {
      events.recordLoop(completed: completed)
    }
    if finished {
      events.kinds |= TickEvents.finishedKind
    }
    _checkInvariants()
  }
}
