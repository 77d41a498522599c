/// The animation direction of an Aseprite tag, spelled as the JSON export
/// spells it.
///
/// See ``AsepriteTag/sheetFrame(atStep:)`` for the frames each direction
/// shows, and `Docs/SpriteSheets.md` for the reading of Aseprite's rules.
public enum AsepriteDirection: String, Hashable, Sendable, CaseIterable {
  /// `from` to `to`, every pass.
  case forward
  /// `to` to `from`, every pass.
  case reverse
  /// `from` to `to`, then back, turning without showing the end frame twice.
  case pingpong
  /// `to` to `from`, then back, turning without showing the end frame twice.
  case pingpongReverse = "pingpong_reverse"

  /// Whether passes alternate their direction.
  public var isPingPong: Bool { self == .pingpong || self == .pingpongReverse }

  /// Whether the first pass runs from `to` down to `from`.
  public var startsReversed: Bool { self == .reverse || self == .pingpongReverse }
}
