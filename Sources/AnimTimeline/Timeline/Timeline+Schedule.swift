extension Timeline {
  /// The most entries a schedule may hold.
  public static let maxScheduleEntries = 1 << 20

  /// What this timeline shows as it plays through, with its range,
  /// direction, rate and loop count (the queued range is not followed): the
  /// frames of an export.
  ///
  /// - Without `framesPerSecond`, every display slot once, in the
  ///   timeline's display order (directions, ping-pong and the range
  ///   included), lasting its frame's duration divided by the rate. Each
  ///   slot's end is rounded to the nanosecond on the wall clock from the
  ///   exact position, so durations never drift; consecutive slots of one
  ///   frame (the turn of a ping-pong) are merged.
  /// - With `framesPerSecond` `F`, sample `k` is the frame the timeline
  ///   shows at exactly `k / F` seconds of wall-clock time (its position
  ///   `⌊k · 10^9 · |rate| / F⌋`, the position ticks of that total reach),
  ///   lasting until `(k + 1) / F` (rounded to the nanosecond; the last
  ///   one until the end); consecutive samples of one frame are merged.
  ///
  /// The schedule covers one period when it can repeat it: one iteration,
  /// or two for the alternating directions. With infinite loops it plays
  /// forever; with `k` plays it plays `k / period` times when that is
  /// whole, else every iteration is written out and it plays once. A
  /// negative rate plays the same positions from the end to the start. A
  /// static timeline gives its one frame, for a loop's duration, once.
  ///
  /// - Throws: ``TimelineError/invalidRate(_:)`` for a rate of 0 (the
  ///   timeline never moves), ``TimelineError/invalidTime(_:)`` for
  ///   `framesPerSecond` below 1, ``TimelineError/durationOverflow`` when a
  ///   wall-clock time exceeds `Int64.max` nanoseconds, and
  ///   ``TimelineError/tooManyFrames(count:limit:)`` beyond
  ///   ``maxScheduleEntries``.
  /// - Complexity: O(*s*) in the slots and samples.
  public func playbackSchedule(framesPerSecond: Int? = nil) throws(TimelineError) -> PlaybackSchedule {
    if let framesPerSecond, framesPerSecond < 1 {
      throw .invalidTime("\(framesPerSecond) frames per second: at least 1 is needed")
    }
    let rate = core.rate
    guard rate != 0 else { throw .invalidRate("0: a timeline at rate 0 never moves, so it has no schedule") }
    let speed = rate.magnitude

    if core.isStatic {
      let duration = try Self.wallTime(core.table.loopDuration, speed: speed)
      return PlaybackSchedule(entries: [.init(frame: core.table.staticFrame, duration: duration)], loops: .once)
    }

    // The iterations written out, and how many times they play.
    let period: Int64 = core.direction == .alternate || core.direction == .alternateReverse ? 2 : 1
    let iterations: Int64
    let loops: LoopCount
    if let plays = core.plays {
      if plays % period == 0 {
        iterations = period
        loops = LoopCount(_unchecked: plays / period)
      } else {
        iterations = plays
        loops = .once
      }
    } else {
      iterations = period
      loops = .infinite
    }
    let places = Int64(core.range.placeCount)
    let (slotCount, slotsOverflow) = iterations.multipliedReportingOverflow(by: places)
    guard !slotsOverflow, slotCount <= Self.maxScheduleEntries else {
      throw .tooManyFrames(count: slotsOverflow ? .max : Int(slotCount), limit: Self.maxScheduleEntries)
    }
    let (span, spanOverflow) = iterations.multipliedReportingOverflow(by: core.range.length)
    guard !spanOverflow else { throw .durationOverflow }

    // The slots in the timeline's display order: frames and the positions
    // where they end.
    var frames: [Int] = []
    var ends: [Int64] = []
    frames.reserveCapacity(Int(slotCount))
    ends.reserveCapacity(Int(slotCount))
    var cursor = core.locate(0)
    for slot in 0..<slotCount {
      frames.append(cursor.frame)
      ends.append(cursor.end)
      if slot + 1 < slotCount { cursor = core.successor(of: cursor) }
    }
    // Moving backward, the same slots from the end: the slot that ends at
    // `e` now ends at `span - start`.
    if rate < 0 {
      let starts = [0] + ends.dropLast()
      frames.reverse()
      ends = starts.reversed().map { span - $0 }
    }

    var entries: [PlaybackSchedule.Entry] = []
    func append(_ frame: Int, until end: Int64, from start: Int64) {
      if let last = entries.last, last.frame == frame {
        entries[entries.count - 1].duration += end - start
      } else {
        entries.append(.init(frame: frame, duration: end - start))
      }
    }
    let wallSpan = try Self.wallTime(span, speed: speed)
    guard let framesPerSecond else {
      var start: Int64 = 0
      for (frame, end) in zip(frames, ends) {
        let wallEnd = try Self.wallTime(end, speed: speed)
        append(frame, until: wallEnd, from: start)
        start = wallEnd
      }
      return PlaybackSchedule(entries: entries, loops: loops)
    }

    // Samples: the frame at position ⌊k · 1000 · |rate| / F⌋ (from the end
    // when moving backward), shown from wall time round(k · 10^9 / F).
    let perSecond = UInt64(framesPerSecond)
    var sample: UInt64 = 0
    var start: Int64 = 0
    var slot = 0
    while true {
      // k · 10^9 < wallSpan · F, exactly.
      let instant = WideProduct(sample, times: 1_000_000_000)
      let limit = WideProduct(UInt64(wallSpan), times: perSecond)
      guard instant.high < limit.high || (instant.high == limit.high && instant.low < limit.low) else { break }
      guard entries.count < Self.maxScheduleEntries else {
        throw .tooManyFrames(count: Self.maxScheduleEntries + 1, limit: Self.maxScheduleEntries)
      }
      let moved = WideProduct(sample, times: speed).quotientAndRemainder(dividingBy: perSecond).quotient
      let (scaled, scaledOverflow) = moved.multipliedReportingOverflow(by: 1000)
      let advance = scaledOverflow || scaled > UInt64(span) ? span : Int64(scaled)
      // Forward: the slot holding `advance`, its end exclusive. Backward:
      // the slot holding the position `span - advance`, whose start is
      // inclusive, so in the reversed order its end is.
      while slot + 1 < ends.count && (ends[slot] < advance || (rate > 0 && ends[slot] == advance)) { slot += 1 }
      let next = WideProduct(sample + 1, times: 1_000_000_000)
        .adding(WideProduct(high: 0, low: perSecond / 2))
        .quotientAndRemainder(dividingBy: perSecond).quotient
      let end = next > UInt64(wallSpan) ? wallSpan : Int64(next)
      append(frames[slot], until: end, from: start)
      start = end
      sample += 1
    }
    return PlaybackSchedule(entries: entries, loops: loops)
  }

  /// `position / speed · 10^6` nanoseconds of wall-clock time, rounded to
  /// nearest (ties up).
  static func wallTime(_ position: Int64, speed: UInt64) throws(TimelineError) -> Int64 {
    let scaled = WideProduct(UInt64(position), times: 1_000_000, plus: speed / 2)
    let time = scaled.quotientAndRemainder(dividingBy: speed).quotient
    guard time <= UInt64(Int64.max) else { throw .durationOverflow }
    return Int64(time)
  }
}
