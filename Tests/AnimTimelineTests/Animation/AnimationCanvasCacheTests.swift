import Testing
@testable import AnimTimeline

/// The canvas cache on its own: entries by key in `0..<keyCount`, the
/// budget, the eviction order, and lending.
@Suite struct AnimationCanvasCacheTests {
  /// A canvas of `bytes` bytes, each `value`.
  static func canvas(_ value: UInt8, bytes: Int = 16) -> [UInt8] { [UInt8](repeating: value, count: bytes) }

  /// The cost of one 16-byte canvas.
  static let cost = 16 + AnimationCanvasCache.entryOverhead

  @Test func keysOutsideTheRangeAndEmptyCanvasesAreNeverStored() {
    var cache = AnimationCanvasCache(budget: 10 * Self.cost, keyCount: 4)
    let outside = [
      cache.insert(copying: Self.canvas(1), for: -1, isCheckpoint: true),
      cache.insert(copying: Self.canvas(1), for: 4, isCheckpoint: true),
      cache.insert(copying: [], for: 2, isCheckpoint: true),
    ]
    #expect(outside == [false, false, false], "two keys out of range and an empty canvas")
    #expect(cache.count == 0 && cache.bytes == 0)
    let inside = cache.insert(copying: Self.canvas(1), for: 3, isCheckpoint: true)
    #expect(inside)
    let stored = cache.canvas(for: 3)
    let (above, below, lent) = (cache.canvas(for: 4), cache.canvas(for: -1), cache.lend(4))
    #expect(stored == Self.canvas(1))
    #expect(above == nil && below == nil && lent == nil)
    #expect(!cache.contains(4) && !cache.contains(-1))
    // A key out of range asks whether a canvas would fit at all.
    #expect(cache.wouldStore(16, for: -1, isCheckpoint: false))
    #expect(!cache.wouldStore(16, for: 3, isCheckpoint: true), "key 3 is stored")
    #expect(cache.count == 1 && cache.bytes == Self.cost)
    cache._checkInvariants(canvasByteCount: 16)
  }

  /// Full of checkpoints and other canvases: a checkpoint evicts the least
  /// recently used canvas that is not a checkpoint first; another canvas
  /// never evicts.
  @Test func evictionTakesTheLeastRecentlyUsedCanvasThatIsNotACheckpoint() {
    var cache = AnimationCanvasCache(budget: 3 * Self.cost, keyCount: 8)
    var stored = [
      cache.insert(copying: Self.canvas(1), for: 1, isCheckpoint: true),
      cache.insert(copying: Self.canvas(5), for: 5, isCheckpoint: false),
      cache.insert(copying: Self.canvas(6), for: 6, isCheckpoint: false),
    ]
    #expect(stored == [true, true, true])
    stored = [cache.insert(copying: Self.canvas(7), for: 7, isCheckpoint: false)]
    #expect(stored == [false], "full: no eviction for a frame")
    _ = cache.canvas(for: 5)  // 6 is now the least recently used frame
    stored = [cache.insert(copying: Self.canvas(2), for: 2, isCheckpoint: true)]
    #expect(stored == [true])
    #expect(cache.contains(5) && !cache.contains(6) && cache.evictions == 1)
    stored = [cache.insert(copying: Self.canvas(3), for: 3, isCheckpoint: true)]
    #expect(stored == [true])
    #expect(!cache.contains(5) && cache.evictions == 2)
    // Only checkpoints left: the least recently used of them goes.
    _ = cache.canvas(for: 1)
    stored = [cache.insert(copying: Self.canvas(4), for: 4, isCheckpoint: true)]
    #expect(stored == [true])
    #expect(cache.contains(1) && !cache.contains(2) && cache.contains(3) && cache.contains(4))
    #expect(cache.count == 3 && cache.bytes == 3 * Self.cost && cache.peakBytes == 3 * Self.cost)
    cache._checkInvariants(canvasByteCount: 16)
  }

  /// A lent canvas is neither handed out nor evicted, still counts against
  /// the budget, and comes back as it was.
  @Test func aLentCanvasStaysCountedAndComesBack() {
    var cache = AnimationCanvasCache(budget: 2 * Self.cost, keyCount: 4)
    let first = cache.insert(copying: Self.canvas(1), for: 1, isCheckpoint: true)
    let second = cache.insert(copying: Self.canvas(2), for: 2, isCheckpoint: true)
    #expect(first && second)
    let lent = cache.lend(1)
    #expect(lent == Self.canvas(1))
    let (whileLent, lentAgain) = (cache.canvas(for: 1), cache.lend(1))
    #expect(whileLent == nil && lentAgain == nil && !cache.contains(1))
    #expect(cache.bytes == 2 * Self.cost && cache.count == 2)
    // The only canvas that can go is 2.
    let third = cache.insert(copying: Self.canvas(3), for: 3, isCheckpoint: true)
    #expect(third && !cache.contains(2) && cache.contains(3))
    cache.giveBack(lent ?? [], for: 1)
    let back = cache.canvas(for: 1)
    #expect(back == Self.canvas(1))
    cache._checkInvariants(canvasByteCount: 16)
  }
}
