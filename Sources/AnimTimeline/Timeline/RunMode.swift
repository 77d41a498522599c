/// The name of a mode a tick runs in, like a run-loop mode.
///
/// A timeline advances only on ticks whose mode is in its ``RunModes``;
/// the mode ``common`` in that set also matches ``default`` and
/// ``tracking``, like the run loop's common modes.
public struct RunMode: Hashable, Sendable, ExpressibleByStringLiteral, CustomStringConvertible {
  /// The mode's name. Names match literally.
  public let name: String

  /// A bit for the well-known names (default, tracking, common), 0 for
  /// any other, so the common case is a mask test.
  @usableFromInline
  internal let bit: UInt8

  /// A mode with the given name.
  public init(_ name: String) {
    self.name = name
    switch name {
    case "default": bit = RunModes.defaultBit
    case "tracking": bit = RunModes.trackingBit
    case "common": bit = RunModes.commonBit
    default: bit = 0
    }
  }

  /// A mode from a string literal.
  public init(stringLiteral value: String) { self.init(value) }

  /// The mode ticks run in unless told otherwise.
  public static let `default` = RunMode("default")
  /// The mode of a scroll view being dragged.
  public static let tracking = RunMode("tracking")
  /// The pseudo-mode that, in a timeline's modes, matches default and tracking.
  public static let common = RunMode("common")

  /// The mode's name.
  public var description: String { name }

  /// Whether two modes have the same name, byte for byte: names match
  /// literally (`"é"` and `"e\u{301}"` are different modes), unlike
  /// `String`'s `==`, which compares canonical equivalents as equal.
  public static func == (lhs: RunMode, rhs: RunMode) -> Bool {
    lhs.name.utf8.elementsEqual(rhs.name.utf8)
  }

  /// Hashes the name's UTF-8 bytes, consistently with `==`.
  public func hash(into hasher: inout Hasher) {
    for byte in name.utf8 { hasher.combine(byte) }
  }
}
