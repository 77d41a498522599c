/// A clock that moves only when told to, for deterministic tests and
/// simulations.
///
/// `now` starts at zero. ``advance(by:)`` and ``advance(to:)`` move it
/// forward (and wake any `sleep(until:)` whose deadline has come);
/// ``set(to:)`` may also move it backward, to test how a driver handles a
/// clock that jumps back.
public final class ManualClock: Clock, Sendable {
  /// An instant of a ``ManualClock``: a `Duration` since its zero.
  public struct Instant: InstantProtocol, Hashable, Sendable {
    /// The time since the clock's zero.
    public var offset: Duration

    /// An instant `offset` after the clock's zero.
    public init(offset: Duration) { self.offset = offset }

    /// The instant `duration` later.
    public func advanced(by duration: Duration) -> Instant { Instant(offset: offset + duration) }

    /// The duration from this instant to `other`.
    public func duration(to other: Instant) -> Duration { other.offset - offset }

    /// Compares two instants.
    public static func < (lhs: Instant, rhs: Instant) -> Bool { lhs.offset < rhs.offset }
  }

  private struct Sleeper {
    var deadline: Instant
    var continuation: CheckedContinuation<Void, any Error>
    var id: UInt64
  }

  private struct State {
    var now = Instant(offset: .zero)
    var sleepers: [Sleeper] = []
    var nextID: UInt64 = 0
  }

  private let state = Locked(State())

  /// A clock at zero.
  public init() {}

  /// The current instant.
  public var now: Instant { state.withLock { $0.now } }

  /// The smallest step: one nanosecond.
  public var minimumResolution: Duration { .nanoseconds(1) }

  /// Moves the clock forward by `duration` (a negative duration is ignored).
  ///
  /// Atomic: concurrent calls add up.
  public func advance(by duration: Duration) {
    guard duration > .zero else { return }
    move { $0.advanced(by: duration) }
  }

  /// Moves the clock forward to `instant` (an earlier instant is ignored).
  ///
  /// Atomic: a concurrent call can never make the clock go backward.
  public func advance(to instant: Instant) {
    move { now in now < instant ? instant : nil }
  }

  /// Sets the clock to `instant`, even backward, and wakes the sleepers
  /// whose deadlines are reached.
  public func set(to instant: Instant) {
    move { _ in instant }
  }

  /// Sets the clock to `newInstant(now)` (no change when it returns `nil`)
  /// in one critical section, then wakes the sleepers whose deadlines are
  /// reached, outside the lock.
  private func move(_ newInstant: (Instant) -> Instant?) {
    let due: [Sleeper] = state.withLock { state in
      guard let instant = newInstant(state.now) else { return [] }
      state.now = instant
      let due = state.sleepers.filter { $0.deadline <= instant }
      state.sleepers.removeAll { $0.deadline <= instant }
      return due
    }
    for sleeper in due { sleeper.continuation.resume() }
  }

  /// The number of tasks sleeping on this clock.
  public var sleeperCount: Int { state.withLock { $0.sleepers.count } }

  /// Suspends until the clock reaches `deadline` or the task is cancelled.
  public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
    let id = state.withLock { state -> UInt64 in
      state.nextID += 1
      return state.nextID
    }
    try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
        let resumeNow: Bool = state.withLock { state in
          if deadline <= state.now || Task.isCancelled { return true }
          state.sleepers.append(Sleeper(deadline: deadline, continuation: continuation, id: id))
          return false
        }
        if resumeNow {
          if Task.isCancelled {
            continuation.resume(throwing: CancellationError())
          } else {
            continuation.resume()
          }
        }
      }
    } onCancel: {
      let cancelled: Sleeper? = state.withLock { state in
        guard let index = state.sleepers.firstIndex(where: { $0.id == id }) else { return nil }
        return state.sleepers.remove(at: index)
      }
      cancelled?.continuation.resume(throwing: CancellationError())
    }
  }
}
