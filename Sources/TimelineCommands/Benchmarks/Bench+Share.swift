import AnimTimeline
import TimelineScript

extension Bench {
  /// `bench share FILE --timelines N [--ticks T] [--seed S] [--threads K]`: `N`
  /// timelines over one GIF, as a server that animates one image for many
  /// clients would run them: one provider, opened once, shared by every
  /// timeline (copies of a prototype timeline, each with its own rate and
  /// starting point drawn from SplitMix64(`S`)). Each of `T` ticks (60 by
  /// default) advances every timeline by 1/60 s and then looks at its
  /// current frame through the provider (`withFrame(at:_:)`), so the
  /// provider sees the timelines' frames in timeline order: mostly seeks.
  ///
  /// `frame_decodes` counts the frames the requests drew;
  /// `opening_frame_decodes` the ones the opening drew before them (an
  /// APNG or WebP whose frames all fit the budget is drawn, and kept,
  /// while it opens: every request then decodes nothing). Their sum is
  /// the provider's decodes in all.
  ///
  /// Reports the provider's peak cached bytes against its budget plus two
  /// canvases (the working canvas and the rectangle disposal 3 saves) and
  /// the process's peak resident size (`getrusage`), also taken just after
  /// opening. The baseline, in the same run: the same file played in order
  /// by a provider of its own, per frame. With `--threads K`, the
  /// timelines' requests come from `K` threads at once (each tick shares
  /// the timelines out among them in chunks taken in turn), and the same
  /// requests from one thread, on a provider of its own, give
  /// `speedup_vs_1_thread`: the median of five runs from one thread over
  /// the median of five from `K` (the first being the run reported),
  /// alternating.
  static func share(_ options: BenchOptions) throws(CommandError) -> [(String, String)] {
    try share(try openImage(options), options)
  }

  /// `bench share` on `provider`, of its own type.
  static func share<P: AnimatedImageProvider>(_ provider: P, _ options: BenchOptions) throws(CommandError) -> [(String, String)] {
    let residentAfterOpening = peakResidentKiB()
    let count = Int(options.timelines)
    let ticks = Int(options.ticks ?? 60)
    let frames = provider.frameCount
    let canvasBytes = provider.canvasSize.width * provider.canvasSize.height * 4
    let budget = provider.cacheByteBudget
    var rng = SplitMix64(seed: options.seed)
    var timelines: [Timeline] = []
    timelines.reserveCapacity(count)
    do {
      let prototype = try Timeline(provider: provider)
      let rates: [Int64] = [500_000, 750_000, 1_000_000, 1_000_000, 1_000_000, 1_250_000, 1_500_000, 2_000_000]
      for _ in 0..<count {
        var timeline = prototype
        timeline.rate = try Rate(millionths: rates[Int(rng.next() % UInt64(rates.count))])
        try timeline.seek(to: Int64(rng.next() % UInt64(max(1, timeline.loopDuration))))
        timeline.play()
        timelines.append(timeline)
      }
    } catch {
      throw .usage("\(error)")
    }
    let threads = Int(options.threads)
    let decodesBefore = provider.statistics.frameDecodes
    let (elapsed, sum, failures) = run(timelines, ticks: ticks, on: provider, threads: threads)
    let statistics = provider.statistics
    let peakResident = peakResidentKiB()
    let requests = ticks * count

    // Baseline: the frames in order, on a provider of its own (after the
    // peak resident size was read: its own cache does not count).
    let alone = try reopen(options, as: P.self)
    let inOrder = max(frames, min(requests, 3 * frames))
    var baselineSum: UInt64 = 0
    let baseline = time {
      for position in 0..<inOrder {
        _ = try? alone.withFrame(at: position % frames) { image in fold(&baselineSum, image.pixels) }
      }
    }

    // With threads: the same requests from one thread, on a provider of
    // its own, in the same run; then both again, alternating, each on a
    // fresh provider, and the speedup is the ratio of the medians (one
    // run of each varies by a third on these shared cores).
    var singles: [Int64] = []
    var multiples: [Int64] = [elapsed]
    if threads > 1 {
      for round in 0..<Self.speedupRounds {
        if round > 0 {
          multiples.append(run(timelines, ticks: ticks, on: try reopen(options, as: P.self), threads: threads).elapsed)
        }
        singles.append(run(timelines, ticks: ticks, on: try reopen(options, as: P.self), threads: 1).elapsed)
      }
    }
    let single = median(singles)
    let multiple = median(multiples)
    // A working canvas and a saved rectangle for each thread drawing.
    let working = 2 * canvasBytes * threads
    let peak = statistics.peakCachedBytes + working
    let decodes = statistics.frameDecodes - decodesBefore
    let perRequest = Double(elapsed) / Double(max(requests, 1))
    let perFrame = Double(baseline) / Double(inOrder)
    return [
      ("bench", "share"), ("timelines", "\(count)"), ("ticks", "\(ticks)"), ("frames", "\(frames)"),
      ("canvas", "\(provider.canvasSize.width)x\(provider.canvasSize.height)"), ("requests", "\(requests)"),
      ("failures", "\(failures)"), ("opening_frame_decodes", "\(decodesBefore)"), ("frame_decodes", "\(decodes)"),
      ("decodes_per_request", String(Double(Int(Double(decodes) / Double(max(requests, 1)) * 1000)) / 1000)),
      ("ns_per_request", perItem(elapsed, Int64(requests))),
      ("ms_per_tick", String(Double(Int(Double(elapsed) / Double(max(ticks, 1)) / 1e4)) / 100)),
      ("baseline_in_order_ns_per_frame", perItem(baseline, Int64(inOrder))),
      ("ratio_to_in_order", ratio(perRequest, perFrame)),
      ("peak_cached_bytes", "\(statistics.peakCachedBytes)"), ("cached_canvases", "\(statistics.cachedCanvases)"),
      ("evictions", "\(statistics.evictions)"), ("budget", "\(budget)"), ("canvas_bytes", "\(canvasBytes)"),
      ("working_bytes", "\(working)"), ("peak_bytes", "\(peak)"),
      ("bound_met", "\(statistics.peakCachedBytes <= budget && peak <= budget + working)"),
      ("rss_after_opening_kib", "\(residentAfterOpening)"), ("peak_rss_kib", "\(peakResident)"),
      ("checksum", hex64(sum)), ("sink", "\(baselineSum & 1)"),
    ] + (threads > 1 ? [("threads", "\(threads)"), ("speedup_vs_1_thread", ratio(Double(single), Double(multiple)))] : [])
  }

