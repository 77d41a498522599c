import AnimTimeline

/// An event of the reference model, in the vocabulary of the spec
/// (`timeline.md`, sections 6, 8 and 9) rather than the engine's: the model
/// has its own, so that it stays independent of the engine's event types,
/// and is compared with them through a mapping.
enum ModelEvent: Hashable, Sendable, CustomStringConvertible {
  case suspended
  case resumed
  /// The displayed frame index changed; `slots` = new slot − old slot
  /// (for a switching tick, `(k*m - 1 - s0) + 1 + s1`), saturated;
  /// negative moving backward (section 9.2).
  case frame(from: Int, to: Int, slots: Int64)
  /// The cue `name` on provider frame `frame` was reached `count` times
  /// (saturated at `Int64.max`).
  case cue(name: [UInt8], frame: Int, count: Int64)
  case loop(completed: Int64)
  /// A switching tick installed the queued range `[from, to]`.
  case range(from: Int, to: Int)
  case finished

  /// The model event for an engine event (a cue's name as its UTF-8 bytes).
  init(_ event: TimelineEvent) {
    switch event {
    case .suspended: self = .suspended
    case .resumed: self = .resumed
    case let .frameChanged(from, to, slots): self = .frame(from: from, to: to, slots: slots)
    case let .cue(hit): self = .cue(name: Array(hit.name.utf8), frame: hit.frame, count: hit.count)
    case let .loopCompleted(completed): self = .loop(completed: completed)
    case let .rangeSwitched(frames): self = .range(from: frames.lowerBound, to: frames.upperBound)
    case .finished: self = .finished
    }
  }

  /// The engine's event for this one, or `nil` for the kinds section 8
  /// added (`cue`, `range`), which `TimelineEvent` cannot express.
  var timelineEvent: TimelineEvent? {
    switch self {
    case .suspended: return .suspended
    case .resumed: return .resumed
    case let .frame(from, to, slots): return .frameChanged(from: from, to: to, slots: slots)
    case let .loop(completed): return .loopCompleted(completed: completed)
    case .finished: return .finished
    case .cue, .range: return nil
    }
  }

  var description: String {
    switch self {
    case .suspended: return "suspended"
    case .resumed: return "resumed"
    case let .frame(from, to, slots): return "frame(\(from)->\(to), slots \(slots))"
    case let .cue(name, frame, count):
      return "cue(\(String(decoding: name, as: UTF8.self)) \(name), frame \(frame), count \(count))"
    case let .loop(completed): return "loop(\(completed))"
    case let .range(from, to): return "range(\(from)...\(to))"
    case .finished: return "finished"
    }
  }
}

extension ReferenceTimeline {
  /// `Int64(value)`, saturated at `Int64.max` (`value >= 0`).
  static func saturated(_ value: Int128) -> Int64 {
    value > Int128(Int64.max) ? .max : Int64(value)
  }

  /// A range `[first, last]` of provider frames with the loop count and
  /// direction it plays with: everything sections 2 to 6 define, computed
  /// for the range as if the provider had only those frames (section 8.1),
  /// from scratch, by linear scans, in `Int128`. Frame numbers are the
  /// provider's.
  ///
  /// Requires at least one frame of `d > 0` in the range (true of every
  /// range except the initial range of a static provider, which the
  /// timeline never asks).
  struct Segment: Equatable {
    let durations: [Int64]
    let first: Int
    let last: Int
    /// Total plays, or `nil` for infinite.
    var loops: Int64?
    var direction: PlaybackDirection

    /// `b'[j - first]`: the sum of `d[first..<j]`, for a provider frame
    /// index `j` (clamped to `first...last + 1`).
    func boundary(_ j: Int) -> Int128 {
      ReferenceTimeline.sum(durations[first..<min(max(j, first), last + 1)])
    }

    /// `L`.
    var loopDuration: Int128 { boundary(last + 1) }

    /// The range's frames with `d > 0`, in index order.
    var displayedFrames: [Int] { (first...last).filter { durations[$0] > 0 } }

    /// `m`.
    var m: Int128 { Int128(displayedFrames.count) }

    /// `E = k * L`, or `nil` for infinite loops.
    var end: Int128? { loops.map { Int128($0) * loopDuration } }

