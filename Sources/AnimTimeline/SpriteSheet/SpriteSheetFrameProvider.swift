/// A ``FrameProvider`` over a sprite sheet: its frames are the entries of
/// the sheet's display list (``SpriteSheetDisplayList``), each showing one
/// sheet frame for that frame's duration, so that every tag plays as one
/// ``Clip`` (``clip(named:)``).
///
/// ```swift
/// let sheet = try AsepriteSheet(bytes: jsonBytes)
/// let sprites = SpriteSheetFrameProvider(sheet: sheet)
/// var hero = try Timeline(provider: sprites)
/// try hero.play(clip: sprites.clip(named: "attack")!, then: sprites.clip(named: "idle"))
/// // Each tick: draw this region of your own texture.
/// let region = try sprites.frame(shownBy: hero)
/// ```
///
/// A frame is a ``SpriteSheetRegion``: the sheet frame's number, its
/// rectangle in the sheet and how it sits in the untrimmed sprite, which is
/// what a game needs to draw from its own texture. Made with the decoded
/// sheet image as well (``init(sheet:image:maxSourcePixels:)``), the
/// provider also cuts frames out as images (``image(at:)``).
///
/// Asking for a frame is O(1) and allocates nothing; copies share the sheet
/// and the image.
public struct SpriteSheetFrameProvider: FrameProvider, Hashable, Sendable {
  /// The sheet the frames come from.
  public let sheet: AsepriteSheet
  /// The decoded sheet image, if the provider was made with one.
  public let sheetImage: RGBAImage?
  /// The region of each sheet frame, by sheet frame number.
  let regions: [SpriteSheetRegion]

  /// A provider over `sheet`'s display list, without pixels: its frames
  /// are regions to draw from a texture of the caller's.
  ///
  /// - Complexity: O(*f*) for *f* sheet frames.
  public init(sheet: AsepriteSheet) {
    self.sheet = sheet
    self.sheetImage = nil
    self.regions = sheet.frames.enumerated().map { SpriteSheetRegion($1, index: $0) }
  }

  /// A provider over `sheet`'s display list that can also cut its frames
  /// out of `image`, the decoded sheet.
  ///
  /// Every sheet frame is checked against `image` first, so that
  /// ``image(at:)`` fails only for a bad index.
  ///
  /// - Parameters:
  ///   - sheet: the export.
  ///   - image: the sheet image, decoded (`RGBAImage(pngData:)`).
  ///   - maxSourcePixels: the largest untrimmed frame (`sourceSize`)
  ///     accepted, in pixels: an image of a frame takes four bytes a
  ///     pixel. 16,777,216 (4096 × 4096) by default.
  /// - Throws: ``SpriteSheetImageError/invalidImage(width:height:byteCount:)``
  ///   for an image whose buffer is not `width × height × 4` bytes,
  ///   ``SpriteSheetImageError/imageSizeMismatch(expected:actual:)`` when
  ///   the export gives another size (`meta.size`), and for a sheet frame
  ///   ``SpriteSheetImageError/frameOutsideImage(frame:area:image:)``,
  ///   ``SpriteSheetImageError/trimSizeMismatch(frame:)``,
  ///   ``SpriteSheetImageError/frameOutsideSource(frame:)`` or
  ///   ``SpriteSheetImageError/sourceTooLarge(frame:size:limit:)``.
  /// - Complexity: O(*f*) for *f* sheet frames.
  public init(sheet: AsepriteSheet, image: RGBAImage, maxSourcePixels: Int = 16_777_216) throws(SpriteSheetImageError) {
    self.sheet = sheet
    self.regions = sheet.frames.enumerated().map { SpriteSheetRegion($1, index: $0) }
    try Self.check(image, for: sheet, regions: regions, maxSourcePixels: maxSourcePixels)
    self.sheetImage = image
  }

  /// The number of entries in the display list.
  public var frameCount: Int { sheet.displayList.sheetFrames.count }

  /// The duration of the sheet frame that provider frame `index` shows, in
  /// nanoseconds.
  public func frameDuration(at index: Int) -> Int64 {
    sheet.frames[sheet.displayList.sheetFrames[index]].duration
  }

  /// Always ``LoopCount/infinite``: a sheet has no loop count of its own
  /// (Aseprite's editor loops the animation until stopped), and a clip
  /// brings its tag's (``Timeline/play(clip:then:)``). Give a timeline
  /// another with ``TimelineConfiguration/loops``.
  public var loopCount: LoopCount { .infinite }

  /// The region that provider frame `index` shows.
  ///
  /// - Throws: ``FrameProviderError/indexOutOfRange(index:count:)``.
  public func frame(at index: Int) throws(FrameProviderError) -> SpriteSheetRegion {
    regions[try sheetFrame(at: index)]
  }

  /// The sheet frame (Aseprite's frame number, from 0) that provider frame
  /// `providerFrame` shows.
  ///
  /// - Throws: ``FrameProviderError/indexOutOfRange(index:count:)``.
  public func sheetFrame(at providerFrame: Int) throws(FrameProviderError) -> Int {
    let list = sheet.displayList.sheetFrames
    guard list.indices.contains(providerFrame) else {
      throw .indexOutOfRange(index: providerFrame, count: list.count)
    }
    return list[providerFrame]
  }

  /// The clip of the first tag named `name`, or `nil`; see
  /// ``AsepriteSheet/clip(named:)``.
  ///
  /// - Complexity: O(*t*) for *t* tags.
  public func clip(named name: String) -> Clip? {
    sheet.clip(named: name)
  }
}
