/// The cue hits of one tick, in the spec's order: by the time of each
/// cue's first reached slot (the old range's before the new range's, when
/// the tick switched into the queued clip), then by name bytes.
///
/// A lazy sequence over the timeline's cue table: it allocates nothing, and
/// counts each cue's reached slots arithmetically, so a tick that went round
/// a billion times costs the same as one that moved one slot.
///
/// A tick that reached one slot, by far the most common, reports that
/// slot's cues, each once: a run of the table walked inline, with no
/// counting (``next()`` is inlinable for that run: `timeline-demo bench
/// tick --cues 5`, Docs/Performance.md, "Cue hits"). Any other tick walks
/// the table with `Walk`, out of line.
///
/// - Complexity: Iterating is O(*c*) in the number of cues.
public struct CueHits: Sequence, IteratorProtocol, Sendable {
  /// The slots one range had reached: those of iterations
  /// `0...lastIteration` that start in `(lower, upper]` or, for a tick
  /// moving backward (`byEnd`), that end in it: such a tick reaches the
  /// slots it enters going down, each at its end (spec section 9.2).
  struct Phase: Sendable {
    var range: RangeView
    var direction: PlaybackDirection
    var lastIteration: Int64
    var lower: Int64
    var upper: Int64
    var byEnd = false

    /// No range: counts nothing.
    static let none = Phase(
      range: RangeView(frames: 0...0, firstPlace: 0, placeCount: 0, offset: 0, length: 1),
      direction: .forward, lastIteration: -1, lower: 0, upper: 0)

    /// The number of reached slots that show `entry`'s place (saturated).
    func count(_ entry: CueTable.Entry) -> Int64 {
      guard range.contains(place: entry.place), upper > lower else { return 0 }
      // Where the place's slot starts (or ends) within an iteration shown
      // forward, and within one shown reversed: in `0..<L` (`1...L` by end).
      let low = entry.start - range.offset
      let high = entry.end - range.offset
      let forward = byEnd ? high : low
      let reversed = range.length - (byEnd ? low : high)
      switch direction {
      case .forward: return iterations(offset: forward, parity: nil)
      case .reverse: return iterations(offset: reversed, parity: nil)
      case .alternate:
        return Self.add(iterations(offset: forward, parity: 0), iterations(offset: reversed, parity: 1))
      case .alternateReverse:
        return Self.add(iterations(offset: reversed, parity: 0), iterations(offset: forward, parity: 1))
      }
    }

    /// The number of iterations `i` in `0...lastIteration` (of parity
    /// `parity`, when given) with `lower < i * L + offset <= upper`, for
    /// `0 <= offset <= L`.
    func iterations(offset: Int64, parity: Int64?) -> Int64 {
      let length = range.length
      // `lower >= -1` and `upper <= Int64.max`: no difference overflows, and
      // `lower < upper`, so `first` cannot overflow either.
      let first = Swift.max(Self.floorDivide(lower - offset, by: length) + 1, 0)
      let last = Swift.min(Self.floorDivide(upper - offset, by: length), lastIteration)
      guard first <= last else { return 0 }
      guard let parity else {
        let (count, overflow) = (last - first).addingReportingOverflow(1)
        return overflow ? .max : count
      }
      // The first iteration of that parity, if it is not past `last`.
      let aligned = (first ^ parity) & 1 == 0 ? first : (first == last ? nil : first + 1)
      guard let aligned else { return 0 }
      return (last - aligned) / 2 + 1
    }

    static func floorDivide(_ a: Int64, by b: Int64) -> Int64 {
      a >= 0 ? a / b : -((-1 - a) / b) - 1
    }

    static func add(_ a: Int64, _ b: Int64) -> Int64 {
      let (sum, overflow) = a.addingReportingOverflow(b)
      return overflow ? .max : sum
    }
  }

  /// A run of the cue table walked in one direction of places (names
  /// always ascending), for one phase.
  struct Segment: Sendable {
    var phase: Int
    var low: Int
    var high: Int
    var ascending: Bool
  }

  // Trivial but for `entries`: creating, copying and dropping the hits
  // costs one retain and release at most (`timeline-demo bench tick
  // --cues 5`).
  @usableFromInline var entries: [CueTable.Entry]
  /// The next entry of the one-slot run: the run is the entries from here
  /// on that are on `runPlace` (-1 when there is no run).
  @usableFromInline var index: Int
  @usableFromInline var runPlace: Int
  /// The walk of any other tick (`nil` for a one-slot run or no hits).
  @usableFromInline var walk: Walk?

  /// No hits.
  @inlinable @inline(__always)
  init() {
    self.entries = []
    self.index = 0
    self.runPlace = -1
    self.walk = nil
  }

  /// Makes these the hits of one slot at `place`: each cue on it, reached
  /// once, from `entries[first]` on (`first` is -1 when there are none).
  @inlinable @inline(__always)
  mutating func reportRun(of entries: [CueTable.Entry], from first: Int, atPlace place: Int) {
    guard first >= 0 else { return }
    self.index = first
    self.runPlace = place
    self.entries = entries
  }

  /// Makes these the hits of the slots that `first` (and then `second`)
  /// reached, from the slot at `fromPlace` shown with step `fromStep`.
  mutating func reportWalk(
    of entries: [CueTable.Entry], first: Phase, second: Phase?, fromPlace: Int, fromStep: Int
  ) {
    self.walk = Walk(entries: entries, first: first, second: second, fromPlace: fromPlace, fromStep: fromStep)
    self.entries = entries
  }

  /// Returns the hits themselves: the sequence is its own iterator.
  @inlinable @inline(__always)
  public func makeIterator() -> CueHits { self }

