import AnimTimeline
import TimelineScript

/// The generators' and shrinkers' view of the script language's one
/// ``ScriptCommand``.
extension ScriptCommand {
  /// Simpler variants of this command (never cycling back to it).
  var shrinks: [ScriptCommand] {
    switch self {
    case let .tick(d, mode):
      var out: [ScriptCommand] = mode == nil ? [] : [.tick(d, mode: nil)]
      if d > 0 { out += Shrink.towards(0, from: d).map { .tick($0, mode: mode) } }
      return out
    case .play, .pause, .stop:
      return []
    case let .seek(t):
      return t > 0 ? Shrink.towards(0, from: t).map { .seek($0) } : []
    case let .seekFrame(j, i):
      var out: [ScriptCommand] = []
      if let i {
        out.append(.seekFrame(j, iteration: nil))
        if i > 0 { out += Shrink.towards(0, from: i).map { .seekFrame(j, iteration: $0) } }
      }
      if j > 0 { out += Shrink.towards(0, from: Int64(j)).map { .seekFrame(Int($0), iteration: i) } }
      return out
    case let .rate(r):
      if r == 1_000_000 { return [] }
      return [.rate(1_000_000)] + (r > 1_000_000 ? Shrink.towards(1_000_000, from: r) : Shrink.towards(0, from: r))
        .filter { $0 != 1_000_000 }.map { .rate($0) }
    case let .loops(k):
      guard let k else { return [] }
      return [.loops(nil)] + (k > 1 ? Shrink.towards(1, from: k).map { .loops($0) } : [])
    case let .direction(d):
      return d == .forward ? [] : [.direction(.forward)]
    case let .maxStep(v):
      guard let v else { return [] }
      return [.maxStep(nil)] + (v > 1 ? Shrink.towards(1, from: v).map { .maxStep($0) } : [])
    case let .policy(p):
      return p == .skip ? [] : [.policy(.skip)]
    case let .modes(names):
      if names == ["default"] { return [] }
      return [.modes(["default"])] + Shrink.array(names, element: { _ in [] }).map { .modes($0) }
    case let .range(a, b):
      return [.rangeAll] + (a > 0 ? [.range(a - 1, b)] : []) + (b > a ? [.range(a, b - 1)] : [])
    case .rangeAll, .thenNone:
      return []
    case let .then(a, b, k, d):
      var out: [ScriptCommand] = [.thenNone]
      if d != nil { out.append(.then(first: a, last: b, loops: k, direction: nil)) }
      if let k, k > 1 { out += Shrink.towards(1, from: k).map { .then(first: a, last: b, loops: $0, direction: d) } }
      if a != nil { out.append(.then(first: nil, last: nil, loops: k, direction: d)) }
      return out
    case let .cue(name, j):
      return j > 0 ? Shrink.towards(0, from: Int64(j)).map { .cue(name, frame: Int($0)) } : []
    case .uncue:
      return []
    }
  }
}

/// A random provider, initial configuration and command list.
struct GeneratedScript: CustomStringConvertible {
  var durations: [Int64]
  /// The provider's loop count (plays, `nil` = infinite).
  var providerLoops: Int64?
  /// The configuration's loop count override; `.none` uses the provider's.
  var configLoops: Int64??
  var direction: PlaybackDirection = .forward
  var rate: Int64 = 1_000_000
  /// Max-step in ns, `nil` = none.
  var maxStep: Int64? = 1_000_000_000
  var policy: SkipPolicy = .skip
  var modes: [String] = ["default"]
  var commands: [ScriptCommand] = []

  /// The loop count in force at the start.
  var initialLoops: Int64? {
    if let configLoops { return configLoops }
    return providerLoops
  }

