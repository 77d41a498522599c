/// The frames a timeline shows as it plays from its start to its end, in
/// order, each with how long it shows on the wall clock at the timeline's
/// rate, and how many times that sequence repeats: what an export writes.
///
/// Made by ``Timeline/playbackSchedule(framesPerSecond:)``.
public struct PlaybackSchedule: Hashable, Sendable {
  /// One showing of a frame.
  public struct Entry: Hashable, Sendable {
    /// The provider's frame index.
    public var frame: Int
    /// How long the frame shows, in wall-clock nanoseconds.
    public var duration: Int64

    /// A showing of `frame` for `duration` nanoseconds.
    public init(frame: Int, duration: Int64) {
      self.frame = frame
      self.duration = duration
    }
  }

  /// The showings, in order; consecutive entries show different frames.
  public var entries: [Entry]
  /// How many times the entries play.
  public var loops: LoopCount

  /// A schedule of `entries`, played `loops` times.
  public init(entries: [Entry], loops: LoopCount) {
    self.entries = entries
    self.loops = loops
  }
}
