import Testing
@testable import AnimTimeline

/// Opening an APNG through the engine's opening pass: each frame's data is
/// inflated once by opening and the first play when the frames fit the
/// budget, and the first frame whose data does not decode changes the
/// index by the rules of ``APNGIndex/failing(frame:with:)`` (the still
/// image with the frame's error, or the truncated file's last frame
/// dropped), the same whether opening drew the frames or only checked
/// them.
@Suite struct APNGOpeningTests {
  /// A budget the frames of a 6×4 animation fit in, and one they do not
  /// (opening then only checks them).
  static let budgets = [APNGOptions().cacheByteBudget, 1]

  /// How many zlib streams the drawer's decoder has inflated, the index
  /// builder's check of the default image among them.
  static func inflations(_ provider: APNGFrameProvider) -> Int {
    #if ANIMTIMELINE_INTERNAL_CHECKS
      provider.renderer.withLastDrawer { $0.decoder.inflations }
    #else
      -1
    #endif
  }

  /// Plays every frame once, in order, and returns their pixels.
  static func play(_ provider: APNGFrameProvider) throws -> [[UInt8]] {
    try (0..<provider.frameCount).map { try provider.frame(at: $0).pixels }
  }

  /// The reference compositor's canvases of `bytes` (the index of a
  /// provider with the default budget, which draws the frames at opening).
  static func reference(_ bytes: [UInt8]) throws -> [[UInt8]] {
    let index = try TestAPNG.open(bytes).get()
    return try ReferenceAPNGCompositor(index: index, bytes: bytes).canvases()
  }

  @Test func eachFrameInflatedOnceWhenTheFramesFit() throws {
    #if ANIMTIMELINE_INTERNAL_CHECKS
      // threeFrames: the default image is frame 0 (checked by the builder,
      // its rows drawn from), frames 1 and 2 in fdATs.
      let bytes = TestAPNG.threeFrames.file()
      let provider = try APNGFrameProvider(bytes: bytes)
      #expect(Self.inflations(provider) == 3)
      #expect(try Self.play(provider) == Self.reference(bytes))
      #expect(Self.inflations(provider) == 3)
      #expect(provider.statistics.frameDecodes == 3)
      // The default image not a frame: inflated once to check it, then
      // each of the frames once.
      let hidden = TestAPNG(chunks: [
        TestAPNG.ihdr(6, 4), TestAPNG.actl(frames: 2, plays: 0), TestAPNG.idat(TestAPNG.data(6, 4, seed: 1)),
        TestAPNG.fctl(0, 6, 4), TestAPNG.fdat(1, TestAPNG.data(6, 4, seed: 2)),
        TestAPNG.fctl(2, 2, 2, x: 1, y: 1, blend: 1), TestAPNG.fdat(3, TestAPNG.data(2, 2, seed: 3)), TestAPNG.iend,
      ]).file()
      let second = try APNGFrameProvider(bytes: hidden)
      #expect(try Self.play(second) == Self.reference(hidden))
      #expect(Self.inflations(second) == 3)
      // A still PNG: inflated once in all, and not drawn at opening.
      let still = TestAPNG(chunks: [TestAPNG.ihdr(6, 4), TestAPNG.idat(TestAPNG.data(6, 4, seed: 1)), TestAPNG.iend])
        .file()
      let image = try APNGFrameProvider(bytes: still)
      #expect(image.statistics.frameDecodes == 0)
      _ = try Self.play(image)
      #expect(Self.inflations(image) == 1)
    #endif
  }

  @Test func framesOverTheBudgetAreCheckedThenDrawn() throws {
    let bytes = TestAPNG.threeFrames.file()
    let provider = try APNGFrameProvider(bytes: bytes, options: APNGOptions(cacheByteBudget: 1))
    #expect(provider.statistics.frameDecodes == 0)
    #expect(try Self.play(provider) == Self.reference(bytes))
    #if ANIMTIMELINE_INTERNAL_CHECKS
      // Frame 0's rows were the builder's: checking it inflated nothing.
      #expect(Self.inflations(provider) == 1 + 2 + 3)
    #endif
  }