  /// A `timeline-demo --script` file for this script (the initial
  /// configuration as leading commands, which is equivalent at `T = 0`).
  var description: String {
    var lines = ["# timeline-demo --script FILE --json --frames "
      + durations.map { "\($0)ns" }.joined(separator: ",")
      + " --loops \(initialLoops.map(String.init) ?? "inf")"]
    if configLoops != nil {
      lines.append("# (provider loop count \(providerLoops.map(String.init) ?? "inf"), overridden by the configuration)")
    }
    var config: [ScriptCommand] = []
    if direction != .forward { config.append(.direction(direction)) }
    if rate != 1_000_000 { config.append(.rate(rate)) }
    if maxStep != 1_000_000_000 { config.append(.maxStep(maxStep)) }
    if policy != .skip { config.append(.policy(policy)) }
    if modes != ["default"] { config.append(.modes(modes)) }
    if !config.isEmpty {
      lines.append("# initial configuration:")
      lines += config.map(\.description)
      lines.append("# commands:")
    }
    lines += commands.map(\.description)
    return lines.joined(separator: "\n")
  }

  /// The reference model for this script's initial state.
  func makeModel() throws(ReferenceTimeline.Rejection) -> ReferenceTimeline {
    try ReferenceTimeline(
      durations: durations, loops: initialLoops, direction: direction, rate: rate,
      maxStep: maxStep, policy: policy, modes: modes)
  }

  /// The engine for this script's initial state.
  func makeEngine() throws -> Timeline<SyntheticFrameProvider> {
    let provider = try SyntheticFrameProvider(
      durations: durations, loopCount: try providerLoops.map { try LoopCount.plays($0) } ?? .infinite)
    let loops: LoopCount? = try configLoops.map { k throws in try k.map { try LoopCount.plays($0) } ?? .infinite }
    let configuration = TimelineConfiguration(
      loops: loops, direction: direction, rate: try Rate(millionths: rate),
      maxStep: try maxStep.map { try MaxStep.nanoseconds($0) } ?? .unlimited,
      policy: policy, modes: RunModes(modes))
    return try Timeline(provider: provider, configuration: configuration)
  }

  var shrinks: [GeneratedScript] {
    var out: [GeneratedScript] = []
    func with(_ change: (inout GeneratedScript) -> Void) {
      var copy = self
      change(&copy)
      out.append(copy)
    }
    // Fewer and simpler commands first: they matter most to a reader.
    for commands in Shrink.array(commands, element: \.shrinks) { with { $0.commands = commands } }
    // A simpler provider.
    if durations.count > 1 {
      for j in durations.indices { with { $0.durations.remove(at: j) } }
    }
    for j in durations.indices where durations[j] > 0 {
      for d in Shrink.towards(0, from: durations[j]) { with { $0.durations[j] = d } }
    }
    if let k = providerLoops { with { $0.providerLoops = nil }; if k > 1 { with { $0.providerLoops = 1 } } }
    if configLoops != nil { with { $0.configLoops = .none } }
    // Default configuration.
    if direction != .forward { with { $0.direction = .forward } }
    if rate != 1_000_000 { with { $0.rate = 1_000_000 } }
    if maxStep != 1_000_000_000 { with { $0.maxStep = 1_000_000_000 } }
    if policy != .skip { with { $0.policy = .skip } }
    if modes != ["default"] { with { $0.modes = ["default"] } }
    return out
  }
}

/// Random scripts, biased towards the values where timelines go wrong.
enum ScriptGen {
  static let modeNames = ["default", "tracking", "common", "modal"]
  static let interestingRates: [Int64] = [
    0, 1, 1_000_000, 333_333, 2_500_000, 500_000, 999_999, 1_000_001, 3_000_000,
    1_000_000_000_000, Int64.max,
  ]

  static func durations(_ rng: inout SplitMix64, staticOnly: Bool) -> [Int64] {
    let n = rng.int(in: 1...6)
    func positive(_ rng: inout SplitMix64) -> Int64 {
      switch rng.weighted([3, 3, 3, 1]) {
      case 0: return rng.int64(in: 1...5)  // a few ns: many exact collisions
      case 1: return rng.int64(in: 1...50) * 1_000_000  // whole ms
      case 2: return rng.element(of: [10_000_000, 20_000_000, 50_000_000, 1, 2])
      default: return rng.int64(in: 1...50_000_000)
      }
    }
    if staticOnly || rng.chance(1, in: 12) {
      // Static: all zero, or exactly one positive duration.
      var values = [Int64](repeating: 0, count: n)
      if rng.chance(3, in: 4) { values[rng.int(in: 0...(n - 1))] = positive(&rng) }
      return values
    }
    return (0..<n).map { _ in rng.chance(1, in: 4) ? 0 : positive(&rng) }
  }

