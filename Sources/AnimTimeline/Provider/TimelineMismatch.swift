/// Why a timeline does not belong to the provider asked for its frame
/// (``FrameProvider/frame(shownBy:)``): the timeline was made from a
/// provider with another frame count, or with another duration for the
/// frame it shows now.
public struct TimelineMismatch: Hashable, Sendable, CustomStringConvertible {
  /// The provider's ``FrameProvider/frameCount``.
  public var providerFrameCount: Int
  /// The timeline's ``Timeline/frameCount``.
  public var timelineFrameCount: Int
  /// The frame the timeline shows (``Timeline/currentFrame``).
  public var frame: Int
  /// The provider's duration of `frame` in nanoseconds, or `nil` when the
  /// frame counts already differ (the frame may not exist in the provider).
  public var providerDuration: Int64?
  /// The timeline's duration of `frame` in nanoseconds.
  public var timelineDuration: Int64

  /// Makes a mismatch.
  public init(
    providerFrameCount: Int, timelineFrameCount: Int, frame: Int, providerDuration: Int64?, timelineDuration: Int64
  ) {
    self.providerFrameCount = providerFrameCount
    self.timelineFrameCount = timelineFrameCount
    self.frame = frame
    self.providerDuration = providerDuration
    self.timelineDuration = timelineDuration
  }

  /// What differs, with the frame.
  public var description: String {
    if providerFrameCount != timelineFrameCount {
      return "the timeline (\(timelineFrameCount) frames, showing frame \(frame)) was not made from this provider "
        + "(\(providerFrameCount) frames)"
    }
    return "the timeline shows frame \(frame) for \(timelineDuration) ns, but this provider's frame \(frame) lasts "
      + "\(providerDuration ?? 0) ns: the timeline was not made from this provider"
  }
}
