/// A byte-budgeted cache of canvases keyed by frame index.
///
/// Each entry costs its pixel bytes plus ``entryOverhead``; the total never
/// exceeds the budget (an entry larger than the budget is simply not kept).
/// Eviction removes the least recently used entry that is not a checkpoint,
/// or, when only checkpoints remain, the least recently used checkpoint.
struct GIFCanvasCache: Sendable {
  struct Entry: Sendable {
    var pixels: [UInt8]
    var lastUse: UInt64
    var isCheckpoint: Bool
  }

  /// The bytes an entry costs besides its pixels (bookkeeping).
  static let entryOverhead = 64

  let budget: Int
  private(set) var entries: [Int: Entry] = [:]
  private(set) var bytes = 0
  private(set) var peakBytes = 0
  private(set) var evictions = 0
  private var clock: UInt64 = 0
  /// The pixels of the entry evicted last, until taken.
  private var spare: [UInt8]? = nil

  init(budget: Int) {
    self.budget = max(0, budget)
  }

  /// The canvas stored for `key`, marking it used.
  mutating func canvas(for key: Int) -> [UInt8]? {
    guard var entry = entries[key] else { return nil }
    clock &+= 1
    entry.lastUse = clock
    entries[key] = entry
    return entry.pixels
  }

  /// Whether `key` is stored, without marking it used.
  func contains(_ key: Int) -> Bool { entries[key] != nil }

  /// Stores `pixels` for `key`, evicting as needed; returns whether they
  /// were stored. Without `mayEvict`, an entry that is not a checkpoint is
  /// stored only when it fits without evicting.
  ///
  /// - Complexity: O(*e*) per eviction for *e* entries.
  @discardableResult
  mutating func insert(_ pixels: [UInt8], for key: Int, isCheckpoint: Bool, mayEvict: Bool = true) -> Bool {
    let cost = pixels.count + Self.entryOverhead
    guard cost <= budget, entries[key] == nil else { return false }
    guard isCheckpoint || mayEvict || bytes + cost <= budget else { return false }
    while bytes + cost > budget {
      guard evictOne() else { return false }
    }
    clock &+= 1
    entries[key] = Entry(pixels: pixels, lastUse: clock, isCheckpoint: isCheckpoint)
    bytes += cost
    peakBytes = max(peakBytes, bytes)
    #if ANIMTIMELINE_INTERNAL_CHECKS
    precondition(bytes <= budget, "cache over budget")
    #endif
    return true
  }

  /// Takes the pixels of the entry evicted last, if any (so their storage
  /// can be reused rather than freed), and forgets them.
  mutating func takeSpare() -> [UInt8]? {
    defer { spare = nil }
    return spare
  }

  private mutating func evictOne() -> Bool {
    var victim: Int? = nil
    var victimUse = UInt64.max
    var victimIsCheckpoint = true
    for (key, entry) in entries {
      // Prefer non-checkpoints; among equals, the least recently used.
      let better =
        (victimIsCheckpoint && !entry.isCheckpoint)
        || (entry.isCheckpoint == victimIsCheckpoint && entry.lastUse < victimUse)
      if victim == nil || better {
        victim = key
        victimUse = entry.lastUse
        victimIsCheckpoint = entry.isCheckpoint
      }
    }
    guard let key = victim, let entry = entries.removeValue(forKey: key) else { return false }
    bytes -= entry.pixels.count + Self.entryOverhead
    spare = entry.pixels
    evictions += 1
    return true
  }
}
