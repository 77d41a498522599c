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
    var workers = [AnimationWorkerBox<GIFFrameDrawer>?](repeating: nil, count: targets.count)
    let plans = renderer.state.withLock { state in
      targets.indices.map { state.plan(targets[$0], in: layout, taking: &workers[$0]) }
    }
    var outputs = [[UInt8]](repeating: [], count: targets.count)
    for (slot, plan) in plans.enumerated().reversed() {
      switch plan {
      case let .ready(pixels):
        outputs[slot] = pixels
      case let .draw(start, startFrame):
        workers[slot]?.worker.render(targets[slot], from: start, at: startFrame, in: layout) {
          canvas, key, isCheckpoint, drawn in
          renderer.state.withLock { $0.offer(canvas, for: key, isCheckpoint: isCheckpoint, drawn: drawn) }
        }
        let canvas = workers[slot]?.worker.canvas ?? []
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
    let cursors = renderer.state.withLock { $0.idle.map(\.worker.cursor) }
    #expect(cursors.sorted() == targets.sorted())
    #expect(provider.statistics.frameDecodes >= targets.count)
    // The next frame of one goes on from that worker: one decode.
    let before = provider.statistics.frameDecodes
    #expect(try provider.frame(at: 31) == sequential[31])
    #expect(provider.statistics.frameDecodes == before + 1)
    provider._checkInvariants()
  }

  /// A canvas a request offers the cache while it is still drawing can
  /// be handed out at once to another request: what was learnt about the
  /// frames drawn before it is recorded with it, so `isFrameComplete(_:)`
  /// of the frame it shows knows the answer (it found the canvas under
  /// the next frame, and read "unknown" before the frames were recorded
  /// with the canvas: GIFSharingTests.eightThreadsShareOneProvider).
  @Test func aCanvasOfferedWhileDrawingComesWithWhatWasLearnt() throws {
    let bytes = GIFSharingTests.animation()
    let provider = try GIFFrameProvider(bytes: bytes)
    let renderer = provider.renderer
    let layout = renderer.layout
    let target = layout.frames.count - 1
    var worker: AnimationWorkerBox<GIFFrameDrawer>? = nil
    let plan = renderer.state.withLock { $0.plan(target, in: layout, taking: &worker) }
    guard case let .draw(start, startFrame) = plan else {
      Issue.record("a fresh provider has nothing kept")
      return
    }
    var asked = 0
    worker?.worker.render(target, from: start, at: startFrame, in: layout) { canvas, key, isCheckpoint, drawn in
      let kept = renderer.state.withLock { $0.offer(canvas, for: key, isCheckpoint: isCheckpoint, drawn: drawn) }
      // The canvas under frame `key` is frame `key - 1`'s output when that
      // frame keeps its pixels: another request finds it there, with this
      // worker still drawing.
      if kept, key >= 1, key < layout.frames.count, layout.frames[key - 1].disposal == .keep {
        asked += 1
        let complete = renderer.isFrameComplete(key - 1)
        #expect(complete, "frame \(key - 1), offered under frame \(key)")
      }
      return kept
    }
    #expect(asked > 0, "no canvas was offered under a frame after one that keeps its pixels")
    let canvas = worker?.worker.canvas ?? []
    _ = renderer.state.withLock { $0.finish(&worker, drawing: target, output: canvas, in: layout) }
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
    let same: (Bool, Bool, Bool) = renderer.state.withLock { state in
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
      return (first === again, second === other, first === second)
    }
    #expect(same.0, "thread 11 took back its own worker")
    #expect(same.1, "a new thread took the last one given back")
    #expect(!same.2)
    #expect(renderer.state.withLock { ($0.idle.count, $0.workerCount) } == (3, 3))
    provider._checkInvariants()
  }
}
