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
    case .play, .pause, .stop, .rangeAll, .thenNone, .reverse:
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
      if r < 0 {
        // Forward first (1, then the same speed forward: section 9 is the
        // harder part), then towards -1 (or towards 0 for a slower rate).
        // Positive rates never shrink back to negative ones, and negative
        // ones only to smaller magnitudes: no cycle.
        let forward: Int64 = r == .min ? .max : -r
        let slower = r < -1_000_000 ? Shrink.towards(-1_000_000, from: r) : Shrink.towards(0, from: r)
        var out: [Int64] = []
        for candidate in [1_000_000, forward] + (r == .min ? [-Int64.max] : []) + slower where !out.contains(candidate) {
          out.append(candidate)
        }
        return out.map { .rate($0) }
      }
      return [.rate(1_000_000)] + (r > 1_000_000 ? Shrink.towards(1_000_000, from: r) : Shrink.towards(0, from: r))
        .filter { $0 != 1_000_000 }.map { .rate($0) }
    case let .loops(k):
      return Self.shrinks(ofPlays: k).map { .loops($0) }
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
      return [.rangeAll] + Self.shrinks(ofFrames: a, b).map { .range($0, $1) }
    case let .then(a, b, k, d):
      var out: [ScriptCommand] = [.thenNone]
      if a != nil { out.append(.then(first: nil, last: nil, loops: k, direction: d)) }
      if d != nil { out.append(.then(first: a, last: b, loops: k, direction: nil)) }
      out += Self.shrinks(ofPlays: k).map { .then(first: a, last: b, loops: $0, direction: d) }
      if let a, let b { out += Self.shrinks(ofFrames: a, b).map { .then(first: $0, last: $1, loops: k, direction: d) } }
      return out
    case let .cue(name, j):
      return (name == Self.simplestName ? [] : [.cue(Self.simplestName, frame: j)])
        + (j > 0 ? Shrink.towards(0, from: Int64(j)).map { .cue(name, frame: Int($0)) } : [])
    case let .uncue(name):
      return name == Self.simplestName ? [] : [.uncue(Self.simplestName)]
    }
  }

  /// The cue name shrinking aims at.
  static let simplestName = ScriptGen.cueNames[0]

  /// Simpler loop counts: infinite, then fewer plays.
  static func shrinks(ofPlays k: Int64?) -> [Int64?] {
    guard let k else { return [] }
    return [nil] + (k > 1 ? Shrink.towards(1, from: k).map { Optional($0) } : [])
  }

  /// Simpler frames `A B`: `A` towards 0, `B` towards `A`.
  static func shrinks(ofFrames a: Int, _ b: Int) -> [(Int, Int)] {
    (a > 0 ? Shrink.towards(0, from: Int64(a)).map { (Int($0), b) } : [])
      + (b > a ? Shrink.towards(Int64(a), from: Int64(b)).map { (a, Int($0)) } : [])
  }
}

