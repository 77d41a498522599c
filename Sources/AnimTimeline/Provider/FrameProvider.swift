/// A source of animation frames that a ``Timeline`` can play.
///
/// A provider describes a fixed sequence of `frameCount` frames, each with a
/// duration in whole nanoseconds, and a hint for how many times the sequence
/// plays. The timeline reads the count and the durations once, when it is
/// made, and asks for frame contents only when a caller wants them, so a
/// provider may decode lazily (as ``GIFFrameProvider`` does) or describe
/// something that is never decoded at all (a rectangle in a sprite sheet).
///
/// Conforming types must return the same count and durations every time they
/// are asked; the timeline copies them into its own prefix sums, and keeps
/// no reference to the provider. A timeline is timing state only: the
/// caller asks the provider for the contents of the frame a timeline shows
/// (``frame(shownBy:)``), so one provider can serve any number of timelines.
public protocol FrameProvider {
  /// The value that represents one frame: an RGBA canvas for a GIF, a
  /// rectangle for a sprite sheet, the index itself for a synthetic provider.
  associatedtype Frame

  /// The error ``frame(at:)`` throws: ``FrameProviderError`` unless the
  /// provider has failures of its own to report (a file that cannot be
  /// read, a stream that broke off), as ``GIFFrameProvider`` does with
  /// ``GIFError``.
  associatedtype Failure: Error = FrameProviderError

  /// The number of frames. A timeline rejects a provider with no frames.
  var frameCount: Int { get }

  /// The duration of frame `index` in nanoseconds.
  ///
  /// Called only with `0 <= index < frameCount`. A negative value is
  /// rejected by the timeline with ``TimelineError/negativeDuration(frame:nanoseconds:)``.
  func frameDuration(at index: Int) -> Int64

  /// How many times the sequence plays unless the timeline is told
  /// otherwise.
  var loopCount: LoopCount { get }

  /// The contents of frame `index`.
  ///
  /// Not `mutating`: a provider that decodes lazily keeps its cache behind
  /// a reference (with a lock if it is `Sendable`), so that every copy and
  /// every timeline shares it.
  ///
  /// - Throws: a `Failure` when `index` is not in `0..<frameCount`
  ///   (``FrameProviderError/indexOutOfRange(index:count:)`` by default) or
  ///   the provider cannot produce the frame.
  func frame(at index: Int) throws(Failure) -> Frame
}

extension FrameProvider {
  /// The contents of the frame `timeline` shows now.
  ///
  /// The timeline must have been made from this provider (or one with the
  /// same frames). This is checked in O(1): the frame counts must be
  /// equal, and so must the durations of the frame the timeline shows.
  /// That catches a timeline of another GIF or sheet in nearly every
  /// case, but not all: a timeline of another provider with the same
  /// number of frames and the same duration for the current frame (two
  /// animations of 10 frames of 100 ms each) passes, and this returns this
  /// provider's frame at ``Timeline/currentFrame``. Keep each timeline with
  /// its provider (in one struct, say) to rule that out.
  ///
  /// - Throws: ``ShownFrameError/timelineMismatch(_:)`` when the check
  ///   fails, else ``ShownFrameError/provider(_:)`` with what
  ///   ``frame(at:)`` throws.
  public func frame(shownBy timeline: Timeline) throws(ShownFrameError<Failure>) -> Frame {
    if let mismatch = self.mismatch(with: timeline) { throw .timelineMismatch(mismatch) }
    do {
      return try frame(at: timeline.currentFrame)
    } catch {
      throw .provider(error)
    }
  }

  /// The reason `timeline` cannot have been made from this provider, or
  /// `nil` when its frame count and current frame's duration agree with
  /// this provider's (see ``frame(shownBy:)``).
  func mismatch(with timeline: Timeline) -> TimelineMismatch? {
    let frame = timeline.currentFrame
    let timelineDuration = timeline.currentFrameDuration
    guard frameCount == timeline.frameCount else {
      return TimelineMismatch(
        providerFrameCount: frameCount, timelineFrameCount: timeline.frameCount, frame: frame,
        providerDuration: nil, timelineDuration: timelineDuration)
    }
    let duration = frameDuration(at: frame)
    guard duration == timelineDuration else {
      return TimelineMismatch(
        providerFrameCount: frameCount, timelineFrameCount: timeline.frameCount, frame: frame,
        providerDuration: duration, timelineDuration: timelineDuration)
    }
    return nil
  }
}

/// An error from a ``FrameProvider``'s frame access.
public enum FrameProviderError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The requested frame index is outside `0..<count`.
  case indexOutOfRange(index: Int, count: Int)

  /// A readable description of the problem.
  public var description: String {
    switch self {
    case let .indexOutOfRange(index, count):
      return "frame index \(index) is out of range 0..<\(count)"
    }
  }
}