    func isReversed(iteration i: Int128) -> Bool {
      switch direction {
      case .forward: return false
      case .reverse: return true
      case .alternate: return i % 2 == 1
      case .alternateReverse: return i % 2 == 0
      }
    }

    /// The place at time `t` (`0 <= t <= E`).
    func place(at t: Int128) -> Place {
      let shown = displayedFrames
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

    /// `start(s)`: the time at which display slot `s` begins. For a finite
    /// loop count, `start(k*m)` is `E` (iteration `k` would begin there).
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

    /// Iteration `i`'s slots in display order: the frame each shows and its
    /// start time.
    func slots(ofIteration i: Int128) -> [(frame: Int, start: Int128)] {
      let length = loopDuration
      let shown = displayedFrames
      if isReversed(iteration: i) {
        return shown.reversed().map { ($0, i * length + length - boundary($0 + 1)) }
      }
      return shown.map { ($0, i * length + boundary($0)) }
    }

    /// How often, and first when, the slots whose start lies in
    /// `[lo, hi]` show a frame (moving backward: the slots entered going
    /// down, ``reachedBackward(from:downTo:)``).
    struct Reach: Equatable {
      var frame: Int
      /// The number of such slots showing `frame`.
      var count: Int128
      /// The position at which the tick reaches the first of them: its
      /// start moving forward, its end (`start(s + 1)`) moving backward.
      var first: Int128
    }

    /// The frame display slot `s` shows (`0 <= s`, and `s < k*m` when
    /// finite).
    func frame(ofSlot s: Int128) -> Int {
      let i = s / m
      return slots(ofIteration: i)[Int(s - i * m)].frame
    }

    /// The slots a tick moving backward from `t0` down to `t1 < t0` reaches
    /// (section 9.2): those `s` with `t1 < start(s + 1) <= t0` and `s + 1`
    /// a slot (`s + 1 < k*m` when finite), per frame, ordered by the
    /// position at which the tick reaches each frame's first (highest) such
    /// slot, `start(s + 1)`, highest first.
    ///
    /// `start` grows with the slot, and the slot at a time `t` is the last
    /// one with `start <= t` (at `E`, `k*m - 1`, the last real one), so `s +
    /// 1` runs from the slot after the one at `t1` to the one at `t0`: the
    /// reached slots are `place(t1).slot ... place(t0).slot - 1`. The
    /// highest `2m` of them (which hold a whole iteration, so every frame
    /// the span shows) are enumerated one by one, highest first; the rest
    /// are counted per iteration, never slot by slot.
    func reachedBackward(from t0: Int128, downTo t1: Int128) -> [Reach] {
      let top = place(at: t0).slot - 1
      let bottom = place(at: t1).slot
      guard bottom <= top else { return [] }
      var reaches: [Reach] = []
      func add(_ frame: Int, at position: Int128, times: Int128) {
        if let index = reaches.firstIndex(where: { $0.frame == frame }) {
          reaches[index].count += times
        } else {
          reaches.append(Reach(frame: frame, count: times, first: position))
        }
      }
      // Slot `x`'s frame and start, from its iteration's slots (each
      // iteration worked out once).
      var iterations: [Int128: [(frame: Int, start: Int128)]] = [:]
      func slot(_ x: Int128) -> (frame: Int, start: Int128) {
        let i = x / m
        if iterations[i] == nil { iterations[i] = slots(ofIteration: i) }
        return iterations[i]![Int(x - i * m)]
      }
      var s = top
      while s >= bottom, s > top - 2 * m {
        add(slot(s).frame, at: slot(s + 1).start, times: 1)
        s -= 1
      }
      guard s >= bottom else { return reaches }
      // Slots bottom...s (every frame among them already seen above): the
      // partial iterations at both ends one by one, each whole iteration
      // between them shows every frame once.
      let low = bottom / m
      let high = s / m
      if low == high {
        for x in bottom...s { add(slot(x).frame, at: 0, times: 1) }
      } else {
        for x in bottom..<((low + 1) * m) { add(slot(x).frame, at: 0, times: 1) }
        for x in (high * m)...s { add(slot(x).frame, at: 0, times: 1) }
        if high - low > 1 {
          for j in displayedFrames { add(j, at: 0, times: high - low - 1) }
        }
      }
      return reaches
    }

    /// The slots `s` (real ones: `s < k*m` when finite) with
    /// `lo <= start(s) <= hi`, per frame, ordered by the start of each
    /// frame's first such slot.
    ///
    /// Counted per iteration, never slot by slot: the (at most two)
    /// partially covered iterations are enumerated, and every iteration
    /// strictly between them shows each displayed frame exactly once.
    func reached(from lo: Int128, through hi: Int128) -> [Reach] {
      let lo = max(lo, 0)
      // Every real slot starts before `E` (its frame has d > 0).
      let hi = end.map { min(hi, $0 - 1) } ?? hi
      guard lo <= hi else { return [] }
      let length = loopDuration
      let firstIteration = lo / length
      let lastIteration = hi / length
      var reaches: [Reach] = []
      func add(_ frame: Int, at start: Int128, times: Int128) {
        if let index = reaches.firstIndex(where: { $0.frame == frame }) {
          reaches[index].count += times
        } else {
          reaches.append(Reach(frame: frame, count: times, first: start))
        }
      }
      // In time order, so that `first` is each frame's earliest.
      for slot in slots(ofIteration: firstIteration) where lo <= slot.start && slot.start <= hi {
        add(slot.frame, at: slot.start, times: 1)
      }
      if lastIteration > firstIteration {
        let middle = lastIteration - firstIteration - 1
        if middle > 0 {
          for slot in slots(ofIteration: firstIteration + 1) { add(slot.frame, at: slot.start, times: middle) }
        }
        for slot in slots(ofIteration: lastIteration) where slot.start <= hi {
          add(slot.frame, at: slot.start, times: 1)
        }
      }
      return reaches
    }
  }

