import Testing
@testable import AnimTimeline
@testable import TimelineDemo

/// The two-level lookup against a linear scan, on tables spanning many
/// blocks of the coarse index.
@Suite struct FrameTableTests {
  @Test func lookupsMatchALinearScan() throws {
    var rng = SplitMix64(seed: 0xF4A3)
    for frames in [1, 2, 63, 64, 65, 127, 128, 129, 1_000, 4_097] {
      let durations = (0..<frames).map { _ in rng.next() % 4 == 0 ? Int64(0) : Int64(rng.next() % 50 + 1) }
      let table = try FrameTable(SyntheticFrameProvider(durations: durations))
      let m = table.shownCount
      guard m > 0 else { continue }
      let length = table.loopDuration
      for _ in 0..<500 {
        let p = Int64(rng.next() % UInt64(length))
        let forward = (0..<m).last { table.shownStarts[$0] <= p }!
        #expect(table.forwardPlace(containing: p, hint: -1) == forward)
        let q = p + 1  // 0 < q <= L
        let reversed = (0..<m).last { table.shownStarts[$0] < q }!
        #expect(table.reversedPlace(containing: q, hint: -1) == reversed)
      }
    }
  }
}
