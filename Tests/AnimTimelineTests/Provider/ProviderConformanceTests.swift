import AnimTimelineTestSupport
import Foundation
import Testing
import TimelineScript
@testable import AnimTimeline

/// Every provider held to the same promises by one checker
/// (``ProviderConformance``): random access equals sequential drawing,
/// copies agree, lent equals copied, threads equal one, the budget holds.
/// The seed is `PBT_SEED` when set, else fixed per test; failures name it.
@Suite struct ProviderConformanceTests {
  static func seed(_ name: String) -> UInt64 {
    PBTEnvironment.seedOverride ?? PBTEnvironment.defaultSeed(for: name)
  }

  /// The conformance of an animated image provider, with its lending and
  /// its cache checked too. Its random orders scale with `PBT_ITERATIONS`
  /// (CI's ThreadSanitizer pass runs at 0.15: there, threads drawing at
  /// once in a debug build contend on the Swift runtime's metadata
  /// lookups, and a request costs milliseconds).
  static func animated<P: AnimatedImageProvider>(
    _ name: String, budget: Int, make: @escaping @Sendable () throws -> P
  ) -> ProviderConformance<P, ImageFingerprint> {
    var check = ProviderConformance(seed: seed(name), make: make)
    check.randomAccesses = max(24, Int((Double(check.randomAccesses) * PBTEnvironment.iterationScale).rounded()))
    check.lend = { provider, index in
      try provider.withFrame(at: index) { (image: borrowing RGBAImage) -> ImageFingerprint in ImageFingerprint(image) }
    }
    check.cache = { provider in (provider.statistics.peakCachedBytes, budget) }
    return check
  }

  @Test func gifProvidersConform() throws {
    // The sharing suite's animation (every disposal, transparency,
    // interlacing, rectangles past the canvas), under a budget of three
    // canvases and under a thumbnail size.
    let bytes = GIFSharingTests.animation()
    let budget = 3 * GIFSharingTests.entryBytes
    for options in [GIFOptions(cacheByteBudget: budget), GIFOptions(cacheByteBudget: budget, maxPixelSize: 7)] {
      let check = Self.animated("gif", budget: budget) { try GIFFrameProvider(bytes: bytes, options: options) }
      let failures = check.failures()
      #expect(failures.isEmpty, "\(failures)")
    }
  }

  @Test func corpusGIFsConform() throws {
    guard corpusAvailable else {
      print("ProviderConformanceTests.corpusGIFsConform: skipped, no corpus at \(corpusDirectory)")
      return
    }
    // A few animations of each kind: disposal 2 and 3, many frames.
    let names = corpusFiles().filter { $0.contains("dispos") || $0.contains("muybridge") || $0.contains("restore") }
    #expect(!names.isEmpty)
    for name in names.prefix(12) {
      let bytes = try #require(readFile(corpusDirectory + "/" + name))
      guard (try? GIFFrameProvider(bytes: bytes)) != nil else { continue }
      let budget = 2 << 20
      var check = Self.animated(name, budget: budget) {
        try GIFFrameProvider(bytes: bytes, options: GIFOptions(cacheByteBudget: budget))
      }
      check.randomAccesses = 40
      let failures = check.failures()
      #expect(failures.isEmpty, "\(name): \(failures)")
    }
  }

  @Test func syntheticProvidersConform() {
    let check = ProviderConformance(
      seed: Self.seed("synthetic"),
      make: { try SyntheticFrameProvider(durations: [100_000_000, 50_000_000, 70_000_000]) },
      fingerprint: { $0 })
    let failures = check.failures()
    #expect(failures.isEmpty, "\(failures)")
  }

  @Test func spriteSheetProvidersConform() throws {
    let sheet = try AsepriteSheet(bytes: Array(AsepriteFixtures.hash.utf8))
    let check = ProviderConformance(
      seed: Self.seed("sprites"), make: { SpriteSheetFrameProvider(sheet: sheet) }, fingerprint: { $0 })
    let failures = check.failures()
    #expect(failures.isEmpty, "\(failures)")
  }

  /// The checker itself finds a provider that breaks a promise: one whose
  /// frames depend on the order they are asked for.
  @Test func theCheckerCatchesABrokenProvider() {
    struct OrderDependent: FrameProvider, Sendable {
      let calls = Locked(0)  // asked from the checker's threads too
      var frameCount: Int { 4 }
      func frameDuration(at index: Int) -> Int64 { 10 }
      var loopCount: LoopCount { .infinite }
      func frame(at index: Int) throws(FrameProviderError) -> Int {
        guard (0..<4).contains(index) else { throw .indexOutOfRange(index: index, count: 4) }
        let call = calls.withLock { calls in
          calls += 1
          return calls
        }
        return call > 4 ? index + 1 : index  // wrong after the first pass
      }
    }
    let check = ProviderConformance(seed: 1, make: { OrderDependent() }, fingerprint: { $0 })
    let failures = check.failures()
    #expect(failures.contains { $0.contains("asked for at random differs") })
  }
}
