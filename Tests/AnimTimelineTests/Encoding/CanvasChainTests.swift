import Testing
import TimelineScript

@testable import AnimTimeline

/// `CanvasChain`, the form in which `AnimationSequence` keeps its canvases
/// and the encoders walk them: a walk gives back every canvas appended,
/// whatever the walker keeps, and `AnimationSequence` built from frames or
/// from a schedule gives back its frames.
@Suite struct CanvasChainTests {
  /// Canvases of one size, each the one before with a few rectangles
  /// repainted (sometimes none: equal neighbours), and whether the walker
  /// keeps every canvas it is given.
  static var canvases: Gen<([RGBAImage], Bool)> {
    Gen(generate: { rng in
      let width = rng.int(in: 1...13)
      let height = rng.int(in: 1...9)
      var pixels = [UInt8](repeating: 0, count: width * height * 4)
      for index in pixels.indices { pixels[index] = UInt8(truncatingIfNeeded: rng.int(in: 0...3)) }
      var images = [RGBAImage(width: width, height: height, pixels: pixels)]
      for _ in 0..<rng.int(in: 0...9) {
        for _ in 0..<rng.int(in: 0...2) {
          let x = rng.int(in: 0...(width - 1))
          let y = rng.int(in: 0...(height - 1))
          let w = rng.int(in: 1...(width - x))
          let h = rng.int(in: 1...(height - y))
          let value = UInt8(truncatingIfNeeded: rng.int(in: 0...5))
          for row in y..<y + h {
            for column in x..<x + w { pixels[(row * width + column) * 4 + rng.int(in: 0...3)] = value }
          }
        }
        images.append(RGBAImage(width: width, height: height, pixels: pixels))
      }
      return (images, rng.chance(1, in: 2))
    })
  }

  @Test func aWalkGivesBackEveryCanvas() {
    forAll("CanvasChainTests.aWalkGivesBackEveryCanvas", gen: Self.canvases, iterations: 1_000) { value in
      let (images, keepsAll) = value
      var chain = CanvasChain(first: images[0])
      for (index, image) in images.enumerated().dropFirst() {
        let change = chain.append(image)
        try ensure(change == image.differingRectangle(from: images[index - 1]), "append's rectangle at \(index)")
      }
      try ensure(chain.count == images.count, "count \(chain.count) for \(images.count)")
      try ensure(chain.last == images[images.count - 1], "last")
      var kept: [RGBAImage] = []
      var position = 0
      for element in chain {
        try ensure(element.canvas == images[position], "canvas \(position)")
        if position == 0 {
          try ensure(element.previous == nil && element.change == chain.bounds, "the first element")
        } else {
          try ensure(element.previous == images[position - 1], "previous of \(position)")
          try ensure(element.change == images[position].differingRectangle(from: images[position - 1]), "change of \(position)")
        }
        if keepsAll { kept.append(element.canvas) }
        position += 1
      }
      try ensure(position == images.count, "walked \(position) of \(images.count)")
      // Canvases kept while the walk went on are unchanged by it.
      try ensure(!keepsAll || kept == images, "a kept canvas changed")
      return true
    }
  }

  @Test func sequenceGivesBackItsFrames() throws {
    forAll("CanvasChainTests.sequenceGivesBackItsFrames", gen: Self.canvases, iterations: 300) { value in
      let frames = value.0.enumerated().map { AnimationSequence.Frame(image: $1, duration: Int64($0) * 7) }
      let sequence = try AnimationSequence(frames: frames, loops: .once)
      try ensure(sequence.frames == frames, "frames")
      try ensure(sequence.count == frames.count, "count")
      try ensure(sequence.duration == frames.reduce(0) { $0 + $1.duration }, "duration")
      try ensure(sequence == (try AnimationSequence(frames: frames, loops: .once)), "equal sequences")
      return true
    }
  }

  /// A schedule showing frames in runs, revisiting some: the frames come
  /// out in its order, each frame asked for once a run.
  @Test func sequenceFromAScheduleAsksOnceARun() throws {
    forAll("CanvasChainTests.sequenceFromAScheduleAsksOnceARun", gen: Self.canvases, iterations: 300) { value in
      let images = value.0
      var rng = SplitMix64(seed: UInt64(images.count * 31 + images[0].pixels.count))
      var entries: [PlaybackSchedule.Entry] = []
      var runs = 0
      for _ in 0..<rng.int(in: 1...12) {
        let frame = rng.int(in: 0...(images.count - 1))
        if entries.last?.frame != frame { runs += 1 }
        for _ in 0..<rng.int(in: 1...3) { entries.append(PlaybackSchedule.Entry(frame: frame, duration: Int64(rng.int(in: 0...50)))) }
      }
      var asked = 0
      let sequence = try AnimationSequence(schedule: PlaybackSchedule(entries: entries, loops: .infinite)) { (index: Int) -> RGBAImage in
        asked += 1
        return images[index]
      }
      try ensure(sequence.frames == entries.map { AnimationSequence.Frame(image: images[$0.frame], duration: $0.duration) }, "frames")
      try ensure(asked == runs, "asked \(asked) times for \(runs) runs")
      return true
    }
  }

  /// The first error of the frames' checks is thrown after every frame
  /// was asked for, as when the frames were gathered first.
  @Test func aScheduleThrowsTheFirstInvalidFrame() throws {
    let image = RGBAImage(width: 2, height: 1, pixels: [UInt8](repeating: 9, count: 8))
    let other = RGBAImage(width: 1, height: 1, pixels: [1, 2, 3, 4])
    let entries = [
      PlaybackSchedule.Entry(frame: 0, duration: 10), PlaybackSchedule.Entry(frame: 0, duration: -1),
      PlaybackSchedule.Entry(frame: 1, duration: 10),
    ]
    #expect(throws: AnimationEncodingError.negativeDuration(frame: 1, nanoseconds: -1)) {
      try AnimationSequence(schedule: PlaybackSchedule(entries: entries, loops: .infinite)) { (index: Int) -> RGBAImage in
        index == 0 ? image : other
      }
    }
    var asked: [Int] = []
    #expect(throws: AnimationEncodingError.sizeMismatch(frame: 1, expected: ImageSize(width: 2, height: 1), found: ImageSize(width: 1, height: 1))) {
      try AnimationSequence(
        schedule: PlaybackSchedule(entries: [entries[0], entries[2], entries[0]], loops: .infinite)
      ) { (index: Int) -> RGBAImage in
        asked.append(index)
        return index == 0 ? image : other
      }
    }
    #expect(asked == [0, 1, 0])
  }
}
