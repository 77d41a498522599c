import Foundation
import Testing
@testable import AnimTimeline
import TimelineScript

/// Conformance with `../shared/corpus/gif` (next to the package root). When
/// that folder is absent (a clone without `shared/`), these tests are
/// skipped: the `.enabled(if:)` trait reports them as skipped with the
/// comment below.
@Suite(.enabled(if: corpusAvailable, "skipped: the GIF corpus ../shared/corpus/gif is not present"))
struct GIFCorpusTests {
  @Test func everyFileMatchesItsJSON() throws {
    let files = corpusFiles()
    #expect(files.count > 100)
    for name in files {
      let path = corpusDirectory + "/" + name
      let json = try #require(readFile(path + ".json"))
      let want = try #require(try JSONSerialization.jsonObject(with: Data(json)) as? [String: Any])
      if want["error"] != nil {
        #expect(throws: GIFError.self, "\(name) must be rejected") { try GIFFrameProvider(contentsOfFile: path) }
        continue
      }
      let provider = try GIFFrameProvider(contentsOfFile: path)
      #expect(provider.canvasWidth == want["width"] as? Int, "\(name)")
      #expect(provider.canvasHeight == want["height"] as? Int, "\(name)")
      #expect(provider.rawLoopCount.map(Int.init) == want["loop_raw"] as? Int, "\(name)")
      let loops = provider.loopCount.plays.map { "\($0)" } ?? "inf"
      #expect(loops == "\(want["loops"] ?? "")", "\(name)")
      #expect(provider.isTruncated == want["truncated"] as? Bool, "\(name)")
      let frames = try #require(want["frames"] as? [[String: Any]])
      #expect(provider.frameCount == frames.count, "\(name)")
      for (index, frame) in frames.enumerated() where index < provider.frameCount {
        let info = provider.frameInfo[index]
        #expect(Int(info.delayCentiseconds) == frame["delay_cs"] as? Int, "\(name) frame \(index)")
        #expect(Int(provider.frameDuration(at: index) / 1_000_000) == frame["delay_ms"] as? Int, "\(name) frame \(index)")
        #expect(Int(info.disposal) == frame["disposal"] as? Int, "\(name) frame \(index)")
        let image = try provider.frame(at: index)
        #expect(try provider.isFrameComplete(index) == frame["complete"] as? Bool, "\(name) frame \(index)")
        #expect(ReferenceCRC32.hex(ReferenceCRC32.checksum(image.pixels)) == frame["crc32"] as? String, "\(name) frame \(index)")
      }
    }
  }

  @Test func randomAccessEqualsSequential() throws {
    var generator = SplitMix64(seed: 2024)
    for name in corpusFiles() {
      let path = corpusDirectory + "/" + name
      guard let sequential = try? GIFFrameProvider(contentsOfFile: path), sequential.frameCount > 1 else { continue }
      var expected: [UInt32] = []
      for index in 0..<sequential.frameCount {
        expected.append(ReferenceCRC32.checksum(try sequential.frame(at: index).pixels))
      }
      #expect(sequential.statistics.frameDecodes == sequential.frameCount, "\(name): sequential decodes each frame once")
      // A budget of about three canvases, so that eviction happens.
      let canvasBytes = sequential.canvasWidth * sequential.canvasHeight * 4
      let budget = 3 * (canvasBytes + AnimationCanvasCache.entryOverhead) + 1
      let random = try GIFFrameProvider(contentsOfFile: path, options: GIFOptions(cacheByteBudget: budget))
      var order = Array(0..<random.frameCount) + Array(0..<random.frameCount)
      order.shuffle(using: &generator)
      // Long files: a sample of 120 accesses keeps the debug test quick.
      for index in order.prefix(120) {
        #expect(ReferenceCRC32.checksum(try random.frame(at: index).pixels) == expected[index], "\(name) frame \(index)")
        #expect(random.statistics.cachedBytes <= budget)
      }
      #expect(random.statistics.peakCachedBytes <= budget, "\(name)")
    }
  }

  /// After a first play, a backward seek replays at most the drawing
  /// sequential playback does between the checkpoints it stores (about
  /// `sequentialCheckpointCanvases` canvases of pixels, plus the frames up
  /// to the next stride point); that replay stores the checkpoints on its
  /// way, so a second seek near it replays at most a stride.
  @Test func backwardSeekReplaysFromAKeyframeOrCache() throws {
    let path = corpusDirectory + "/gifplayer-muybridge.gif"
    let provider = try GIFFrameProvider(contentsOfFile: path)
    let layout = provider.renderer.layout
    for index in 0..<provider.frameCount { _ = try provider.frame(at: index) }
    let canvas = layout.canvasWidth * layout.canvasHeight
    let drawn = layout.frames.reduce(0) { sum, frame in
      let visible = frame.rectangle.clipped(toWidth: layout.canvasWidth, height: layout.canvasHeight)
      return sum + visible.width * visible.height
    }
    // One checkpoint at most per sequentialCheckpointPixels drawn.
    #expect(provider.statistics.cachedCanvases <= drawn / layout.sequentialCheckpointPixels)
    #expect(provider.statistics.cachedCanvases >= 1)
    let before = provider.statistics.frameDecodes
    let target = provider.frameCount / 2
    _ = try provider.frame(at: target)
    let cost = provider.statistics.frameDecodes - before
    // The frames that replay drew: target - cost + 1 ... target.
    let pixels = layout.frames[(target - cost + 1)...target].reduce(0) { sum, frame in
      let visible = frame.rectangle.clipped(toWidth: layout.canvasWidth, height: layout.canvasHeight)
      return sum + visible.width * visible.height
    }
    #expect(pixels <= layout.sequentialCheckpointPixels + (provider.checkpointStride + 1) * canvas, "\(cost) frames")
    let again = provider.statistics.frameDecodes
    _ = try provider.frame(at: target - 3)
    #expect(provider.statistics.frameDecodes - again <= provider.checkpointStride)
    #expect(provider.statistics.peakCachedBytes <= provider.options.cacheByteBudget)
  }
}
