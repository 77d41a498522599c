extension TimelineCore {
  /// Puts cue `name` on frame `frame`.
  ///
  /// - Complexity: O(*c* + log *m*).
  mutating func addCue(_ name: String, frame: Int) throws(TimelineError) {
    guard !name.isEmpty else { throw .invalidCueName }
    guard frame >= 0, frame < table.frameCount else {
      throw .frameOutOfRange(frame: frame, count: table.frameCount)
    }
    guard table.duration(ofFrame: frame) > 0 else { throw .frameNotDisplayed(frame: frame) }
    let place = table.place(ofFrame: frame)
    cues.insert(
      name: name, frame: frame, place: place, slot: table.shownStarts[place]..<table.shownStarts[place + 1],
      places: table.shownCount)
  }

  /// Removes cue `name` from every frame.
  ///
  /// - Complexity: O(*c*).
  mutating func removeCue(_ name: String) {
    cues.remove(name: name)
  }

  /// The cue hits of the slots `reach` and the position describe.
  ///
  /// - Complexity: O(log *c* + log *m*).
  @usableFromInline
  func cueHits() -> CueHits {
    var hits = CueHits()
    reportCueHits(into: &hits)
    return hits
  }

  @usableFromInline
  static func cueHits(entries: [CueTable.Entry], reach: CueReach) -> CueHits {
    CueHits()
  }
  /// Makes `hits`, which are empty, the cue hits of the slots `reach` and
  /// the position describe.
  ///
  /// Inlined for a one-slot crossing, whose hits are a run of the table,
  /// and built in place, the hits being no copied value (`timeline-demo
  /// bench tick --cues 5`); the rest out of line.
  ///
  /// - Complexity: O(1) for a one-slot crossing, else O(log *c* + log *m*).
  @inlinable @inline(__always)
  func reportCueHits(into hits: inout CueHits) {
    if reach.single {
      hits.reportRun(of: cues.entries, from: cues.firstIndex(atPlace: cursor.place), atPlace: cursor.place)
    } else {
      reportWalkedCueHits(into: &hits)
    }
  }

  /// ``reportCueHits(into:)`` for a tick that did not reach just one slot.
  ///
  /// - Complexity: O(log *c* + log *m*).
  @usableFromInline
  func reportWalkedCueHits(into hits: inout CueHits) {
    if reach.previous == nil, reach.from > position {
      // Moving backward from `from` down to the position: the slots that
      // end in `(T, from]`, but the last one, which ends at `E` and was
      // already on screen there. The walk is the forward one's, against
      // the displayed slot's step.
      let last = end.map { Swift.min(reach.from, $0 - 1) } ?? reach.from
      let backward = CueHits.Phase(
        range: range, direction: direction, lastIteration: plays.map { $0 - 1 } ?? .max,
        lower: position, upper: last, byEnd: true)
      hits.reportWalk(
        of: cues.entries, first: backward, second: nil, fromPlace: Int(reach.fromPlace), fromStep: -Int(reach.fromStep))
      return
    }
    let current = CueHits.Phase(
      range: range, direction: direction, lastIteration: plays.map { $0 - 1 } ?? .max,
      lower: reach.previous == nil ? reach.from : -1, upper: position)
    guard let previous = reach.previous, let plays = previous.loops.plays,
      let view = table.view(of: previous.frames)
    else {
      hits.reportWalk(
        of: cues.entries, first: current, second: nil, fromPlace: Int(reach.fromPlace), fromStep: Int(reach.fromStep))
      return
    }
    // Slots of the old range start before its end. (The clip is the old
    // range, so it has a direction.)
    let old = CueHits.Phase(
      range: view, direction: previous.direction ?? direction, lastIteration: plays - 1,
      lower: reach.from, upper: plays * view.length - 1)
    hits.reportWalk(
      of: cues.entries, first: old, second: current, fromPlace: Int(reach.fromPlace), fromStep: Int(reach.fromStep))
  }
}
