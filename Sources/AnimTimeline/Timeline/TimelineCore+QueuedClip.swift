extension TimelineCore {
  /// A ``Clip`` in 17 bytes rather than 26: frame bounds as `Int32` (a
  /// ``FrameTable`` holds at most `Int32.max` frames) and the loop count
  /// in eight bytes. The queued clip and the range before a switch are kept
  /// this way, so that a timeline stays within 256 bytes.
  struct QueuedClip: Hashable, Sendable {
    var lower: Int32
    var upper: Int32
    var loops: LoopCount
    var direction: PlaybackDirection?

    /// `clip`, whose frames the table has been checked to hold.
    init(_ clip: Clip) {
      self.lower = Int32(truncatingIfNeeded: clip.frames.lowerBound)
      self.upper = Int32(truncatingIfNeeded: clip.frames.upperBound)
      self.loops = clip.loops
      self.direction = clip.direction
    }

    var frames: ClosedRange<Int> { Int(lower)...Int(upper) }

    var clip: Clip { Clip(frames: frames, loops: loops, direction: direction) }
  }
}
