/// SplitMix64 (Steele, Lea and Flood): a tiny, fast generator whose whole
/// state is one `UInt64`, so any run replays exactly from its seed.
///
/// The one seeded generator of the project: the demo's jittered
/// simulations and benchmarks, the property tests and the fuzz targets all
/// draw from it.
public struct SplitMix64: RandomNumberGenerator, Sendable {
  /// The generator's whole state.
  public private(set) var state: UInt64

  /// A generator that starts from `seed`.
  public init(seed: UInt64) { state = seed }

  /// The next 64 random bits.
  public mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}
