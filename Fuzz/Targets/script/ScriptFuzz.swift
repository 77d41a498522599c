import AnimTimeline
import TimelineScript

#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// libFuzzer target `script`: the script language's parser and runner
/// (Sources/TimelineScript).
///
/// The first byte picks one of a few fixed synthetic providers, a loop
/// count and the output format; the rest is the script's bytes. It runs
/// through `ScriptRunner.run` exactly as `timeline-demo --script` does, and
/// again line by line through `ScriptLines`, `ScriptCommand(words:)` and
/// `ScriptCommand.apply(to:)`, checking:
/// - no trap, whatever the bytes;
/// - one output line per command line, in order, each equal to the state
///   the line-by-line replay reaches; a failure names the first bad line;
/// - after every command, the invariants of `TimelineChecker` (position in
///   `[0, E]` of the range, a valid displayed frame in the range with a
///   positive duration unless the timeline is static, events in order,
///   range switches, cue hits, the effect of `range`, `then`, `cue` and
///   `uncue`, ...);
/// - every word that parses as a number has the value an independent
///   decimal reading gives (spec section 7's number syntax), and so does
///   every word as a signed rate (section 9.4: one optional leading `-`,
///   the magnitude rounded half up, then negated; `-0` is 0); a parsed
///   `rate` line holds exactly that value;
/// - with rates of either sign, section 9's rules for ticks moving
///   backward and for `rate`, `reverse`, `play`, `seek`, `seek-frame`,
///   `loops` and `range` (in `TimelineChecker`).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzScript(_ data: UnsafeRawPointer, _ size: Int) -> CInt {
  var input = FuzzInput(data, size)
  let head = input.byte()
  let providers: [[Int64]] = [
    [100_000_000, 50_000_000],
    [0, 40_000_000, 0, 60_000_000, 10_000_000],
    [1, 1, 1],
    [0],
    [5_000_000_000],
    [0, 7, 0],
    [Int64.max / 3, Int64.max / 3, 1],
    [1, Int64.max - 1],
  ]
  let durations = providers[Int(head % 8)]
  let loopChoices: [LoopCount?] = [nil, try! .plays(1), try! .plays(2), try! .plays(3), .infinite,
    try! .plays(1_000), try! .plays(Int64.max), nil]
  let loops = loopChoices[Int((head >> 3) % 8)]
  let json = head & 0x40 == 0
  let script = input.remaining

  let provider = try! SyntheticFrameProvider(durations: durations)
  let timeline: Timeline
  do {
    timeline = try Timeline(provider: provider, configuration: .init(loops: loops))
  } catch {
    fuzzCheck(error == .loopsTooLong(plays: loops?.plays ?? 0, loopDuration: durations.reduce(0, +)), "\(error)")
    return 0
  }

  // Pass 1: the runner, as `timeline-demo --script` runs it.
  var runner = ScriptRunner(timeline: timeline, json: json)
  var output: [String] = []
  let failure = runner.run(script) { output.append($0) }
  // FUZZ_TRACE=1: print the runner's output (what the demo would print).
  if getenv("FUZZ_TRACE") != nil {
    print("frames \(durations) loops \(loops.map { "\($0)" } ?? "provider's") \(json ? "json" : "text")")
    output.forEach { print($0) }
    if let failure { print("error: line \(failure.line): \(failure.reason)") }
    fflush(nil)
  }

  // Pass 2: line by line, checking every state and event.
  var checker = TimelineChecker(durations: durations)
  var replay = ScriptRunner(timeline: timeline, json: json)
  var printed = 0
  var failedAt: Int? = nil
  for line in ScriptLines(script) {
    for word in line.words { checkNumbers(word) }
    if line.isBlank { continue }
    let before = checker.snapshot(replay.timeline)
    let command: ScriptCommand
    do { command = try ScriptCommand(words: line.words) } catch {
      failedAt = line.number
      break
    }
    if case let .rate(r) = command {
      let word = Array(line.words[1])
      let magnitude = referenceDecimal(word.first == 0x2D ? word.dropFirst() : word[...], scale: 6, allowFraction: true)
      fuzzCheck(magnitude.map { word.first == 0x2D ? 0 - $0 : $0 } == r, "rate line \(word) parsed as \(r)")
    }
    let events: TickEvents
    do { events = try command.apply(to: &replay.timeline) } catch {
      failedAt = line.number
      break
    }
    let context = "line \(line.number) '\(line.words.map { String(decoding: $0, as: UTF8.self) })'"
    checker.checkEvents(events, command: command, before: before, replay.timeline, context)
    checker.noteRate(replay.timeline.rate)
    checker.checkState(replay.timeline, context)
    let expected = replay.outputLine(for: line, events: events)
    fuzzCheck(printed < output.count, "\(context): no output line")
    fuzzCheck(output[printed] == expected, "\(context): printed \(output[printed]), expected \(expected)")
    printed += 1
  }
  fuzzCheck(printed == output.count, "\(output.count) output lines for \(printed) commands")
  fuzzCheck(failure?.line == failedAt, "runner failed at \(String(describing: failure?.line)), replay at \(String(describing: failedAt))")
  if let failure { fuzzCheck(!failure.reason.isEmpty, "empty failure reason") }
  return 0
}

