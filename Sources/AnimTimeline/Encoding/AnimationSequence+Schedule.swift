extension AnimationSequence {
  /// The animation a schedule shows: each entry's frame, as `image` gives
  /// it, shrunk to fit `size` when one is given (``RGBAImage/resized(toFit:)``,
  /// never enlarged), for the entry's duration, played as often as the
  /// schedule.
  ///
  /// A frame is asked for and resized once for each run of entries that
  /// show it, and only the rectangle where each canvas changes is kept
  /// (see ``frames``): an export of many frames holds little more than
  /// its first canvas and what changes.
  ///
  /// - Throws: ``AnimationEncodingError/frameUnavailable(frame:reason:)``
  ///   when `image` throws, ``AnimationEncodingError/invalidImage(frame:_:)``
  ///   when a frame cannot be resized (or `size` has a side below 1), and
  ///   what ``init(frames:loops:)`` throws.
  /// - Complexity: O(*e* · *p*) for *e* entries of *p* pixels (each
  ///   canvas is compared with the one before).
  public init<Failure: Error>(
    schedule: PlaybackSchedule, size: ImageSize? = nil, image: (Int) throws(Failure) -> RGBAImage
  ) throws(AnimationEncodingError) {
    var builder = Builder()
    // The first error in the frames' checks, thrown once every frame has
    // been asked for (as when the frames were gathered first).
    var invalid: AnimationEncodingError?
    // The frame of the last entry: an entry showing it again appends the
    // same canvas, neither asked for again nor kept here (a provider
    // rebuilds its canvas in place while nothing else holds it).
    var lastFrame: Int?
    for (index, entry) in schedule.entries.enumerated() {
      var picture: RGBAImage?
      if lastFrame != entry.frame {
        var asked: RGBAImage
        do {
          asked = try image(entry.frame)
        } catch {
          throw .frameUnavailable(frame: entry.frame, reason: "\(error)")
        }
        if let size {
          do throws(ImageError) {
            asked = try asked.resized(toFit: size)
          } catch {
            throw .invalidImage(frame: index, error)
          }
        }
        picture = asked
        lastFrame = entry.frame
      }
      guard invalid == nil else { continue }
      do {
        if let picture {
          try builder.append(picture, duration: entry.duration, frame: index)
        } else {
          try builder.appendLastAgain(duration: entry.duration, frame: index)
        }
      } catch {
        invalid = error
      }
    }
    if let invalid { throw invalid }
    try self.init(builder, loops: schedule.loops)
  }

  /// The animation `timeline` shows as it plays through
  /// (``Timeline/playbackSchedule(framesPerSecond:)``), with the frames of
  /// `provider`, the provider the timeline was made from: an export.
  ///
  /// - Throws: ``AnimationEncodingError/schedule(_:)`` with what the
  ///   schedule throws, then what ``init(schedule:size:image:)`` throws.
  /// - Complexity: as the schedule and ``init(schedule:size:image:)``.
  public init(
    provider: some AnimatedImageProvider, timeline: Timeline, framesPerSecond: Int? = nil, size: ImageSize? = nil
  ) throws(AnimationEncodingError) {
    let schedule: PlaybackSchedule
    do {
      schedule = try timeline.playbackSchedule(framesPerSecond: framesPerSecond)
    } catch {
      throw .schedule(error)
    }
    try self.init(schedule: schedule, size: size) { index in try provider.frame(at: index) }
  }
}
