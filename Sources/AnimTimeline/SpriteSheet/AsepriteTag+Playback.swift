/// Aseprite's tag playback, as a pure function of the step number.
///
/// A play is a series of *passes*. A pass runs over the tag's *n* frames in
/// one direction: the first pass runs forward (`from` to `to`) for
/// ``AsepriteDirection/forward`` and ``AsepriteDirection/pingpong``, and
/// backward for the other two. A forward or reverse tag starts every pass
/// at the same end. A ping-pong tag turns around instead, and a pass after
/// a turn does not show again the frame it turned on: 1,2,3 then 2,1 then
/// 2,3 then 2,1... A one-frame tag shows its frame once per pass.
///
/// Playing on and on, a tag shows ``sheetFrame(atStep:)`` for steps 0, 1,
/// 2, ...; one play of ``passes`` passes is the first ``stepCount`` steps.
/// `Docs/SpriteSheets.md` gives the sources and a worked table.
extension AsepriteTag {
  /// The number of frames the tag covers, *n*.
  public var frameCount: Int { frames.count }

  /// The passes one play makes: ``repeats``, or when it is 0, what
  /// Aseprite exports for "∞": 2 for a ping-pong tag (once each way), 1
  /// otherwise.
  public var passes: Int {
    if repeats > 0 { return repeats }
    return direction.isPingPong ? 2 : 1
  }

  /// The frames one play of ``passes`` passes shows: *n* × passes, or for a
  /// ping-pong tag of *n* ≥ 2 frames, *n* + (passes − 1)(*n* − 1). Saturates
  /// at `Int.max`.
  public var stepCount: Int {
    let n = frameCount
    if direction.isPingPong && n > 1 {
      let (turns, o1) = (passes - 1).multipliedReportingOverflow(by: n - 1)
      let (total, o2) = turns.addingReportingOverflow(n)
      return o1 || o2 ? .max : total
    }
    let (total, overflow) = n.multipliedReportingOverflow(by: passes)
    return overflow ? .max : total
  }

  /// The length of the cycle the tag repeats when it plays forever: *n*,
  /// or 2*n* − 2 for a ping-pong tag of *n* ≥ 2 frames.
  public var cycleLength: Int {
    let n = frameCount
    return direction.isPingPong && n > 1 ? 2 * n - 2 : n
  }

  /// The sheet frame the tag shows at step `step` of its playback, step 0
  /// being the first frame of the first pass.
  ///
  /// The sequence is periodic with period ``cycleLength``; a negative step
  /// reads it backward from step 0 (so the function is total).
  public func sheetFrame(atStep step: Int) -> Int {
    let n = frameCount
    let cycle = cycleLength
    var k = step % cycle
    if k < 0 { k += cycle }
    // The distance from the pass's starting end.
    let offset = k < n ? k : cycle - k
    return direction.startsReversed ? frames.upperBound - offset : frames.lowerBound + offset
  }
}
