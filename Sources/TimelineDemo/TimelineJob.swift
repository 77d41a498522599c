import AnimTimeline

/// Something to do with a timeline, whatever its provider type.
protocol TimelineJob {
  func run<Provider: FrameProvider>(_ timeline: Timeline<Provider>) -> Int32
}

extension TimelineOptions {
  /// Makes the timeline these options describe and hands it to `job`.
  /// With neither `--frames` nor `--gif`, plays the bundled sample GIF when
  /// `useSample` is set, and fails otherwise.
  func run(_ job: some TimelineJob, useSample: Bool) throws(UsageError) -> Int32 {
    var configuration = self.configuration
    configuration.loops = loops
    if frames != nil, gifPath != nil { throw UsageError("give --frames or --gif, not both") }
    do {
      if let frames {
        let provider = try SyntheticFrameProvider(durations: frames)
        return job.run(try Timeline(provider: provider, configuration: configuration))
      }
      let gif: GIFFrameProvider
      if let gifPath {
        gif = try GIFFrameProvider(contentsOfFile: gifPath)
      } else if useSample {
        gif = try GIFFrameProvider(bytes: SampleGIF.bytes)
      } else {
        throw UsageError("no frames: give --frames 100ms,50ms,... or --gif FILE")
      }
      return job.run(try Timeline(provider: gif, configuration: configuration))
    } catch let error as UsageError {
      throw error
    } catch {
      throw UsageError("\(error)")
    }
  }
}