  static func loops(_ rng: inout SplitMix64) -> Int64? {
    rng.chance(1, in: 3) ? nil : rng.int64(in: 1...4)
  }

  static func modes(_ rng: inout SplitMix64) -> [String] {
    switch rng.weighted([5, 2, 1, 1]) {
    case 0: return ["default"]
    case 1: return [rng.element(of: modeNames)]
    case 2: return []
    default: return modeNames.filter { _ in rng.chance(1, in: 2) }
    }
  }

  static func maxStep(_ rng: inout SplitMix64, durations: [Int64]) -> Int64? {
    switch rng.weighted([2, 2, 2, 1, 1]) {
    case 0: return nil
    case 1: return 1_000_000_000
    case 2: return max(1, rng.element(of: durations))
    case 3: return rng.int64(in: 1...5)
    default: return rng.int64(in: 1...60_000_000)
    }
  }

  /// Clock time after which `distance` ns of timeline time has passed at
  /// `rate` millionths (rounded down or up).
  static func clock(for distance: Int128, rate: Int64, roundUp: Bool) -> Int64? {
    guard rate > 0, distance > 0 else { return nil }
    let scaled = distance * 1_000_000
    var clock = scaled / Int128(rate)
    if roundUp, scaled % Int128(rate) != 0 { clock += 1 }
    return clock <= Int128(Int64.max) ? Int64(clock) : nil
  }

  /// A tick length chosen to land on, just before or just after something
  /// the model says is near: the next slot, the one after, the loop end, `E`.
  static func tickLength(_ rng: inout SplitMix64, model: ReferenceTimeline) -> Int64 {
    let length = model.loopDuration
    if rng.chance(1, in: 40) { return -1 }
    if rng.chance(1, in: 2), !model.isStatic, model.state == .playing {
      let t = Int128(model.position)
      let here = model.current
      var targets: [Int128] = [
        model.start(ofSlot: here.slot + 1), model.start(ofSlot: here.slot + 2),
        (here.iteration + 1) * length, model.start(ofSlot: here.slot + model.m),
      ]
      if let end = model.end { targets += [end, end] }
      let distance = rng.element(of: targets) - t + Int128(rng.int64(in: -1...1))
      if let d = clock(for: distance, rate: model.rate, roundUp: rng.chance(1, in: 2)) {
        return model.maxStep.map { rng.chance(3, in: 4) ? min(d, $0) : d } ?? d
      }
    }
    switch rng.weighted([3, 2, 2, 1, 1, 1]) {
    case 0: return rng.int64(in: 0...Int64(min(length * 2 + 2, Int128(100_000_000))))
    case 1: return rng.int64(in: 0...5)
    case 2: return model.maxStep.map { $0 + rng.int64(in: -1...1) } ?? 1_000_000_000
    case 3: return rng.element(of: [1_000_000_000, 5_000_000_000, 16_666_667])
    case 4: return Int64.max
    default: return rng.int64(in: 0...Int64.max)
    }
  }

