import AnimTimeline
import TimelineScript

/// A script's bytes run on a timeline by the script language's runner
/// (``ScriptRunner``), its lines written to the console.
struct ScriptJob: TimelineJob {
  var script: [UInt8]
  var json: Bool

  /// - Throws: an input error `line N: <reason>` for the first bad line.
  func run(_ timeline: Timeline, sheet: SpriteSheetFrameProvider?, console: inout Console) throws(CommandError) {
    var runner = ScriptRunner(timeline: timeline, json: json)
    if let failure = runner.run(script, write: { console.line($0) }) {
      throw .input(failure.message)
    }
  }
}
