import AnimTimeline
import TimelineScript

#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// libFuzzer target `timeline`: a synthetic provider and a command sequence
/// decoded from the input (``command(_:)``), with extreme values (0, 1,
/// `Int64.max`, huge rates, negative times, reversed and out-of-bounds
/// ranges, cue names that differ only in their bytes), applied to the
/// engine by the script language's one ``ScriptCommand/apply(to:)`` and to
/// the model by its counterpart.
///
/// After every command: the invariants of `TimelineChecker` (position in
/// `[0, E]` of the range, finished ⇔ `T == E`, static timelines never move,
/// a displayed frame in the range with a positive duration, `iteration <
/// plays`, events in order and consistent, range switches and cue hits
/// consistent), and the same state (range, queue, cues, loops, direction
/// included), events (cue hits and range switches included, as
/// `ModelEvent`s) and rejections as the test suite's independent reference
/// model (`ReferenceTimeline`).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTimeline(_ data: UnsafeRawPointer, _ size: Int) -> CInt {
  var input = FuzzInput(data, size)
  let durations = (0...input.below(8)).map { _ in frameDuration(&input) }
  let loopsByte = input.byte()
  let loops: Int64? = switch loopsByte % 6 {
  case 0: nil
  case 1: 1
  case 2: 2
  case 3: Int64(loopsByte / 6) + 1
  default: max(1, input.interestingInt64())
  }
  let provider: SyntheticFrameProvider
  do {
    provider = try SyntheticFrameProvider(durations: durations, loopCount: .infinite)
  } catch {
    fuzzCheck(error == .durationOverflow, "provider: \(error)")
    return 0
  }
  let engineOrNil = try? Timeline(provider: provider, configuration: .init(loops: loops.map { try! LoopCount.plays($0) } ?? .infinite))
  let modelOrNil = try? ReferenceTimeline(durations: durations, loops: loops)
  guard var engine = engineOrNil, var model = modelOrNil else {
    fuzzCheck((engineOrNil == nil) == (modelOrNil == nil), "creation: engine and model disagree for \(durations) loops \(String(describing: loops))")
    return 0
  }
  var checker = TimelineChecker(durations: durations)
  var log: [String] = []
  func context() -> String { "\(durations) loops \(loops.map(String.init) ?? "inf"): " + log.suffix(12).joined(separator: "; ") }
  checker.checkState(engine, context())

  // FUZZ_TRACE=1: print the decoded timeline and commands (script lines,
  // to turn a crash into a readable regression test), each followed by a
  // comment with its events or rejection.
  let trace = getenv("FUZZ_TRACE") != nil
  if trace { print("durations \(durations) loops \(loops.map(String.init) ?? "inf")") }

  var commands = 0
  while !input.isAtEnd, commands < 400 {
    commands += 1
    let command = command(&input, frames: durations.count)
    log.append(command.description)
    if trace { print(command); fflush(nil) }
    let before = checker.snapshot(engine)
    let engineResult = Result { () throws(TimelineError) in try command.apply(to: &engine) }
    let modelResult = Result { () throws(ReferenceTimeline.Rejection) in try model.apply(command) }
    switch (engineResult, modelResult) {
    case let (.success(events), .success(expected)):
      // Read the cue hits now: they come from the timeline as this command left it.
      let all = engine.events(in: events).map(ModelEvent.init)
      if trace, !all.isEmpty { print("  # \(all)"); fflush(nil) }
      checker.checkEvents(events, command: command, before: before, engine, context())
      fuzzCheck(all == expected, "events \(all), model \(expected) after \(context())")
    case (.failure, .failure):
      if trace { print("  # rejected"); fflush(nil) }
      let after = checker.snapshot(engine)
      fuzzCheck(after.position == before.position && after.state == before.state && after.range == before.range
        && after.queued == before.queued && after.cues.count == before.cues.count && after.loops == before.loops,
        "a rejected command changed the timeline after \(context())")
    default:
      fuzzFailure("engine \(engineResult), model \(modelResult) after \(context())")
    }
    checker.noteRate(engine.rate)
    checker.checkState(engine, context())
    compare(engine, model, context)
  }
  return 0
}

/// The engine's state is the model's: position, state, suspension, frame,
/// slot, iteration, and section 8's range, queue and cues, with the loop
/// count and direction (which a switch changes).
private func compare(_ engine: Timeline, _ model: ReferenceTimeline, _ context: () -> String) {
  let place = model.current
  fuzzCheck(engine.position == model.position && engine.state == model.state && engine.isSuspended == model.suspended
    && engine.currentFrame == place.frame && Int128(engine.slot) == place.slot && Int128(engine.iteration) == place.iteration,
    "engine t=\(engine.position) \(engine.state) frame \(engine.currentFrame) slot \(engine.slot) iteration \(engine.iteration); \(model) frame \(place.frame) slot \(place.slot) after \(context())")
  let queued = engine.queued.map {
    ReferenceTimeline.QueuedRange(first: $0.frames.lowerBound, last: $0.frames.upperBound, loops: $0.loops.plays, direction: $0.direction)
  }
  let cues = Set(engine.cues.map { ReferenceTimeline.Cue(name: Array($0.name.utf8), frame: $0.frame) })
  fuzzCheck(engine.range == model.range && queued == model.queued && engine.loops.plays == model.loops
    && engine.direction == model.direction && cues == model.cues && engine.cues.count == cues.count,
    "engine range \(engine.range) queued \(String(describing: engine.queued)) loops \(engine.loops) \(engine.direction) cues \(engine.cues); \(model) after \(context())")
}