  /// Frame 1's data has a bad filter type: the file plays as its still
  /// image, with the error the old opening recorded, drawn or checked.
  @Test func badFrameDataPlaysTheStillImage() throws {
    var apng = TestAPNG.threeFramesWithABadFilter
    let bytes = apng.file()
    let expected = "frame 1: \(PNGError.badFilterType(5, row: 0)) (chunk at byte \(apng.offset(ofChunk: 4)))"
    #expect(try TestAPNG.open(bytes).get().animationError?.description == expected)
    let still = try Self.reference(bytes)
    for budget in Self.budgets {
      let provider = try APNGFrameProvider(bytes: bytes, options: APNGOptions(cacheByteBudget: budget))
      #expect(provider.animationError == expected, "budget \(budget)")
      #expect(!provider.isAnimated && provider.rawPlayCount == nil && provider.frameCount == 1, "budget \(budget)")
      #expect(!provider.isTruncated, "budget \(budget)")
      #expect(provider.frameDuration(at: 0) == 0 && provider.loopCount == .once)
      #expect(try Self.play(provider) == still, "budget \(budget)")
      #expect(try provider.isFrameComplete(0))
      provider._checkInvariants()
    }
    // A zlib stream too short for the frame's rows.
    apng.chunks[5] = TestAPNG.fdat(2, TestAPNG.data(2, 2, seed: 2))
    let short = apng.file()
    let error = try TestAPNG.open(short).get().animationError?.description
    #expect(error?.hasPrefix("frame 1: ") == true)
    for budget in Self.budgets {
      let provider = try APNGFrameProvider(bytes: short, options: APNGOptions(cacheByteBudget: budget))
      #expect(provider.animationError == error && provider.frameCount == 1, "budget \(budget)")
    }
  }

  /// The file cut in its last frame's data: that frame is dropped and the
  /// others play; a broken frame before it makes the still image play.
  @Test func truncatedLastFrameIsDropped() throws {
    let apng = TestAPNG.threeFrames
    let file = apng.file()
    let cut = Array(file[0..<apng.offset(ofChunk: 8) + 10])
    let kept = try Self.reference(cut)
    #expect(kept.count == 2)
    for budget in Self.budgets {
      let provider = try APNGFrameProvider(bytes: cut, options: APNGOptions(cacheByteBudget: budget))
      #expect(provider.isTruncated && provider.isAnimated && provider.animationError == nil, "budget \(budget)")
      #expect(provider.frameCount == 2 && provider.rawPlayCount == 3, "budget \(budget)")
      #expect(try Self.play(provider) == kept, "budget \(budget)")
      provider._checkInvariants()
    }
    // No frame left: the still image, truncated, no error.
    let lone = TestAPNG(chunks: [
      TestAPNG.ihdr(6, 4), TestAPNG.actl(frames: 1, plays: 0), TestAPNG.idat(TestAPNG.data(6, 4, seed: 1)),
      TestAPNG.fctl(0, 2, 2), TestAPNG.fdat(1, TestAPNG.data(2, 2, seed: 5)), TestAPNG.iend,
    ])
    let loneCut = Array(lone.file()[0..<lone.offset(ofChunk: 4) + 10])
    for budget in Self.budgets {
      let provider = try APNGFrameProvider(bytes: loneCut, options: APNGOptions(cacheByteBudget: budget))
      #expect(provider.isTruncated && !provider.isAnimated && provider.animationError == nil, "budget \(budget)")
      #expect(provider.frameCount == 1 && provider.frameInfo[0].width == 6, "budget \(budget)")
    }
    // Frame 1 broken, the file cut in frame 2: the still image with
    // frame 1's error.
    var broken = apng
    var image = TestAPNG.image(2, 3, seed: 2)
    image.filters = [5]
    broken.chunks[5] = TestAPNG.fdat(2, image.zlib(image.filteredData()))
    let brokenCut = Array(broken.file()[0..<broken.offset(ofChunk: 8)])
    let expected = try TestAPNG.open(brokenCut).get().animationError?.description
    #expect(expected?.hasPrefix("frame 1: ") == true)
    for budget in Self.budgets {
      let provider = try APNGFrameProvider(bytes: brokenCut, options: APNGOptions(cacheByteBudget: budget))
      #expect(provider.isTruncated && !provider.isAnimated && provider.animationError == expected, "budget \(budget)")
    }
  }
}
