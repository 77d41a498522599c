import TimelineScript
import Testing
@testable import AnimTimeline

/// The workers of the engine: requests drawn at the same time take
/// different workers (so they draw outside the lock, in parallel), each
/// gives the pixels of sequential drawing, and workers are kept, not
/// made again. The interleavings are made by hand here, one plan after
/// another, so that the test does not depend on thread timing.
@Suite struct AnimationWorkerTests {
  /// Plans a request for each of `targets` before any is drawn (as
  /// threads arriving together would), then draws and finishes them in
  /// reverse order; returns the pixels of each.
  static func drawTogether(_ targets: [Int], on renderer: AnimationRenderer<GIFFrameDrawer>) -> [[UInt8]] {
    let layout = renderer.layout
    var workers = [AnimationWorker<GIFFrameDrawer>?](repeating: nil, count: targets.count)
    let plans = renderer.state.withLock { state in
      targets.indices.map { state.plan(targets[$0], in: layout, taking: &workers[$0]) }
    }
    var outputs = [[UInt8]](repeating: [], count: targets.count)
    for (slot, plan) in plans.enumerated().reversed() {
      switch plan {
      case let .ready(pixels):
        outputs[slot] = pixels
      case let .draw(start, startFrame):
        workers[slot]?.render(targets[slot], from: start, at: startFrame, in: layout) { canvas, key, isCheckpoint in
          renderer.state.withLock { $0.cache.insert(copying: canvas, for: key, isCheckpoint: isCheckpoint) }
        }
        let canvas = workers[slot]?.canvas ?? []
        outputs[slot] = renderer.state.withLock {
          $0.finish(&workers[slot], drawing: targets[slot], output: canvas, in: layout)
        }
      }
    }
    return outputs
  }

  @Test func requestsDrawnTogetherTakeTheirOwnWorkers() throws {
    let bytes = GIFSharingTests.animation()
    let (_, sequential) = try decodeAll(bytes)
    let provider = try GIFFrameProvider(bytes: bytes, options: GIFOptions(cacheByteBudget: 0))
    let renderer = provider.renderer
    #expect(renderer.state.withLock { $0.idle.count } == 1)
    let targets = [7, 30, 12]
    let outputs = Self.drawTogether(targets, on: renderer)
    for (slot, target) in targets.enumerated() {
      #expect(outputs[slot] == sequential[target].pixels, "frame \(target)")
    }
    // Three requests at once: three workers, each now showing its frame.
    let cursors = renderer.state.withLock { $0.idle.map(\.cursor) }
    #expect(cursors.sorted() == targets.sorted())
    #expect(provider.statistics.frameDecodes >= targets.count)
    // The next frame of one goes on from that worker: one decode.
    let before = provider.statistics.frameDecodes
    #expect(try provider.frame(at: 31) == sequential[31])
    #expect(provider.statistics.frameDecodes == before + 1)
    provider._checkInvariants()
  }

  @Test func everyWorkerIsKeptForTheNextBurst() throws {
    let bytes = GIFSharingTests.animation()
    let (_, sequential) = try decodeAll(bytes)
    let provider = try GIFFrameProvider(bytes: bytes, options: GIFOptions(cacheByteBudget: 0))
    let first = [3, 9, 17, 25, 33, 41, 49]
    for (slot, output) in Self.drawTogether(first, on: provider.renderer).enumerated() {
      #expect(output == sequential[first[slot]].pixels, "frame \(first[slot])")
    }
    // Seven requests at once made seven workers, and all are kept.
    #expect(provider.renderer.state.withLock { ($0.idle.count, $0.workerCount) } == (7, 7))
    // A second burst as large (other frames: none is shown by a worker)
    // makes none.
    let second = [5, 13, 21, 29, 37, 45, 53]
    for (slot, output) in Self.drawTogether(second, on: provider.renderer).enumerated() {
      #expect(output == sequential[second[slot]].pixels, "frame \(second[slot])")
    }
    #expect(provider.renderer.state.withLock { ($0.idle.count, $0.workerCount) } == (7, 7))
    provider._checkInvariants()
  }

  /// A thread takes back the worker it took last when that one is idle
  /// (its scratch is still in that core's caches), not the one given back
  /// last, which is mostly another thread's.
  @Test func aThreadTakesBackItsOwnWorker() throws {
    let bytes = GIFSharingTests.animation()
    let provider = try GIFFrameProvider(bytes: bytes, options: GIFOptions(cacheByteBudget: 0))
    let renderer = provider.renderer
    _ = Self.drawTogether([4, 20, 36], on: renderer)
    let layout = renderer.layout
    let cursors: (Int, Int, Int, Int) = renderer.state.withLock { state in
      // Threads 11 and 22 each take a worker and give it back, 22 last.
      let first = state.takeWorker(in: layout, for: 11)
      let second = state.takeWorker(in: layout, for: 22)
      state.idle.append(first)
      state.idle.append(second)
      // 11 takes its own back, not the last given back; a thread never
      // seen takes the last one given back.
      let again = state.takeWorker(in: layout, for: 11)
      let other = state.takeWorker(in: layout, for: 33)
      state.idle.append(again)
      state.idle.append(other)
      return (first.cursor, again.cursor, second.cursor, other.cursor)
    }
    #expect(cursors.0 == cursors.1)
    #expect(cursors.2 == cursors.3)
    #expect(cursors.0 != cursors.2)
    #expect(renderer.state.withLock { ($0.idle.count, $0.workerCount) } == (3, 3))
    provider._checkInvariants()
  }
}
