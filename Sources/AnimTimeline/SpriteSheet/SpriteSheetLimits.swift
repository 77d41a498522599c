/// Limits that ``AsepriteSheet`` checks before it allocates.
///
/// The defaults admit every export Aseprite can write (its file format
/// stores frame counts, tag counts, frame durations in milliseconds and
/// repeat counts in 16 bits) and bound the memory a hostile file can take.
public struct SpriteSheetLimits: Hashable, Sendable {
  /// The largest JSON file, in bytes. Default 16 MiB.
  public var maxFileBytes: Int
  /// The most frames. Default 65,535.
  public var maxFrames: Int
  /// The most tags. Default 65,535.
  public var maxTags: Int
  /// The longest frame duration, in milliseconds (the shortest is 1).
  /// Default 65,535.
  public var maxFrameMilliseconds: Int64
  /// The largest tag `repeat`. Default 65,535.
  public var maxRepeats: Int
  /// The most provider frames in the ``SpriteSheetDisplayList`` (the sheet
  /// frames plus the expanded ping-pong tags). Default 2^20.
  public var maxDisplayFrames: Int
  /// The deepest nesting of JSON arrays and objects. Default 64.
  public var maxDepth: Int
  /// The longest JSON string (a name, a path, user data), in UTF-8 bytes.
  /// Default 1 MiB.
  public var maxStringBytes: Int

  /// Limits with the given values; see each property for its default.
  public init(
    maxFileBytes: Int = 16 << 20, maxFrames: Int = 65_535, maxTags: Int = 65_535,
    maxFrameMilliseconds: Int64 = 65_535, maxRepeats: Int = 65_535, maxDisplayFrames: Int = 1 << 20,
    maxDepth: Int = 64, maxStringBytes: Int = 1 << 20
  ) {
    self.maxFileBytes = maxFileBytes
    self.maxFrames = maxFrames
    self.maxTags = maxTags
    self.maxFrameMilliseconds = maxFrameMilliseconds
    self.maxRepeats = maxRepeats
    self.maxDisplayFrames = maxDisplayFrames
    self.maxDepth = maxDepth
    self.maxStringBytes = maxStringBytes
  }

  /// The JSON reader's limits: one array or object may hold a frame or a
  /// tag more than allowed (so that the sheet reports the precise error),
  /// and at least 65,536 elements (slices, layers).
  var json: JSONLimits {
    JSONLimits(
      maxInputBytes: maxFileBytes, maxDepth: maxDepth,
      maxElements: max(maxFrames, maxTags, 65_535) + 1,
      maxStringBytes: maxStringBytes, maxNumberBytes: 256)
  }
}
