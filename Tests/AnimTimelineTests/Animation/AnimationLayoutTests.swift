import TimelineScript
import Testing
@testable import AnimTimeline

/// Where the layout puts the cache's checkpoints: within the budget's
/// count, at most `checkpointStride` apart, frame 0 first, and, when the
/// frames last differently, where timelines at uniformly spread times
/// need the least drawing.
@Suite struct AnimationLayoutTests {
  /// A layout of `durations` (nanoseconds) on a 4×4 canvas, frames keeping
  /// their pixels where `keeps` says, with a budget of `canvases` canvases.
  static func layout(_ durations: [Int64], keeps: [Bool], canvases: Int) -> AnimationLayout {
    let frames = zip(durations, keeps).map { duration, keep in
      AnimationFrame(
        rectangle: PixelRect(x: 0, y: 0, width: 2, height: 2), disposal: keep ? .keep : .clearRectangle,
        drawsNothing: false, duration: duration)
    }
    return AnimationLayout(
      canvas: ImageSize(width: 4, height: 4), frames: frames,
      cacheByteBudget: canvases * (64 + AnimationCanvasCache.entryOverhead), maxPixelSize: nil)
  }

  /// The duration-weighted frames drawn by requests under `layout`'s
  /// checkpoints, counted here from the request's side: a frame drawn
  /// from the checkpoint at or before it, or none when it keeps its
  /// pixels and the canvas after it is a checkpoint.
  static func weightedDrawing(_ layout: AnimationLayout, durations: [Int64]) -> Int64 {
    var total: Int64 = 0
    for target in durations.indices {
      let next = target + 1
      if next < durations.count, layout.isCheckpoint(next), layout.frames[target].disposal == .keep { continue }
      let start = (0...target).last { layout.isCheckpoint($0) } ?? 0
      total += durations[target] * Int64(target - start + 1)
    }
    return total
  }

  /// Checkpoints spread evenly: where `position × count ÷ frames` reaches
  /// the next whole number.
  static func evenlySpread(_ count: Int, frames: Int) -> [Bool] {
    (0..<frames).map { $0 == 0 || $0 * count / frames != ($0 - 1) * count / frames }
  }

  /// Random durations (a few distinct values, or all equal), dispositions
  /// and budgets: the placement keeps the budget's count and the spacing
  /// bound, and never draws more, weighted, than even spacing.
  @Test func checkpointsKeepTheCountAndTheSpacingAndNeverDrawMoreThanEvenSpacing() {
    let gen = Gen<(durations: [Int64], keeps: [Bool], canvases: Int)>(
      generate: { rng in
        let count = rng.int(in: 1...80)
        let choices: [Int64] = [0, 10_000_000, 40_000_000, 100_000_000, 620_000_000, 5_000_000_000]
        let equal = rng.int(in: 0...4) == 0
        let first = choices[rng.int(in: 0...choices.count - 1)]
        let durations = (0..<count).map { _ in equal ? first : choices[rng.int(in: 0...choices.count - 1)] }
        let keeps = (0..<count).map { _ in rng.int(in: 0...3) != 0 }
        return (durations, keeps, rng.int(in: 0...count + 3))
      },
      shrink: { value in
        guard value.durations.count > 1 else { return [] }
        return [(Array(value.durations.dropLast()), Array(value.keeps.dropLast()), value.canvases)]
      })
    forAll("AnimationLayoutTests.checkpointsKeepTheCountAndTheSpacingAndNeverDrawMoreThanEvenSpacing", gen: gen) {
      value in
      let (durations, keeps, canvases) = value
      let layout = Self.layout(durations, keeps: keeps, canvases: canvases)
      let marks = durations.indices.map { layout.isCheckpoint($0) }
      let positions = marks.indices.filter { marks[$0] }
      try ensure(marks.first == true, "frame 0 is not a checkpoint: \(marks)")
      guard layout.checkpointCount > 0 else {
        try ensure(positions == [0], "no budget, yet checkpoints \(positions)")
        return true
      }
      try ensure(positions.count == layout.checkpointCount, "\(positions.count) marked, \(layout.checkpointCount) counted")
      try ensure(positions.count <= max(canvases, 1), "\(positions.count) checkpoints for \(canvases) canvases")
      let gaps = zip(positions, positions.dropFirst() + [durations.count]).map { $1 - $0 }
      try ensure(gaps.allSatisfy { $0 <= layout.checkpointStride }, "gaps \(gaps), stride \(layout.checkpointStride)")
      let even = Self.evenlySpread(positions.count, frames: durations.count)
      if Set(durations).count == 1 || positions.count == durations.count {
        try ensure(marks == even, "equal durations, yet \(positions)")
      }
      // The same count spread evenly, as the layout would without weights.
      let evenLayout = Self.layout(
        [Int64](repeating: 1, count: durations.count), keeps: keeps, canvases: canvases)
      try ensure(
        Self.weightedDrawing(layout, durations: durations) <= Self.weightedDrawing(evenLayout, durations: durations),
        "placed \(positions) draws more than \(marks.indices.filter { evenLayout.isCheckpoint($0) })")
      return true
    }
  }

  /// Long frames between short ones: the canvases after the long frames
  /// become checkpoints (a request for a long frame then draws nothing),
  /// and the weighted drawing falls well below even spacing's.
  @Test func longFramesGetTheCheckpoints() {
    // 12 frames; frames 2, 5, 7 and 10 last a second, the rest 40 ms.
    let long: Set = [2, 5, 7, 10]
    let durations = (0..<12).map { long.contains($0) ? Int64(1_000_000_000) : 40_000_000 }
    let layout = Self.layout(durations, keeps: [Bool](repeating: true, count: 12), canvases: 5)
    let evenLayout = Self.layout([Int64](repeating: 1, count: 12), keeps: [Bool](repeating: true, count: 12), canvases: 5)
    #expect(layout.checkpointStride == evenLayout.checkpointStride)
    for frame in long { #expect(layout.isCheckpoint(frame + 1), "no checkpoint after frame \(frame)") }
    let weighted = Self.weightedDrawing(layout, durations: durations)
    let even = Self.weightedDrawing(evenLayout, durations: durations)
    #expect(weighted * 4 < even, "\(weighted) against \(even)")
  }
}
