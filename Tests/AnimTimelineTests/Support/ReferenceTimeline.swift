import AnimTimeline

/// An independent, deliberately naive model of the timeline spec
/// (Shared spec `timeline.md`, sections 2 to 6), used as the oracle of the
/// differential tests.
///
/// It shares no code with the engine: it keeps only the frame durations and
/// recomputes boundaries, displayed frames, slots and iterations from
/// scratch, by linear scans, every time it is asked, in `Int128` so that no
/// intermediate value can overflow. It borrows only the engine's public
/// vocabulary types (`PlaybackState`, `PlaybackDirection`, `SkipPolicy`,
/// `TimelineEvent`) to describe its answers.
struct ReferenceTimeline: CustomStringConvertible {
  /// Why the model rejects a command (the engine must throw for these).
  enum Rejection: Error, Equatable {
    case negativeTime
    case frameOutOfRange
    case frameNotDisplayed
    case iterationOutOfRange
    case loopsTooLong
    /// `seek-frame` whose start time `i*L + offset` exceeds `Int64.max`
    /// (infinite loops, huge `i`). The spec does not say; the model rejects.
    case seekOverflow
  }

  /// Where a position falls: displayed frame, display slot, iteration.
  struct Place: Equatable {
    var frame: Int
    var slot: Int128
    var iteration: Int128
  }

  let durations: [Int64]
  /// Total plays, or `nil` for infinite.
  private(set) var loops: Int64?
  var direction: PlaybackDirection
  /// Rate in millionths.
  private(set) var rate: Int64
  /// Max-step in ns, or `nil` for none.
  var maxStep: Int64?
  var policy: SkipPolicy
  var modes: [String]

  private(set) var position: Int64 = 0
  private(set) var carry: Int64 = 0
  private(set) var state: PlaybackState = .stopped
  private(set) var suspended = false

  init(
    durations: [Int64], loops: Int64?, direction: PlaybackDirection = .forward, rate: Int64 = 1_000_000,
    maxStep: Int64? = 1_000_000_000, policy: SkipPolicy = .skip, modes: [String] = ["default"]
  ) throws(Rejection) {
    self.durations = durations
    self.direction = direction
    self.rate = rate
    self.maxStep = maxStep
    self.policy = policy
    self.modes = modes
    self.loops = nil
    guard Self.fits(loops, loopDuration: Self.sum(durations)) else { throw .loopsTooLong }
    self.loops = loops
  }

  var description: String {
    "model(T=\(position), state=\(state), carry=\(carry), suspended=\(suspended), loops=\(loops.map(String.init) ?? "inf"))"
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

  /// `b[j]`: the sum of `d[0..<j]`.
  func boundary(_ j: Int) -> Int128 { Self.sum(durations[0..<j]) }

  /// `L`.
  var loopDuration: Int128 { boundary(durations.count) }

  /// The frames with `d > 0`, in index order.
  var displayedFrames: [Int] { durations.indices.filter { durations[$0] > 0 } }

  /// `m`.
  var m: Int128 { Int128(displayedFrames.count) }

  var isStatic: Bool { displayedFrames.count <= 1 }

  /// `E = k * L`, or `nil` for infinite loops.
  var end: Int128? { loops.map { Int128($0) * loopDuration } }

  // MARK: Section 4: position and displayed frame

  func isReversed(iteration i: Int128) -> Bool {
    switch direction {
    case .forward: return false
    case .reverse: return true
    case .alternate: return i % 2 == 1
    case .alternateReverse: return i % 2 == 0
    }
  }

  /// The place at time `t` (`0 <= t <= E`), computed from scratch.
  func place(at t: Int128) -> Place {
    let shown = displayedFrames
    if isStatic { return Place(frame: shown.first ?? 0, slot: 0, iteration: 0) }
    let length = loopDuration
    if let end, let k = loops, t >= end {
      let i = Int128(k) - 1
      let frame = isReversed(iteration: i) ? shown.first! : shown.last!
      return Place(frame: frame, slot: Int128(k) * m - 1, iteration: i)
    }
    let i = t / length
    let p = t - i * length
    if isReversed(iteration: i) {
      let q = length - p
      for (index, j) in shown.enumerated() where boundary(j) < q && q <= boundary(j + 1) {
        // Display order is reversed: the last displayed frame comes first.
        return Place(frame: j, slot: i * m + Int128(shown.count - 1 - index), iteration: i)
      }
    } else {
      for (index, j) in shown.enumerated() where boundary(j) <= p && p < boundary(j + 1) {
        return Place(frame: j, slot: i * m + Int128(index), iteration: i)
      }
    }
    fatalError("reference model: no frame holds local time \(p) (L = \(length))")
  }

  /// `start(s)`: the time at which display slot `s` begins.
  func start(ofSlot s: Int128) -> Int128 {
    let shown = displayedFrames
    let i = s / m
    let r = Int(s - i * m)
    let length = loopDuration
    if isReversed(iteration: i) {
      let j = shown[shown.count - 1 - r]
      return i * length + length - boundary(j + 1)
    }
    return i * length + boundary(shown[r])
  }

  /// Completed iterations: `T / L` before the end, `k` at it.
  func completed(at t: Int128) -> Int128 {
    if let end, let k = loops, t >= end { return Int128(k) }
    return t / loopDuration
  }

  var current: Place { place(at: Int128(position)) }

  // MARK: Section 5: commands

  mutating func play() {
    switch state {
    case .stopped, .paused: state = .playing
    case .finished:
      position = 0
      carry = 0
      state = .playing
    case .playing: break
    }
  }

  mutating func pause() {
    if state == .playing || state == .stopped { state = .paused }
  }

  mutating func stop() {
    state = .stopped
    position = 0
    carry = 0
  }

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
    if !isStatic, let end, Int128(position) == end {
      let wasFinished = state == .finished
      state = .finished
      return wasFinished ? [] : [.finished]
    }
    if state == .stopped || state == .finished { state = .paused }
    return []
  }

