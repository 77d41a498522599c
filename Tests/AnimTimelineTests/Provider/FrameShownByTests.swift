import Testing

@testable import AnimTimeline

/// Issue #21: `provider.frame(shownBy: timeline)` accepted a timeline made
/// from another provider and returned a wrong frame or an unrelated index
/// error. A frame-count or current-duration mismatch is a typed error now.
@Suite struct FrameShownByTests {
  static let ms: Int64 = 1_000_000

  @Test func anotherFrameCountIsAMismatch() throws {
    let three = try SyntheticFrameProvider(durations: [100 * Self.ms, 100 * Self.ms, 100 * Self.ms])
    let ten = try SyntheticFrameProvider(durations: Array(repeating: 100 * Self.ms, count: 10))
    var timeline = try Timeline(provider: ten)
    try timeline.seek(toFrame: 1)
    // Before: frame 1 of the 3-frame provider, silently.
    #expect(throws: ShownFrameError<FrameProviderError>.timelineMismatch(TimelineMismatch(
      providerFrameCount: 3, timelineFrameCount: 10, frame: 1, providerDuration: nil, timelineDuration: 100 * Self.ms))) {
      try three.frame(shownBy: timeline)
    }
    try timeline.seek(toFrame: 7)
    // Before: indexOutOfRange(index: 7, count: 3), which names no timeline.
    let error = try #require(throws: ShownFrameError<FrameProviderError>.self) { try three.frame(shownBy: timeline) }
    guard case let .timelineMismatch(mismatch) = error else { Issue.record("\(error)"); return }
    #expect(mismatch.frame == 7 && mismatch.providerFrameCount == 3 && mismatch.timelineFrameCount == 10)
    #expect(error.description.contains("10 frames") && error.description.contains("frame 7"))
    #expect(try ten.frame(shownBy: timeline) == 7)
  }

  @Test func anotherDurationOfTheCurrentFrameIsAMismatch() throws {
    let a = try SyntheticFrameProvider(durations: [100 * Self.ms, 50 * Self.ms])
    let b = try SyntheticFrameProvider(durations: [100 * Self.ms, 70 * Self.ms])
    var timeline = try Timeline(provider: a)
    // Frame 0 lasts 100 ms in both: the check cannot tell them apart (documented).
    #expect(try b.frame(shownBy: timeline) == 0)
    try timeline.seek(toFrame: 1)
    #expect(throws: ShownFrameError<FrameProviderError>.timelineMismatch(TimelineMismatch(
      providerFrameCount: 2, timelineFrameCount: 2, frame: 1, providerDuration: 70 * Self.ms, timelineDuration: 50 * Self.ms))) {
      try b.frame(shownBy: timeline)
    }
    #expect(try a.frame(shownBy: timeline) == 1)
  }

  @Test func gifAndSpriteSheetProvidersReportTheirOwnErrors() throws {
    var encoder = TestGIFWriter(screenWidth: 2, screenHeight: 1)
    encoder.frames = [
      .init(width: 2, height: 1, fill: 1), .init(width: 2, height: 1, fill: 2), .init(width: 2, height: 1, fill: 3),
    ]
    for position in encoder.frames.indices { encoder.frames[position].delay = 10 }
    let gif = try GIFFrameProvider(bytes: encoder.encode())
    let other = try Timeline(provider: SyntheticFrameProvider(durations: [1, 2]))
    let gifError = try #require(throws: ShownFrameError<GIFError>.self) { try gif.frame(shownBy: other) }
    guard case .timelineMismatch = gifError else { Issue.record("\(gifError)"); return }
    #expect(try gif.frame(shownBy: Timeline(provider: gif)) == gif.frame(at: 0))

    let sprites = SpriteSheetFrameProvider(sheet: try AsepriteSheet(bytes: Array(AsepriteFixtures.hash.utf8)))
    let sheetError = try #require(throws: ShownFrameError<FrameProviderError>.self) { try sprites.frame(shownBy: Timeline(provider: gif)) }
    guard case .timelineMismatch = sheetError else { Issue.record("\(sheetError)"); return }
    // A provider error still comes through, typed.
    #expect(ShownFrameError<GIFError>.provider(.frameIndexOutOfRange(index: 3, count: 3)).providerError
      == .frameIndexOutOfRange(index: 3, count: 3))
  }
}

/// Issue #21: `SyntheticFrameProvider.frameDuration(at:)` trapped for an
/// index out of range; it is 0 now, as for the GIF and sprite-sheet
/// providers.
@Suite struct ProviderDurationTrapTests {
  @Test func aDurationOutOfRangeIsZero() throws {
    let frames = try SyntheticFrameProvider(durations: [5, 6])
    #expect(frames.frameDuration(at: 1) == 6)
    #expect(frames.frameDuration(at: 2) == 0)
    #expect(frames.frameDuration(at: -1) == 0)
    #expect(frames.frameDuration(at: .min) == 0)
  }
}
