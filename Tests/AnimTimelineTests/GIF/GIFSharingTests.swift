import AnimTimelineTestSupport
import TimelineScript
import Testing
@testable import AnimTimeline

/// One provider shared by many timelines and threads: one cache, one
/// budget, pixels equal to sequential decoding whatever the interleaving
/// (CI runs this suite under the thread sanitizer with the others), and
/// frames lent without copies.
@Suite struct GIFSharingTests {
  /// 60 frames over a 16×12 canvas with every disposal (3 and 4 included,
  /// so replays restore saved rectangles), transparency, interlacing,
  /// rectangles reaching past the canvas and two covering keyframes.
  static func animation() -> [UInt8] {
    var generator = SplitMix64(seed: 29)
    var gif = TestGIFWriter(screenWidth: 16, screenHeight: 12)
    gif.loopCount = 0
    gif.frames = [.init(width: 16, height: 12, fill: 5)]
    for position in 1..<60 {
      let width = Int.random(in: 1...18, using: &generator)
      let height = Int.random(in: 1...14, using: &generator)
      var frame = TestGIFWriter.Frame(
        x: Int.random(in: 0...15, using: &generator), y: Int.random(in: 0...11, using: &generator),
        width: width, height: height,
        indices: (0..<width * height).map { _ in UInt8.random(in: 0...7, using: &generator) })
      if position % 23 == 0 { frame = .init(width: 16, height: 12, fill: UInt8(position % 8)) }
      frame.delay = UInt16.random(in: 2...9, using: &generator)
      frame.disposal = UInt8.random(in: 0...4, using: &generator)
      frame.transparentIndex = position % 23 != 0 && Bool.random(using: &generator) ? 0 : nil
      frame.interlaced = Int.random(in: 0..<4, using: &generator) == 0
      gif.frames.append(frame)
    }
    return gif.encode()
  }

  /// One canvas in the cache: 16 × 12 × 4 bytes plus the entry overhead.
  static let entryBytes = 16 * 12 * 4 + AnimationCanvasCache.entryOverhead

  @Test func eightThreadsShareOneProvider() throws {
    let bytes = Self.animation()
    let (_, sequential) = try decodeAll(bytes)
    // Room for five canvases: checkpoints every 12 frames, and evictions.
    let budget = 5 * Self.entryBytes
    let provider = try GIFFrameProvider(bytes: bytes, options: GIFOptions(cacheByteBudget: budget))
    let count = provider.frameCount
    let mismatches = onThreads(8) { thread -> [String] in
      var generator = SplitMix64(seed: UInt64(100 + thread))
      var wrong: [String] = []
      // Each thread drives its own timelines over the one provider, at its
      // own rates and phases.
      var timelines: [Timeline] = []
      for _ in 0..<3 {
        guard var timeline = try? Timeline(provider: provider) else {
          wrong.append("thread \(thread): no timeline")
          return wrong
        }
        timeline.rate = (try? Rate(millionths: Int64.random(in: 250_000...3_000_000, using: &generator))) ?? .normal
        _ = try? timeline.seek(to: Int64.random(in: 0...2_000_000_000, using: &generator))
        timeline.play()
        timelines.append(timeline)
      }
      for step in 0..<150 {
        for index in timelines.indices {
          _ = try? timelines[index].tick(by: Int64.random(in: 1_000_000...90_000_000, using: &generator))
          let frame = timelines[index].currentFrame
          guard let image = try? provider.frame(shownBy: timelines[index]) else {
            wrong.append("thread \(thread) step \(step): frame \(frame) threw")
            continue
          }
          if image != sequential[frame] { wrong.append("thread \(thread) step \(step): timeline frame \(frame)") }
        }
        // And the provider itself, at random, through every accessor.
        let frame = Int.random(in: 0..<count, using: &generator)
        switch step % 3 {
        case 0:
          if (try? provider.frame(at: frame)) != sequential[frame] {
            wrong.append("thread \(thread) step \(step): frame(at: \(frame))")
          }
        case 1:
          let same = try? provider.withFrame(at: frame) { image in image == sequential[frame] }
          if same != true { wrong.append("thread \(thread) step \(step): withFrame(at: \(frame))") }
        default:
          if (try? provider.isFrameComplete(frame)) != true {
            wrong.append("thread \(thread) step \(step): isFrameComplete(\(frame))")
          }
        }
      }
      return wrong
    }
    let wrong = mismatches.flatMap { $0 }
    #expect(wrong.isEmpty, "\(wrong.count) frames differ from sequential decoding, first: \(wrong.prefix(5))")
    let statistics = provider.statistics
    #expect(statistics.peakCachedBytes <= budget)
    #expect(statistics.cachedBytes <= budget)
    #expect(statistics.evictions > 0, "the budget should force evictions")
    #expect(statistics.cachedCanvases * Self.entryBytes == statistics.cachedBytes)
    provider._checkInvariants()
  }

