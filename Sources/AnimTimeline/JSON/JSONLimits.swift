/// The limits the JSON reader checks before it allocates.
///
/// Each limit bounds what one input can make the reader allocate: the input
/// itself, the container stack, one array or object, one string or one
/// number. ``AsepriteSheet`` derives its limits from ``SpriteSheetLimits``.
struct JSONLimits: Hashable, Sendable {
  /// The largest input, in bytes.
  var maxInputBytes: Int = 16 << 20
  /// The deepest nesting of arrays and objects (the top-level container is
  /// depth 1).
  var maxDepth: Int = 128
  /// The most elements in one array, or members in one object.
  var maxElements: Int = 1 << 20
  /// The longest string (a value or a key), in decoded UTF-8 bytes.
  var maxStringBytes: Int = 1 << 20
  /// The longest number, in bytes of its text.
  var maxNumberBytes: Int = 256
}
