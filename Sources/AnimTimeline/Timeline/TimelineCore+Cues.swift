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
    cues.insert(name: name, frame: frame, place: table.place(ofFrame: frame), places: table.shownCount)
  }

  /// Removes cue `name` from every frame.
  ///
  /// - Complexity: O(*c*).
  mutating func removeCue(_ name: String) {
    cues.remove(name: name)
  }

  /// The cue hits of the slots `reach` and the position describe.
  ///
  /// - Complexity: O(log *c*).
  @usableFromInline
  func cueHits() -> CueHits {
    if reach.single {
      return CueHits(entries: cues.entries, singlePlace: cursor.place)
    }
    if reach.previous == nil, reach.from > position {
      // Moving backward from `from` down to the position: the slots that
      // end in `(T, from]`, but the last one, which ends at `E` and was
      // already on screen there. The walk is the forward one's, against
      // the displayed slot's step.
      let last = end.map { Swift.min(reach.from, $0 - 1) } ?? reach.from
      let backward = CueHits.Phase(
        range: range, direction: direction, lastIteration: plays.map { $0 - 1 } ?? .max,
        lower: position, upper: last, byEnd: true)
      return CueHits(
        entries: cues.entries, starts: table.shownStarts, first: backward, second: nil,
        fromPlace: Int(reach.fromPlace), fromStep: -Int(reach.fromStep), singlePlace: -1)
    }
    let current = CueHits.Phase(
      range: range, direction: direction, lastIteration: plays.map { $0 - 1 } ?? .max,
      lower: reach.previous == nil ? reach.from : -1, upper: position)
    guard let previous = reach.previous, let plays = previous.loops.plays,
      let view = table.view(of: previous.frames)
    else {
      return CueHits(
        entries: cues.entries, starts: table.shownStarts, first: current, second: nil,
        fromPlace: Int(reach.fromPlace), fromStep: Int(reach.fromStep), singlePlace: -1)
    }
    // Slots of the old range start before its end. (The clip is the old
    // range, so it has a direction.)
    let old = CueHits.Phase(
      range: view, direction: previous.direction ?? direction, lastIteration: plays - 1,
      lower: reach.from, upper: plays * view.length - 1)
    return CueHits(
      entries: cues.entries, starts: table.shownStarts, first: old, second: current,
      fromPlace: Int(reach.fromPlace), fromStep: Int(reach.fromStep), singlePlace: -1)
  }
}
