import AnimTimeline

/// The options shared by `--ticks`, `--script` and `play`: where frames
/// come from and the timeline's starting configuration.
struct TimelineOptions {
  var frames: [Int64]?
  var gifPath: String?
  var loops: LoopCount?
  var configuration = TimelineConfiguration()

  /// Reads option `name` (its value from `arguments`) if it is one of
  /// these; `false` if it is not.
  mutating func parse(_ name: String, _ arguments: inout Arguments) throws(CommandError) -> Bool {
    switch name {
    case "--frames":
      frames = try arguments.durations(for: name)
    case "--gif":
      gifPath = try arguments.value(for: name)
    case "--loops":
      let text = try arguments.value(for: name)
      if text == "inf" {
        loops = .infinite
      } else {
        guard let plays = try? LoopCount.plays(try Arguments.count(in: text, for: name, atLeast: 1)) else {
          throw .usage("--loops: expected a count of at least 1 or 'inf', got '\(text)'")
        }
        loops = plays
      }
    case "--rate":
      let millionths = try arguments.rate(for: name)
      guard let rate = try? Rate(millionths: millionths) else { throw .usage("--rate: rate \(millionths) millionths is too large") }
      configuration.rate = rate
    case "--direction":
      configuration.direction = try arguments.choice(for: name)
    case "--max-step":
      let text = try arguments.value(for: name)
      if text == "none" {
        configuration.maxStep = .unlimited
      } else {
        guard let step = try? MaxStep.nanoseconds(try Arguments.duration(in: text, for: name)) else {
          throw .usage("--max-step: expected a positive duration or 'none', got '\(text)'")
        }
        configuration.maxStep = step
      }
    case "--policy":
      configuration.policy = try arguments.choice(for: name)
    case "--modes":
      configuration.modes = RunModes(try arguments.names(for: name))
    default:
      return false
    }
    return true
  }

  /// The configuration with the `--loops` override.
  var startingConfiguration: TimelineConfiguration {
    var configuration = self.configuration
    configuration.loops = loops
    return configuration
  }

  /// Makes the timeline these options describe and hands it to `job`.
  /// With neither `--frames` nor `--gif`, plays the bundled sample GIF when
  /// `useSample` is set, and fails otherwise.
  ///
  /// - Throws: a usage error for frames or loops the timeline rejects, an
  ///   input error for a GIF file that cannot be read or decoded, and what
  ///   `job` throws.
  func run(_ job: some TimelineJob, useSample: Bool, console: inout Console) throws(CommandError) {
    if frames != nil, gifPath != nil { throw .usage("give --frames or --gif, not both") }
    if let frames {
      let provider: SyntheticFrameProvider
      do {
        provider = try SyntheticFrameProvider(durations: frames)
      } catch {
        throw .usage("--frames: \(error)")
      }
      return try job.run(try timeline(provider), console: &console)
    }
    let gif: GIFFrameProvider
    if let gifPath {
      gif = try GIFInput.open(gifPath)
    } else if useSample {
      gif = try! GIFFrameProvider(bytes: SampleGIF.bytes)  // SampleGIFTests
    } else {
      throw .usage("no frames: give --frames 100ms,50ms,... or --gif FILE")
    }
    try job.run(try timeline(gif), console: &console)
  }

  /// The timeline over `provider` with these options' configuration.
  ///
  /// - Throws: a usage error when the timeline rejects them (`--loops K`
  ///   whose total duration exceeds `Int64.max`).
  func timeline<Provider: FrameProvider>(_ provider: Provider) throws(CommandError) -> Timeline<Provider> {
    do {
      return try Timeline(provider: provider, configuration: startingConfiguration)
    } catch {
      throw .usage("\(error)")
    }
  }
}
