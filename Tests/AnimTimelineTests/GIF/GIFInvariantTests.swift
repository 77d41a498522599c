import Testing
import TimelineScript
@testable import AnimTimeline

/// `GIFFrameProvider._checkInvariants()`: compiled into debug builds and
/// tests, run after every frame, and able to catch a broken state.
@Suite struct GIFInvariantTests {
  /// 30 frames of every disposal, some transparent, some covering the
  /// canvas, over a 6×5 canvas (120 bytes).
  static func animation() -> [UInt8] {
    var generator = SplitMix64(seed: 9)
    var gif = TestGIFWriter(screenWidth: 6, screenHeight: 5)
    gif.frames = [.init(width: 6, height: 5, fill: 4)]
    for position in 1..<30 {
      var frame: TestGIFWriter.Frame
      if position % 9 == 0 {
        frame = .init(width: 6, height: 5, fill: UInt8(position % 8))  // covers the canvas
      } else {
        let width = Int.random(in: 1...6, using: &generator)
        let height = Int.random(in: 1...5, using: &generator)
        frame = .init(
          x: Int.random(in: 0...(6 - width), using: &generator), y: Int.random(in: 0...(5 - height), using: &generator),
          width: width, height: height,
          indices: (0..<width * height).map { _ in UInt8.random(in: 0...7, using: &generator) })
        frame.transparentIndex = Bool.random(using: &generator) ? 0 : nil
      }
      frame.disposal = UInt8(position % 8)  // 0...7: reserved values too
      gif.frames.append(frame)
    }
    gif.frames[4] = .init(x: 1, y: 1, width: 2, height: 2, fill: 3)  // small, for the broken state
    return gif.encode()
  }

  @Test func testsDefineTheFlag() {
    #if !ANIMTIMELINE_INTERNAL_CHECKS
    Issue.record("debug builds and tests define ANIMTIMELINE_INTERNAL_CHECKS (Package.swift)")
    #endif
  }

  @Test func checksHoldInEveryAccessPattern() throws {
    let bytes = Self.animation()
    let canvas = 6 * 5 * 4 + AnimationCanvasCache.entryOverhead
    var generator = SplitMix64(seed: 3)
    for budget in [0, canvas - 1, canvas, 3 * canvas, 7 * canvas + 5, 1 << 20] {
      let provider = try GIFFrameProvider(bytes: bytes, options: GIFOptions(cacheByteBudget: budget))
      provider._checkInvariants()
      var held: [RGBAImage] = []
      for index in Array(0..<30) + Array(0..<30).shuffled(using: &generator) + Array(0..<30) {
        if index % 4 == 0 {
          _ = try provider.isFrameComplete(index)
        } else {
          let image = try provider.frame(at: index)
          if index % 5 == 0 { held.append(image) }  // a caller keeps some frames
        }
        provider._checkInvariants()
        #expect(provider.statistics.cachedBytes <= budget)
      }
      let copy = provider
      _ = try copy.frame(at: 29)
      copy._checkInvariants()
      provider._checkInvariants()
    }
  }

  #if ANIMTIMELINE_INTERNAL_CHECKS
  /// A state the provider never reaches traps, with the check's message:
  /// the checks really run.
  @Test func aBrokenStateTraps() async {
    let covering = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      let provider = try GIFFrameProvider(bytes: GIFInvariantTests.animation())
      _ = try provider.frame(at: 3)
      // Frame 4 (2×2 on a 6×5 canvas) does not cover the canvas; the
      // checks after drawing it see the false mark.
      provider.renderer.state.withLock { $0.learnt[4].coversCanvas = true }
      _ = try provider.frame(at: 4)
    }
    #expect(Self.message(covering).contains("a frame marked as covering the canvas does not"))
    let unknown = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      let provider = try GIFFrameProvider(bytes: GIFInvariantTests.animation())
      _ = try provider.frame(at: 2)
      provider.renderer.state.withLock { $0.learnt[2].completeness = .unknown }
      provider._checkInvariants()
    }
    #expect(Self.message(unknown).contains("the shown frame's completeness is unknown"))
  }

  static func message(_ result: ExitTest.Result?) -> String {
    String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
  }
  #endif
}
