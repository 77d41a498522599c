/// `timeline-demo --ticks N`: a simulation of N ticks of a manual clock
/// (``TickSimulation``) over the frames and configuration the options give.
struct TicksCommand: Subcommand {
  static let usage = "timeline-demo --ticks N [options]        simulate N ticks of a manual clock"

  /// The options only `--ticks` has.
  static let options = """
  --ticks
    --hz F               ticks per second         --hz 120
    --jitter SEED        seeded jitter and stalls --jitter 7
    --json               one JSON object per tick, then a summary object
    --summary            only the closing summary
  """

  static let help = Help.subcommand(
    usage: usage, [options, Help.frameOptions, Help.timelineOptions], exitStatuses: standardExitStatuses)

  var timelineOptions: TimelineOptions
  var simulation: TickSimulation

  init(parsing arguments: inout Arguments) throws(CommandError) {
    let commandLine = try TimelineCommandLine(parsing: &arguments)
    guard case let .ticks(count) = commandLine.mode else { throw .usage("give --ticks N") }
    self.init(commandLine, ticks: count)
  }

  /// The simulation `commandLine` describes, of `ticks` ticks.
  init(_ commandLine: TimelineCommandLine, ticks: Int64) {
    timelineOptions = commandLine.options
    simulation = TickSimulation(ticks: ticks)
    if let hz = commandLine.hzMillionths { simulation.hzMillionths = hz }
    simulation.jitterSeed = commandLine.jitterSeed
    simulation.json = commandLine.json
    simulation.summaryOnly = commandLine.summaryOnly
  }

  func run(_ console: inout Console) throws(CommandError) {
    try timelineOptions.run(simulation, useSample: true, console: &console)
  }
}
