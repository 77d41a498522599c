/// The events of one tick or command, in the order Docs/ScriptFormat.md gives them:
/// `suspended`, or `resumed`, `frameChanged`, `loopCompleted`, `finished`.
///
/// A fixed-size value (no array), so a tick never allocates. Iterate it
/// like a collection of ``TimelineEvent``s.
public struct TickEvents: Hashable, Sendable, Sequence {
  @usableFromInline var kinds: UInt8 = 0
  @usableFromInline var frameFrom: Int = 0
  @usableFromInline var frameTo: Int = 0
  @usableFromInline var frameSlots: Int64 = 0
  @usableFromInline var completedLoops: Int64 = 0

  @usableFromInline static let suspendedKind: UInt8 = 1
  @usableFromInline static let resumedKind: UInt8 = 2
  @usableFromInline static let frameKind: UInt8 = 4
  @usableFromInline static let loopKind: UInt8 = 8
  @usableFromInline static let finishedKind: UInt8 = 16

  /// No events.
  @inlinable
  public init() {}

  /// Whether there are no events.
  @inlinable
  public var isEmpty: Bool { kinds == 0 }

  /// The number of events (0 to 4).
  public var count: Int { kinds.nonzeroBitCount }

  /// The frame change, if the displayed frame changed.
  public var frameChange: (from: Int, to: Int, slots: Int64)? {
    kinds & Self.frameKind != 0 ? (frameFrom, frameTo, frameSlots) : nil
  }

  /// The completed iteration count, if it grew.
  public var loopCompleted: Int64? {
    kinds & Self.loopKind != 0 ? completedLoops : nil
  }

  /// Whether the timeline finished.
  public var didFinish: Bool { kinds & Self.finishedKind != 0 }
  /// Whether the timeline became suspended.
  public var didSuspend: Bool { kinds & Self.suspendedKind != 0 }
  /// Whether the timeline resumed from a suspension.
  public var didResume: Bool { kinds & Self.resumedKind != 0 }

  mutating func recordFrame(from: Int, to: Int, slots: Int64) {
    kinds |= Self.frameKind
    frameFrom = from
    frameTo = to
    frameSlots = slots
  }

  mutating func recordLoop(completed: Int64) {
    kinds |= Self.loopKind
    completedLoops = completed
  }

  /// Returns an iterator over the events in order.
  public func makeIterator() -> Iterator { Iterator(events: self) }

  /// Iterates the events of a ``TickEvents`` in order.
  public struct Iterator: IteratorProtocol {
    var events: TickEvents
    var remaining: UInt8

    init(events: TickEvents) {
      self.events = events
      self.remaining = events.kinds
    }

    /// The next event, or `nil`.
    public mutating func next() -> TimelineEvent? {
      guard remaining != 0 else { return nil }
      let kind = remaining & (0 &- remaining)  // lowest set bit
      remaining &= ~kind
      switch kind {
      case TickEvents.suspendedKind: return .suspended
      case TickEvents.resumedKind: return .resumed
      case TickEvents.frameKind:
        return .frameChanged(from: events.frameFrom, to: events.frameTo, slots: events.frameSlots)
      case TickEvents.loopKind: return .loopCompleted(completed: events.completedLoops)
      default: return .finished
      }
    }
  }
}