/// Compares the script's number parsers with an independent reading of
/// `digits[.digits][unit]`.
private func checkNumbers(_ word: ArraySlice<UInt8>) {
  let bytes = Array(word)
  fuzzCheck(NumberSyntax.integer(word) == referenceDecimal(bytes[...], scale: 0, allowFraction: false),
    "integer(\(bytes)) = \(String(describing: NumberSyntax.integer(word)))")
  fuzzCheck(NumberSyntax.rate(word) == referenceDecimal(bytes[...], scale: 6, allowFraction: true),
    "rate(\(bytes)) = \(String(describing: NumberSyntax.rate(word)))")
  // Section 9.4: one optional leading `-`; the magnitude is rounded half up
  // to millionths, then negated (`-0` is 0).
  let signed = bytes.first == 0x2D
    ? referenceDecimal(bytes.dropFirst(), scale: 6, allowFraction: true).map { 0 - $0 }
    : referenceDecimal(bytes[...], scale: 6, allowFraction: true)
  fuzzCheck(NumberSyntax.signedRate(word) == signed,
    "signedRate(\(bytes)) = \(String(describing: NumberSyntax.signedRate(word))), expected \(String(describing: signed))")
  // A duration: the number runs up to the first byte that is neither a
  // digit nor a dot; what follows must be a unit.
  let split = bytes.firstIndex { !($0 >= 0x30 && $0 <= 0x39) && $0 != 0x2E } ?? bytes.count
  let scale: Int? = switch String(decoding: bytes[split...], as: UTF8.self) {
  case "": 9
  case "s": 9
  case "ms": 6
  case "us": 3
  case "ns": 0
  default: nil
  }
  let expected = scale.flatMap { referenceDecimal(bytes[..<split], scale: $0, allowFraction: true) }
  fuzzCheck(NumberSyntax.duration(word) == expected,
    "duration(\(bytes)) = \(String(describing: NumberSyntax.duration(word))), expected \(String(describing: expected))")
}

/// `digits[.digits]` times `10^scale`, rounded half up past the kept
/// digits, if it is at most `Int64.max`.
private func referenceDecimal(_ text: ArraySlice<UInt8>, scale: Int, allowFraction: Bool) -> Int64? {
  let isDigit = { (byte: UInt8) in byte >= 0x30 && byte <= 0x39 }
  let dot = text.firstIndex(of: 0x2E)
  let whole = text[..<(dot ?? text.endIndex)]
  let fraction = dot.map { text[($0 + 1)...] } ?? []
  guard !whole.isEmpty, whole.allSatisfy(isDigit) else { return nil }
  if dot != nil {
    guard allowFraction, !fraction.isEmpty, fraction.allSatisfy(isDigit) else { return nil }
  }
  let significant = whole.drop { $0 == 0x30 }
  guard significant.count <= 19 else { return nil }
  var value: Int128 = 0
  for byte in significant { value = value * 10 + Int128(byte - 0x30) }
  let digits = Array(fraction)
  for index in 0..<scale { value = value * 10 + Int128(index < digits.count ? digits[index] - 0x30 : 0) }
  if digits.count > scale, digits[scale] >= 0x35 { value += 1 }
  return value <= Int128(Int64.max) ? Int64(value) : nil
}