  @Test func copiesShareOneCacheUnderOneBudget() throws {
    let bytes = Self.animation()
    let (_, sequential) = try decodeAll(bytes)
    let budget = 7 * Self.entryBytes + 3
    let provider = try GIFFrameProvider(bytes: bytes, options: GIFOptions(cacheByteBudget: budget))
    // A hundred timelines' worth of copies, each asked for frames in turn.
    let copies = Array(repeating: provider, count: 100)
    var generator = SplitMix64(seed: 4)
    for round in 0..<5 {
      for (number, copy) in copies.enumerated() {
        let frame = (number * 7 + round * 13 + Int.random(in: 0..<3, using: &generator)) % sequential.count
        #expect(try copy.frame(at: frame) == sequential[frame], "copy \(number) frame \(frame)")
      }
    }
    // One state: every copy reports the same counters, within one budget.
    let statistics = provider.statistics
    #expect(copies.allSatisfy { $0.statistics == statistics })
    #expect(statistics.peakCachedBytes <= budget)
    #expect(statistics.frameDecodes >= 500)
    // A copy's decode shows in the original's counters.
    let before = provider.statistics.frameDecodes
    _ = try copies[99].frame(at: 0)
    _ = try copies[99].frame(at: 1)
    #expect(provider.statistics.frameDecodes > before)
  }

  @Test func withFrameLendsTheWorkingCanvas() throws {
    let bytes = Self.animation()
    let (_, sequential) = try decodeAll(bytes)
    let provider = try GIFFrameProvider(bytes: bytes, options: GIFOptions(cacheByteBudget: 0))
    // Sequential playback draws every frame in the same storage: nothing
    // is copied, and each lent image has the sequential pixels.
    var addresses = Set<UInt>()
    for frame in 0..<sequential.count {
      let address = try provider.withFrame(at: frame) { image in
        #expect(image == sequential[frame], "frame \(frame)")
        return image.pixels.withUnsafeBytes { UInt(bitPattern: $0.baseAddress) }
      }
      addresses.insert(address)
    }
    #expect(addresses.count == 1, "sequential playback used \(addresses.count) canvases")
    // A frame taken with frame(at:) and kept does not change when the next
    // is drawn: that draw goes to a copy.
    let kept = try provider.frame(at: 10)
    _ = try provider.frame(at: 11)
    #expect(kept == sequential[10])
    // The closure may call the provider again (no lock is held), and the
    // lent image stays as it was.
    try provider.withFrame(at: 20) { outer in
      let inner = try provider.frame(at: 40)
      #expect(inner == sequential[40])
      #expect(outer == sequential[20])
    }
  }

  @Test func outOfRangeThrows() throws {
    let provider = try GIFFrameProvider(bytes: Self.animation())
    #expect(throws: GIFLentFrameError<Never>.provider(.frameIndexOutOfRange(index: 60, count: 60))) {
      try provider.withFrame(at: 60) { _ in }
    }
    #expect(throws: GIFLentFrameError<Never>.provider(.frameIndexOutOfRange(index: -1, count: 60))) {
      try provider.withFrame(at: -1) { _ in }
    }
  }

  struct UploadFailed: Error, Hashable { var frame: Int }

  /// Issue #21: `withFrame(at:_:)` threw untyped. Its error is typed now,
  /// and says whether the provider or the closure failed.
  @Test func withFrameThrowsTyped() throws {
    let provider = try GIFFrameProvider(bytes: Self.animation())
    // The closure's own typed error comes back as .body, with its type.
    let failing: () throws(GIFLentFrameError<UploadFailed>) -> Int = {
      try provider.withFrame(at: 3) { (image: borrowing RGBAImage) throws(UploadFailed) -> Int in
        throw UploadFailed(frame: 3)
      }
    }
    #expect(throws: GIFLentFrameError<UploadFailed>.body(UploadFailed(frame: 3))) { try failing() }
    do {
      _ = try failing()
    } catch {
      #expect(error.providerError == nil)
      guard case let .body(upload) = error else { Issue.record("expected .body"); return }
      #expect(upload.frame == 3)
    }
    // A bad index never calls the closure.
    var called = false
    do {
      try provider.withFrame(at: 99) { (_: borrowing RGBAImage) throws(UploadFailed) in called = true }
      Issue.record("expected an error")
    } catch {
      #expect(error.providerError == .frameIndexOutOfRange(index: 99, count: 60))
      #expect(error.description == GIFError.frameIndexOutOfRange(index: 99, count: 60).description)
    }
    #expect(!called)
    // A closure that cannot fail: only .gif remains; the result comes back.
    let width: Int = try provider.withFrame(at: 0) { image in image.width }
    #expect(width == provider.frameSize.width)
  }
}
