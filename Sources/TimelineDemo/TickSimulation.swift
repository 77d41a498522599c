import AnimTimeline

/// `timeline-demo --ticks N`: N ticks of a ``ManualClock`` at `hz`, with
/// optional seeded jitter and stalls.
struct TickSimulation: TimelineJob {
  var ticks: Int64
  /// Ticks per second, in millionths.
  var hzMillionths: Int64 = 60_000_000
  var jitterSeed: UInt64?
  var json = false
  var summaryOnly = false

  /// The nominal instant of tick `k`: `k / hz` seconds, rounded to the
  /// nearest nanosecond on its own (never accumulated).
  func nominalInstant(_ k: Int64) -> Int64 {
    let numerator = UInt128(UInt64(k)) * 1_000_000_000_000_000
    let hz = UInt128(UInt64(hzMillionths))
    let rounded = (numerator + hz / 2) / hz
    return rounded > UInt128(Int64.max) ? .max : Int64(rounded)
  }

  func run<Provider: FrameProvider>(_ start: Timeline<Provider>) -> Int32 {
    var timeline = start
    let clock = ManualClock()
    var driver = TimelineDriver(clock: clock)
    var output = Output()
    var rng = SplitMix64(seed: jitterSeed ?? 0)
    let period = nominalInstant(1)
    var stall: Int64 = 0
    var stats = Stats()
    var previous: Int64 = 0

    _ = driver.tick(&timeline)  // anchors at 0
    timeline.play()
    for k in 1...max(ticks, 1) where ticks > 0 {
      var instant = nominalInstant(k)
      if jitterSeed != nil {
        // Late by up to a quarter period; one tick in 600 stalls 0.1 to 3 s,
        // which delays every later tick too (the loop was blocked).
        if rng.next() % 600 == 0 { stall = stall &+ 100_000_000 + Int64(rng.next() % 2_900_000_000) }
        instant = instant &+ stall &+ Int64(rng.next() % UInt64(max(period / 4, 1)))
      }
      let advancing = timeline.state == .playing && !timeline.isStatic
        && timeline.modes.isActive(in: driver.mode)
      let elapsed = instant - previous
      previous = instant
      clock.set(to: ManualClock.Instant(offset: .nanoseconds(instant)))
      let events = driver.tick(&timeline)
      stats.record(events: events, elapsed: elapsed,
                   clamped: advancing ? min(elapsed, timeline.maxStep.nanoseconds) : 0)
      if summaryOnly { continue }
      if json {
        output.line(#"{"tick":\#(k),"at":\#(instant),"dt":\#(elapsed),"state":"\#(timeline.state.rawValue)","t":\#(timeline.position),"iteration":\#(timeline.iteration),"frame":\#(timeline.currentFrame),"suspended":\#(timeline.isSuspended),"events":[\#(events.map(EventText.json).joined(separator: ","))]}"#)
      } else if !events.isEmpty {
        output.line("tick \(k) at \(Self.seconds(instant)): " + events.map(EventText.describe).joined(separator: ", "))
      }
    }
    let simulated = previous
    let expected = UInt128(UInt64(stats.clampedSum)) * UInt128(UInt64(timeline.rate.millionths)) / 1_000_000
    let drift = timeline.totalDuration == nil && expected <= UInt128(Int64.max)
      ? String(timeline.position - Int64(expected)) : "n/a"
    if json {
      output.line(#"{"summary":{"ticks":\#(ticks),"frames_shown":\#(stats.framesShown),"frames_skipped":\#(stats.framesSkipped),"loops":\#(timeline.completedIterations),"state":"\#(timeline.state.rawValue)","t":\#(timeline.position),"frame":\#(timeline.currentFrame),"simulated_ns":\#(simulated),"clamped_sum_ns":\#(stats.clampedSum),"drift_ns":"\#(drift)","longest_tick_ns":\#(stats.longestTick)}}"#)
    } else {
      output.line("summary: \(ticks) ticks over \(Self.seconds(simulated)) simulated; frames shown \(stats.framesShown), skipped \(stats.framesSkipped); loops \(timeline.completedIterations); final state \(timeline.state.rawValue) at t=\(timeline.position) ns, frame \(timeline.currentFrame); clamped tick sum \(stats.clampedSum) ns, drift \(drift) ns; longest tick \(Self.seconds(stats.longestTick))")
    }
    output.flush()
    return 0
  }

  struct Stats {
    var framesShown: Int64 = 0
    var framesSkipped: Int64 = 0
    var clampedSum: Int64 = 0
    var longestTick: Int64 = 0

    mutating func record(events: TickEvents, elapsed: Int64, clamped: Int64) {
      if let change = events.frameChange {
        framesShown += 1
        framesSkipped += change.slots - 1
      }
      clampedSum = clampedSum &+ clamped
      longestTick = max(longestTick, elapsed)
    }
  }

  static func seconds(_ nanoseconds: Int64) -> String {
    let whole = nanoseconds / 1_000_000_000
    var fraction = String(nanoseconds % 1_000_000_000)
    while fraction.count < 9 { fraction = "0" + fraction }
    return "\(whole).\(fraction.prefix(3))s"
  }
}
