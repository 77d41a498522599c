import Testing
@testable import AnimTimeline
import TimelineScript

/// The lookups against a linear scan, on tables whose search trees have
/// one to five levels, full and partly padded.
@Suite struct FrameTableTests {
  @Test func lookupsMatchALinearScan() throws {
    var rng = SplitMix64(seed: 0xF4A3)
    for frames in [1, 2, 15, 16, 17, 63, 64, 65, 255, 256, 257, 1_000, 4_096, 4_097, 70_000] {
      let durations = (0..<frames).map { _ in rng.next() % 4 == 0 ? Int64(0) : Int64(rng.next() % 50 + 1) }
      let table = try FrameTable(SyntheticFrameProvider(durations: durations))
      let m = table.shownCount
      guard m > 0 else { continue }
      let length = table.loopDuration
      for _ in 0..<PBTEnvironment.cases(500, atLeast: 50) {
        let p = Int64(rng.next() % UInt64(length))
        let forward = (0..<m).last { table.shownStarts[$0] <= p }!
        #expect(table.forwardPlace(containing: p, hint: -1) == forward)
        let q = p + 1  // 0 < q <= L
        let reversed = (0..<m).last { table.shownStarts[$0] < q }!
        #expect(table.reversedPlace(containing: q, hint: -1) == reversed)
      }
    }
  }

  /// `rank(of:)` counts the keys at most `x`, for keys anywhere in `Int64`,
  /// `x` (below `Int64.max`, the padding) below, between, on and above them, at every tree height.
  @Test func rankCountsTheKeysAtMostX() {
    var rng = SplitMix64(seed: 0x5EA7)
    for count in [0, 1, 2, 15, 16, 17, 31, 256, 257, 4_095, 4_096, 4_097, 65_537] {
      var keys: [Int64] = []
      var key = Int64.min + Int64(rng.next() % 1_000)
      for _ in 0..<count {
        keys.append(key)
        key += Int64(rng.next() % 1_000_000_000 + 1)
      }
      let index = RankIndex(keys: keys)
      #expect(Array(index.storage.prefix(count)) == keys)
      var probes: [Int64] = [.min, .max - 1, 0]
      for _ in 0..<300 where !keys.isEmpty {
        let k = keys[Int(rng.next() % UInt64(keys.count))]
        probes += [k - 1, k, k + 1]
      }
      for x in probes {
        // The keys rise strictly: the count is where they pass `x`, found
        // by bisection (a linear count over 65,537 keys took most of this
        // test's time under the sanitizers).
        var low = 0
        var high = keys.count
        while low < high {
          let middle = (low + high) / 2
          if keys[middle] <= x { low = middle + 1 } else { high = middle }
        }
        if count <= 257 { #expect(low == keys.count { $0 <= x }) }  // the bisection itself
        #expect(index.rank(of: x) == low, "rank of \(x) among \(count) keys")
      }
    }
  }
}