  static func command(_ rng: inout SplitMix64, model: ReferenceTimeline) -> ScriptCommand {
    let n = model.durations.count
    let length = model.loopDuration
    switch rng.weighted([40, 5, 3, 2, 6, 5, 3, 3, 3, 2, 2, 3, 4, 1, 4, 1, 3, 1]) {
    case 0:
      let mode: String? = rng.chance(2, in: 3) ? nil : rng.element(of: modeNames)
      return .tick(tickLength(&rng, model: model), mode: mode.map { RunMode($0) })
    case 1: return .play
    case 2: return .pause
    case 3: return .stop
    case 4:
      var candidates: [Int128] = [0, Int128(rng.int64(in: 0...Int64(min(length * 3 + 1, Int128(Int64.max)))))]
      if n > 0 { candidates.append(model.boundary(rng.int(in: 0...n)) + length * Int128(rng.int64(in: 0...3))) }
      if let end = model.end { candidates += [end, end - 1, end + 1] }
      if rng.chance(1, in: 20) { candidates.append(-1) }
      if rng.chance(1, in: 20) { candidates.append(Int128(Int64.max)) }
      let t = rng.element(of: candidates)
      return .seek(t > Int128(Int64.max) ? Int64.max : Int64(t))
    case 5:
      let j = rng.chance(1, in: 10) ? rng.element(of: [-1, n]) : rng.int(in: 0...(n - 1))
      let k = model.loops ?? 6
      let i: Int64? = rng.chance(1, in: 4) ? nil
        : (rng.chance(1, in: 10) ? rng.element(of: [-1, k, k == .max ? k : k + 1]) : rng.int64(in: 0...max(0, k - 1)))
      return .seekFrame(j, iteration: i)
    case 6:
      return .rate(rng.chance(3, in: 4) ? rng.element(of: interestingRates) : rng.int64(in: 0...5_000_000))
    case 7:
      if rng.chance(1, in: 10), length > 0 {
        // At, and just past, the largest count whose end fits in Int64.
        let most = Int64(Int128(Int64.max) / length)
        return .loops(rng.chance(1, in: 2) ? most : (most == Int64.max ? Int64.max : most + 1))
      }
      return .loops(loops(&rng))
    case 8: return .direction(rng.element(of: PlaybackDirection.allCases))
    case 9: return .maxStep(maxStep(&rng, durations: model.durations))
    case 10: return .policy(rng.element(of: SkipPolicy.allCases))
    case 11: return .modes(modes(&rng))
    // Section 8: ranges (sometimes empty, reversed or past the end), the
    // queue and cues (names that differ only in bytes included).
    case 12:
      let (a, b) = frameRange(&rng, n: n)
      return .range(a, b)
    case 13: return .rangeAll
    case 14:
      let k: Int64? = rng.chance(1, in: 3) ? nil : rng.int64(in: 1...3)
      let direction: PlaybackDirection? = rng.chance(1, in: 2) ? nil : rng.element(of: PlaybackDirection.allCases)
      if rng.chance(1, in: 5) { return .then(first: nil, last: nil, loops: k, direction: direction) }
      let (a, b) = frameRange(&rng, n: n)
      return .then(first: a, last: b, loops: k, direction: direction)
    case 15: return .thenNone
    case 16:
      let j = rng.chance(1, in: 10) ? n : rng.int(in: 0...(n - 1))
      return .cue(rng.element(of: cueNames), frame: j)
    default: return .uncue(rng.element(of: cueNames))
    }
  }

  static let cueNames = ["step", "hit", "B", "b", "caf\u{E9}", "cafe\u{301}"]

  /// Frames `A` and `B`, usually `0 <= A <= B < n`, sometimes not.
  static func frameRange(_ rng: inout SplitMix64, n: Int) -> (Int, Int) {
    let a = rng.int(in: 0...(n - 1))
    let b = rng.int(in: a...(n - 1))
    if rng.chance(1, in: 12) { return (b, a) }
    if rng.chance(1, in: 12) { return (a, n) }
    return (a, b)
  }

  /// Scripts of up to `maxCommands` commands over random providers.
  static func scripts(maxCommands: Int = 30, staticOnly: Bool = false) -> Gen<GeneratedScript> {
    Gen(
      generate: { rng in
        let durations = durations(&rng, staticOnly: staticOnly)
        var script = GeneratedScript(durations: durations, providerLoops: loops(&rng))
        if rng.chance(1, in: 3) { script.configLoops = .some(loops(&rng)) }
        if rng.chance(1, in: 2) {
          script.direction = rng.element(of: PlaybackDirection.allCases)
          if rng.chance(1, in: 3) { script.rate = rng.element(of: interestingRates) }
          if rng.chance(1, in: 3) { script.maxStep = maxStep(&rng, durations: durations) }
          if rng.chance(1, in: 3) { script.policy = .noSkip }
          if rng.chance(1, in: 5) { script.modes = modes(&rng) }
        }
        guard var model = try? script.makeModel() else { return script }
        let count = rng.int(in: 0...maxCommands)
        // Most scripts should actually play.
        if rng.chance(3, in: 4) { script.commands.append(.play); model.play() }
        while script.commands.count < count {
          let command = command(&rng, model: model)
          script.commands.append(command)
          _ = try? model.apply(command)
        }
        return script
      },
      shrink: { $0.shrinks })
  }
}
