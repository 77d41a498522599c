/// The cues of a timeline: names on provider frames, kept in the order the
/// tick needs them (by the frame's place, then by name), and for each
/// place the index of its first cue, so that a tick entering a slot can
/// tell in O(1) whether its frame carries a cue, and its hits can be read
/// from there.
///
/// Names compare by their UTF-8 bytes, as the spec orders them (not by
/// `String`'s canonical equivalence).
@usableFromInline
struct CueTable: Sendable {
  @usableFromInline
  struct Entry: Sendable {
    /// The frame's place among the displayed frames (the sort key).
    @usableFromInline var place: Int
    /// The provider frame.
    @usableFromInline var frame: Int
    @usableFromInline var name: String
    /// Where the place's slot starts and ends within an iteration of the
    /// whole table (`FrameTable.shownStarts[place]` and `[place + 1]`),
    /// for counting the slots a tick reached without the table.
    var start: Int64
    var end: Int64
  }

  /// Sorted by place, then by name bytes; no pair twice.
  @usableFromInline private(set) var entries: [Entry] = []
  /// For each place of the table, the index in `entries` of the first
  /// entry on it, or -1. Empty while there are no cues.
  @usableFromInline private(set) var runs: [Int32] = []

  @inlinable
  var isEmpty: Bool { entries.isEmpty }

  /// Whether some cue is on `place`, a place of the table: false while
  /// there are no cues, at the cost of the emptiness test alone.
  @inlinable @inline(__always)
  func marks(place: Int) -> Bool {
    // `runs` is empty or has an element for every place of the table:
    // unchecked reads (`timeline-demo bench tick --cues 1`).
    runs.withUnsafeBufferPointer { runs in runs.count != 0 && runs[place] >= 0 }
  }

  /// Calls `body` with each entry on `place`, a place that ``marks(place:)``,
  /// in order, read in place: no copy of the table, so no retain of it, and
  /// no search (`timeline-demo bench tick --cues 5`).
  ///
  /// - Complexity: O(1) and a call per entry.
  @inlinable @inline(__always)
  func forEachEntry(atPlace place: Int, _ body: (Entry) throws -> Void) rethrows {
    var i = Int(runs.withUnsafeBufferPointer { $0[place] })
    try entries.withUnsafeBufferPointer { entries in
      while i < entries.count, entries[i].place == place {
        try body(entries[i])
        i &+= 1
      }
    }
  }

  /// The index of the first entry on `place` (a place of the table), or
  /// -1.
  ///
  /// - Complexity: O(1).
  @inlinable @inline(__always)
  func firstIndex(atPlace place: Int) -> Int {
    runs.withUnsafeBufferPointer { runs in runs.count != 0 ? Int(runs[place]) : -1 }
  }

  static func precedes(_ a: String, _ b: String) -> Bool {
    a.utf8.lexicographicallyPrecedes(b.utf8)
  }

  /// The index of the first entry at or after `(place, name)`.
  ///
  /// - Complexity: O(log *c*).
  func index(atOrAfter place: Int, name: String? = nil) -> Int {
    Self.index(in: entries, atOrAfter: place, name: name)
  }

  /// The index of the first of `entries` at or after `(place, name)`.
  ///
  /// - Complexity: O(log *c*).
  static func index(in entries: [Entry], atOrAfter place: Int, name: String? = nil) -> Int {
    var low = 0
    var high = entries.count
    while low < high {
      let mid = (low + high) / 2
      let entry = entries[mid]
      let before = entry.place < place
        || (entry.place == place && name.map { Self.precedes(entry.name, $0) } == true)
      if before { low = mid + 1 } else { high = mid }
    }
    return low
  }

  /// Puts `name` on `frame`, shown at `place` in the slot `slot` of an
  /// iteration of the whole table; `places` is the number of displayed
  /// frames. Putting the same pair twice changes nothing.
  ///
  /// - Complexity: O(*c* + *m*).
  mutating func insert(name: String, frame: Int, place: Int, slot: Range<Int64>, places: Int) {
    let i = index(atOrAfter: place, name: name)
    if i < entries.count, entries[i].place == place, entries[i].name.utf8.elementsEqual(name.utf8) { return }
    precondition(entries.count < Int32.max, "too many cues")
    entries.insert(Entry(place: place, frame: frame, name: name, start: slot.lowerBound, end: slot.upperBound), at: i)
    if runs.isEmpty { runs = Array(repeating: -1, count: places) }
    indexRuns()
  }

  /// Removes `name` from every frame.
  ///
  /// - Complexity: O(*c* + *m*).
  mutating func remove(name: String) {
    entries.removeAll { $0.name.utf8.elementsEqual(name.utf8) }
    if entries.isEmpty {
      runs = []
      return
    }
    indexRuns()
  }

  /// Sets `runs` from `entries` (`runs` has an element for every place).
  ///
  /// - Complexity: O(*c* + *m*).
  private mutating func indexRuns() {
    for place in runs.indices { runs[place] = -1 }
    var i = entries.count - 1
    while i >= 0 {
      runs[entries[i].place] = Int32(i)
      i -= 1
    }
  }
}
