import AnimTimeline

/// Something to do with a timeline, whatever its provider type
/// (``TimelineOptions/run(_:useSample:console:)`` makes the timeline).
protocol TimelineJob {
  func run(_ timeline: Timeline, console: inout Console) throws(CommandError)
}
