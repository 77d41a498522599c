/// A static search tree over sorted `Int64` keys that counts the keys at
/// most `x` by reading one block of 16 keys per level.
///
/// Level 0 is the keys themselves; each level above holds every 16th key of
/// the level below, until a level fits in one block. Every level is padded
/// with `Int64.max` to whole blocks (at least one) and all levels share one array, level 0
/// first, so `storage[i]` is key `i` for `i < keyCount`.
///
/// A binary search over 10⁶ keys (8 MB) makes about 20 dependent reads, the
/// last ten or so of them cache misses; this tree makes 5, of which usually
/// only the level-0 block misses. `timeline-demo bench seek --frames 1000000`
/// measures it (Docs/Performance.md, "Seek").
@usableFromInline
struct RankIndex: Sendable {
  static let fanout = 16

  /// The levels, level 0 first, each padded to whole blocks.
  @usableFromInline let storage: [Int64]
  /// Where each level starts in `storage`, level 0 first.
  let levelStarts: [Int]
  /// The number of keys.
  let keyCount: Int

  /// Builds the tree over `keys`, which must be sorted in increasing order.
  ///
  /// - Complexity: O(*n*).
  init(keys: [Int64]) {
    let fanout = Self.fanout
    var storage = keys
    var levelStarts = [0]
    var levelStart = 0
    var levelCount = keys.count
    while true {
      // At least one block, even with no keys.
      let padding = levelCount == 0 ? fanout : (fanout - levelCount % fanout) % fanout
      storage.append(contentsOf: repeatElement(.max, count: padding))
      guard levelCount > fanout else { break }
      let next = storage.count
      for i in stride(from: levelStart, to: levelStart + levelCount, by: fanout) {
        storage.append(storage[i])
      }
      levelStart = next
      levelCount = storage.count - next
      levelStarts.append(levelStart)
    }
    self.storage = storage
    self.levelStarts = levelStarts
    self.keyCount = keys.count
  }

  /// The number of keys `<= x`, for `x < Int64.max` (the padding value).
  ///
  /// - Complexity: O(log *n*): 16 comparisons on each of log₁₆ *n* levels.
  func rank(of x: Int64) -> Int {
    storage.withUnsafeBufferPointer { keys in
      levelStarts.withUnsafeBufferPointer { starts in
        // Within the level being read, the block starts at `block`: at the
        // top level it is the only block; below, key `16 * r` of the level is
        // key `r` of the level above, the largest there that is `<= x`, so
        // the answer lies in the 16 keys from it. Every block read lies inside
        // its padded level, so the reads need no bounds checks.
        var block = 0
        var level = starts.count - 1
        while true {
          let base = starts[level] &+ block
          var count = 0
          for i in 0..<Self.fanout {
            count &+= keys[base &+ i] <= x ? 1 : 0
          }
          if level == 0 { return block &+ count }
          if count == 0 { return 0 }  // x is below every key
          block = (block &+ count &- 1) &* Self.fanout
          level &-= 1
        }
      }
    }
  }
}
