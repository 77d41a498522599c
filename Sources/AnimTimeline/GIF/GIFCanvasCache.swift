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

  /// The most entries ``_checkInvariants(canvasByteCount:)`` and the
  /// provider's checks walk. The budget bounds entries × canvas bytes, so
  /// only canvases of a few pixels make more entries than this; a walk per
  /// frame would then make a debug build's playback quadratic in frames.
  static let entriesWalkedByChecks = 4096

  /// Checks the cache's invariants; compiled only with
  /// `ANIMTIMELINE_INTERNAL_CHECKS` (debug builds and tests), like
  /// `TimelineCore._checkInvariants()`. Every entry must be a canvas of
  /// `canvasByteCount` bytes.
  ///
  /// - Complexity: O(*e*) for *e* entries, up to ``entriesWalkedByChecks``;
  ///   O(1) above.
  @inline(__always)
  func _checkInvariants(canvasByteCount: Int) {
    #if ANIMTIMELINE_INTERNAL_CHECKS
    precondition(budget >= 0, "negative cache budget")
    precondition(bytes >= 0 && bytes <= budget, "cache over budget")
    precondition(bytes <= peakBytes && peakBytes <= budget, "peak cached bytes out of step")
    precondition(entries.isEmpty == (bytes == 0), "cached bytes out of step with the entries")
    precondition(evictions >= 0, "negative eviction count")
    if let spare { precondition(spare.count == canvasByteCount, "the spare is not a canvas") }
    guard entries.count <= Self.entriesWalkedByChecks else { return }
    var total = 0
    var uses = Set<UInt64>(minimumCapacity: entries.count)
    for entry in entries.values {
      precondition(entry.pixels.count == canvasByteCount, "a cached canvas is not width*height*4 bytes")
      precondition(entry.lastUse >= 1 && entry.lastUse <= clock, "a use stamp the clock never gave")
      precondition(uses.insert(entry.lastUse).inserted, "two entries with one use stamp: no LRU order")
      total += entry.pixels.count + Self.entryOverhead
    }
    precondition(total == bytes, "cached bytes differ from the sum of the entries")
    #endif
  }

  #if ANIMTIMELINE_INTERNAL_CHECKS
  /// The storage of the spare canvas, if any, for the provider's count of
  /// the canvases it holds outside the cache.
  var _spareStorage: UnsafeRawPointer? { spare?.withUnsafeBytes { $0.baseAddress } }
  #endif

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
