/// The cues of a timeline: names on provider frames, kept in the order the
/// tick needs them (by the frame's place, then by name), and a bit per
/// place so that a tick entering a slot can tell in O(1) whether its frame
/// carries a cue.
///
/// Names compare by their UTF-8 bytes, as the spec orders them (not by
/// `String`'s canonical equivalence).
@usableFromInline
struct CueTable: Sendable {
  @usableFromInline
  struct Entry: Sendable {
    /// The frame's place among the displayed frames (the sort key).
    var place: Int
    /// The provider frame.
    var frame: Int
    var name: String
  }

  /// Sorted by place, then by name bytes; no pair twice.
  @usableFromInline private(set) var entries: [Entry] = []
  /// Bit `place % 64` of word `place / 64` is set when some entry is on
  /// that place. Empty while there are no cues.
  @usableFromInline private(set) var marked: [UInt64] = []

  @inlinable
  var isEmpty: Bool { entries.isEmpty }

  /// Whether some cue is on `place`.
  @inlinable @inline(__always)
  func marks(place: Int) -> Bool {
    let word = place &>> 6
    return marked.withUnsafeBufferPointer { bits in
      word < bits.count && bits[word] & (1 &<< UInt64(place & 63)) != 0
    }
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

  /// Puts `name` on `frame`, shown at `place`; `places` is the number of
  /// displayed frames. Putting the same pair twice changes nothing.
  ///
  /// - Complexity: O(*c*).
  mutating func insert(name: String, frame: Int, place: Int, places: Int) {
    let i = index(atOrAfter: place, name: name)
    if i < entries.count, entries[i].place == place, entries[i].name.utf8.elementsEqual(name.utf8) { return }
    entries.insert(Entry(place: place, frame: frame, name: name), at: i)
    if marked.isEmpty { marked = Array(repeating: 0, count: (places + 63) / 64) }
    marked[place >> 6] |= 1 << UInt64(place & 63)
  }

  /// Removes `name` from every frame.
  ///
  /// - Complexity: O(*c*).
  mutating func remove(name: String) {
    entries.removeAll { $0.name.utf8.elementsEqual(name.utf8) }
    if entries.isEmpty {
      marked = []
      return
    }
    for i in marked.indices { marked[i] = 0 }
    for entry in entries { marked[entry.place >> 6] |= 1 << UInt64(entry.place & 63) }
  }
}
