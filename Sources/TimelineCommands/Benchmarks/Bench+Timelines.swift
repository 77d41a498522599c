import AnimTimeline
import TimelineScript

extension Bench {
  /// `bench many`: N timelines with varied providers, rates, directions
  /// and phases, ticked T times at 60 Hz, in the layout we recommend to
  /// games: one contiguous array of value-type timelines, ticked in order
  /// (no references, no per-timeline allocation, no protocol boxes), each
  /// made by copying a prototype timeline of its animation so that all the
  /// copies share one frame table. `--separate-tables` makes every timeline
  /// from its provider instead, to show what sharing saves. The same
  /// timeline-ticks on 1,000 timelines are measured in the same run, as the
  /// baseline for the cost of scale.
  static func many(_ options: BenchOptions) throws(CommandError) -> [(String, String)] {
    let count = Int(options.timelines)
    let ticks = options.ticks ?? 600
    let (elapsed, changes) = try manyRun(options, count: count, ticks: ticks)
    let total = ticks * Int64(count)
    let referenceTicks = max(1, total / 1000)
    let (reference, _) = try manyRun(options, count: 1000, ticks: referenceTicks)
    var sink = opaque(Int64(0))
    let baseline = time {
      for _ in 0..<total { sink = opaque(sink &+ 16_666_667) }
    }
    let nsPerTick = Double(elapsed) / Double(max(total, 1))
    // One core at 60 Hz has 16.67 ms a frame; the share N timelines use:
    let coreShare = nsPerTick * Double(count) * 60 / 1e9 * 100
    return [
      ("bench", "many"), ("timelines", "\(count)"), ("ticks", "\(ticks)"),
      ("tables", options.separateTables ? "separate" : "shared"),
      ("ns_per_timeline_tick", perItem(elapsed, total)),
      ("ns_per_timeline_tick_at_1000", perItem(reference, referenceTicks * 1000)),
      ("ratio_to_1000", ratio(Double(elapsed) / Double(total), Double(reference) / Double(referenceTicks * 1000))),
      ("baseline_ns_per_iter", perItem(baseline, total)),
      ("ratio_to_baseline", ratio(Double(elapsed), Double(baseline))),
      ("core_percent_at_60hz", String(Double(Int(coreShare * 100)) / 100)),
      ("events", "\(changes)"), ("sink", "\(sink & 1)"),
    ]
  }

  /// Builds `count` timelines as `bench many` describes and ticks them
  /// `ticks` times at 60 Hz; returns the nanoseconds the ticks took and the
  /// number of timeline-ticks that had events.
  static func manyRun(_ options: BenchOptions, count: Int, ticks: Int64) throws(CommandError) -> (Int64, Int64) {
    var rng = SplitMix64(seed: options.seed)
    var timelines: [Timeline] = []
    timelines.reserveCapacity(count)
    do {
      var providers: [SyntheticFrameProvider] = []
      for k in 0..<8 {
        var durations: [Int64] = []
        for j in 0...(k * 3) {
          let millis = 20 + (j * 37 + k * 11) % 90
          durations.append(Int64(millis) * 1_000_000)
        }
        providers.append(try SyntheticFrameProvider(durations: durations))
      }
      // One timeline per animation, copied for each instance: the copies
      // share the prototype's frame table (copy-on-write storage).
      let prototypes = try providers.map { provider throws(TimelineError) in try Timeline(provider: provider) }
      let rates: [Int64] = [1_000_000, 1_000_000, 1_000_000, 500_000, 1_500_000, 2_000_000, 333_333]
      for _ in 0..<count {
        let animation = Int(rng.next() % 8)
        var timeline = options.separateTables ? try Timeline(provider: providers[animation]) : prototypes[animation]
        timeline.direction = PlaybackDirection.allCases[Int(rng.next() % 4)]
        timeline.rate = try Rate(millionths: rates[Int(rng.next() % UInt64(rates.count))])
        try timeline.seek(to: Int64(rng.next() % 2_000_000_000))
        timeline.play()
        timelines.append(timeline)
      }
    } catch {
      throw .usage("\(error)")
    }
    let step: Int64 = 16_666_667
    var changes: Int64 = 0
    let elapsed = time {
      for _ in 0..<ticks {
        for index in timelines.indices {
          if let events = try? timelines[index].tick(by: step), !events.isEmpty { changes &+= 1 }
        }
      }
    }
    return (elapsed, changes)
  }

  /// `bench seek`: random `seek(to:)` plus frame lookup on an N-frame provider,
  /// next to the same on a 100-frame provider as the baseline. `--zero-every K`
  /// gives every Kth frame a duration of 0 in both.
  static func seek(_ options: BenchOptions) throws(CommandError) -> [(String, String)] {
    let count = options.count ?? 1_000_000
    func measure(frames: Int) throws(CommandError) -> (Int64, Int64) {
      var rng = SplitMix64(seed: options.seed)
      var timeline: Timeline
      do {
        // With `--zero-every K`, every Kth frame lasts 0 ns (never displayed).
        let zeroEvery = Int(options.zeroEvery ?? 0)
        let durations = (0..<frames).map { j in
          zeroEvery > 0 && j % zeroEvery == zeroEvery - 1 ? 0 : Int64(1_000_000 + (j * 7919) % 50_000_000)
        }
        timeline = try Timeline(provider: SyntheticFrameProvider(durations: durations))
      } catch {
        throw .usage("\(error)")
      }
      let length = UInt64(timeline.loopDuration) * 3
      var sum: Int64 = 0
      let elapsed = time {
        for _ in 0..<count {
          _ = try? timeline.seek(to: Int64(rng.next() % length))
          sum &+= Int64(timeline.currentFrame)
        }
      }
      return (elapsed, sum)
    }
    let (small, s1) = try measure(frames: 100)
    let (large, s2) = try measure(frames: Int(options.frameCount))
    return [
      ("bench", "seek"), ("frames", "\(options.frameCount)"), ("count", "\(count)"),
      ("ns_per_seek", perItem(large, count)), ("baseline_100_frames_ns_per_seek", perItem(small, count)),
      ("ratio_to_100_frames", ratio(Double(large), Double(small))), ("sink", "\((s1 ^ s2) & 1)"),
    ]
  }
}
