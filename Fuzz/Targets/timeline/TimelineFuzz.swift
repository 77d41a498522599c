import AnimTimeline

#if canImport(Glibc)
import Glibc
#endif

/// libFuzzer target `timeline`: a synthetic provider and a command sequence
/// decoded from the input, with extreme values (0, 1, `Int64.max`, huge
/// rates, negative times).
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
  // FUZZ_TRACE=1: print the decoded timeline and commands (to turn a crash
  // into a readable regression test).
  let trace = getenv("FUZZ_TRACE") != nil
  if trace { print("durations \(durations) loops \(loops.map(String.init) ?? "inf")") }
  func note(_ command: String) {
    log.append(command)
    if trace { print(command); fflush(nil) }
  }

  var commands = 0
  while !input.isAtEnd, commands < 400 {
    commands += 1
    let before = checker.snapshot(engine)
    var isTick = false
    let engineResult: Result<TickEvents, TimelineError>
    let modelResult: Result<[TimelineEvent], ReferenceTimeline.Rejection>
    let op = input.byte() % 16
    switch op {
    case 0, 1, 2, 3, 4:
      isTick = true
      let d = signed(&input)
      let modeNames = [nil, "default", "tracking", "common", "x"]
      let mode = modeNames[input.below(modeNames.count)]
      note("tick \(d) \(mode ?? "")")
      engineResult = Result { () throws(TimelineError) in
        if let mode { return try engine.tick(by: d, mode: RunMode(mode)) }
        return try engine.tick(by: d)
      }
      modelResult = Result { () throws(ReferenceTimeline.Rejection) in try model.tick(d, mode: mode ?? "default") }
    case 5:
      note("play"); engine.play(); model.play()
      engineResult = .success(TickEvents()); modelResult = .success([])
    case 6:
      note("pause"); engine.pause(); model.pause()
      engineResult = .success(TickEvents()); modelResult = .success([])
    case 7:
      note("stop"); engine.stop(); model.stop()
      engineResult = .success(TickEvents()); modelResult = .success([])
    case 8:
      let t = signed(&input)
      note("seek \(t)")
      engineResult = Result { () throws(TimelineError) in try engine.seek(to: t) }
      modelResult = Result { () throws(ReferenceTimeline.Rejection) in try model.seek(to: t) }
    case 9:
      let j = input.byte() % 4 == 0 ? Int(truncatingIfNeeded: signed(&input)) : Int(input.byte() % 10)
      let i = input.byte() % 2 == 0 ? Int64(input.byte() % 4) : signed(&input)
      note("seek-frame \(j) \(i)")
      engineResult = Result { () throws(TimelineError) in try engine.seek(toFrame: j, iteration: i) }
      modelResult = Result { () throws(ReferenceTimeline.Rejection) in try model.seek(toFrame: j, iteration: i) }
    case 10:
      let k: Int64? = input.byte() % 4 == 0 ? nil : max(1, input.byte() % 2 == 0 ? Int64(input.byte() % 5) : input.interestingInt64())
      note("loops \(k.map(String.init) ?? "inf")")
      engineResult = Result { () throws(TimelineError) in
        if let k { return try engine.setLoops(try LoopCount.plays(k)) }
        return try engine.setLoops(.infinite)
      }
      modelResult = Result { () throws(ReferenceTimeline.Rejection) in try model.setLoops(k) }
    case 11:
      let r = input.byte() % 2 == 0 ? [0, 1, 500_000, 1_000_000, 1_500_000, 3_000_000][input.below(6)] : input.interestingInt64()
      note("rate \(r)")
      engine.rate = try! Rate(millionths: r)
      model.setRate(r)
      engineResult = .success(TickEvents()); modelResult = .success([])
    case 12:
      let direction = PlaybackDirection.allCases[input.below(4)]
      note("direction \(direction)")
      engine.direction = direction
      model.direction = direction
      engineResult = .success(TickEvents()); modelResult = .success([])
    case 13:
      let step: Int64? = input.byte() % 4 == 0 ? nil : max(1, input.interestingInt64())
      note("max-step \(step.map(String.init) ?? "none")")
      engine.maxStep = step.map { try! MaxStep.nanoseconds($0) } ?? .unlimited
      model.maxStep = step
      engineResult = .success(TickEvents()); modelResult = .success([])
    case 14:
      let policy: SkipPolicy = input.byte() % 2 == 0 ? .skip : .noSkip
      note("policy \(policy)")
      engine.policy = policy
      model.policy = policy
      engineResult = .success(TickEvents()); modelResult = .success([])
    default:
      let all = ["default", "tracking", "common", "x"]
      let mask = input.byte()
      let names = all.indices.filter { mask & (1 << $0) != 0 }.map { all[$0] }
      note("modes \(names)")
      engine.modes = RunModes(names)
      model.modes = names
      engineResult = .success(TickEvents()); modelResult = .success([])
    }

    switch (engineResult, modelResult) {
    case let (.success(events), .success(expected)):
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
