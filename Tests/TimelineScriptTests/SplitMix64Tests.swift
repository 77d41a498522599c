import Testing
import TimelineScript

@Suite struct SplitMix64Tests {
  @Test func knownOutputsForSeedZero() {
    // Reference values of SplitMix64 (Vigna's splitmix64.c) seeded with 0.
    var rng = SplitMix64(seed: 0)
    #expect(rng.next() == 0xE220_A839_7B1D_CDAF)
    #expect(rng.next() == 0x6E78_9E6A_A1B9_65F4)
    #expect(rng.next() == 0x06C4_5D18_8009_454F)
  }
}
