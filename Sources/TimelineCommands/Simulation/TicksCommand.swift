/// `timeline-demo --ticks N`: a simulation of N ticks of a manual clock
/// (``TickSimulation``) over the frames and configuration the options give.
struct TicksCommand: TimelineSubcommand {
  static let usage = "timeline-demo --ticks N [options]        simulate N ticks of a manual clock"

  /// The options only `--ticks` has.
  static let options = """
  --ticks
    --hz F               ticks per second         --hz 120
    --jitter SEED        seeded jitter and stalls --jitter 7
    --json               one JSON object per tick, then a summary object
    --summary            only the closing summary
    --reverse-at LIST    reverse the timeline at these clock times
                                                  --reverse-at 1.5s,3s
    --reverse-at T1,T2,... (increasing durations, given once) calls reverse()
    after the first tick at or past each time, then play() if the timeline
    is finished, so a door that opened fully closes again (and one that
    closed, opens). Each prints 'reverse at T: ...' (JSON: a "reverse"
    object) after that tick's line. With a negative --rate, --ticks plays
    back from the end (--loops K); with infinite loops (a GIF's default)
    there is no end, and the first tick finishes the timeline at 0.
  """

  static let help = Help.subcommand(
    usage: usage, [options, Help.frameOptions, Help.timelineOptions])

  var timelineOptions: TimelineOptions
  var simulation: TickSimulation

  /// The simulation `commandLine` describes, if it gives `--ticks`.
  init?(_ commandLine: TimelineCommandLine) {
    guard case let .ticks(count) = commandLine.mode else { return nil }
    timelineOptions = commandLine.options
    simulation = TickSimulation(ticks: count)
    if let hz = commandLine.hzMillionths { simulation.hzMillionths = hz }
    simulation.jitterSeed = commandLine.jitterSeed
    simulation.json = commandLine.json
    simulation.summaryOnly = commandLine.summaryOnly
    simulation.reverseTimes = commandLine.reverseTimes
  }

  func run(_ console: inout Console) throws(CommandError) {
    try timelineOptions.run(simulation, useSample: true, console: &console)
  }
}
