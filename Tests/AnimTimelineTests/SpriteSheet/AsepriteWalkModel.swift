import AnimTimeline

/// An independent model of Aseprite's tag playback, told as a walk rather
/// than as arithmetic: a cursor moves one frame a step; at the end of a
/// pass a forward or reverse tag jumps back to its starting end, a
/// ping-pong tag turns around and takes its next step away from the end it
/// turned on (a one-frame tag stays put). Shared by the tests and the
/// `json` fuzz target (which compiles this file), so it imports the
/// library's public API only.
enum AsepriteWalkModel {
  /// The first `count` frames of `passes` passes over `from...to` (fewer if
  /// the play ends first).
  static func walk(from: Int, to: Int, direction: AsepriteDirection, passes: Int, count: Int) -> [Int] {
    var out: [Int] = []
    var step = (direction == .forward || direction == .pingpong) ? 1 : -1
    var frame = step > 0 ? from : to
    var passesLeft = passes
    while out.count < count {
      out.append(frame)
      let end = step > 0 ? to : from
      if frame != end {
        frame += step
        continue
      }
      passesLeft -= 1
      if passesLeft == 0 { break }
      if direction == .forward {
        frame = from
      } else if direction == .reverse {
        frame = to
      } else {
        step = -step
        if from != to { frame += step }
      }
    }
    return out
  }
}