  /// How many times `bench share --threads K` runs the requests from one
  /// thread and from `K` for `speedup_vs_1_thread`.
  static let speedupRounds = 5

  /// The middle value of `values` (the lower middle of an even count); 0
  /// when empty.
  static func median(_ values: [Int64]) -> Int64 {
    let sorted = values.sorted()
    return sorted.isEmpty ? 0 : sorted[(sorted.count - 1) / 2]
  }

  /// Runs `ticks` ticks of `timelines` over `provider` from `threads`
  /// threads: each tick shares the timelines out among the threads in
  /// chunks of ``shareChunk`` taken in turn, and ends when every timeline
  /// has ticked and looked at its frame (a server's worker pool, the
  /// threads meeting at the end of each tick). Returns the elapsed
  /// nanoseconds, the pixel checksum (the same whatever the threads: a
  /// sum of each request's) and the failed requests.
  // bench share gifplayer-muybridge.gif --timelines 1000 --threads 2:
  // with a fixed share (timeline i on thread i % 2, each thread through
  // every tick of its own), one thread drew 14-19 % more than the other
  // (perf record, samples per thread) and the run waited for it.
  static func run<P: AnimatedImageProvider>(_ timelines: [Timeline], ticks: Int, on provider: P, threads: Int)
    -> (elapsed: Int64, sum: UInt64, failures: Int)
  {
    let step: Int64 = 16_666_667
    let table = TimelineTable(timelines)
    var sum: UInt64 = 0
    var failures = 0
    let elapsed = time {
      let results = onThreads(threads, rounds: ticks, sharing: timelines.count, chunk: shareChunk, from: (UInt64(0), 0)) {
        result, range in
        for index in range {
          _ = try? table.base[index].tick(by: step)
          do {
            try provider.withFrame(at: table.base[index].currentFrame) { image in
              var folded: UInt64 = 0xCBF2_9CE4_8422_2325
              fold(&folded, image.pixels)
              result.0 &+= folded
            }
          } catch {
            result.1 += 1
          }
        }
      }
      for result in results {
        sum &+= result.0
        failures += result.1
      }
    }
    return (elapsed, sum, failures)
  }

  /// How many timelines a thread of `bench share --threads K` takes at a
  /// time.
  static let shareChunk = 16
}

/// The timelines of `bench share`, ticked in place by whichever thread
/// takes them.
private final class TimelineTable: @unchecked Sendable {
  // @unchecked: during a tick each timeline is in one chunk, taken by one
  // thread; a tick starts only once every thread has finished the one
  // before (`onThreads(_:rounds:sharing:chunk:from:_:)`).
  let base: UnsafeMutablePointer<Timeline>
  let count: Int

  init(_ timelines: [Timeline]) {
    count = timelines.count
    base = .allocate(capacity: max(1, count))
    _ = UnsafeMutableBufferPointer(start: base, count: count).initialize(fromContentsOf: timelines)
  }

  deinit {
    base.deinitialize(count: count)
    base.deallocate()
  }
}
