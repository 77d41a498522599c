/// Which canvases a GIF shows and for how many centiseconds each: the
/// timing half of ``GIFEncoder``.
///
/// Boundaries, not delays, are rounded: with the exact cumulative start
/// `B_k` of frame `k` (nanoseconds, the sum of the durations before it),
/// frame `k` is written from `round(B_k / 10 ms)` (ties up) to
/// `round(B_k+1 / 10 ms)`. Every written frame therefore starts within
/// 5 ms of its exact start, and rounding errors never accumulate.
///
/// Browsers play a delay of 0 or 1 cs as 100 ms, so unless short delays are
/// allowed no delay below 2 cs is written:
/// - a frame whose rounded delay is 0 is dropped (it never shows);
/// - a later frame whose rounded delay is 1 cs is merged into the frame
///   before it, which lasts longer; the next frame still starts at its own
///   rounded boundary;
/// - a first frame of 1 cs absorbs the frames after it until it lasts at
///   least 2 cs (so that every written frame still starts at its rounded
///   boundary);
/// - when the whole animation rounds to less than 2 cs, its one frame is
///   written with 2 cs. This is the only case where a boundary moves (it
///   cannot be helped: GIF has no shorter delay browsers honour).
///
/// A delay above 65,535 cs (the field's limit) is split: the frame is
/// followed by repeats of itself (drawn as empty frames) carrying the
/// rest, each at least 2 cs. A schedule of more than
/// ``Timeline/maxScheduleEntries`` frames is refused before it is built.
struct GIFDelaySchedule: Hashable, Sendable {
  /// One written frame: the source frame it shows and its delay.
  struct Entry: Hashable, Sendable {
    /// The index of the source frame whose canvas shows.
    var frame: Int
    /// The delay to write, `0...65_535` centiseconds.
    var centiseconds: Int
    /// Whether this entry repeats the previous entry's canvas (the tail of
    /// a delay too long for one frame).
    var isContinuation: Bool
  }

  /// The frames to write, in order; at least one.
  var entries: [Entry]

  static let maximumDelay = 65_535

  /// The schedule of frames lasting `durations` nanoseconds each (at least
  /// one, none negative).
  ///
  /// - Throws: ``AnimationEncodingError/durationTooLong(nanoseconds:)``
  ///   when it would write more than ``Timeline/maxScheduleEntries``
  ///   frames (a frame of `Int64.max` ns alone would take 14 million).
  /// - Complexity: O(*n* + *t* / 65,535 cs) for *n* frames lasting *t*.
  init(durations: [Int64], allowsShortDelays: Bool) throws(AnimationEncodingError) {
    let minimum = allowsShortDelays ? 1 : 2
    // Rounded boundaries: R_k = round(B_k / 10 ms), ties up; B_k saturates
    // (only past 292 years).
    var boundaries = [Int64](repeating: 0, count: durations.count + 1)
    var exact: Int64 = 0
    for (index, duration) in durations.enumerated() {
      let (sum, overflow) = exact.addingReportingOverflow(max(0, duration))
      exact = overflow ? .max : sum
      boundaries[index + 1] = exact / 10_000_000 + (exact % 10_000_000 >= 5_000_000 ? 1 : 0)
    }
    // (frame, start) of every written frame.
    var starts: [(frame: Int, start: Int64)] = []
    for index in durations.indices {
      let length = boundaries[index + 1] - boundaries[index]
      if length == 0 { continue }
      if let last = starts.last {
        if length < Int64(minimum) { continue }
        // A first frame too short absorbs this one.
        if starts.count == 1, boundaries[index] - last.start < Int64(minimum) { continue }
      }
      starts.append((index, boundaries[index]))
    }
    let end = boundaries[durations.count]
    if starts.isEmpty { starts.append((0, 0)) }
    // Every piece but the last of a split delay carries at least 65,535 -
    // 2 cs, which bounds the frames written before any is.
    var bound = 0
    for (position, item) in starts.enumerated() {
      let stop = position + 1 < starts.count ? starts[position + 1].start : max(end, item.start + Int64(minimum))
      bound += Int(max(stop - item.start, Int64(minimum)) / Int64(Self.maximumDelay - 2)) + 1
      if bound > Timeline.maxScheduleEntries { throw .durationTooLong(nanoseconds: exact) }
    }
    var entries: [Entry] = []
    for (position, item) in starts.enumerated() {
      let stop = position + 1 < starts.count ? starts[position + 1].start : max(end, item.start + Int64(minimum))
      var remaining = max(stop - item.start, Int64(minimum))
      var continuation = false
      while remaining > 0 {
        var chunk = min(remaining, Int64(Self.maximumDelay))
        if remaining - chunk > 0 && remaining - chunk < Int64(minimum) { chunk -= Int64(minimum) }
        entries.append(Entry(frame: item.frame, centiseconds: Int(chunk), isContinuation: continuation))
        remaining -= chunk
        continuation = true
      }
    }
    self.entries = entries
  }
}