  /// A range waiting in the queue (section 8.2).
  struct QueuedRange: Equatable {
    var first: Int
    var last: Int
    /// Total plays, or `nil` for infinite.
    var loops: Int64?
    /// The direction it plays with, or `nil` to keep the current one.
    var direction: PlaybackDirection?
  }

  /// A cue: a name (bytes) on a provider frame (section 8.3).
  struct Cue: Hashable, CustomStringConvertible {
    var name: [UInt8]
    var frame: Int

    init(name: [UInt8], frame: Int) {
      self.name = name
      self.frame = frame
    }

    /// The cue `name` (by its UTF-8 bytes) on `frame`.
    init(_ name: String, _ frame: Int) {
      self.init(name: Array(name.utf8), frame: frame)
    }

    /// The spec's order of cues: by frame, then by name bytes.
    static func precedes(_ a: Cue, _ b: Cue) -> Bool {
      a.frame != b.frame ? a.frame < b.frame : a.name.lexicographicallyPrecedes(b.name)
    }

    var description: String { "\(String(decoding: name, as: UTF8.self))@\(frame)" }
  }

  /// The cue events of a tick whose reached slots are `phases` (one list
  /// per range, in time order: the old range, then the new one), section 8.3;
  /// `backward`, a tick moving backward (one phase), whose cues come
  /// highest position first (section 9.2).
  func cueEvents(_ phases: [[Segment.Reach]], backward: Bool = false) -> [ModelEvent] {
    guard !cues.isEmpty else { return [] }
    var total: [Int: Int128] = [:]
    var firstReached: [Int: (phase: Int, time: Int128)] = [:]
    for (phase, reaches) in phases.enumerated() {
      for reach in reaches {
        total[reach.frame, default: 0] += reach.count
        if firstReached[reach.frame] == nil { firstReached[reach.frame] = (phase, reach.first) }
      }
    }
    let hits = cues.filter { total[$0.frame] != nil }.sorted { a, b in
      let x = firstReached[a.frame]!, y = firstReached[b.frame]!
      if x.phase != y.phase { return x.phase < y.phase }
      if x.time != y.time { return backward ? x.time > y.time : x.time < y.time }
      return a.name.lexicographicallyPrecedes(b.name)
    }
    return hits.map { .cue(name: $0.name, frame: $0.frame, count: Self.saturated(total[$0.frame]!)) }
  }
}