  mutating func seek(toFrame j: Int, iteration i: Int64) throws(Rejection) -> [TimelineEvent] {
    guard durations.indices.contains(j) else { throw .frameOutOfRange }
    guard durations[j] > 0 else { throw .frameNotDisplayed }
    guard i >= 0, loops.map({ i < $0 }) ?? true else { throw .iterationOutOfRange }
    if isStatic { return try seek(to: 0) }
    let length = loopDuration
    let offset = isReversed(iteration: Int128(i)) ? length - boundary(j + 1) : boundary(j)
    let t = Int128(i) * length + offset
    guard t <= Int128(Int64.max) else { throw .seekOverflow }
    return try seek(to: Int64(t))
  }

  mutating func setLoops(_ k: Int64?) throws(Rejection) -> [TimelineEvent] {
    guard Self.fits(k, loopDuration: loopDuration) else { throw .loopsTooLong }
    loops = k
    guard !isStatic else { return [] }
    switch state {
    case .playing, .paused:
      if let end, Int128(position) >= end {
        position = Int64(end)
        state = .finished
        return [.finished]
      }
    case .finished:
      if let end { position = Int64(min(Int128(position), end)) }
      if end.map({ Int128(position) < $0 }) ?? true { state = .paused }
    case .stopped:
      break
    }
    return []
  }

  mutating func setRate(_ millionths: Int64) {
    rate = millionths
    carry = 0
  }

  // MARK: Section 6: ticks

  func isActive(in mode: String) -> Bool {
    if modes.contains(mode) { return true }
    return modes.contains("common") && (mode == "default" || mode == "tracking")
  }

  mutating func tick(_ d: Int64, mode: String = "default") throws(Rejection) -> [TimelineEvent] {
    guard d >= 0 else { throw .negativeTime }
    // Steps 1-2.
    guard isActive(in: mode) else {
      if suspended { return [] }
      suspended = true
      return [.suspended]
    }
    // Step 3.
    var events: [TimelineEvent] = []
    if suspended {
      suspended = false
      events.append(.resumed)
    }
    guard state == .playing, !isStatic else { return events }
    let clamped = maxStep.map { min(d, $0) } ?? d
    let scaled = Int128(clamped) * Int128(rate) + Int128(carry)
    let advance = scaled / 1_000_000
    carry = Int64(scaled % 1_000_000)
    if advance == 0 { return events }

    // Step 4.
    let t = Int128(position)
    var next = t + advance
    let before = place(at: t)
    if policy == .noSkip {
      let probe = end.map { min(next, $0) } ?? next
      if place(at: probe).slot > before.slot + 1 {
        next = start(ofSlot: before.slot + 2) - 1
      }
    }
    // Step 5.
    var finished = false
    if let end {
      if next >= end {
        next = end
        state = .finished
        finished = true
      }
    } else {
      next = min(next, Int128(Int64.max))
    }
    position = Int64(next)

    // Step 6.
    let after = place(at: next)
    if after.frame != before.frame {
      events.append(.frameChanged(from: before.frame, to: after.frame, slots: Int64(after.slot - before.slot)))
    }
    let completedBefore = completed(at: t)
    let completedAfter = completed(at: next)
    if completedAfter > completedBefore {
      events.append(.loopCompleted(completed: Int64(completedAfter)))
    }
    if finished { events.append(.finished) }
    return events
  }
}
