import AnimTimeline
import TimelineScript

/// What `timeline-demo --ticks N` simulates (``TicksCommand``): N ticks of
/// a ``ManualClock`` at `hz`, with optional seeded jitter and stalls.
struct TickSimulation: TimelineJob {
  var ticks: Int64
  /// Ticks per second, in millionths.
  var hzMillionths: Int64 = 60_000_000
  var jitterSeed: UInt64?
  var json = false
  var summaryOnly = false
  /// `--reverse-at`: clock times in nanoseconds, increasing, at which the
  /// timeline turns around. After the first tick whose instant reaches a
  /// time (and that tick's line), the simulation calls
  /// ``Timeline/reverse()``, then ``Timeline/play()`` if the timeline is
  /// finished, so that a door that opened fully closes again; a tick that
  /// reaches several times reverses once for each, in order.
  var reverseTimes: [Int64] = []

  /// The nominal instant of tick `k`: `k / hz` seconds, rounded to the
  /// nearest nanosecond on its own (never accumulated).
  func nominalInstant(_ k: Int64) -> Int64 {
    // (k * 10^15 + hz / 2) / hz in full width: no UInt128 (macOS 15 only).
    let hz = UInt64(hzMillionths)
    let (high, low) = UInt64(k).multipliedFullWidth(by: 1_000_000_000_000_000)
    let (sum, carry) = low.addingReportingOverflow(hz / 2)
    let numerator = (high: high &+ (carry ? 1 : 0), low: sum)
    guard numerator.high < hz else { return .max }
    let rounded = hz.dividingFullWidth(numerator).quotient
    return rounded > UInt64(Int64.max) ? .max : Int64(rounded)
  }

  /// What a simulation ends with.
  struct Summary: Equatable {
    var stats: Stats
    var state: PlaybackState
    var position: Int64
    var frame: Int
    var loops: Int64
    var simulated: Int64
    /// The position minus `clampedSum * rate` (exact), for infinite loops;
    /// `nil` when the timeline can finish: with a finite loop count, a
    /// backward rate, or after a `--reverse-at` reversal.
    var drift: Int64?
    /// Why ``drift`` is `nil`, as the readable summary says it.
    var noDriftReason: String?
    /// The ticks run: all of them, unless the run was interrupted.
    var ticksRun: Int64
  }

  /// The most ticks a run takes at `hzMillionths`: the last tick whose
  /// nominal instant stays below `Int64.max` ns (about 292 years; at 60 Hz,
  /// 553,402,322,211 ticks). Past it the manual clock could not advance.
  var maxTicks: Int64 {
    let hz = UInt64(hzMillionths)
    let product = UInt64(Int64.max).multipliedFullWidth(by: hz)
    let estimate = product.high < 1_000_000_000_000_000
      ? UInt64(1_000_000_000_000_000).dividingFullWidth(product).quotient : UInt64(Int64.max)
    var count = Int64(clamping: estimate)
    while count > 0, nominalInstant(count) == .max { count -= 1 }
    while count < .max, nominalInstant(count + 1) < .max { count += 1 }
    return count
  }

