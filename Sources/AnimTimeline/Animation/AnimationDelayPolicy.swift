/// How a frame's stored delay becomes its playing duration, for every
/// animated format.
public enum AnimationDelayPolicy: Hashable, Sendable {
  /// Browsers' rule: a delay of 10 ms or less (in whole milliseconds as
  /// the browser reads it: a GIF's 0 or 1 cs, an APNG's `num/den` below 11
  /// ms) plays as 100 ms.
  case browser
  /// The delay as written, to the nanosecond (0 stays 0).
  case raw
  /// Any delay below the given nanoseconds is raised to it.
  case minimum(nanoseconds: Int64)

  /// The duration of a delay of `raw` nanoseconds, which a browser reads
  /// as `browserMilliseconds` whole milliseconds.
  func duration(raw: Int64, browserMilliseconds: Int64) -> Int64 {
    switch self {
    case .browser: browserMilliseconds <= 10 ? 100_000_000 : browserMilliseconds * 1_000_000
    case .raw: raw
    case let .minimum(nanoseconds): max(raw, nanoseconds)
    }
  }
}
