/// The events of one tick or command, in the order Docs/ScriptFormat.md gives them:
/// `suspended`, or `resumed`, `frameChanged`, cue hits, `loopCompleted`,
/// and, when the tick switched into the queued clip, `rangeSwitched` and a
/// second `loopCompleted` for the new range, then `finished`.
///
/// A fixed-size value (no array), so a tick never allocates. Iterate it
/// like a collection of ``TimelineEvent``s; the cue hits, which can be any
/// number, come from ``Timeline/cueHits(in:)`` (or, merged in order, from
/// ``Timeline/events(in:)``), and ``reachedCue`` says whether there are any.
public struct TickEvents: Hashable, Sendable, Sequence {
  @usableFromInline var frameFrom: Int = 0
  @usableFromInline var frameTo: Int = 0
  @usableFromInline var frameSlots: Int64 = 0
  @usableFromInline var completedLoops: Int64 = 0
  @usableFromInline var rangeLower: Int = 0
  @usableFromInline var rangeUpper: Int = 0
  @usableFromInline var rangeCompletedLoops: Int64 = 0
  // Last, so that no padding sits between the fields.
  @usableFromInline var kinds: UInt8 = 0

  // One bit per event kind, in the order the events come (the iterator
  // takes the lowest bit first).
  @usableFromInline static let suspendedKind: UInt8 = 1
  @usableFromInline static let resumedKind: UInt8 = 2
  @usableFromInline static let frameKind: UInt8 = 4
  @usableFromInline static let cueKind: UInt8 = 8
  @usableFromInline static let loopKind: UInt8 = 16
  @usableFromInline static let rangeKind: UInt8 = 32
  @usableFromInline static let rangeLoopKind: UInt8 = 64
  @usableFromInline static let finishedKind: UInt8 = 128

  /// No events.
  @inlinable
  public init() {}

  /// Whether there are no events (cue hits included).
  @inlinable
  public var isEmpty: Bool { kinds == 0 }

  /// The number of events this value iterates (0 to 6); cue hits are not
  /// counted.
  public var count: Int { (kinds & ~Self.cueKind).nonzeroBitCount }

  /// The frame change, if the displayed frame changed.
  @inlinable
  public var frameChange: (from: Int, to: Int, slots: Int64)? {
    kinds & Self.frameKind != 0 ? (frameFrom, frameTo, frameSlots) : nil
  }

  /// The completed iteration count, if it grew (for a tick that switched
  /// into the queued clip: the old range's loop count).
  public var loopCompleted: Int64? {
    kinds & Self.loopKind != 0 ? completedLoops : nil
  }

  /// The range the timeline switched into, when the tick reached the end
  /// and started the queued clip.
  public var rangeSwitch: ClosedRange<Int>? {
    kinds & Self.rangeKind != 0 ? rangeLower...rangeUpper : nil
  }

  /// Whether the tick reached a slot of a frame that carries a cue: then
  /// ``Timeline/cueHits(in:)`` lists them.
  @inlinable
  public var reachedCue: Bool { kinds & Self.cueKind != 0 }

  /// Whether the timeline finished.
  public var didFinish: Bool { kinds & Self.finishedKind != 0 }
  /// Whether the timeline became suspended.
  public var didSuspend: Bool { kinds & Self.suspendedKind != 0 }
  /// Whether the timeline resumed from a suspension.
  public var didResume: Bool { kinds & Self.resumedKind != 0 }

  @inlinable
  mutating func recordFrame(from: Int, to: Int, slots: Int64) {
    kinds |= Self.frameKind
    frameFrom = from
    frameTo = to
    frameSlots = slots
  }

  @usableFromInline
  mutating func recordLoop(completed: Int64) {
    kinds |= Self.loopKind
    completedLoops = completed
  }

  mutating func recordSwitch(to frames: ClosedRange<Int>, completed: Int64) {
    kinds |= Self.rangeKind
    rangeLower = frames.lowerBound
    rangeUpper = frames.upperBound
    if completed > 0 {
      kinds |= Self.rangeLoopKind
      rangeCompletedLoops = completed
    }
  }

  /// Returns an iterator over the events in order (without cue hits).
  public func makeIterator() -> Iterator { Iterator(events: self) }

  /// Iterates the events of a ``TickEvents`` in order.
  public struct Iterator: IteratorProtocol {
    var events: TickEvents
    var remaining: UInt8

    init(events: TickEvents) {
      self.events = events
      self.remaining = events.kinds & ~TickEvents.cueKind
    }

    /// The next event, or `nil`.
    public mutating func next() -> TimelineEvent? {
      guard remaining != 0 else { return nil }
      let kind = remaining & (0 &- remaining)  // lowest set bit
      remaining &= ~kind
      return events.event(ofKind: kind)
    }
  }

  /// The event of kind `kind` (one bit, not `cueKind`).
  func event(ofKind kind: UInt8) -> TimelineEvent {
    switch kind {
    case Self.suspendedKind: return .suspended
    case Self.resumedKind: return .resumed
    case Self.frameKind: return .frameChanged(from: frameFrom, to: frameTo, slots: frameSlots)
    case Self.loopKind: return .loopCompleted(completed: completedLoops)
    case Self.rangeKind: return .rangeSwitched(to: rangeLower...rangeUpper)
    case Self.rangeLoopKind: return .loopCompleted(completed: rangeCompletedLoops)
    default: return .finished
    }
  }
}
