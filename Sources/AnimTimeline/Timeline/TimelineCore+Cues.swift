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
  func cueHits() -> CueHits {
    let current = CueHits.Phase(
      range: range, direction: direction, lastIteration: plays.map { $0 - 1 } ?? .max,
      lower: reach.previous == nil ? reach.from : -1, upper: position)
    guard let previous = reach.previous else {
      return CueHits(
        cues: cues, starts: table.shownStarts, first: current,
        fromPlace: reach.fromPlace, fromStep: reach.fromStep, second: nil)
    }
    // Slots of the old range start before its end.
    let old = CueHits.Phase(
      range: previous.range, direction: previous.direction, lastIteration: previous.plays - 1,
      lower: reach.from, upper: previous.plays * previous.range.length - 1)
    return CueHits(
      cues: cues, starts: table.shownStarts, first: old,
      fromPlace: reach.fromPlace, fromStep: reach.fromStep, second: current)
  }
}
