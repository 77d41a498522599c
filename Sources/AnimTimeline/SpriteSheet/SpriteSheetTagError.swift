/// Why a tag of a sprite sheet could not be looked up
/// (``AsepriteSheet/clip(named:)``, ``AsepriteSheet/tagIndex(named:)``,
/// ``AsepriteSheet/clip(forTag:)``).
///
/// Aseprite does not make tag names unique, and real exports have
/// duplicates: reading accepts them, and a lookup by such a name says
/// which tags share it instead of picking one.
public enum SpriteSheetTagError: Error, Hashable, Sendable, CustomStringConvertible {
  /// No tag has this name (names compare by their UTF-8 bytes).
  case unknownTag(name: String, available: [String])
  /// Several tags have this name: `tags` are their indices in
  /// ``AsepriteSheet/tags``, at least two. Look one up by index
  /// (``AsepriteSheet/clip(forTag:)``).
  case ambiguousTag(name: String, tags: [Int])
  /// A tag index outside `0..<count`.
  case tagIndexOutOfRange(index: Int, count: Int)

  /// What went wrong, naming the tag.
  public var description: String {
    switch self {
    case let .unknownTag(name, available):
      let names = available.map { "'\($0)'" }.joined(separator: ", ")
      return "no tag '\(name)' (\(available.isEmpty ? "the sheet has no tags" : "tags: " + names))"
    case let .ambiguousTag(name, tags):
      return "tag name '\(name)' is ambiguous: tags \(tags.map(String.init).joined(separator: ", ")) have it; "
        + "choose one by index"
    case let .tagIndexOutOfRange(index, count):
      return "tag index \(index) is out of range 0..<\(count)"
    }
  }
}