  /// The next hit, or `nil`.
  @inlinable @inline(__always)
  public mutating func next() -> CueHit? {
    // The one-slot run: `index` is in the table or at its end (unchecked
    // reads).
    let hit: CueHit? = entries.withUnsafeBufferPointer { entries in
      guard index < entries.count else { return nil }
      let entry = entries[index]
      guard entry.place == runPlace else { return nil }
      return CueHit(name: entry.name, frame: entry.frame, count: 1)
    }
    if hit != nil {
      index &+= 1
      return hit
    }
    return walk == nil ? nil : nextWalked()
  }

  /// The next hit of ``walk``.
  @usableFromInline
  mutating func nextWalked() -> CueHit? {
    walk?.next(in: entries) ?? nil
  }

  /// The walk of the hits of a tick that did not reach just one slot.
  @usableFromInline
  struct Walk: Sendable {
    /// The only phase, or the old range's when the tick switched.
    let first: Phase
    /// The new range's phase when the tick switched (`phases` is 2).
    let second: Phase
    let phases: Int
    /// The place and step of the slot displayed before the tick, in
    /// `first`'s range.
    let fromPlace: Int
    let fromStep: Int

    // Where the walk is: the runs of the table to walk (``segments()``), the
    // run being walked, and the next entry to look at, within
    // `groupLow..<groupHigh` when the run is walked downward (a group is one
    // place's entries).
    let segments: (Segment, Segment, Segment)
    let segmentCount: Int
    var segment = 0
    var index = 0
    var groupLow = 0
    var groupHigh = 0
    var started = false

    init(entries: [CueTable.Entry], first: Phase, second: Phase?, fromPlace: Int, fromStep: Int) {
      self.first = first
      self.second = second ?? .none
      self.phases = second == nil ? 1 : 2
      self.fromPlace = fromPlace
      self.fromStep = fromStep
      let (s1, s2, s3, count) = Self.segments(
        entries: entries, first: first, second: self.second, phases: phases,
        fromPlace: fromPlace, fromStep: fromStep)
      (segments, segmentCount) = ((s1, s2, s3), count)
    }

    /// The runs of the cue table to walk, in order: frames are first reached
    /// in the order of the rest of the displayed slot's iteration, then in
    /// the next iteration's order (which the alternating directions reverse)
    /// for the places not yet reached, then (after a switch) in the new
    /// range's first iteration's order.
    ///
    /// - Complexity: O(log *c*).
    static func segments(
      entries: [CueTable.Entry], first: Phase, second: Phase, phases: Int,
      fromPlace: Int, fromStep: Int
    ) -> (Segment, Segment, Segment, count: Int) {
      let none = Segment(phase: 0, low: 0, high: 0, ascending: true)
      let lowest = CueTable.index(in: entries, atOrAfter: first.range.firstPlace)
      let end = CueTable.index(in: entries, atOrAfter: first.range.lastPlace + 1)
      let alternates = first.direction == .alternate || first.direction == .alternateReverse
      let s1: Segment
      let s2: Segment
      if fromStep > 0 {
        let split = CueTable.index(in: entries, atOrAfter: fromPlace + 1)
        s1 = Segment(phase: 0, low: split, high: end, ascending: true)
        s2 = Segment(phase: 0, low: lowest, high: split, ascending: !alternates)
      } else {
        let split = CueTable.index(in: entries, atOrAfter: fromPlace)
        s1 = Segment(phase: 0, low: lowest, high: split, ascending: false)
        s2 = Segment(phase: 0, low: split, high: end, ascending: alternates)
      }
      guard phases == 2 else { return (s1, s2, none, 2) }
      // The new range is reached from its first slot: iteration 0's order.
      let s3 = Segment(
        phase: 1,
        low: CueTable.index(in: entries, atOrAfter: second.range.firstPlace),
        high: CueTable.index(in: entries, atOrAfter: second.range.lastPlace + 1),
        ascending: !second.direction.isReversed(iteration: 0))
      return (s1, s2, s3, 3)
    }

    /// The next hit, or `nil`.
    mutating func next(in entries: [CueTable.Entry]) -> CueHit? {
      while segment < segmentCount {
        let current = segment == 0 ? segments.0 : segment == 1 ? segments.1 : segments.2
        if !started {
          started = true
          if current.ascending {
            index = current.low
          } else {
            groupLow = current.high
            groupHigh = current.high
            index = current.high
          }
        }
        if let entry = nextEntry(in: current, entries: entries) {
          if let count = count(of: entry, phase: current.phase) {
            return CueHit(name: entry.name, frame: entry.frame, count: count)
          }
          continue
        }
        segment += 1
        started = false
      }
      return nil
    }

    /// The next entry of `segment` in walking order.
    mutating func nextEntry(in segment: Segment, entries: [CueTable.Entry]) -> CueTable.Entry? {
      if segment.ascending {
        guard index < segment.high else { return nil }
        defer { index += 1 }
        return entries[index]
      }
      if index == groupHigh {
        // The group below: the entries of the place before.
        guard groupLow > segment.low else { return nil }
        groupHigh = groupLow
        let place = entries[groupHigh - 1].place
        groupLow = groupHigh - 1
        while groupLow > segment.low, entries[groupLow - 1].place == place { groupLow -= 1 }
        index = groupLow
      }
      defer { index += 1 }
      return entries[index]
    }

    /// The count to report for `entry` met in phase `phase`, or `nil` when it
    /// is not reported there.
    func count(of entry: CueTable.Entry, phase: Int) -> Int64? {
      let early = first.count(entry)
      let late = phases == 2 ? second.count(entry) : 0
      if phase == 0 {
        return early > 0 ? Phase.add(early, late) : nil
      }
      return early == 0 && late > 0 ? late : nil
    }
  }
}
