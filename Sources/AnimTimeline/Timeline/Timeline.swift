/// A deterministic, frame-accurate animation timeline over any
/// ``FrameProvider``.
///
/// A timeline holds a position `T` in whole nanoseconds and a state
/// (``PlaybackState``); ``tick(by:mode:)`` advances it by clock time, and
/// the commands (``play()``, ``pause()``, ``stop()``, ``seek(to:)``,
/// ``seek(toFrame:iteration:)``, ``setLoops(_:)``) change it directly.
/// The rules are those of Docs/Timeline.md and Docs/ScriptFormat.md; Docs/Design.md
/// explains each decision.
///
/// ```swift
/// var timeline = try Timeline(provider: SyntheticFrameProvider(
///     durations: [100_000_000, 50_000_000]))
/// timeline.play()
/// for event in try timeline.tick(by: 16_666_667) { print(event) }
/// ```
///
/// A tick never allocates: its events come back in a fixed-size
/// ``TickEvents`` value.
public struct Timeline<Provider: FrameProvider> {
  @usableFromInline
  var core: TimelineCore

  /// The frame provider.
  public internal(set) var provider: Provider

  /// Makes a stopped timeline at position 0.
  ///
  /// - Throws: ``TimelineError/noFrames``,
  ///   ``TimelineError/negativeDuration(frame:nanoseconds:)``,
  ///   ``TimelineError/durationOverflow`` for a bad provider, and
  ///   ``TimelineError/loopsTooLong(plays:loopDuration:)`` when the loop
  ///   count makes the end exceed `Int64.max`.
  /// - Complexity: O(*n*) in the number of frames.
  public init(provider: Provider, configuration: TimelineConfiguration = .init()) throws(TimelineError) {
    let table = try FrameTable(provider)
    self.core = try TimelineCore(table: table, configuration: configuration, defaultLoops: provider.loopCount)
    self.provider = provider
  }
}

extension Timeline: Sendable where Provider: Sendable {}
