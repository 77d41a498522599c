/// The set of run modes in which a timeline advances.
public struct RunModes: Hashable, Sendable, CustomStringConvertible {
  @usableFromInline static let defaultBit: UInt8 = 1
  @usableFromInline static let trackingBit: UInt8 = 2
  @usableFromInline static let commonBit: UInt8 = 4

  /// The names as given, without duplicates, in their first order. (First,
  /// so that `activeBits` ends the value: in a timeline the next one-byte
  /// field can follow it.)
  public private(set) var names: [String] = []

  /// The well-known modes that are active (common sets default and tracking too).
  @usableFromInline
  internal var activeBits: UInt8 = 0

  /// The modes `names` (compared byte for byte, like ``RunMode``).
  ///
  /// - Complexity: O(*n*²) in the number of names (a handful in practice).
  public init(_ names: some Sequence<String>) {
    for name in names where !self.names.contains(where: { $0.utf8.elementsEqual(name.utf8) }) {
      self.names.append(name)
      let bit = RunMode(name).bit
      activeBits |= bit
      if bit == RunModes.commonBit {
        activeBits |= RunModes.defaultBit | RunModes.trackingBit
      }
    }
  }

  /// Only the default mode.
  public static let `default` = RunModes(["default"])

  /// The default and tracking modes (the run loop's common modes).
  public static let common = RunModes(["common"])

  /// Whether a tick in `mode` advances a timeline with these modes.
  ///
  /// - Complexity: O(1) for default, tracking and common; O(*n*) for other names.
  @inlinable
  public func isActive(in mode: RunMode) -> Bool {
    if mode.bit != 0 { return activeBits & mode.bit != 0 }
    return names.contains { $0.utf8.elementsEqual(mode.name.utf8) }
  }

  /// Whether a tick in the default mode advances a timeline with these modes.
  @inlinable
  public var isActiveInDefault: Bool { activeBits & RunModes.defaultBit != 0 }

  /// Whether two sets hold the same names, in the same order, byte for byte.
  public static func == (lhs: RunModes, rhs: RunModes) -> Bool {
    lhs.names.count == rhs.names.count
      && zip(lhs.names, rhs.names).allSatisfy { $0.utf8.elementsEqual($1.utf8) }
  }

  /// Hashes the names' UTF-8 bytes, consistently with `==`.
  public func hash(into hasher: inout Hasher) {
    for name in names {
      hasher.combine(name.utf8.count)
      for byte in name.utf8 { hasher.combine(byte) }
    }
  }

  /// The names joined by commas.
  public var description: String { names.joined(separator: ",") }
}
