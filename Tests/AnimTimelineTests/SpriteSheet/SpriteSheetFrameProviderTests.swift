import Testing
@testable import AnimTimeline

/// The sprite-sheet provider: its frames are the display list, its regions
/// what a game draws, its images cut from the sheet.
@Suite struct SpriteSheetFrameProviderTests {
  @Test func framesAreTheDisplayList() throws {
    let sheet = try AsepriteSheet(bytes: Array(AsepriteFixtures.hash.utf8))
    let provider = SpriteSheetFrameProvider(sheet: sheet)
    // 4 sheet frames, then idle's ping-pong cycle 0,1,2,1 and attack's whole
    // play (ping-pong reverse over 1...3, 3 passes): 3,2,1,2,3,2,1.
    let list = [0, 1, 2, 3, 0, 1, 2, 1, 3, 2, 1, 2, 3, 2, 1]
    #expect(provider.frameCount == list.count)
    #expect(try (0..<list.count).map { try provider.sheetFrame(atDisplayFrame: $0) } == list)
    let milliseconds: [Int64] = [100, 150, 200, 250]
    #expect((0..<list.count).map { provider.frameDuration(at: $0) } == list.map { milliseconds[$0] * 1_000_000 })
    #expect(provider.loopCount == .infinite)
    #expect(provider.sheetImage == nil)
    for name in ["walk", "back", "idle", "attack"] {
      #expect(try provider.clip(named: name) == sheet.clip(named: name))
    }
    #expect(throws: SpriteSheetTagError.unknownTag(name: "none", available: ["walk", "back", "idle", "attack"])) {
      try provider.clip(named: "none")
    }
  }

  /// Issue #21: the provider spoke only display-list numbers (frameCount
  /// 15 for a 4-frame sheet, a ping-pong tag's clip past the sheet). Its
  /// sheet-facing API speaks Aseprite's frame numbers now.
  @Test func theSheetFacingAPISpeaksAsepriteFrameNumbers() throws {
    let sprites = SpriteSheetFrameProvider(sheet: try AsepriteSheet(bytes: Array(AsepriteFixtures.hash.utf8)))
    #expect(sprites.sheetFrameCount == 4)
    #expect(sprites.frameCount == 15)  // the display list, what a timeline plays
    // The tag, in Aseprite's numbers; its clip, in the display list's.
    #expect(try sprites.tag(named: "idle").frames == 0...2)
    #expect(try sprites.tag(named: "idle").direction == .pingpong)
    #expect(try sprites.clip(named: "idle").frames == 4...7)
    #expect(try sprites.tag(named: "attack").frames == 1...3)
    // The sheet frame a timeline shows, wherever the display list has it.
    var hero = try Timeline(provider: sprites)
    try hero.play(clip: sprites.clip(named: "idle"))
    var shown: [Int] = []
    for _ in 0..<6 {
      shown.append(try sprites.sheetFrame(shownBy: hero))
      #expect(try sprites.frame(shownBy: hero).sheetFrame == shown.last)
      try hero.tick(by: sprites.frameDuration(at: hero.currentFrame))
    }
    #expect(shown == [0, 1, 2, 1, 0, 1])
    // A region by Aseprite's number.
    #expect(try sprites.region(ofSheetFrame: 2).sheetFrame == 2)
    #expect(throws: FrameProviderError.indexOutOfRange(index: 4, count: 4)) { try sprites.region(ofSheetFrame: 4) }
    // sheetFrame(shownBy:) refuses a timeline of another provider.
    let other = try Timeline(provider: SyntheticFrameProvider(durations: [1, 2, 3]))
    let error = try #require(throws: ShownFrameError<FrameProviderError>.self) { try sprites.sheetFrame(shownBy: other) }
    guard case .timelineMismatch = error else { Issue.record("\(error)"); return }
    // frameDuration(at:) past the display list is 0, not a trap.
    #expect(sprites.frameDuration(at: 15) == 0 && sprites.frameDuration(at: -1) == 0)
  }

  @Test func regionsDescribeTheSheetFrame() throws {
    let sheet = try AsepriteSheet(bytes: Array(AsepriteFixtures.hash.utf8))
    let provider = SpriteSheetFrameProvider(sheet: sheet)
    // Provider frame 10 shows sheet frame 1 (in attack's play).
    #expect(try provider.frame(at: 10) == SpriteSheetRegion(
      sheetFrame: 1, frame: SpriteSheetRect(x: 8, y: 0, width: 8, height: 8), rotated: false,
      spriteSourceSize: SpriteSheetRect(x: 0, y: 0, width: 8, height: 8), sourceSize: ImageSize(width: 8, height: 8)))
    // Provider frame 2 and 9 show the trimmed sheet frame 2.
    for index in [2, 9] {
      let region = try provider.frame(at: index)
      #expect(region.sheetFrame == 2)
      #expect(region.frame == SpriteSheetRect(x: 16, y: 0, width: 6, height: 7))
      #expect(region.sheetArea == region.frame)
      #expect(region.spriteSourceSize == SpriteSheetRect(x: 1, y: 1, width: 6, height: 7))
      #expect(region.sourceSize == ImageSize(width: 8, height: 8))
    }
    let rotated = SpriteSheetRegion(
      sheetFrame: 0, frame: SpriteSheetRect(x: 3, y: 4, width: 5, height: 2), rotated: true,
      spriteSourceSize: SpriteSheetRect(x: 0, y: 0, width: 5, height: 2), sourceSize: ImageSize(width: 5, height: 2))
    #expect(rotated.sheetArea == SpriteSheetRect(x: 3, y: 4, width: 2, height: 5))
  }

  @Test func indicesOutOfRangeThrow() throws {
    let provider = SpriteSheetFrameProvider(sheet: try AsepriteSheet(bytes: Array(AsepriteFixtures.array.utf8)))
    let count = provider.frameCount
    for index in [-1, count, Int.max, Int.min] {
      #expect(throws: FrameProviderError.indexOutOfRange(index: index, count: count)) { try provider.frame(at: index) }
      #expect(throws: FrameProviderError.indexOutOfRange(index: index, count: count)) { try provider.sheetFrame(atDisplayFrame: index) }
    }
    #expect(throws: SpriteSheetImageError.noImage) { try provider.image(at: 0) }
  }

  /// "attack" once (ping-pong reverse, repeat 3), then "idle", through the
  /// timeline's one call, read back as sheet frames slot by slot.
  @Test func aTimelinePlaysAttackThenIdle() throws {
    let sheet = try AsepriteSheet(bytes: Array(AsepriteFixtures.hash.utf8))
    let provider = SpriteSheetFrameProvider(sheet: sheet)
    var timeline = try Timeline(provider: provider)
    let attack = try provider.clip(named: "attack")
    let idle = try provider.clip(named: "idle")
    try timeline.play(clip: attack, then: idle)
    var shown: [Int] = []
    for _ in 0..<13 {
      let region = try provider.frame(shownBy: timeline)
      shown.append(region.sheetFrame)
      _ = try timeline.tick(by: provider.frameDuration(at: timeline.currentFrame))
    }
    // Aseprite: 3,2,1,2,3,2,1 for attack; then idle's 0,1,2,1,0,1.
    #expect(shown == [3, 2, 1, 2, 3, 2, 1, 0, 1, 2, 1, 0, 1])
  }

  // MARK: Images

  @Test(arguments: [AsepriteSheet.Layout.hash, .array])
  func imagesAreUntrimmedAndUpright(layout: AsepriteSheet.Layout) throws {
    let packed = PackedSheet.mixed
    let provider = try SpriteSheetFrameProvider(sheet: packed.sheet(layout), image: packed.image())
    #expect(provider.frameCount == 7)
    for index in 0..<provider.frameCount {
      let sheetFrame = try provider.sheetFrame(atDisplayFrame: index)
      #expect(try provider.image(at: index) == packed.expectedImage(sheetFrame), "provider frame \(index)")
    }
  }

  /// The rotation convention, by hand: an upright 2×3 sprite
  ///
  ///     A B
  ///     C D
  ///     E F
  ///
  /// is stored turned 90° clockwise, 3×2:
  ///
  ///     E C A
  ///     F D B
  @Test func rotatedFramesTurnBackCounterClockwise() throws {
    let (a, b, c, d, e, f): ([UInt8], [UInt8], [UInt8], [UInt8], [UInt8], [UInt8]) =
      ([1, 0, 0, 255], [2, 0, 0, 255], [3, 0, 0, 255], [4, 0, 0, 255], [5, 0, 0, 255], [6, 0, 0, 255])
    let x: [UInt8] = [9, 9, 9, 255]
    // A 4×3 sheet: the stored sprite at (1, 1), a border of x.
    let sheetPixels = [x, x, x, x,  x, e, c, a,  x, f, d, b].flatMap { $0 }
    let json = """
      {"frames": [{"frame": {"x": 1, "y": 1, "w": 2, "h": 3}, "rotated": true, "trimmed": false,
      "spriteSourceSize": {"x": 0, "y": 0, "w": 2, "h": 3}, "sourceSize": {"w": 2, "h": 3}, "duration": 10}],
      "meta": {"size": {"w": 4, "h": 3}}}
      """
    let provider = try SpriteSheetFrameProvider(
      sheet: AsepriteSheet(bytes: Array(json.utf8)), image: RGBAImage(width: 4, height: 3, pixels: sheetPixels))
    let image = try provider.image(at: 0)
    #expect(image.width == 2 && image.height == 3)
    #expect(image.pixels == [a, b, c, d, e, f].flatMap { $0 })
  }

  @Test func trimmedFramesSitInATransparentCanvas() throws {
    // One 2×1 red pair, trimmed out of a 4×3 sprite at (1, 2).
    let red: [UInt8] = [255, 0, 0, 255]
    let json = """
      {"frames": {"t": {"frame": {"x": 0, "y": 0, "w": 2, "h": 1}, "rotated": false, "trimmed": true,
      "spriteSourceSize": {"x": 1, "y": 2, "w": 2, "h": 1}, "sourceSize": {"w": 4, "h": 3}, "duration": 10}}}
      """
    let provider = try SpriteSheetFrameProvider(
      sheet: AsepriteSheet(bytes: Array(json.utf8)), image: RGBAImage(width: 2, height: 1, pixels: red + red))
    let clear: [UInt8] = [0, 0, 0, 0]
    let expected = [clear, clear, clear, clear, clear, clear, clear, clear, clear, red, red, clear].flatMap { $0 }
    // A one-frame sheet lists its frame twice.
    for index in 0..<2 {
      #expect(try provider.image(at: index) == RGBAImage(width: 4, height: 3, pixels: expected))
    }
  }

  @Test func drawingIntoAnImageReusesItsBuffer() throws {
    let packed = PackedSheet.mixed
    let provider = try SpriteSheetFrameProvider(sheet: packed.sheet(.hash), image: packed.image())
    var image = RGBAImage(width: 0, height: 0, pixels: [])
    image.pixels.reserveCapacity(6 * 5 * 4)
    let base = image.pixels.withUnsafeBufferPointer { $0.baseAddress }
    for index in [0, 1, 2, 6, 5, 4] {
      try provider.drawImage(at: index, into: &image)
      #expect(image == packed.expectedImage(try provider.sheetFrame(atDisplayFrame: index)))
      #expect(image.pixels.withUnsafeBufferPointer { $0.baseAddress } == base)
    }
    let before = image
    #expect(throws: SpriteSheetImageError.indexOutOfRange(index: 7, count: 7)) { try provider.drawImage(at: 7, into: &image) }
    #expect(image == before)
  }

  @Test func imageAtTheTimelinesFrame() throws {
    let packed = PackedSheet.mixed
    let provider = try SpriteSheetFrameProvider(sheet: packed.sheet(.array), image: packed.image())
    var timeline = try Timeline(provider: provider)
    try timeline.play(clip: provider.clip(named: "once"))
    // "once": reverse over 1...2: sheet frame 2 for 70 ms, then 1.
    #expect(try provider.image(shownBy: timeline) == packed.expectedImage(2))
    _ = try timeline.tick(by: 70_000_000)
    #expect(try provider.image(shownBy: timeline) == packed.expectedImage(1))
  }

  // MARK: Bad images and frames

  /// An export of one frame with the given fields, without `meta.size`
  /// unless given.
  func sheet(frame: String, rotated: Bool = false, sss: String, source: String, size: String? = nil) throws -> AsepriteSheet {
    let meta = size.map { #", "meta": {"size": \#($0)}"# } ?? ""
    let json = """
      {"frames": [{"frame": \(frame), "rotated": \(rotated), "spriteSourceSize": \(sss), "sourceSize": \(source), "duration": 10}]\(meta)}
      """
    return try AsepriteSheet(bytes: Array(json.utf8))
  }

  func image(_ width: Int, _ height: Int) -> RGBAImage {
    RGBAImage(width: width, height: height, pixels: [UInt8](repeating: 7, count: width * height * 4))
  }

  @Test func imagesThatDoNotMatchTheExportAreRejected() throws {
    let plain = try sheet(frame: #"{"x": 0, "y": 0, "w": 2, "h": 2}"#, sss: #"{"x": 0, "y": 0, "w": 2, "h": 2}"#, source: #"{"w": 2, "h": 2}"#)
    #expect(throws: SpriteSheetImageError.invalidImage(width: 2, height: 2, byteCount: 15)) {
      try SpriteSheetFrameProvider(sheet: plain, image: RGBAImage(width: 2, height: 2, pixels: [UInt8](repeating: 0, count: 15)))
    }
    #expect(throws: SpriteSheetImageError.invalidImage(width: -1, height: -4, byteCount: 16)) {
      try SpriteSheetFrameProvider(sheet: plain, image: RGBAImage(width: -1, height: -4, pixels: [UInt8](repeating: 0, count: 16)))
    }
    #expect(throws: SpriteSheetImageError.invalidImage(width: Int.max, height: 2, byteCount: 0)) {
      try SpriteSheetFrameProvider(sheet: plain, image: RGBAImage(width: Int.max, height: 2, pixels: []))
    }
    let sized = try sheet(
      frame: #"{"x": 0, "y": 0, "w": 2, "h": 2}"#, sss: #"{"x": 0, "y": 0, "w": 2, "h": 2}"#, source: #"{"w": 2, "h": 2}"#,
      size: #"{"w": 3, "h": 2}"#)
    #expect(throws: SpriteSheetImageError.imageSizeMismatch(
      expected: ImageSize(width: 3, height: 2), actual: ImageSize(width: 2, height: 2))) {
      try SpriteSheetFrameProvider(sheet: sized, image: image(2, 2))
    }
    _ = try SpriteSheetFrameProvider(sheet: sized, image: image(3, 2))
  }

  @Test func framesOutsideTheImageAreRejected() throws {
    // A 3×2 frame at (1, 0): fits a 4×2 sheet upright, and not rotated
    // (it covers 2×3 then).
    let frame = #"{"x": 1, "y": 0, "w": 3, "h": 2}"#
    let sss = #"{"x": 0, "y": 0, "w": 3, "h": 2}"#
    let upright = try sheet(frame: frame, sss: sss, source: #"{"w": 3, "h": 2}"#)
    _ = try SpriteSheetFrameProvider(sheet: upright, image: image(4, 2))
    #expect(throws: SpriteSheetImageError.frameOutsideImage(
      frame: 0, area: SpriteSheetRect(x: 1, y: 0, width: 3, height: 2), image: ImageSize(width: 3, height: 2))) {
      try SpriteSheetFrameProvider(sheet: upright, image: image(3, 2))
    }
    let turned = try sheet(frame: frame, rotated: true, sss: sss, source: #"{"w": 3, "h": 2}"#)
    #expect(throws: SpriteSheetImageError.frameOutsideImage(
      frame: 0, area: SpriteSheetRect(x: 1, y: 0, width: 2, height: 3), image: ImageSize(width: 4, height: 2))) {
      try SpriteSheetFrameProvider(sheet: turned, image: image(4, 2))
    }
    _ = try SpriteSheetFrameProvider(sheet: turned, image: image(3, 3))
    // Coordinates near Int.max do not overflow.
    let far = try sheet(
      frame: #"{"x": 9223372036854775807, "y": 0, "w": 1, "h": 1}"#, sss: #"{"x": 0, "y": 0, "w": 1, "h": 1}"#,
      source: #"{"w": 1, "h": 1}"#)
    #expect(throws: SpriteSheetImageError.self) { try SpriteSheetFrameProvider(sheet: far, image: image(4, 2)) }
  }

  @Test func placementsOutsideTheSourceAreRejected() throws {
    let frame = #"{"x": 0, "y": 0, "w": 2, "h": 2}"#
    let mismatch = try sheet(frame: frame, sss: #"{"x": 0, "y": 0, "w": 3, "h": 2}"#, source: #"{"w": 4, "h": 4}"#)
    #expect(throws: SpriteSheetImageError.trimSizeMismatch(frame: 0)) {
      try SpriteSheetFrameProvider(sheet: mismatch, image: image(2, 2))
    }
    let outside = try sheet(frame: frame, sss: #"{"x": 3, "y": 0, "w": 2, "h": 2}"#, source: #"{"w": 4, "h": 4}"#)
    #expect(throws: SpriteSheetImageError.frameOutsideSource(frame: 0)) {
      try SpriteSheetFrameProvider(sheet: outside, image: image(2, 2))
    }
    let edge = try sheet(frame: frame, sss: #"{"x": 2, "y": 2, "w": 2, "h": 2}"#, source: #"{"w": 4, "h": 4}"#)
    _ = try SpriteSheetFrameProvider(sheet: edge, image: image(2, 2))
  }

  @Test func hugeSourcesAreRejectedBeforeAllocating() throws {
    let frame = #"{"x": 0, "y": 0, "w": 1, "h": 1}"#
    let sss = #"{"x": 0, "y": 0, "w": 1, "h": 1}"#
    let huge = try sheet(frame: frame, sss: sss, source: #"{"w": 100000, "h": 100000}"#)
    #expect(throws: SpriteSheetImageError.sourceTooLarge(
      frame: 0, size: ImageSize(width: 100_000, height: 100_000), limit: 16_777_216)) {
      try SpriteSheetFrameProvider(sheet: huge, image: image(1, 1))
    }
    let overflowing = try sheet(frame: frame, sss: sss, source: #"{"w": 9223372036854775807, "h": 3}"#)
    #expect(throws: SpriteSheetImageError.sourceTooLarge(
      frame: 0, size: ImageSize(width: .max, height: 3), limit: .max)) {
      try SpriteSheetFrameProvider(sheet: overflowing, image: image(1, 1), maxSourcePixels: .max)
    }
    let small = try sheet(frame: frame, sss: sss, source: #"{"w": 4, "h": 4}"#)
    #expect(throws: SpriteSheetImageError.sourceTooLarge(frame: 0, size: ImageSize(width: 4, height: 4), limit: 15)) {
      try SpriteSheetFrameProvider(sheet: small, image: image(1, 1), maxSourcePixels: 15)
    }
    _ = try SpriteSheetFrameProvider(sheet: small, image: image(1, 1), maxSourcePixels: 16)
  }

  @Test func errorsDescribeThemselves() {
    let errors: [SpriteSheetImageError] = [
      .noImage, .indexOutOfRange(index: 9, count: 3), .invalidImage(width: 2, height: 2, byteCount: 3),
      .imageSizeMismatch(expected: ImageSize(width: 1, height: 2), actual: ImageSize(width: 3, height: 4)),
      .frameOutsideImage(frame: 5, area: SpriteSheetRect(x: 1, y: 2, width: 3, height: 4), image: ImageSize(width: 2, height: 2)),
      .trimSizeMismatch(frame: 6), .frameOutsideSource(frame: 7),
      .sourceTooLarge(frame: 8, size: ImageSize(width: 5, height: 5), limit: 24),
    ]
    let texts = errors.map(\.description)
    #expect(Set(texts).count == errors.count)
    #expect(texts[1] == "frame index 9 is out of range 0..<3")
    #expect(texts[4] == "frame 5 covers 3x4 at (1,2), outside the 2x2 sheet image")
  }
}
