/// A deterministic, frame-accurate animation timeline over the frames of
/// any ``FrameProvider``.
///
/// A timeline holds a position `T` in whole nanoseconds and a state
/// (``PlaybackState``); ``tick(by:mode:)-(Int64,_)`` advances it by clock time, and
/// the commands (``play()``, ``pause()``, ``stop()``, ``seek(to:)-(Int64)``,
/// ``seek(toFrame:iteration:)``, ``setLoops(_:)``) change it directly.
/// The rules are those of Docs/Timeline.md and Docs/ScriptFormat.md; Docs/Design.md
/// explains each decision.
///
/// ```swift
/// let frames = try SyntheticFrameProvider(durations: [100_000_000, 50_000_000])
/// var timeline = try Timeline(provider: frames)
/// timeline.play()
/// for event in try timeline.tick(by: 16_666_667) { print(event) }
/// let shown = try frames.frame(shownBy: timeline)
/// ```
///
/// A timeline is timing state only: it reads the provider's durations and
/// loop count once, when it is made, and keeps no reference to the
/// provider. Copying a timeline copies a few hundred bytes and shares the
/// frame table; any number of timelines, of any providers, can live in one
/// array, and one provider (one decoded GIF, one sprite sheet) serves them
/// all (Docs/Design.md, "A timeline is timing state only").
///
/// A tick never allocates: its events come back in a fixed-size
/// ``TickEvents`` value.
public struct Timeline: Sendable {
  @usableFromInline
  var core: TimelineCore

  /// Makes a stopped timeline at position 0 over `provider`'s frames.
  ///
  /// - Throws: ``TimelineError/noFrames``,
  ///   ``TimelineError/negativeDuration(frame:nanoseconds:)``,
  ///   ``TimelineError/durationOverflow`` for a bad provider, and
  ///   ``TimelineError/loopsTooLong(plays:loopDuration:)`` when the loop
  ///   count makes the end exceed `Int64.max`.
  /// - Complexity: O(*n*) in the number of frames.
  public init(provider: some FrameProvider, configuration: TimelineConfiguration = .init()) throws(TimelineError) {
    let table = try FrameTable(provider)
    self.core = try TimelineCore(table: table, configuration: configuration, defaultLoops: provider.loopCount)
  }
}
