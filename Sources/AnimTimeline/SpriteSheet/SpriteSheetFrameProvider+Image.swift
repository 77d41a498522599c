extension SpriteSheetFrameProvider {
  /// The frame that display-list frame `index` (``frameCount``) shows, as
  /// an image cut from the
  /// sheet: untrimmed (`sourceSize`, transparent where the export trimmed),
  /// upright (a frame stored rotated 90° clockwise is turned back), the
  /// pixels at `spriteSourceSize`.
  ///
  /// - Throws: ``SpriteSheetImageError/noImage`` when the provider has no
  ///   sheet image, ``SpriteSheetImageError/indexOutOfRange(index:count:)``.
  /// - Complexity: O(*s*) for a `sourceSize` of *s* pixels.
  public func image(at index: Int) throws(SpriteSheetImageError) -> RGBAImage {
    var image = RGBAImage(width: 0, height: 0, pixels: [])
    try drawImage(at: index, into: &image)
    return image
  }

  /// The image of the frame `timeline` shows now; see ``image(at:)``.
  ///
  /// - Throws: ``SpriteSheetImageError/timelineMismatch(_:)`` for a
  ///   timeline made from another provider (checked as
  ///   ``FrameProvider/frame(shownBy:)`` does), else as ``image(at:)``.
  /// - Complexity: as ``image(at:)``.
  public func image(shownBy timeline: Timeline) throws(SpriteSheetImageError) -> RGBAImage {
    if let mismatch = mismatch(with: timeline) { throw .timelineMismatch(mismatch) }
    return try image(at: timeline.currentFrame)
  }

  /// Draws the image of ``image(at:)`` into `image`, reusing the capacity
  /// of its pixel buffer: a game that asks every tick allocates nothing
  /// once the buffer has grown to the largest frame.
  ///
  /// - Throws: as ``image(at:)``; `image` is unchanged then.
  /// - Complexity: O(*s*) for a `sourceSize` of *s* pixels.
  public func drawImage(at index: Int, into image: inout RGBAImage) throws(SpriteSheetImageError) {
    guard let sheetImage else { throw .noImage }
    let list = sheet.displayList.sheetFrames
    guard list.indices.contains(index) else { throw .indexOutOfRange(index: index, count: list.count) }
    let region = regions[list[index]]
    // The sizes were checked when the provider was made.
    let width = region.sourceSize.width
    image.width = width
    image.height = region.sourceSize.height
    image.pixels.removeAll(keepingCapacity: true)
    image.pixels.append(contentsOf: repeatElement(0, count: width * region.sourceSize.height * 4))

    let frame = region.frame
    let left = region.spriteSourceSize.x
    let top = region.spriteSourceSize.y
    let stride = sheetImage.width * 4
    if !region.rotated {
      let rowBytes = frame.width * 4
      for row in 0..<frame.height {
        let source = (frame.y + row) * stride + frame.x * 4
        let target = ((top + row) * width + left) * 4
        image.pixels[target..<target + rowBytes] = sheetImage.pixels[source..<source + rowBytes]
      }
      return
    }
    // Stored turned 90° clockwise: the upright pixel (u, v) is at
    // (x + h − 1 − v, y + u) in the sheet, so an upright row is a sheet
    // column, read downward.
    for row in 0..<frame.height {
      let column = (frame.x + frame.height - 1 - row) * 4
      var target = ((top + row) * width + left) * 4
      for u in 0..<frame.width {
        let source = (frame.y + u) * stride + column
        image.pixels[target] = sheetImage.pixels[source]
        image.pixels[target + 1] = sheetImage.pixels[source + 1]
        image.pixels[target + 2] = sheetImage.pixels[source + 2]
        image.pixels[target + 3] = sheetImage.pixels[source + 3]
        target += 4
      }
    }
  }

  /// Checks that every sheet frame of `regions` can be cut from `image`.
  ///
  /// - Throws: the errors of ``init(sheet:image:maxSourcePixels:)``.
  /// - Complexity: O(*f*) for *f* sheet frames.
  static func check(
    _ image: RGBAImage, for sheet: AsepriteSheet, regions: [SpriteSheetRegion], maxSourcePixels: Int
  ) throws(SpriteSheetImageError) {
    guard let bytes = byteCount(image.width, image.height), bytes == image.pixels.count else {
      throw .invalidImage(width: image.width, height: image.height, byteCount: image.pixels.count)
    }
    let imageSize = ImageSize(width: image.width, height: image.height)
    if let size = sheet.size, size != imageSize {
      throw .imageSizeMismatch(expected: size, actual: imageSize)
    }
    for region in regions {
      let area = region.sheetArea
      guard fits(area.x, area.width, in: image.width), fits(area.y, area.height, in: image.height) else {
        throw .frameOutsideImage(frame: region.sheetFrame, area: area, image: imageSize)
      }
      let placed = region.spriteSourceSize
      guard placed.width == region.frame.width, placed.height == region.frame.height else {
        throw .trimSizeMismatch(frame: region.sheetFrame)
      }
      let source = region.sourceSize
      guard let pixels = byteCount(source.width, source.height).map({ $0 / 4 }), pixels <= maxSourcePixels else {
        throw .sourceTooLarge(frame: region.sheetFrame, size: source, limit: maxSourcePixels)
      }
      guard fits(placed.x, placed.width, in: source.width), fits(placed.y, placed.height, in: source.height) else {
        throw .frameOutsideSource(frame: region.sheetFrame)
      }
    }
  }

  /// `width × height × 4`, or `nil` for a negative size or an overflow.
  private static func byteCount(_ width: Int, _ height: Int) -> Int? {
    guard width >= 0, height >= 0 else { return nil }
    let (pixels, o1) = width.multipliedReportingOverflow(by: height)
    let (bytes, o2) = pixels.multipliedReportingOverflow(by: 4)
    return o1 || o2 ? nil : bytes
  }

  /// Whether `start..<start + length` lies inside `0..<bound`.
  private static func fits(_ start: Int, _ length: Int, in bound: Int) -> Bool {
    start >= 0 && length >= 0 && length <= bound && start <= bound - length
  }
}
