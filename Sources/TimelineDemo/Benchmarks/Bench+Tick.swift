import AnimTimeline

extension Bench {
  /// One playing timeline ticked `count` times at a fixed step; with
  /// `--cues N`, cue `cueI` on frame `I % n` for each `I < N`, and every
  /// tick that reaches a cue iterates its hits, as a game would.
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
    timeline.play()
    let step = options.step
    var changes: Int64 = 0
    var hits: Int64 = 0
    let elapsed = time {
      for _ in 0..<count {
        if let events = try? timeline.tick(by: step), events.frameChange != nil {
          changes &+= 1
          if events.reachedCue {
            for hit in timeline.cueHits(in: events) { hits &+= hit.count }
          }
        }
      }
    }
    // Baseline: a fixed million rounds of a loop with an opaque call in
    // place of the tick (fixed, so that callgrind's Ir difference between
    // two counts is the tick's cost alone).
    let baselineCount: Int64 = 1_000_000
    var sink = opaque(Int64(0))
    let baseline = time {
      for _ in 0..<baselineCount { sink = opaque(sink &+ step) }
    }
    return [
      ("bench", "tick"), ("count", "\(count)"), ("step_ns", "\(step)"),
      ("ns_per_tick", perItem(elapsed, count)), ("baseline_ns_per_iter", perItem(baseline, baselineCount)),
      ("ratio_to_baseline", ratio(Double(elapsed) / Double(count), Double(baseline) / Double(baselineCount))),
      ("frame_changes", "\(changes)"), ("cue_hits", "\(hits)"), ("position", "\(timeline.position)"), ("sink", "\(sink & 1)"),
    ]
  }
}