/// The next command: a tick in any mode (ten times in 34), play, pause,
/// stop, seek, seek-frame, loops, rate (of either sign, ``rate(_:)``),
/// direction, max-step, policy, modes, section 8's range (sometimes
/// reversed or out of bounds), range all, then (a range or all, with or
/// without a direction), then none, cue (names from ``cueNames``, frames
/// sometimes out of bounds or of 0 ns) and uncue, and section 9's reverse,
/// with extreme values.
private func command(_ input: inout FuzzInput, frames n: Int) -> ScriptCommand {
  switch input.byte() % 34 {
  case 0...9:
    let d = signed(&input)
    let modes: [RunMode?] = [nil, .default, .tracking, .common, "x"]
    return .tick(d, mode: modes[input.below(modes.count)])
  case 10, 11: return .play
  case 12: return .pause
  case 13: return .stop
  case 14: return .seek(signed(&input))
  case 15:
    let j = input.byte() % 4 == 0 ? Int(truncatingIfNeeded: signed(&input)) : Int(input.byte() % 10)
    let i = input.byte() % 2 == 0 ? Int64(input.byte() % 4) : signed(&input)
    return .seekFrame(j, iteration: i)
  case 16:
    return .loops(input.byte() % 4 == 0 ? nil : max(1, input.byte() % 2 == 0 ? Int64(input.byte() % 5) : input.interestingInt64()))
  case 17: return .rate(rate(&input))
  case 18: return .direction(PlaybackDirection.allCases[input.below(4)])
  case 19: return .maxStep(input.byte() % 4 == 0 ? nil : max(1, input.interestingInt64()))
  case 20: return .policy(input.byte() % 2 == 0 ? .skip : .noSkip)
  case 21:
    let all = ["default", "tracking", "common", "x"]
    let mask = input.byte()
    return .modes(all.indices.filter { mask & (1 << $0) != 0 }.map { all[$0] })
  case 22, 23:
    return .range(frameIndex(&input, frames: n), frameIndex(&input, frames: n))
  case 24: return .rangeAll
  case 25, 26, 27:
    let shape = input.byte()
    let loops: Int64? = switch shape % 8 {
    case 0, 1: nil
    case 2, 3, 4: Int64(shape / 8 % 3) + 1
    case 5: 0  // rejected: K >= 1
    default: max(1, input.interestingInt64())
    }
    let direction = (shape / 32) % 5 == 4 ? nil : PlaybackDirection.allCases[Int(shape / 32) % 5]
    if shape & 0x80 != 0, shape % 3 == 0 { return .then(first: nil, last: nil, loops: loops, direction: direction) }
    return .then(first: frameIndex(&input, frames: n), last: frameIndex(&input, frames: n), loops: loops, direction: direction)
  case 28: return .thenNone
  case 29, 30:
    return .cue(cueNames[input.below(cueNames.count)], frame: frameIndex(&input, frames: n))
  case 31:
    return .uncue(cueNames[input.below(cueNames.count)])
  default:
    return .reverse
  }
}

/// A rate in millionths, of either sign (spec section 9): common speeds
/// both ways, the extremes `-Int64.max` (`Int64.min + 1`) and `Int64.max`,
/// -1 and other tiny magnitudes, huge ones, and any magnitude; and
/// `Int64.min`, whose magnitude no rate has (section 9.1: rejected by the
/// engine and the model alike).
private func rate(_ input: inout FuzzInput) -> Int64 {
  let common: [Int64] = [
    0, 1, 500_000, 1_000_000, 1_500_000, 3_000_000,
    -1, -2, -3, -500_000, -1_000_000, -1_500_000, -3_000_000, -999_999, -1_000_001,
    Int64.min + 1, Int64.max, -(Int64.max / 1_000_000), -(1 << 40), Int64.min,
  ]
  switch input.byte() % 4 {
  case 0, 1: return common[input.below(common.count)]
  case 2: return input.interestingInt64()
  default: return -input.interestingInt64()  // interestingInt64() >= 0: never Int64.min
  }
}

/// Cue names: ASCII, case, canonically equivalent spellings that differ in
/// their bytes ("é" and "e" + U+0301, Ω and the ohm sign), and non-BMP; the
/// empty name (which the API rejects; no script line can spell it).
private let cueNames = [
  "step", "hit", "B", "b", "\u{E9}", "e\u{301}", "caf\u{E9}", "cafe\u{301}", "\u{3A9}", "\u{2126}", "\u{1F463}", "",
]

/// A frame index for `range`, `then` and `cue`: usually in `0...n`
/// (`n` is one past the last frame), sometimes negative or huge.
private func frameIndex(_ input: inout FuzzInput, frames n: Int) -> Int {
  let byte = input.byte()
  switch byte % 16 {
  case 15: return [-1, Int.min, Int.max, Int.max - 1, n + 1][Int(byte / 16) % 5]
  default: return Int(byte / 16) % (n + 1)
  }
}

/// A frame duration: often zero or small, sometimes huge.
private func frameDuration(_ input: inout FuzzInput) -> Int64 {
  let byte = input.byte()
  switch byte % 8 {
  case 0, 1: return 0
  case 2: return 1
  case 3: return Int64(byte / 8) + 1
  case 4: return 100_000_000
  case 5: return Int64(byte / 8 + 1) * 16_666_667
  case 6: return input.interestingInt64() / 8
  default: return input.interestingInt64()
  }
}

/// A time, negative one time in sixteen.
private func signed(_ input: inout FuzzInput) -> Int64 {
  let value = input.interestingInt64()
  return input.byte() % 16 == 15 ? -value - 1 : value
}
