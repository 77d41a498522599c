import AnimTimeline

/// `timeline-demo --script FILE [--frames ...|--gif FILE] [--loops K|inf] [--json]`.
struct ScriptJob: TimelineJob {
  var script: String
  var json: Bool

  func run<Provider: FrameProvider>(_ timeline: Timeline<Provider>) -> Int32 {
    var runner = ScriptRunner(timeline: timeline, json: json)
    var output = Output()
    let failure = runner.run(script) { output.line($0) }
    output.flush()
    if let failure {
      Output.error(failure.message)
      return 2
    }
    return 0
  }
}
