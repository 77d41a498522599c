extension TimelineCore {
  /// Checks the state's invariants; compiled only with
  /// `ANIMTIMELINE_INTERNAL_CHECKS` (debug builds and tests), like
  /// swift-collections' `_checkInvariants`.
  @usableFromInline
  func _checkInvariants() {
    #if ANIMTIMELINE_INTERNAL_CHECKS
    precondition(position >= 0, "position below zero")
    precondition(carry >= 0 && carry < 1_000_000, "carry out of range")
    if let end { precondition(position <= end, "position past the end") }
    // Finished at the end it reached: `E` moving forward, 0 moving
    // backward; a rate that changed sign since leaves it there.
    if state == .finished { precondition(end == position || position == 0, "finished away from an end") }
    if isStatic {
      precondition(position == 0, "a static timeline moved")
      precondition(state != .finished, "a static timeline finished")
    } else if end.map({ position < $0 }) ?? true {
      // A slot whose end saturated at Int64.max holds Int64.max itself.
      precondition(start(of: cursor) <= position && (position < cursor.end || cursor.end == .max),
        "cursor does not hold the position")
    }
    precondition(table.boundaries[cursor.frame + 1] > table.boundaries[cursor.frame] || isStatic,
      "displayed frame has zero duration")
    precondition(isStatic || cursor.reversed == direction.isReversed(iteration: cursor.iteration),
      "cursor direction out of date")
    precondition(fastLimit == expectedLimits.fast, "fast-path limit out of date")
    precondition(scaledLimit == expectedLimits.scaled, "scaled fast-path limit out of date")
    precondition(backwardLimit == expectedLimits.backward, "backward fast-path limit out of date")
    #endif
  }
}
