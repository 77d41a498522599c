import AnimTimeline

extension Bench {
  /// One playing timeline ticked `count` times at a fixed step; with
  /// `--cues N`, cue `cueI` on frame `I % n` for each `I < N`, and every
  /// tick that reaches a cue iterates its hits, as a game would.
  ///
  /// With `--rate R`, the timeline plays at `R`. A negative rate moves it
  /// backward, toward 0 where it would finish and stop moving: so it
  /// starts at ``backwardStart(count:step:rate:_:)``, one loop more than
  /// the ticks cover, and every tick measured moves it (figure `start`;
  /// `state` stays `playing`).
  static func tick(_ options: BenchOptions) throws(CommandError) -> [(String, String)] {
    let count = options.count ?? 10_000_000
    let frames = options.frames ?? defaultFrames
    var timeline: Timeline
    do {
      timeline = try Timeline(provider: SyntheticFrameProvider(durations: frames))
    } catch {
      throw .usage("\(error)")
    }
    for i in 0..<options.cues {
      do {
        try timeline.addCue("cue\(i)", frame: Int(i % Int64(frames.count)))
      } catch {
        throw .usage("--cues: \(error)")
      }
    }
    let rate: Rate
    do {
      rate = try Rate(millionths: options.rate)
    } catch {
      throw .usage("--rate: \(error)")
    }
    timeline.rate = rate
    let step = options.step
    var start: Int64 = 0
    if rate.isBackward {
      guard let backward = backwardStart(count: count, step: step, rate: rate, timeline) else {
        throw .usage("--rate \(rate): \(count) ticks of \(step) ns at that rate go back further than Int64.max ns")
      }
      start = backward
      do {
        _ = try timeline.seek(to: start)
      } catch {
        throw .usage("--rate: \(error)")
      }
    }
    timeline.play()
    var counts: (changes: Int64, hits: Int64, data: Int) = (0, 0, 0)
    let elapsed = time { counts = tickLoop(&timeline, count: count, step: step) }
    let (changes, hits, data) = counts
    // Baseline: a fixed million rounds of a loop with an opaque call in
    // place of the tick (fixed, so that callgrind's Ir difference between
    // two counts is the tick's cost alone).
    let baselineCount: Int64 = 1_000_000
    var sink = opaque(Int64(0))
    let baseline = time {
      for _ in 0..<baselineCount { sink = opaque(sink &+ step) }
    }
    return [
      ("bench", "tick"), ("count", "\(count)"), ("step_ns", "\(step)"), ("rate", "\(rate)"), ("start", "\(start)"),
      ("ns_per_tick", perItem(elapsed, count)), ("baseline_ns_per_iter", perItem(baseline, baselineCount)),
      ("ratio_to_baseline", ratio(Double(elapsed) / Double(count), Double(baseline) / Double(baselineCount))),
      ("frame_changes", "\(changes)"), ("cue_hits", "\(hits)"), ("cue_data", "\(data)"),
      ("position", "\(timeline.position)"),
      ("state", timeline.state.rawValue), ("sink", "\(sink & 1)"),
    ]
  }

  /// The measured loop: `count` ticks of `step` ns, counting frame changes
  /// and cue hits, and summing the hits' frames and names' lengths
  /// (`data`). A function of its own, with the timeline `inout`, so
  /// that the tick inlines into a loop of its own whatever the setup
  /// around it: inside the closure, next to the `--rate` setup, the
  /// compiler kept `Timeline.tick(by:)` out of line (59.5 instructions a
  /// tick at rate 1 instead of 27.5, callgrind).
  @inline(never)
  static func tickLoop(
    _ timeline: inout Timeline, count: Int64, step: Int64
  ) -> (changes: Int64, hits: Int64, data: Int) {
    var changes: Int64 = 0
    var hits: Int64 = 0
    var used = 0
    for _ in 0..<count {
      if let events = try? timeline.tick(by: step), events.frameChange != nil {
        changes &+= 1
        if events.reachedCue {
          // Every hit's data is used, as a game would (the count, the
          // frame and the name), so none of it can be optimized away.
          timeline.forEachCueHit(in: events) { hit in
            hits &+= hit.count
            used &+= hit.frame &+ hit.name.utf8.count
          }
        }
      }
    }
    return (changes, hits, used)
  }

  /// Where `bench tick` starts a timeline that `count` ticks of `step` ns
  /// move backward at `rate`: the distance they cover (each tick clamped
  /// to the timeline's max-step; `floor(count * step * |rate|)`, the sum
  /// of the ticks' advances, exact with the carried remainder) plus one
  /// loop, so that the last tick still ends above 0. `nil` when that is
  /// above `Int64.max`.
  static func backwardStart(count: Int64, step: Int64, rate: Rate, _ timeline: Timeline) -> Int64? {
    let clamped = UInt64(max(0, min(step, timeline.maxStep.nanoseconds)))
    let time = UInt64(count).multipliedFullWidth(by: clamped)
    guard time.high == 0 else { return nil }
    let product = time.low.multipliedFullWidth(by: rate.millionths.magnitude)
    guard product.high < 1_000_000 else { return nil }
    let distance = UInt64(1_000_000).dividingFullWidth(product).quotient
    let (start, overflow) = distance.addingReportingOverflow(UInt64(timeline.loopDuration))
    guard !overflow, start <= UInt64(Int64.max) else { return nil }
    return Int64(start)
  }
}
