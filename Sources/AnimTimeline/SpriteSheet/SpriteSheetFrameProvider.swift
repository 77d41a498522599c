/// A ``FrameProvider`` over a sprite sheet, for a ``Timeline`` that plays
/// its tags exactly as Aseprite does.
///
/// ```swift
/// let sheet = try AsepriteSheet(bytes: jsonBytes)
/// let sprites = SpriteSheetFrameProvider(sheet: sheet)
/// var hero = try Timeline(provider: sprites)
/// try hero.play(clip: sprites.clip(named: "attack"), then: sprites.clip(named: "idle"))
/// // Each tick: draw this region of your own texture.
/// let region = try sprites.frame(shownBy: hero)   // region.sheetFrame: Aseprite's number
/// let shown = try sprites.sheetFrame(shownBy: hero)
/// ```
///
/// **Two numberings.** Aseprite numbers the sheet's frames 0..<``sheetFrameCount``,
/// and a tag's ``AsepriteTag/frames`` are those numbers; the members named
/// `sheet…` and ``tag(named:)`` speak them. A timeline plays the
/// *display list* (``SpriteSheetDisplayList``): the sheet frames, then
/// the frames Aseprite's ping-pong tags show in order, which the
/// timeline's own directions cannot express. The ``FrameProvider``
/// conformance, which the timeline uses, speaks display-list frames:
/// ``frameCount`` (at least ``sheetFrameCount``), ``frameDuration(at:)``,
/// ``frame(at:)``, ``Timeline/currentFrame``, and the frames of a
/// ``clip(named:)``. Display frames below ``sheetFrameCount`` are the sheet
/// frames themselves; ``sheetFrame(atDisplayFrame:)`` maps any of them to
/// its sheet frame, and ``sheetFrame(shownBy:)`` gives the sheet frame a
/// timeline shows.
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

  /// The number of the sheet's frames, Aseprite's frames 0..<`sheetFrameCount`.
  public var sheetFrameCount: Int { sheet.frames.count }

  /// The number of display-list frames, the frames a ``Timeline`` over
  /// this provider plays (``FrameProvider/frameCount``): at least
  /// ``sheetFrameCount``, more when a ping-pong tag needs frames of its
  /// own (or the sheet has one frame). For the sheet's frames, see
  /// ``sheetFrameCount``.
  public var frameCount: Int { sheet.displayList.sheetFrames.count }

  /// The duration of the sheet frame that display-list frame `index`
  /// shows, in nanoseconds (``FrameProvider/frameDuration(at:)``); 0 for
  /// an index outside `0..<frameCount`.
  public func frameDuration(at index: Int) -> Int64 {
    let list = sheet.displayList.sheetFrames
    guard list.indices.contains(index) else { return 0 }
    return sheet.frames[list[index]].duration
  }

  /// Always ``LoopCount/infinite``: a sheet has no loop count of its own
  /// (Aseprite's editor loops the animation until stopped), and a clip
  /// brings its tag's (``Timeline/play(clip:then:)``). Give a timeline
  /// another with ``TimelineConfiguration/loops``.
  public var loopCount: LoopCount { .infinite }

  /// The region that display-list frame `index` shows
  /// (``FrameProvider/frame(at:)``); its
  /// ``SpriteSheetRegion/sheetFrame`` is Aseprite's frame number. For a
  /// sheet frame by Aseprite's number, see ``region(ofSheetFrame:)``.
  ///
  /// - Throws: ``FrameProviderError/indexOutOfRange(index:count:)``.
  public func frame(at index: Int) throws(FrameProviderError) -> SpriteSheetRegion {
    regions[try sheetFrame(atDisplayFrame: index)]
  }

  /// The region of sheet frame `sheetFrame` (Aseprite's frame number).
  ///
  /// - Throws: ``FrameProviderError/indexOutOfRange(index:count:)`` for a
  ///   number outside `0..<sheetFrameCount`.
  public func region(ofSheetFrame sheetFrame: Int) throws(FrameProviderError) -> SpriteSheetRegion {
    guard regions.indices.contains(sheetFrame) else {
      throw .indexOutOfRange(index: sheetFrame, count: regions.count)
    }
    return regions[sheetFrame]
  }

  /// The sheet frame (Aseprite's frame number, from 0) that display-list
  /// frame `displayFrame` shows.
  ///
  /// - Throws: ``FrameProviderError/indexOutOfRange(index:count:)`` for an
  ///   index outside `0..<frameCount`.
  public func sheetFrame(atDisplayFrame displayFrame: Int) throws(FrameProviderError) -> Int {
    let list = sheet.displayList.sheetFrames
    guard list.indices.contains(displayFrame) else {
      throw .indexOutOfRange(index: displayFrame, count: list.count)
    }
    return list[displayFrame]
  }

  /// The sheet frame (Aseprite's frame number) that `timeline` shows now.
  ///
  /// - Throws: ``ShownFrameError/timelineMismatch(_:)`` for a timeline made
  ///   from another provider, checked as ``FrameProvider/frame(shownBy:)``
  ///   does.
  public func sheetFrame(shownBy timeline: Timeline) throws(ShownFrameError<FrameProviderError>) -> Int {
    if let mismatch = mismatch(with: timeline) { throw .timelineMismatch(mismatch) }
    do {
      return try sheetFrame(atDisplayFrame: timeline.currentFrame)
    } catch {
      throw .provider(error)
    }
  }
}
