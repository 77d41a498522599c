import AnimTimeline

/// Something to do with a timeline, whatever its provider type
/// (``TimelineOptions/run(_:useSample:console:)`` makes the timeline).
protocol TimelineJob {
  func run<Provider: FrameProvider>(_ timeline: Timeline<Provider>, console: inout Console) throws(CommandError)
}
