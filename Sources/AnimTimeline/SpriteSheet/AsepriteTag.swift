/// A tag of an Aseprite export (`meta.frameTags`): a named range of sheet
/// frames with a direction and a repeat count.
public struct AsepriteTag: Hashable, Sendable {
  /// The tag's name. Aseprite does not require names to be unique.
  public let name: String
  /// The sheet frames it covers, `from...to`.
  public let frames: ClosedRange<Int>
  /// The direction it plays in.
  public let direction: AsepriteDirection
  /// The export's `repeat`: how many direction passes a play makes, or 0
  /// when the export has none (Aseprite's "∞": the tag loops forever in the
  /// editor, and plays ``passes`` passes when Aseprite exports it).
  public let repeats: Int

  /// A tag. The reader checks the values; tests build tags directly.
  init(name: String, frames: ClosedRange<Int>, direction: AsepriteDirection, repeats: Int) {
    self.name = name
    self.frames = frames
    self.direction = direction
    self.repeats = repeats
  }
}
