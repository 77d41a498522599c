import AnimTimeline

/// Something to do with a timeline, whatever its provider type
/// (``TimelineOptions/run(_:useSample:console:)`` makes the timeline).
protocol TimelineJob {
  /// Does the job on `timeline`; `sheet` is its provider when the frames
  /// come from an Aseprite export (`--aseprite`), and `nil` otherwise.
  func run(_ timeline: Timeline, sheet: SpriteSheetFrameProvider?, console: inout Console) throws(CommandError)
}
