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
/// `Int64.max`, huge rates, negative times), applied to the engine by the
/// script language's one ``ScriptCommand/apply(to:)`` and to the model by
/// its counterpart.
///
/// After every command: the invariants of `TimelineChecker` (position in
/// `[0, E]`, finished ⇔ `T == E`, static timelines never move, a displayed
/// frame has a positive duration, `iteration < plays`, events in order and
/// consistent), and the same state, events and rejections as the test
/// suite's independent reference model (`ReferenceTimeline`).
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
  let checker = TimelineChecker(durations: durations)
  var log: [String] = []
  func context() -> String { "\(durations) loops \(loops.map(String.init) ?? "inf"): " + log.suffix(12).joined(separator: "; ") }
  checker.checkState(engine, context())

  // FUZZ_TRACE=1: print the decoded timeline and commands (script lines,
  // to turn a crash into a readable regression test).
  let trace = getenv("FUZZ_TRACE") != nil
  if trace { print("durations \(durations) loops \(loops.map(String.init) ?? "inf")") }

  var commands = 0
  while !input.isAtEnd, commands < 400 {
    commands += 1
    let command = command(&input)
    log.append(command.description)
    if trace { print(command); fflush(nil) }
    let before = checker.snapshot(engine)
    let engineResult = Result { () throws(TimelineError) in try command.apply(to: &engine) }
    let modelResult = Result { () throws(ReferenceTimeline.Rejection) in try model.apply(command) }
    switch (engineResult, modelResult) {
    case let (.success(events), .success(expected)):
      var isTick = false
      if case .tick = command { isTick = true }
      checker.checkEvents(events, isTick: isTick, before: before, engine, context())
      fuzzCheck(Array(events) == expected, "events \(Array(events)), model \(expected) after \(context())")
    case (.failure, .failure):
      break
    default:
      fuzzFailure("engine \(engineResult), model \(modelResult) after \(context())")
    }
    checker.checkState(engine, context())
    let place = model.current
    fuzzCheck(engine.position == model.position && engine.state == model.state && engine.isSuspended == model.suspended
      && engine.currentFrame == place.frame && Int128(engine.slot) == place.slot && Int128(engine.iteration) == place.iteration,
      "engine t=\(engine.position) \(engine.state) frame \(engine.currentFrame) slot \(engine.slot) iteration \(engine.iteration); \(model) frame \(place.frame) slot \(place.slot) after \(context())")
  }
  return 0
}

/// The next command: a tick in any mode (five times in sixteen), play,
/// pause, stop, seek, seek-frame, loops, rate, direction, max-step, policy
/// or modes, with extreme values.
private func command(_ input: inout FuzzInput) -> ScriptCommand {
  switch input.byte() % 16 {
  case 0, 1, 2, 3, 4:
    let d = signed(&input)
    let modes: [RunMode?] = [nil, .default, .tracking, .common, "x"]
    return .tick(d, mode: modes[input.below(modes.count)])
  case 5: return .play
  case 6: return .pause
  case 7: return .stop
  case 8: return .seek(signed(&input))
  case 9:
    let j = input.byte() % 4 == 0 ? Int(truncatingIfNeeded: signed(&input)) : Int(input.byte() % 10)
    let i = input.byte() % 2 == 0 ? Int64(input.byte() % 4) : signed(&input)
    return .seekFrame(j, iteration: i)
  case 10:
    return .loops(input.byte() % 4 == 0 ? nil : max(1, input.byte() % 2 == 0 ? Int64(input.byte() % 5) : input.interestingInt64()))
  case 11:
    return .rate(input.byte() % 2 == 0 ? [0, 1, 500_000, 1_000_000, 1_500_000, 3_000_000][input.below(6)] : input.interestingInt64())
  case 12: return .direction(PlaybackDirection.allCases[input.below(4)])
  case 13: return .maxStep(input.byte() % 4 == 0 ? nil : max(1, input.interestingInt64()))
  case 14: return .policy(input.byte() % 2 == 0 ? .skip : .noSkip)
  default:
    let all = ["default", "tracking", "common", "x"]
    let mask = input.byte()
    return .modes(all.indices.filter { mask & (1 << $0) != 0 }.map { all[$0] })
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
