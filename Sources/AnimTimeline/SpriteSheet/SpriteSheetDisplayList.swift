/// The frames a sprite-sheet provider shows a timeline, and one exact
/// ``Clip`` per tag.
///
/// A timeline plays ranges of provider frames forward or in reverse; it
/// cannot turn around at a range's end without showing the end frame twice
/// (``PlaybackDirection/alternate`` does). So the provider's frames are a
/// *display list*: the sheet frames in order, then, for each ping-pong tag
/// that needs it, the tag's frames in the order it shows them. Each
/// provider frame shows one sheet frame (``sheetFrames``) for that frame's
/// duration.
///
/// The clip of a tag (``clips``) plays exactly the tag's sequence
/// (``AsepriteTag/sheetFrame(atStep:)``): one play of ``AsepriteTag/passes``
/// passes when the tag has a `repeat`, forever when it has none:
///
/// | tag | clip |
/// |---|---|
/// | forward, reverse, or one frame | `from...to`, `repeat` plays (∞ when 0), forward or reverse |
/// | ping-pong, `repeat` 1 | `from...to` once, forward (reverse for ping-pong reverse) |
/// | ping-pong, `repeat` 0 | one cycle (2*n* − 2 frames) appended, ∞ plays |
/// | ping-pong, `repeat` *r* ≥ 2 | the whole play (*n* + (*r* − 1)(*n* − 1) frames) appended, 1 play |
///
/// Every clip names its direction, so a queued clip never inherits the
/// direction of the one before. Tags with the same range, direction and
/// repeat share their appended frames.
///
/// A sheet of one frame lists it twice (provider frames 0 and 1 both show
/// sheet frame 0): a timeline over a single displayed frame is a still
/// image without ranges (``TimelineError/staticTimeline``), and with two its
/// tags play, loop and finish like any other sheet's.
public struct SpriteSheetDisplayList: Hashable, Sendable {
  /// The sheet frame each provider frame shows. The first entries are 0,
  /// 1, 2, ... up to the last sheet frame (then 0 again for a one-frame
  /// sheet).
  public let sheetFrames: [Int]
  /// The clip of each tag, in the order of the tags.
  public let clips: [Clip]

  /// Lays out `tags` over `durations` (one per sheet frame, in ns).
  ///
  /// - Throws: ``SpriteSheetError/displayListTooLong(tag:limit:)`` and
  ///   ``SpriteSheetError/durationOverflow``.
  /// - Complexity: O(*f* + *d*) for *f* sheet frames and *d* appended
  ///   frames, plus O(*t*) expected for *t* tags.
  init(durations: [Int64], tags: [AsepriteTag], limit: Int) throws(SpriteSheetError) {
    var list = Array(durations.indices)
    if durations.count == 1 { list.append(0) }
    var total: Int64 = 0
    for frame in list {
      let (sum, overflow) = total.addingReportingOverflow(durations[frame])
      guard !overflow else { throw .durationOverflow }
      total = sum
    }

    struct SegmentKey: Hashable {
      var frames: ClosedRange<Int>
      var direction: AsepriteDirection
      var repeats: Int
    }
    var segments: [SegmentKey: ClosedRange<Int>] = [:]
    var clips: [Clip] = []
    clips.reserveCapacity(tags.count)
    for tag in tags {
      guard tag.frames.count <= durations.count, durations.indices.contains(tag.frames.upperBound),
        tag.frames.lowerBound >= 0
      else {
        // The reader checks bounds first; keep the list sound regardless.
        throw .tagOutOfBounds(
          tag: tag.name, from: Int64(tag.frames.lowerBound), to: Int64(tag.frames.upperBound),
          frameCount: durations.count, offset: 0)
      }
      let loops: LoopCount = tag.repeats == 0 ? .infinite : LoopCount(_unchecked: Int64(tag.repeats))
      guard tag.direction.isPingPong, tag.frameCount > 1 else {
        let direction: PlaybackDirection = tag.direction == .reverse ? .reverse : .forward
        clips.append(Clip(frames: tag.frames, loops: loops, direction: direction))
        continue
      }
      if tag.repeats == 1 {
        let direction: PlaybackDirection = tag.direction.startsReversed ? .reverse : .forward
        clips.append(Clip(frames: tag.frames, loops: LoopCount(_unchecked: 1), direction: direction))
        continue
      }
      let key = SegmentKey(frames: tag.frames, direction: tag.direction, repeats: tag.repeats)
      let segment: ClosedRange<Int>
      if let known = segments[key] {
        segment = known
      } else {
        let length = tag.repeats == 0 ? tag.cycleLength : tag.stepCount
        guard length <= limit - list.count else { throw .displayListTooLong(tag: tag.name, limit: limit) }
        let start = list.count
        list.reserveCapacity(start + length)
        for step in 0..<length {
          let frame = tag.sheetFrame(atStep: step)
          list.append(frame)
          let (sum, overflow) = total.addingReportingOverflow(durations[frame])
          guard !overflow else { throw .durationOverflow }
          total = sum
        }
        segment = start...(list.count - 1)
        segments[key] = segment
      }
      let plays: LoopCount = tag.repeats == 0 ? .infinite : LoopCount(_unchecked: 1)
      clips.append(Clip(frames: segment, loops: plays, direction: .forward))
    }
    self.sheetFrames = list
    self.clips = clips
  }
}
