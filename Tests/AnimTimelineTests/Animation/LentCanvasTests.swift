import TimelineScript
import Testing
@testable import AnimTimeline

/// A seek whose frame is only lent (`withFrame(at:_:)`) draws on the
/// cached canvas it starts from, in place, and puts that canvas back as it
/// was: whatever the frame, whatever `body` does (returns, throws, keeps a
/// copy), the cache afterwards holds exactly what it held before.
@Suite struct LentCanvasTests {
  /// The cached canvases by key (lent ones left out).
  static func cached(_ provider: GIFFrameProvider) -> [Int: [UInt8]] {
    provider.renderer.state.withLock { state in
      var cached: [Int: [UInt8]] = [:]
      for (key, entry) in state.cache.entries.enumerated() where entry.isAvailable { cached[key] = entry.pixels }
      return cached
    }
  }

  /// Whether any cached canvas is lent now.
  static func anyLent(_ provider: GIFFrameProvider) -> Bool {
    provider.renderer.state.withLock { state in state.cache.entries.contains { $0.isLent } }
  }

  /// Random seeks, lent: each frame equals sequential drawing, some seeks
  /// draw on a lent canvas (seen from inside `body`), and every canvas
  /// cached before a seek is unchanged after it.
  @Test func seeksDrawOnLentCanvasesAndPutThemBack() throws {
    let bytes = GIFSharingTests.animation()
    let (_, sequential) = try decodeAll(bytes)
    let provider = try GIFFrameProvider(
      bytes: bytes, options: GIFOptions(cacheByteBudget: 6 * GIFSharingTests.entryBytes))
    var generator = SplitMix64(seed: 41)
    var lentSeen = 0
    for _ in 0..<PBTEnvironment.cases(400, atLeast: 100) {
      let index = Int(generator.next() % UInt64(sequential.count))
      let before = Self.cached(provider)
      let (pixels, lent) = try provider.withFrame(at: index) { (image: borrowing RGBAImage) in
        (image.pixels, Self.anyLent(provider))
      }
      if lent { lentSeen += 1 }
      let right = pixels == sequential[index].pixels
      #expect(right, "frame \(index)")
      #expect(!Self.anyLent(provider), "a canvas still lent after frame \(index)")
      let after = Self.cached(provider)
      let changed = before.keys.filter { after[$0] != nil && after[$0] != before[$0] }
      #expect(changed.isEmpty, "the cached canvases \(changed) changed while frame \(index) was lent")
    }
    #expect(lentSeen > 20, "only \(lentSeen) seeks drew on a lent canvas")
  }

  /// A `body` that throws, and one that keeps a copy of the image: the
  /// canvas goes back either way, and the kept copy keeps its pixels.
  @Test func throwingAndKeepingBodies() throws {
    struct Refused: Error {}
    let bytes = GIFSharingTests.animation()
    let (_, sequential) = try decodeAll(bytes)
    let provider = try GIFFrameProvider(
      bytes: bytes, options: GIFOptions(cacheByteBudget: 6 * GIFSharingTests.entryBytes))
    for index in sequential.indices { _ = try provider.frame(at: index) }  // checkpoints cached
    var kept: [(Int, RGBAImage)] = []
    var generator = SplitMix64(seed: 43)
    for step in 0..<120 {
      let index = Int(generator.next() % UInt64(sequential.count))
      let before = Self.cached(provider)
      if step % 2 == 0 {
        do {
          try provider.withFrame(at: index) { (_: borrowing RGBAImage) throws(Refused) in throw Refused() }
          Issue.record("the body's error was lost")
        } catch {
          guard case .body = error else {
            Issue.record("\(error) is not the body's")
            continue
          }
        }
      } else {
        kept.append((index, try provider.withFrame(at: index) { (image: borrowing RGBAImage) in copy image }))
      }
      #expect(!Self.anyLent(provider))
      let after = Self.cached(provider)
      let changed = before.keys.filter { after[$0] != nil && after[$0] != before[$0] }
      #expect(changed.isEmpty, "the cached canvases \(changed) changed at step \(step)")
    }
    let wrong = kept.filter { index, image in image.pixels != sequential[index].pixels }.map(\.0)
    #expect(wrong.isEmpty, "kept frames \(wrong) changed")
  }
}
