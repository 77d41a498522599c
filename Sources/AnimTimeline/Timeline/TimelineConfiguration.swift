/// The settings of a ``Timeline``; each may also be changed at any time on
/// the timeline itself, taking effect at once.
public struct TimelineConfiguration: Hashable, Sendable {
  /// Total plays, or `nil` to use the provider's ``FrameProvider/loopCount``.
  public var loops: LoopCount?
  /// The order of frames in each iteration.
  public var direction: PlaybackDirection
  /// The playback rate.
  public var rate: Rate
  /// The most clock time one tick may advance.
  public var maxStep: MaxStep
  /// Whether a tick may skip frames.
  public var policy: SkipPolicy
  /// The run modes in which ticks advance the timeline.
  public var modes: RunModes

  /// A configuration; every argument has the default of Docs/ScriptFormat.md, section 3.
  public init(
    loops: LoopCount? = nil,
    direction: PlaybackDirection = .forward,
    rate: Rate = .normal,
    maxStep: MaxStep = .oneSecond,
    policy: SkipPolicy = .skip,
    modes: RunModes = .default
  ) {
    self.loops = loops
    self.direction = direction
    self.rate = rate
    self.maxStep = maxStep
    self.policy = policy
    self.modes = modes
  }
}