  func run(_ start: Timeline, sheet: SpriteSheetFrameProvider?, console: inout Console) throws(CommandError) {
    let limit = maxTicks
    guard ticks <= limit else {
      throw .usage("--ticks \(ticks): at \((try? Rate(millionths: hzMillionths)).map { "\($0)" } ?? "\(hzMillionths) millionths of a") Hz the clock would pass Int64.max ns (about 292 years); give at most \(limit) ticks")
    }
    // Ctrl-C (or SIGTERM) stops the run between ticks; what ran is
    // summed up below, then the run fails with status 130.
    let signals = InterruptSignals()
    defer { signals.restore() }
    var meter = ProgressMeter(total: ticks, unit: "ticks", enabled: console.errorIsTerminal)
    let summary = simulate(start, sheet: sheet, write: { console.line($0) }) { done in
      if signals.isPending { return true }
      meter.update(done, on: &console)
      return false
    }
    console.clearProgress()
    let drift = summary.drift.map(String.init)
    if json {
      console.line(#"{"summary":{"ticks":\#(ticks),"ticks_run":\#(summary.ticksRun),"frames_shown":\#(summary.stats.framesShown),"frames_skipped":\#(summary.stats.framesSkipped),"loops":\#(summary.loops),"state":"\#(summary.state.rawValue)","t":\#(summary.position),"frame":\#(summary.frame),"simulated_ns":\#(summary.simulated),"clamped_sum_ns":\#(summary.stats.clampedSum),"cue_hits":\#(summary.stats.cueHits),"range_switches":\#(summary.stats.rangeSwitches),"reversals":\#(summary.stats.reversals),"drift_ns":\#(drift ?? "null"),"longest_tick_ns":\#(summary.stats.longestTick)}}"#)
    } else {
      let interrupted = summary.ticksRun < ticks ? " (interrupted after \(summary.ticksRun))" : ""
      console.line("summary: \(ticks) ticks\(interrupted) over \(Self.seconds(summary.simulated)) simulated; frames shown \(summary.stats.framesShown), skipped \(summary.stats.framesSkipped); cue hits \(summary.stats.cueHits); range switches \(summary.stats.rangeSwitches); reversals \(summary.stats.reversals); loops \(summary.loops); final state \(summary.state.rawValue) at t=\(summary.position) ns, frame \(sheet.flatMap { try? $0.sheetFrame(atDisplayFrame: summary.frame) } ?? summary.frame); clamped tick sum \(summary.stats.clampedSum) ns, \(drift.map { "drift \($0) ns" } ?? "no drift measured (\(summary.noDriftReason ?? ""))"); longest tick \(Self.seconds(summary.stats.longestTick))")
    }
    if summary.ticksRun < ticks {
      throw .interrupted("interrupted after tick \(summary.ticksRun) of \(ticks); the summary above covers those")
    }
  }

  /// Runs the simulation, writing the per-tick lines (unless `summaryOnly`).
  /// With `sheet`, the timeline's provider for `--aseprite`, each JSON
  /// tick also gives the sheet frame shown (`"sheet_frame"`, Aseprite's
  /// frame number, from 0).
  ///
  /// Every 65,536 ticks it calls `shouldStop` with the ticks run so far,
  /// and stops when it returns `true` (the summary then covers those).
  func simulate(
    _ start: Timeline, sheet: SpriteSheetFrameProvider? = nil, write: (String) -> Void,
    shouldStop: (Int64) -> Bool = { _ in false }
  ) -> Summary {
    var timeline = start
    let clock = ManualClock()
    var driver = TimelineDriver(clock: clock)
    var rng = SplitMix64(seed: jitterSeed ?? 0)
    let period = nominalInstant(1)
    var stall: Int64 = 0
    var stats = Stats()
    var previous: Int64 = 0
    var reversals = reverseTimes[...]
    var ticksRun: Int64 = 0

    _ = driver.tick(&timeline)  // anchors at 0
    timeline.play()
    for k in 1...max(ticks, 1) where ticks > 0 {
      if k & 0xFFFF == 0, shouldStop(ticksRun) { break }
      ticksRun = k
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
      for hit in timeline.cueHits(in: events) { stats.cueHits &+= hit.count }
      if !summaryOnly && json {
        let sheetFrame = sheet.map { #","sheet_frame":\#((try? $0.sheetFrame(atDisplayFrame: timeline.currentFrame)) ?? -1)"# } ?? ""
        write(#"{"tick":\#(k),"at":\#(instant),"dt":\#(elapsed),"state":"\#(timeline.state.rawValue)","t":\#(timeline.position),"iteration":\#(timeline.iteration),"frame":\#(timeline.currentFrame)\#(sheetFrame),"suspended":\#(timeline.isSuspended),"events":[\#(timeline.events(in: events).map(EventText.json).joined(separator: ","))]}"#)
      } else if !summaryOnly && !events.isEmpty {
        // With a sheet, frames are Aseprite's numbers (sheet frames).
        let phrases = timeline.events(in: events).map { event in
          EventText.describe(event) { frame in sheet.flatMap { try? $0.sheetFrame(atDisplayFrame: frame) } ?? frame }
        }
        write("tick \(k) at \(Self.seconds(instant)): " + phrases.joined(separator: ", "))
      }
      while let time = reversals.first, instant >= time {
        reversals.removeFirst()
        let reversal = Self.reverse(&timeline, time: time, tick: k, at: instant)
        stats.reversals += 1
        if !summaryOnly { write(json ? reversal.json : reversal.text) }
      }
    }
    // The position is `clampedSum * rate` only at one rate moving forward:
    // not after a reversal, nor moving backward (where it falls to 0).
    let rate = timeline.rate.millionths
    let product = UInt64(stats.clampedSum).multipliedFullWidth(by: UInt64(max(rate, 0)))
    let expected: UInt64? = product.high < 1_000_000 ? UInt64(1_000_000).dividingFullWidth(product).quotient : nil
    // A switch into a queued clip starts the position again: no drift then.
    let noDriftReason: String? =
      if timeline.totalDuration != nil { "the loop count is finite, so the timeline can finish" }
      else if stats.rangeSwitches > 0 { "a queued clip started the position again" }
      else if stats.reversals > 0 { "--reverse-at turned the timeline around" }
      else if rate < 0 { "the timeline plays backward" }
      else if expected.map({ $0 > UInt64(Int64.max) }) ?? true { "clamped sum times rate is past Int64.max" }
      else { nil }
    let drift = noDriftReason == nil ? expected.map { timeline.position - Int64($0) } : nil
    return Summary(
      stats: stats, state: timeline.state, position: timeline.position, frame: timeline.currentFrame,
      loops: timeline.completedIterations, simulated: previous, drift: drift, noDriftReason: noDriftReason,
      ticksRun: ticksRun)
  }

  /// What one `--reverse-at` reversal did, as the output's line.
  struct Reversal: Equatable {
    /// The readable line, e.g. `reverse at 1.500s (tick 90 at 1.500s):
    /// rate -1.0, playing at t=1500000000 ns, frame 4`.
    var text: String
    /// The JSON line: `{"reverse":{...}}`, with the time asked for
    /// (`time`), the tick (`tick`, `at`), the new rate in millionths,
    /// whether `play()` was called, and the state, position, iteration
    /// and frame after it.
    var json: String
  }

  /// Reverses `timeline` at `time` (asked for with `--reverse-at`), after
  /// tick `tick` at clock time `at`; then plays it if it is finished (spec
  /// 9.1: `reverse` alone does not start a finished timeline).
  static func reverse(_ timeline: inout Timeline, time: Int64, tick: Int64, at instant: Int64) -> Reversal {
    timeline.reverse()
    let play = timeline.state == .finished
    if play { timeline.play() }
    let after = "\(timeline.state.rawValue) at t=\(timeline.position) ns, frame \(timeline.currentFrame)"
    return Reversal(
      text: "reverse at \(seconds(time)) (tick \(tick) at \(seconds(instant))): rate \(timeline.rate)"
        + (play ? "; it was finished, so play: " : ", ") + after,
      json: #"{"reverse":{"time":\#(time),"tick":\#(tick),"at":\#(instant),"rate":\#(timeline.rate.millionths),"play":\#(play),"state":"\#(timeline.state.rawValue)","t":\#(timeline.position),"iteration":\#(timeline.iteration),"frame":\#(timeline.currentFrame)}}"#)
  }

  struct Stats: Equatable {
    var framesShown: Int64 = 0
    var framesSkipped: Int64 = 0
    var clampedSum: Int64 = 0
    var longestTick: Int64 = 0
    /// Cue hits (counts added up) and switches into a queued clip.
    var cueHits: Int64 = 0
    var rangeSwitches: Int64 = 0
    /// Reversals made by `--reverse-at`.
    var reversals: Int64 = 0

    mutating func record(events: TickEvents, elapsed: Int64, clamped: Int64) {
      if let change = events.frameChange {
        framesShown += 1
        // Moving backward, `slots` is negative: as many skipped.
        framesSkipped += Int64(clamping: change.slots.magnitude) - 1
      }
      if events.rangeSwitch != nil { rangeSwitches += 1 }
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
