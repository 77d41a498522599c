extension Timeline {
  /// Puts the cue `name` on provider frame `frame`. A name may be on
  /// several frames and a frame may carry several names; putting the same
  /// pair twice changes nothing.
  ///
  /// Each tick then reports, for every cue, how many slots showing its
  /// frame it reached: the slot it puts on screen and every slot it jumped
  /// over, so no cue is lost or counted twice whatever the ticks
  /// (``cueHits(in:)``).
  ///
  /// - Throws: ``TimelineError/invalidCueName`` for an empty name,
  ///   ``TimelineError/frameOutOfRange(frame:count:)``, and
  ///   ``TimelineError/frameNotDisplayed(frame:)`` for a frame of 0 ns.
  /// - Complexity: O(*c* + *m*) for *c* cues and *m* displayed frames.
  public mutating func addCue(_ name: String, frame: Int) throws(TimelineError) {
    try core.addCue(name, frame: frame)
  }

  /// Removes the cue `name` from every frame.
  ///
  /// - Complexity: O(*c* + *m*).
  public mutating func removeCue(_ name: String) {
    core.removeCue(name)
  }

  /// The cues, ordered by frame, then by the names' UTF-8 bytes.
  ///
  /// - Complexity: O(*c*).
  public var cues: [(name: String, frame: Int)] {
    core.cues.entries.map { ($0.name, $0.frame) }
  }

  /// The cues that the tick which returned `events` reached, in the order
  /// they were first reached, then by name: for each, the number of
  /// reached slots showing its frame. Empty when `events` did not reach a
  /// cue (``TickEvents/reachedCue``).
  ///
  /// Ask before the next tick or command: the hits are worked out from the
  /// timeline as that tick left it. Allocates nothing.
  ///
  /// - Complexity: O(log *c*); iterating the hits is O(*c*).
  @inlinable @inline(__always)  // `timeline-demo bench tick --cues 5`
  public func cueHits(in events: TickEvents) -> CueHits {
    var hits = CueHits()
    if events.reachedCue { core.reportCueHits(into: &hits) }
    return hits
  }

  /// Calls `body` with each of the cue hits of the tick that returned
  /// `events`: the hits ``cueHits(in:)`` iterates, in the same order, with
  /// the same freshness rule.
  ///
  /// The faster form, for a game's loop: the hits of a one-slot crossing,
  /// by far the most common, are read in place from the timeline's cue
  /// table, with no copy and no reference counting (about 50 instructions
  /// a hit instead of several hundred: `timeline-demo bench tick --cues 5`,
  /// Docs/Performance.md, "Cue hits"). Allocates nothing.
  ///
  /// `mutating` only so that the timeline is passed by address: it changes
  /// nothing. (Given the timeline as a value, the caller copied all of it
  /// on every call.) Use ``cueHits(in:)`` on a constant.
  ///
  /// ```swift
  /// timeline.forEachCueHit(in: events) { hit in
  ///   if hit.name == "footstep" { playFootstep(times: hit.count) }
  /// }
  /// ```
  ///
  /// - Complexity: O(1) and a call per hit after a one-slot crossing, else
  ///   O(log *c* + log *m*) and O(*c*).
  @inlinable
  public mutating func forEachCueHit(in events: TickEvents, _ body: (CueHit) throws -> Void) rethrows {
    guard events.reachedCue else { return }
    if core.reach.single {
      try core.cues.forEachEntry(atPlace: core.cursor.place) { entry in
        try body(CueHit(name: entry.name, frame: entry.frame, count: 1))
      }
      return
    }
    try forEachWalkedCueHit(body)
  }

  /// ``forEachCueHit(in:_:)`` for a tick that reached cues and did not
  /// reach just one slot. Out of line.
  @usableFromInline @inline(never)
  mutating func forEachWalkedCueHit(_ body: (CueHit) throws -> Void) rethrows {
    var hits = core.cueHits()
    while let hit = hits.next() { try body(hit) }
  }

  /// All the events of the tick that returned `events`, cue hits included,
  /// in the spec's order (cue hits come after the frame change and before
  /// the loop events). Allocates nothing; the same freshness rule as
  /// ``cueHits(in:)`` applies.
  public func events(in events: TickEvents) -> AllTickEvents {
    AllTickEvents(events: events, hits: cueHits(in: events))
  }
}

/// The events of one tick with its cue hits, in order; see
/// ``Timeline/events(in:)``.
public struct AllTickEvents: Sequence, Sendable {
  let events: TickEvents
  let hits: CueHits

  /// Returns an iterator over the events.
  public func makeIterator() -> Iterator {
    Iterator(events: events, remaining: events.kinds, hits: hits)
  }

  /// Iterates the events of an ``AllTickEvents``.
  public struct Iterator: IteratorProtocol {
    let events: TickEvents
    var remaining: UInt8
    var hits: CueHits

    /// The next event, or `nil`.
    public mutating func next() -> TimelineEvent? {
      while remaining != 0 {
        let kind = remaining & (0 &- remaining)  // lowest set bit
        if kind == TickEvents.cueKind {
          if let hit = hits.next() { return .cue(hit) }
          remaining &= ~kind
          continue
        }
        remaining &= ~kind
        return events.event(ofKind: kind)
      }
      return nil
    }
  }
}
