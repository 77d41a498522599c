#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The frames `bench tick` uses unless told otherwise.
let defaultFrames: [Int64] = [100_000_000, 80_000_000, 60_000_000, 80_000_000, 120_000_000]

func runMain(_ arguments: [String]) -> Int32 {
  var args = Arguments(arguments)
  guard let first = args.next() else {
    print(Help.text)
    return 0
  }
  do {
    switch first {
    case "--help", "-h", "help":
      print(Help.text)
      return 0
    case "bench":
      return try Bench.run(&args)
    case "play":
      return try PlayCommand.run(&args)
    case _ where GIFCommands.subcommands.contains(first):
      return GIFCommands.run(first, Array(arguments.dropFirst()))
    default:
      return try runTimelineCommand(first: first, &args)
    }
  } catch {
    Output.error(error.message)
    return 2
  }
}

/// `--ticks` and `--script`, whose options may come in any order.
func runTimelineCommand(first: String, _ args: inout Arguments) throws(UsageError) -> Int32 {
  var options = TimelineOptions()
  var ticks: Int64?
  var scriptPath: String?
  var simulation = TickSimulation(ticks: 0)
  var json = false
  var pending: String? = first
  while let name = pending ?? args.next() {
    pending = nil
    if try options.parse(name, &args) { continue }
    switch name {
    case "--ticks":
      let text = try args.value(for: name)
      guard let count = NumberSyntax.integer(Substring(text)) else { throw UsageError("--ticks: bad count '\(text)'") }
      ticks = count
    case "--script":
      scriptPath = try args.value(for: name)
    case "--hz":
      let text = try args.value(for: name)
      guard let hz = NumberSyntax.rate(Substring(text)), hz > 0 else { throw UsageError("--hz: bad rate '\(text)'") }
      simulation.hzMillionths = hz
    case "--jitter":
      let text = try args.value(for: name)
      guard let seed = UInt64(text) else { throw UsageError("--jitter: bad seed '\(text)'") }
      simulation.jitterSeed = seed
    case "--json":
      json = true
    case "--summary":
      simulation.summaryOnly = true
    default:
      throw UsageError(name.hasPrefix("-") ? "unknown option '\(name)'" : "unexpected argument '\(name)'")
    }
  }
  switch (ticks, scriptPath) {
  case (nil, nil):
    throw UsageError("give --ticks N or --script FILE (see --help)")
  case (_?, _?):
    throw UsageError("give --ticks or --script, not both")
  case let (count?, nil):
    simulation.ticks = count
    simulation.json = json
    return try options.run(simulation, useSample: true)
  case let (nil, path?):
    let text = try readTextFile(path)
    return try options.run(ScriptJob(script: text, json: json), useSample: false)
  }
}

exit(runMain(Array(CommandLine.arguments.dropFirst())))
