import AnimTimeline

/// Something to do with a timeline, whatever its provider type.
protocol TimelineJob {
  func run<Provider: FrameProvider>(_ timeline: Timeline<Provider>) -> Int32
}

extension TimelineOptions {
  /// Makes the timeline these options describe and hands it to `job`.
  /// With neither `--frames` nor `--gif`, uses `fallback` frames, or fails
  /// when there is none.
  func run(_ job: some TimelineJob, fallback: [Int64]?) throws(UsageError) -> Int32 {
    var configuration = self.configuration
    configuration.loops = loops
    if frames != nil, gifPath != nil { throw UsageError("give --frames or --gif, not both") }
    if let gifPath {
      return try GIFSource.run(job, path: gifPath, configuration: configuration)
    }
    guard let durations = frames ?? fallback else {
      throw UsageError("no frames: give --frames 100ms,50ms,... or --gif FILE")
    }
    do {
      let provider = try SyntheticFrameProvider(durations: durations)
      return job.run(try Timeline(provider: provider, configuration: configuration))
    } catch {
      throw UsageError("\(error)")
    }
  }
}

/// Opens GIF files for timeline jobs.
enum GIFSource {
  static func run(_ job: some TimelineJob, path: String, configuration: TimelineConfiguration) throws(UsageError) -> Int32 {
    throw UsageError("--gif is not available yet")
  }
}
