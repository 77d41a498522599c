/// One cue reached by a tick: the tick reached `count` display slots
/// showing `frame`, which carries the cue `name`.
public struct CueHit: Hashable, Sendable {
  /// The cue's name.
  public var name: String
  /// The provider frame the cue is on.
  public var frame: Int
  /// How many slots showing `frame` the tick reached (saturated at
  /// `Int64.max`): more than 1 when a long tick went round several times.
  public var count: Int64

  /// A cue hit.
  public init(name: String, frame: Int, count: Int64) {
    self.name = name
    self.frame = frame
    self.count = count
  }
}
