/// Why a sprite-sheet provider cannot cut frames from a sheet image, or
/// hand out one frame's pixels.
///
/// ``SpriteSheetFrameProvider/init(sheet:image:maxSourcePixels:)`` checks
/// every sheet frame against the image before it accepts it, so that
/// ``SpriteSheetFrameProvider/image(at:)`` fails only for a frame index out
/// of range, a timeline of another provider, or a provider without an
/// image.
public enum SpriteSheetImageError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The provider was made without a sheet image.
  case noImage
  /// The display-list frame `index` is outside `0..<count`.
  case indexOutOfRange(index: Int, count: Int)
  /// ``SpriteSheetFrameProvider/image(shownBy:)`` was given a timeline made
  /// from another provider (see ``FrameProvider/frame(shownBy:)``).
  case timelineMismatch(TimelineMismatch)
  /// The image's pixel buffer does not hold `width × height × 4` bytes (or
  /// a dimension is negative).
  case invalidImage(width: Int, height: Int, byteCount: Int)
  /// The image is not the size the export gives (`meta.size`).
  case imageSizeMismatch(expected: ImageSize, actual: ImageSize)
  /// Sheet frame `frame` covers `area` (its rectangle, turned when
  /// rotated), which does not lie inside the image.
  case frameOutsideImage(frame: Int, area: SpriteSheetRect, image: ImageSize)
  /// Sheet frame `frame`'s `spriteSourceSize` is not the size of its
  /// rectangle (`frame.w` × `frame.h`).
  case trimSizeMismatch(frame: Int)
  /// Sheet frame `frame`'s pixels, placed at `spriteSourceSize`, do not lie
  /// inside its `sourceSize`.
  case frameOutsideSource(frame: Int)
  /// Sheet frame `frame`'s `sourceSize` has more pixels than the limit.
  case sourceTooLarge(frame: Int, size: ImageSize, limit: Int)

  /// A readable description naming the frame and the sizes.
  public var description: String {
    switch self {
    case let .timelineMismatch(mismatch):
      return mismatch.description
    case .noImage:
      return "the sprite-sheet provider has no sheet image"
    case let .indexOutOfRange(index, count):
      return "frame index \(index) is out of range 0..<\(count)"
    case let .invalidImage(width, height, byteCount):
      return "the sheet image of \(width)x\(height) pixels has \(byteCount) bytes of pixels, not width × height × 4"
    case let .imageSizeMismatch(expected, actual):
      return "the sheet image is \(actual.width)x\(actual.height) pixels, but the export's meta.size is \(expected.width)x\(expected.height)"
    case let .frameOutsideImage(frame, area, image):
      return "frame \(frame) covers \(area.width)x\(area.height) at (\(area.x),\(area.y)), outside the \(image.width)x\(image.height) sheet image"
    case let .trimSizeMismatch(frame):
      return "frame \(frame): spriteSourceSize is not the size of the frame's rectangle"
    case let .frameOutsideSource(frame):
      return "frame \(frame): spriteSourceSize does not lie inside sourceSize"
    case let .sourceTooLarge(frame, size, limit):
      return "frame \(frame): sourceSize \(size.width)x\(size.height) exceeds the limit of \(limit) pixels"
    }
  }
}
