extension AnimationSequence {
  /// The animation a schedule shows: each entry's frame, as `image` gives
  /// it, shrunk to fit `size` when one is given (``RGBAImage/resized(toFit:)``,
  /// never enlarged), for the entry's duration, played as often as the
  /// schedule.
  ///
  /// Each distinct frame is asked for and resized once, however often the
  /// schedule shows it.
  ///
  /// - Throws: ``AnimationEncodingError/frameUnavailable(frame:reason:)``
  ///   when `image` throws, ``AnimationEncodingError/invalidImage(frame:_:)``
  ///   when a frame cannot be resized (or `size` has a side below 1), and
  ///   what ``init(frames:loops:)`` throws.
  /// - Complexity: O(*e* + *p*): the entries, and the pixels of the
  ///   distinct frames.
  public init<Failure: Error>(
    schedule: PlaybackSchedule, size: ImageSize? = nil, image: (Int) throws(Failure) -> RGBAImage
  ) throws(AnimationEncodingError) {
    var images: [Int: RGBAImage] = [:]
    var frames: [Frame] = []
    frames.reserveCapacity(schedule.entries.count)
    for (index, entry) in schedule.entries.enumerated() {
      if let image = images[entry.frame] {
        frames.append(Frame(image: image, duration: entry.duration))
        continue
      }
      var picture: RGBAImage
      do {
        picture = try image(entry.frame)
      } catch {
        throw .frameUnavailable(frame: entry.frame, reason: "\(error)")
      }
      if let size {
        do throws(ImageError) {
          picture = try picture.resized(toFit: size)
        } catch {
          throw .invalidImage(frame: index, error)
        }
      }
      images[entry.frame] = picture
      frames.append(Frame(image: picture, duration: entry.duration))
    }
    try self.init(frames: frames, loops: schedule.loops)
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