extension LoopCount {
  /// `plays` plays, or infinite when `nil` (the scripts' and the model's
  /// spelling of a loop count).
  static func count(_ plays: Int64?) throws(TimelineError) -> LoopCount {
    guard let plays else { return .infinite }
    return try .plays(plays)
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

  /// The reference model for this script's initial state (the provider's
  /// loop count must be valid even when the configuration overrides it).
  func makeModel() throws(ReferenceTimeline.Rejection) -> ReferenceTimeline {
    if let providerLoops, providerLoops < 1 { throw .loopsNotPositive }
    return try ReferenceTimeline(
      durations: durations, loops: initialLoops, direction: direction, rate: rate,
      maxStep: maxStep, policy: policy, modes: modes)
  }

  /// The engine for this script's initial state.
  func makeEngine() throws -> Timeline {
    let provider = try SyntheticFrameProvider(durations: durations, loopCount: try .count(providerLoops))
    let loops: LoopCount? = try configLoops.map { k throws in try .count(k) }
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
    for k in ScriptCommand.shrinks(ofPlays: providerLoops) { with { $0.providerLoops = k } }
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

/// What a script generator aims at. There is one generator
/// (``ScriptGen/scripts(maxCommands:profile:)``); a profile picks its
/// providers, how often it draws each command, and the set-ups it adds.
struct ScriptProfile: Sendable {
  /// The provider's frame durations.
  enum Frames: Sendable {
    /// 1 to 6 frames of a few ns to 50 ms (often 0), now and then static.
    case mixed
    /// 1 to 6 frames, always static (at most one frame of `d > 0`).
    case staticOnly
    /// 1 to 6 frames of 0 to 7 ns (a third of them 0), sometimes 1 s or
    /// near `Int64.max / 8` (six of them still add up below `Int64.max`);
    /// now and then static.
    case tiny
    /// 1 to 4 frames of 0 to 2 ns.
    case extreme
    /// 20 to 100 frames of 0 to 3 ns (a third of them 0): the frame
    /// table's search tree has several levels, the cue table's bitmap
    /// several words.
    case wide
  }

  var frames: Frames
  /// How often each command is drawn, in ``ScriptGen/Kind`` order.
  var weights: [Int]
  /// How often each kind of tick length that is not aimed at something
  /// near is drawn (``ScriptGen/tickLength(_:model:profile:)``).
  var tickWeights: [Int]
  /// One loop count in `infiniteLoops` is infinite (apart from the
  /// largest counts that fit).
  var infiniteLoops: UInt64
  /// A random initial configuration (direction, rate, max-step, policy,
  /// modes, a loop count override) for half of the scripts.
  var configures = true
  /// Section 8 set-ups: most scripts start with cues (often the two
  /// spellings of "\u{E9}" on one frame), a third in noskip, half with a
  /// clip queued; later a clip is queued again and play resumed often
  /// enough that many ticks switch.
  var switching = false
  /// The limits: no max-step at huge rates, a third of the commands
  /// `Int64.max`-sized ticks, mostly the largest loop counts that fit, so
  /// that positions reach `Int64.max` and counts and `slots` saturate.
  var extreme = false
  /// Section 9: negative rates (huge, -1 millionth, small fractions, now
  /// and then `Int64.min`, invalid) in `rate` lines and the initial
  /// configuration, `reverse` lines, and ticks aimed at the slots below
  /// the position. Off, the generator draws exactly what it drew before
  /// section 9 (the same scripts from the same seeds).
  var backward = true
  /// With `backward`, one script in `backwardStarts` (none when 0) starts
  /// with a negative `rate` line, before its first `play`; and (when not
  /// 0) a timeline moving backward that is not playing is played again
  /// half the time, since it finishes soon.
  var backwardStarts: UInt64 = 0

  /// Sections 2 to 9 over mixed providers (`TimelineDifferentialTests`,
  /// the timeline properties).
  static let standard = ScriptProfile(
    frames: .mixed, weights: [40, 5, 3, 2, 6, 5, 3, 3, 3, 2, 2, 3, 4, 1, 4, 1, 3, 1, 2], tickWeights: [3, 2, 2, 1, 1, 1],
    infiniteLoops: 3)
  /// ``standard`` moving forward only (sections 2 to 8, the scripts drawn
  /// before section 9): the setups of the forward properties of
  /// `TimelinePropertyTests`.
  static let forward = with(standard) {
    $0.backward = false
    $0.weights[ScriptGen.Kind.reverse.rawValue] = 0
  }
  /// Static providers only.
  static let staticOnly = with(standard) { $0.frames = .staticOnly }
  /// Section 8 (`RangesDifferentialTests`): tiny frames, many `then` and
  /// cues, mostly short ticks, mostly finite loop counts, switching
  /// set-ups, the default initial configuration. Moving forward only (the
  /// scripts drawn before section 9), so that many ticks switch; its
  /// variants below move backward too.
  static let ranges = ScriptProfile(
    frames: .tiny, weights: [40, 8, 2, 2, 4, 4, 3, 3, 3, 2, 3, 2, 4, 1, 23, 2, 6, 2, 0], tickWeights: [12, 4, 1, 1, 1, 1],
    infiniteLoops: 5, configures: false, switching: true, backward: false)
  /// ``ranges`` with section 9's negative rates and `reverse` lines.
  static let rangesBackward = with(ranges) {
    $0.backward = true
    $0.weights[ScriptGen.Kind.reverse.rawValue] = 1
  }
  /// Sections 8 and 9 at the limits (a quarter of the scripts moving
  /// backward at the largest rates from the start).
  static let extreme = with(rangesBackward) {
    $0.frames = .extreme
    $0.extreme = true
  }
  /// Sections 8 and 9 over many frames.
  static let wide = with(rangesBackward) { $0.frames = .wide }
  /// Section 9 (`ReversePropertyTests`): the section 8 set-ups, but half
  /// of the scripts start moving backward, and ticks, `rate` (a third of
  /// them negative), `reverse` and `play` lines come often, so that many
  /// ticks move backward, from `E` and from the middle, through cues and
  /// loop boundaries, down to 0.
  static let reverse = with(rangesBackward) {
    $0.backwardStarts = 2
    $0.weights[ScriptGen.Kind.tick.rawValue] = 60
    $0.weights[ScriptGen.Kind.play.rawValue] = 12
    $0.weights[ScriptGen.Kind.rate.rawValue] = 6
    $0.weights[ScriptGen.Kind.reverse.rawValue] = 6
    $0.weights[ScriptGen.Kind.then.rawValue] = 10
  }

  /// `profile` changed by `change`.
  static func with(_ profile: ScriptProfile, _ change: (inout ScriptProfile) -> Void) -> ScriptProfile {
    var copy = profile
    change(&copy)
    return copy
  }
}

/// Random scripts, biased towards the values where timelines go wrong.
enum ScriptGen {
  /// The command kinds, in the order of ``ScriptProfile/weights``.
  enum Kind: Int, CaseIterable {
    case tick, play, pause, stop, seek, seekFrame, rate, loops, direction, maxStep, policy, modes
    case range, rangeAll, then, thenNone, cue, uncue
    /// Section 9.
    case reverse
  }

  static let modeNames = ["default", "tracking", "common", "modal"]
  static let interestingRates: [Int64] = [
    0, 1, 1_000_000, 333_333, 2_500_000, 500_000, 999_999, 1_000_001, 1_500_000, 3_000_000,
    1_000_000_000_000, Int64.max,
  ]
  /// Section 9: backward rates (`-Int64.max`, the largest magnitude; -1
  /// millionth; fractions and 1x give or take a millionth).
  static let backwardRates: [Int64] = [
    -1_000_000, -1_000_000, -1, -333_333, -2_500_000, -500_000, -999_999, -1_000_001, -1_500_000, -3_000_000,
    -1_000_000_000_000, -Int64.max,
  ]

  /// A rate for a `rate` line or the initial configuration: mostly one of
  /// the interesting ones; with `backward`, a third of them negative (and
  /// one in 40 `Int64.min`, which is invalid).
  static func rate(_ rng: inout SplitMix64, profile: ScriptProfile) -> Int64 {
    if profile.backward, rng.chance(1, in: 3) {
      if rng.chance(1, in: 40) { return .min }
      return rng.chance(3, in: 4) ? rng.element(of: backwardRates) : -rng.int64(in: 0...5_000_000)
    }
    return rng.chance(3, in: 4) ? rng.element(of: interestingRates) : rng.int64(in: 0...5_000_000)
  }
  /// Cue names: ASCII (two that differ only in case), a four-byte
  /// character, and two spellings of "\u{E9}" that are the same text to
  /// `String` but different names (different bytes) to the spec. The
  /// first is the one shrinking aims at.
  static let cueNames = ["a", "b", "B", "\u{E9}", "e\u{301}", "\u{1F3B5}"]

  static func durations(_ rng: inout SplitMix64, frames: ScriptProfile.Frames) -> [Int64] {
    switch frames {
    case .extreme: return (0..<rng.int(in: 1...4)).map { _ in rng.int64(in: 0...2) }
    case .wide: return (0..<rng.int(in: 20...100)).map { _ in rng.chance(1, in: 3) ? 0 : rng.int64(in: 1...3) }
    case .mixed, .staticOnly, .tiny: break
    }
    let n = rng.int(in: 1...6)
    let tiny = frames == .tiny
    func positive(_ rng: inout SplitMix64) -> Int64 {
      if tiny {
        switch rng.weighted([12, 1, 1]) {
        case 0: return rng.int64(in: 1...7)
        case 1: return rng.element(of: [1_000_000_000, 999_999_999, 16_666_667])
        default: return Int64.max / 8 - rng.int64(in: 0...3)
        }
      }
      switch rng.weighted([3, 3, 3, 1]) {
      case 0: return rng.int64(in: 1...5)  // a few ns: many exact collisions
      case 1: return rng.int64(in: 1...50) * 1_000_000  // whole ms
      case 2: return rng.element(of: [10_000_000, 20_000_000, 50_000_000, 1, 2])
      default: return rng.int64(in: 1...50_000_000)
      }
    }
    var values = (0..<n).map { _ in rng.chance(1, in: tiny ? 3 : 4) ? 0 : positive(&rng) }
    if frames == .staticOnly || rng.chance(1, in: 12) {
      // Static: all zero, or exactly one positive duration.
      values = [Int64](repeating: 0, count: n)
      if rng.chance(3, in: 4) { values[rng.int(in: 0...(n - 1))] = positive(&rng) }
    }
    return values
  }

  /// A loop count: small or infinite; sometimes (mostly, in the extreme
  /// profile) the largest that fits `loopDuration`, or one more.
  static func loops(_ rng: inout SplitMix64, loopDuration: Int128, profile: ScriptProfile) -> Int64? {
    if rng.chance(profile.extreme ? 3 : 1, in: profile.extreme ? 4 : 10), loopDuration > 0 {
      let most = Int64(min(Int128(Int64.max) / loopDuration, Int128(Int64.max)))
      return rng.chance(1, in: 2) || most == .max ? most : most + 1
    }
    return rng.chance(1, in: profile.infiniteLoops) ? nil : rng.int64(in: 1...4)
  }

  static func modes(_ rng: inout SplitMix64) -> [String] {
    switch rng.weighted([5, 2, 1, 1]) {
    case 0: return ["default"]
    case 1: return [rng.element(of: modeNames)]
    case 2: return []
    default: return modeNames.filter { _ in rng.chance(1, in: 2) }
    }
  }

  /// A valid max-step (`> 0`), or none.
  static func maxStep(_ rng: inout SplitMix64, durations: [Int64]) -> Int64? {
    switch rng.weighted([2, 2, 2, 2, 1, 1]) {
    case 0: return nil
    case 1: return 1_000_000_000
    case 2: return max(1, rng.element(of: durations))
    case 3: return rng.int64(in: 1...50)
    case 4: return rng.int64(in: 1...60_000_000)
    default: return rng.int64(in: 1...Int64.max)
    }
  }

  /// Clock time after which `distance` ns of timeline time has passed at
  /// `rate` millionths (its magnitude, moving backward: section 9.2) with
  /// `carry` already kept (rounded down or up), if it fits.
  static func clock(for distance: Int128, rate: Int64, carry: Int64, roundUp: Bool) -> Int64? {
    let speed = rate < 0 ? -Int128(rate) : Int128(rate)
    guard speed > 0, distance > 0 else { return nil }
    let scaled = distance * 1_000_000 - Int128(carry)
    guard scaled > 0 else { return nil }
    var clock = scaled / speed
    if roundUp, scaled % speed != 0 { clock += 1 }
    return clock <= Int128(Int64.max) ? Int64(clock) : nil
  }

  /// A tick length, often aimed, give or take 1 ns, at something the model
  /// says is near: the next slots, the loop end, `E`, and with a clip
  /// queued, mostly past the switch (the clip's first slots and its end);
  /// moving backward (section 9.2), the starts of the slots below, the
  /// iteration starts and 0.
  static func tickLength(_ rng: inout SplitMix64, model: ReferenceTimeline, profile: ScriptProfile) -> Int64 {
    if rng.chance(1, in: 50) { return -1 }
    let clip = model.end == nil ? nil : model.queuedSegment
    let aimed = rng.chance(clip == nil ? 5 : 6, in: 10)
    if aimed, !model.isStatic, model.state == .playing, model.isBackward {
      let t = Int128(model.position)
      let here = model.current
      var targets: [Int128] = [0, 0, model.start(ofSlot: here.slot), here.iteration * model.loopDuration]
      if here.slot >= 1 { targets += [model.start(ofSlot: here.slot - 1), model.start(ofSlot: here.slot - 1)] }
      if here.slot >= 2 { targets.append(model.start(ofSlot: here.slot - 2)) }
      if here.iteration >= 1 { targets.append((here.iteration - 1) * model.loopDuration) }
      let distance = t - rng.element(of: targets) + Int128(rng.int64(in: -1...1))
      if let d = clock(for: distance, rate: model.rate, carry: model.carry, roundUp: rng.chance(1, in: 2)) {
        return model.maxStep.map { rng.chance(3, in: 4) ? min(d, $0) : d } ?? d
      }
    } else if aimed, !model.isStatic, model.state == .playing {
      let t = Int128(model.position)
      let here = model.current
      var targets: [Int128] = [
        model.start(ofSlot: here.slot + 1), model.start(ofSlot: here.slot + 2),
        (here.iteration + 1) * model.loopDuration, model.start(ofSlot: here.slot + model.m),
      ]
      if let end = model.end {
        targets += [end, end, end + 1]
        if let clip {
          var past = [end, end, end + clip.start(ofSlot: 1), end + clip.start(ofSlot: Int128(rng.int(in: 0...7)))]
          if let clipEnd = clip.end { past += [end + clipEnd, end + clipEnd] }
          targets = rng.chance(3, in: 4) ? past : targets + past
        }
      }
      let distance = rng.element(of: targets) - t + Int128(rng.int64(in: -1...1))
      if let d = clock(for: distance, rate: model.rate, carry: model.carry, roundUp: rng.chance(1, in: 2)) {
        return model.maxStep.map { rng.chance(3, in: 4) ? min(d, $0) : d } ?? d
      }
    }
    switch rng.weighted(profile.tickWeights) {
    case 0: return rng.int64(in: 0...Int64(min(max(model.loopDuration * 2 + 2, 50), Int128(100_000_000))))
    case 1: return rng.int64(in: 0...5)
    case 2: return model.maxStep.map { Int64(clamping: Int128($0) + Int128(rng.int64(in: -1...1))) } ?? 1_000_000_000
    case 3: return rng.element(of: [1_000_000_000, 5_000_000_000, 16_666_667, Int64.max / 8])
    case 4: return Int64.max
    default: return rng.int64(in: 0...Int64.max)
    }
  }

  /// A frame index: mostly a frame of the provider, sometimes just outside.
  static func frameIndex(_ rng: inout SplitMix64, n: Int) -> Int {
    rng.chance(1, in: 10) ? rng.element(of: [-1, n]) : rng.int(in: 0...(n - 1))
  }

  /// Frames `A B` for `range` or `then`: mostly `0 <= A <= B < n`,
  /// sometimes past the end, below 0 or reversed.
  static func frameRange(_ rng: inout SplitMix64, n: Int) -> (Int, Int) {
    switch rng.weighted([16, 1, 1, 1]) {
    case 0:
      let a = rng.int(in: 0...(n - 1))
      return (a, rng.int(in: a...(n - 1)))
    case 1: return (rng.int(in: 0...(n - 1)), n)
    case 2: return (-1, rng.int(in: 0...(n - 1)))
    default:
      let a = rng.int(in: 0...(n - 1))
      return (a, a - 1)
    }
  }

  /// `then`: a clip of the provider's frames (sometimes `then all`), in
  /// the timeline's direction or its own, mostly of finite plays (an
  /// infinite clip ends the switching), now and then 0 plays (invalid).
  static func clip(_ rng: inout SplitMix64, model: ReferenceTimeline, profile: ScriptProfile) -> ScriptCommand {
    let n = model.durations.count
    let direction: PlaybackDirection? = rng.chance(1, in: 2) ? nil : rng.element(of: PlaybackDirection.allCases)
    if rng.chance(1, in: 5) {
      let k = loops(&rng, loopDuration: ReferenceTimeline.sum(model.durations), profile: profile)
      return .then(first: nil, last: nil, loops: k, direction: direction)
    }
    let (a, b) = frameRange(&rng, n: n)
    let span = (0 <= a && a <= b && b < n) ? ReferenceTimeline.sum(model.durations[a...b]) : 1
    var k = loops(&rng, loopDuration: span, profile: profile)
    if k == nil, rng.chance(1, in: 2) { k = rng.int64(in: 1...3) }
    if rng.chance(1, in: 25) { k = 0 }
    return .then(first: a, last: b, loops: k, direction: direction)
  }

  static func command(
    _ rng: inout SplitMix64, model: ReferenceTimeline, profile: ScriptProfile, kind: Kind? = nil
  ) -> ScriptCommand {
    let n = model.durations.count
    let length = model.loopDuration
    if profile.extreme, kind == nil, rng.chance(1, in: 3) {
      // Near the limits: the longest ticks (at the highest rates).
      return .tick(rng.chance(1, in: 2) ? Int64.max : Int64.max - rng.int64(in: 0...Int64.max / 2), mode: nil)
    }
    switch kind ?? Kind(rawValue: rng.weighted(profile.weights))! {
    case .tick:
      // Switching wants time to pass: fewer ticks in a mode that may suspend.
      let mode: String? = rng.chance(1, in: profile.switching ? 5 : 3) ? rng.element(of: modeNames) : nil
      return .tick(tickLength(&rng, model: model, profile: profile), mode: mode.map { RunMode($0) })
    case .play: return .play
    case .pause: return .pause
    case .stop: return .stop
    case .seek:
      var candidates: [Int128] = [0, Int128(rng.int64(in: 0...Int64(min(length * 3 + 1, Int128(Int64.max)))))]
      candidates.append(model.boundary(rng.int(in: 0...n)) + length * Int128(rng.int64(in: 0...3)))
      if let end = model.end { candidates += [end, end - 1, end + 1] }
      if rng.chance(1, in: 20) { candidates.append(-1) }
      if rng.chance(1, in: 20) { candidates.append(Int128(Int64.max)) }
      let t = rng.element(of: candidates)
      return .seek(t > Int128(Int64.max) ? Int64.max : Int64(max(t, -1)))
    case .seekFrame:
      let k = model.loops ?? 6
      var i: Int64? = rng.int64(in: 0...max(0, min(k - 1, 5)))
      if rng.chance(1, in: 10) { i = rng.element(of: [-1, k, k == .max ? k : k + 1, Int64.max]) }
      if rng.chance(1, in: 4) { i = nil }
      return .seekFrame(frameIndex(&rng, n: n), iteration: i)
    case .rate:
      return .rate(rate(&rng, profile: profile))
    case .loops:
      // `loops 0` is invalid (section 3: k >= 1).
      if rng.chance(1, in: 30) { return .loops(0) }
      return .loops(loops(&rng, loopDuration: length, profile: profile))
    case .direction: return .direction(rng.element(of: PlaybackDirection.allCases))
    case .maxStep:
      // `max-step 0` is invalid (section 3: max-step > 0).
      if rng.chance(1, in: 20) { return .maxStep(0) }
      return .maxStep(maxStep(&rng, durations: model.durations))
    case .policy: return .policy(rng.element(of: SkipPolicy.allCases))
    case .modes: return .modes(modes(&rng))
    // Section 8: ranges (sometimes empty, reversed or past the end), the
    // queue and cues (names that differ only in bytes included).
    case .range:
      let (a, b) = frameRange(&rng, n: n)
      return .range(a, b)
    case .rangeAll: return .rangeAll
    case .then: return clip(&rng, model: model, profile: profile)
    case .thenNone: return .thenNone
    case .cue: return .cue(rng.element(of: cueNames), frame: frameIndex(&rng, n: n))
    case .uncue: return .uncue(rng.element(of: cueNames))
    case .reverse: return .reverse
    }
  }

  /// Scripts of up to `maxCommands` commands over random providers, as
  /// `profile` has them.
  static func scripts(maxCommands: Int = 30, profile: ScriptProfile = .standard) -> Gen<GeneratedScript> {
    Gen(
      generate: { rng in
        let durations = durations(&rng, frames: profile.frames)
        let length = ReferenceTimeline.sum(durations)
        var script = GeneratedScript(
          durations: durations, providerLoops: loops(&rng, loopDuration: length, profile: profile))
        if rng.chance(1, in: 50) { script.providerLoops = 0 }  // `--loops 0`: no timeline
        if profile.configures {
          if rng.chance(1, in: 3) { script.configLoops = .some(loops(&rng, loopDuration: length, profile: profile)) }
          if rng.chance(1, in: 2) {
            script.direction = rng.element(of: PlaybackDirection.allCases)
            if rng.chance(1, in: 3) {
              script.rate = rng.element(of: profile.backward ? interestingRates + backwardRates : interestingRates)
            }
            if rng.chance(1, in: 3) { script.maxStep = maxStep(&rng, durations: durations) }
            if rng.chance(1, in: 3) { script.policy = .noSkip }
            if rng.chance(1, in: 5) { script.modes = modes(&rng) }
          }
        }
        guard var model = try? script.makeModel() else { return script }
        func add(_ command: ScriptCommand) {
          script.commands.append(command)
          _ = try? model.apply(command)
        }
        let count = rng.int(in: 0...maxCommands)
        if profile.extreme {
          add(.maxStep(nil))
          var rates: [Int64] = [Int64.max, 1_000_000_000_000, 3_000_000, 1_000_000]
          if profile.backward, rng.chance(1, in: 4) { rates = [-Int64.max, -1_000_000_000_000, -3_000_000] }
          add(.rate(rng.element(of: rates)))
        }
        if profile.backward, profile.backwardStarts > 0, rng.chance(1, in: profile.backwardStarts) {
          // Section 9 from the start: play back from E (or finish at once
          // with infinite loops).
          add(.rate(rng.element(of: backwardRates)))
        }
        // Most scripts should actually play.
        if rng.chance(3, in: 4) { add(.play) }
        if profile.switching {
          if rng.chance(1, in: 3) { add(.policy(.noSkip)) }
          for _ in 0..<rng.int(in: 0...(profile.frames == .wide ? 12 : 3)) {
            add(.cue(rng.element(of: cueNames), frame: rng.int(in: 0...(durations.count - 1))))
          }
          if rng.chance(1, in: 4) {
            // The two spellings of "\u{E9}", often on the same frame.
            let j = rng.int(in: 0...(durations.count - 1))
            add(.cue("\u{E9}", frame: j))
            add(.cue("e\u{301}", frame: rng.chance(1, in: 2) ? j : rng.int(in: 0...(durations.count - 1))))
          }
          if rng.chance(1, in: 2) { add(clip(&rng, model: model, profile: profile)) }
        }
        while script.commands.count < count {
          if profile.switching, model.queued == nil, !model.isStatic, rng.chance(1, in: 6) {
            // Keep a clip queued and the timeline playing, often enough
            // that many ticks can switch.
            add(clip(&rng, model: model, profile: profile))
          } else if profile.switching, model.state != .playing, rng.chance(1, in: 6) {
            add(.play)
          } else if profile.backwardStarts > 0, model.isBackward, model.state != .playing, rng.chance(1, in: 2) {
            // Moving backward finishes soon: play back from E again.
            add(.play)
          } else {
            add(command(&rng, model: model, profile: profile))
          }
        }
        return script
      },
      shrink: { $0.shrinks })
  }
}
