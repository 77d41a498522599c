/// The cue hits of one tick, in the spec's order: by the time of each
/// cue's first reached slot (the old range's before the new range's, when
/// the tick switched into the queued clip), then by name bytes.
///
/// A lazy sequence over the timeline's cue table: it allocates nothing, and
/// counts each cue's reached slots arithmetically, so a tick that went round
/// a billion times costs the same as one that moved one slot.
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

    /// The number of reached slots that show `place` (saturated).
    func count(place: Int, starts: [Int64]) -> Int64 {
      guard range.contains(place: place), upper > lower else { return 0 }
      // Where the place's slot starts (or ends) within an iteration shown
      // forward, and within one shown reversed: in `0..<L` (`1...L` by end).
      let low = starts[place] - range.offset
      let high = starts[place + 1] - range.offset
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

  let entries: [CueTable.Entry]
  let starts: [Int64]
  /// The only phase, or the old range's when the tick switched (when
  /// `phases` is at least 1).
  let first: Phase
  /// The new range's phase when the tick switched (`phases` is 2).
  let second: Phase
  let phases: Int
  /// The place and step of the slot displayed before the tick, in
  /// `first`'s range.
  let fromPlace: Int
  let fromStep: Int
  /// When the tick reached exactly one slot: its place (each cue on it is
  /// reached once); else -1.
  let singlePlace: Int

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

  /// No hits.
  @usableFromInline
  init() {
    self.init(entries: [], starts: [], first: nil, second: nil, fromPlace: 0, fromStep: 1, singlePlace: -1)
  }

  /// The hits of one slot at `place`.
  init(entries: [CueTable.Entry], singlePlace: Int) {
    self.init(entries: entries, starts: [], first: nil, second: nil, fromPlace: 0, fromStep: 1, singlePlace: singlePlace)
  }

  init(
    entries: [CueTable.Entry], starts: [Int64], first: Phase?, second: Phase?,
    fromPlace: Int, fromStep: Int, singlePlace: Int
  ) {
    self.entries = entries
    self.starts = starts
    self.first = first ?? .none
    self.second = second ?? .none
    self.phases = first == nil ? 0 : second == nil ? 1 : 2
    self.fromPlace = fromPlace
    self.fromStep = fromStep
    self.singlePlace = singlePlace
    let (s1, s2, s3, count) = Self.segments(
      entries: entries, first: first ?? .none, second: second ?? .none, phases: phases,
      fromPlace: fromPlace, fromStep: fromStep, singlePlace: singlePlace)
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
    fromPlace: Int, fromStep: Int, singlePlace: Int
  ) -> (Segment, Segment, Segment, count: Int) {
    let none = Segment(phase: 0, low: 0, high: 0, ascending: true)
    if singlePlace >= 0 {
      let low = CueTable.index(in: entries, atOrAfter: singlePlace)
      let high = CueTable.index(in: entries, atOrAfter: singlePlace + 1)
      return (Segment(phase: 0, low: low, high: high, ascending: true), none, none, 1)
    }
    guard phases > 0 else { return (none, none, none, 0) }
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
  public mutating func next() -> CueHit? {
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
      if let entry = nextEntry(in: current) {
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
  mutating func nextEntry(in segment: Segment) -> CueTable.Entry? {
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
    if singlePlace >= 0 { return 1 }
    guard phases > 0 else { return nil }
    let early = first.count(place: entry.place, starts: starts)
    let late = phases == 2 ? second.count(place: entry.place, starts: starts) : 0
    if phase == 0 {
      return early > 0 ? Phase.add(early, late) : nil
    }
    return early == 0 && late > 0 ? late : nil
  }
}
