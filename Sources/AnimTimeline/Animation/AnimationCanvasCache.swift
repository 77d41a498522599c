#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A byte-budgeted cache of canvases keyed by frame index.
///
/// Each entry costs its pixel bytes plus ``entryOverhead``; the total never
/// exceeds the budget (an entry larger than the budget is simply not kept).
/// Eviction removes the least recently used entry that is not a checkpoint,
/// or, when only checkpoints remain, the least recently used checkpoint.
///
/// The cache owns its canvases: it stores copies, and hands them out
/// either to be copied from or lent (``lend(_:)``: drawn on in place and
/// given back as they were), so their storage is never shared and an
/// evicted canvas's storage takes the next canvas stored.
///
/// Keys are small integers, `0..<keyCount` (a frame's index, or one past
/// the frames for a composited frame kept: ``AnimationDecodingState``), so
/// the entries sit in an array indexed by key, made at the first insert:
/// a lookup is an index, not a hash.
// bench decode of a 4x4 APNG --reopen: a dictionary's hashing, storage
// and resizing were 5 % of a play (callgrind).
struct AnimationCanvasCache: Sendable {
  struct Entry: Sendable {
    /// The canvas; empty while it is lent, or when none is stored.
    var pixels: [UInt8] = []
    /// The canvas's bytes, lent or not; 0 when none is stored.
    var byteCount = 0
    var lastUse: UInt64 = 0
    var isCheckpoint = false
    /// Whether the canvas is lent (``lend(_:)``): not handed out, not
    /// evicted, still counted against the budget.
    var isLent = false
    /// The keys stored before and after this one in the list of stored
    /// keys (``AnimationCanvasCache/firstStored``), -1 at either end.
    var previous = -1
    var next = -1

    /// Whether a canvas is stored (lent or not).
    var isStored: Bool { byteCount > 0 }
    /// Whether a canvas is stored and not lent.
    var isAvailable: Bool { byteCount > 0 && !isLent }
  }

  /// The bytes an entry costs besides its pixels (bookkeeping).
  static let entryOverhead = 64

  let budget: Int
  /// The keys are `0..<keyCount`.
  let keyCount: Int
  /// The entry of each key (``Entry/isStored`` where a canvas is);
  /// empty until the first insert, then `keyCount` long.
  private(set) var entries: [Entry] = []
  /// The first key of the list of stored keys, linked through the
  /// entries (``Entry/next``), in no order; -1 when none is stored. It is
  /// what an eviction walks, so that it costs the entries, not the keys,
  /// and it needs no allocation of its own.
  // An array of the stored keys was an allocation a provider: 150
  // instructions of a 4x4 APNG's opening (callgrind).
  private(set) var firstStored = -1
  private(set) var bytes = 0
  /// How many canvases are stored.
  private(set) var count = 0
  private(set) var peakBytes = 0
  private(set) var evictions = 0
  private var clock: UInt64 = 0

  /// An empty cache of `budget` bytes for the keys `0..<keyCount`.
  init(budget: Int, keyCount: Int) {
    self.budget = max(0, budget)
    self.keyCount = max(0, keyCount)
  }

  /// The canvas stored for `key`, marking it used; `nil` while it is lent.
  mutating func canvas(for key: Int) -> [UInt8]? {
    guard entries.indices.contains(key), entries[key].isAvailable else { return nil }
    clock &+= 1
    entries[key].lastUse = clock
    return entries[key].pixels
  }

  /// Whether `key` is stored and not lent, without marking it used.
  func contains(_ key: Int) -> Bool { entries.indices.contains(key) && entries[key].isAvailable }

  /// Takes the canvas stored for `key` out of the cache, marking it used,
  /// for the caller to draw on in place and give back unchanged with
  /// ``giveBack(_:for:)``: meanwhile the entry keeps its place in the
  /// budget, but is neither handed out nor evicted. The caller holds the
  /// only reference, so drawing on it copies nothing.
  // bench share gifplayer-muybridge.gif --timelines 1000: a request that
  // started from a checkpoint copied the whole canvas out of the cache
  // (53 % of the time, memmove) to draw one or two small frames on it.
  mutating func lend(_ key: Int) -> [UInt8]? {
    guard entries.indices.contains(key), entries[key].isAvailable else { return nil }
    clock &+= 1
    entries[key].lastUse = clock
    entries[key].isLent = true
    // Out of the entry: the caller then holds the only reference.
    let pixels = entries[key].pixels
    entries[key].pixels = []
    return pixels
  }

  /// Puts back a canvas lent by ``lend(_:)``, as it was lent.
  mutating func giveBack(_ pixels: [UInt8], for key: Int) {
    guard entries.indices.contains(key), entries[key].isLent, pixels.count == entries[key].byteCount else {
      #if ANIMTIMELINE_INTERNAL_CHECKS
      preconditionFailure("a canvas given back that was not lent")
      #else
      return
      #endif
    }
    entries[key].pixels = pixels
    entries[key].isLent = false
  }

  /// Whether ``insert(copying:for:isCheckpoint:)`` would store a canvas of
  /// `byteCount` bytes for `key`; with a key out of range, whether it
  /// would store one for a key not stored.
  func wouldStore(_ byteCount: Int, for key: Int, isCheckpoint: Bool) -> Bool {
    let cost = byteCount + Self.entryOverhead
    let stored = entries.indices.contains(key) && entries[key].isStored
    return cost <= budget && !stored && (isCheckpoint || bytes + cost <= budget)
  }

  /// Stores a copy of `pixels` for `key`; returns whether it was stored.
  /// A checkpoint evicts what it needs to; any other canvas is stored only
  /// when it fits without evicting (trading one canvas that is not a
  /// checkpoint for another costs a copy and buys a seek nothing that the
  /// checkpoints do not already bound). The copy goes into the storage of
  /// the last entry evicted when it has the same size, so a full cache
  /// takes a checkpoint without allocating.
  ///
  /// - Complexity: O(*e*) per eviction for *e* entries, plus the copy.
  // bench share (gifplayer-muybridge.gif, 1,000 timelines): storing every
  // canvas a seek replays, evicting another, spent 38 % of the time
  // copying canvases. Reusing an evicted canvas's storage instead of
  // freeing it and allocating another avoids a fresh allocation's page
  // faults.
  @discardableResult
  mutating func insert(copying pixels: [UInt8], for key: Int, isCheckpoint: Bool) -> Bool {
    // An empty canvas would read as no entry (``Entry/isStored``); no
    // provider has one.
    guard key >= 0, key < keyCount, !pixels.isEmpty, wouldStore(pixels.count, for: key, isCheckpoint: isCheckpoint)
    else { return false }
    let cost = pixels.count + Self.entryOverhead
    // The evicted pixels, referenced from here only (the cache never
    // shares its canvases), so writing them copies nothing more.
    var storage: [UInt8] = []
    while bytes + cost > budget {
      guard let evicted = evictOne() else { return false }
      storage = evicted
    }
    if storage.count == pixels.count {
      storage.withUnsafeMutableBufferPointer { target in
        pixels.withUnsafeBufferPointer { source in _ = target.update(fromContentsOf: source) }
      }
    } else if pixels.count < Self.prefaultSize {
      storage = [UInt8](copying: pixels)
    } else {
      storage = [UInt8](unsafeUninitializedCapacity: pixels.count) { target, initialized in
        Self.prefault(target)
        pixels.withUnsafeBufferPointer { source in _ = target.initialize(fromContentsOf: source) }
        initialized = pixels.count
      }
    }
    clock &+= 1
    // By `map`, which allocates through this module's specialization:
    // `Array(repeating:count:)` looked up the array's metadata at run time
    // (720 instructions against 260, callgrind, a 4x4 APNG's 4 keys).
    if entries.isEmpty { entries = (0..<keyCount).map { _ in Entry() } }
    entries[key] = Entry(
      pixels: storage, byteCount: storage.count, lastUse: clock, isCheckpoint: isCheckpoint, next: firstStored)
    if firstStored >= 0 { entries[firstStored].previous = key }
    firstStored = key
    count += 1
    bytes += cost
    peakBytes = max(peakBytes, bytes)
    #if ANIMTIMELINE_INTERNAL_CHECKS
    precondition(bytes <= budget, "cache over budget")
    #endif
    return true
  }

  /// The smallest canvas whose storage ``prefault(_:)`` maps at once;
  /// smaller ones are copied by ``Swift/Array/init(copying:)``.
  private static let prefaultSize = 1 << 16

  /// Asks the kernel to map the pages of fresh memory all at once, before
  /// it is written, instead of taking one page fault per page (Linux 5.14
  /// and later; elsewhere, or when refused, the writes fault as usual).
  // bench decode (gifplayer-muybridge.gif --repeat 1), whose first play
  // stores 95 checkpoints (53 MB): page faults 13.9k -> 1.1k, system time
  // about 40 -> 30 ms (perf stat, three runs each).
  private static func prefault(_ memory: UnsafeMutableBufferPointer<UInt8>) {
    #if os(Linux) && canImport(Glibc)
    guard let base = memory.baseAddress, memory.count >= prefaultSize else { return }
    let page = Int(sysconf(Int32(_SC_PAGESIZE)))
    guard page > 0 else { return }
    let start = (Int(bitPattern: base) + page - 1) / page * page
    let end = (Int(bitPattern: base) + memory.count) / page * page
    guard end > start, let aligned = UnsafeMutableRawPointer(bitPattern: start) else { return }
    _ = madvise(aligned, end - start, MADV_POPULATE_WRITE)
    #endif
  }

  /// The most keys ``_checkInvariants(canvasByteCount:)`` and the
  /// provider's checks walk (a file of up to half as many frames); a walk
  /// per frame of a longer one would make a debug build's playback
  /// quadratic in frames.
  static let entriesWalkedByChecks = 4096

  /// Checks the cache's invariants; compiled only with
  /// `ANIMTIMELINE_INTERNAL_CHECKS` (debug builds and tests), like
  /// `TimelineCore._checkInvariants()`. Every entry must be a canvas of
  /// `canvasByteCount` bytes.
  ///
  /// - Complexity: O(*k*) for *k* keys, up to ``entriesWalkedByChecks``;
  ///   O(1) above.
  @inline(__always)
  func _checkInvariants(canvasByteCount: Int) {
    #if ANIMTIMELINE_INTERNAL_CHECKS
    precondition(budget >= 0, "negative cache budget")
    precondition(bytes >= 0 && bytes <= budget, "cache over budget")
    precondition(bytes <= peakBytes && peakBytes <= budget, "peak cached bytes out of step")
    precondition((count == 0) == (bytes == 0), "cached bytes out of step with the entries")
    precondition(entries.isEmpty || entries.count == keyCount, "entries not one a key")
    precondition(evictions >= 0, "negative eviction count")
    guard entries.count <= Self.entriesWalkedByChecks else { return }
    var total = 0
    var stored = 0
    var uses = Set<UInt64>(minimumCapacity: count)
    for (key, entry) in entries.enumerated() where entry.isStored {
      stored += 1
      precondition(entry.previous == -1 ? firstStored == key : entries[entry.previous].next == key, "a key stored but not listed")
      precondition(entry.next == -1 || entries[entry.next].previous == key, "the list of stored keys broken")
      precondition(entry.byteCount == canvasByteCount, "a cached canvas is not width*height*4 bytes")
      precondition(entry.pixels.count == (entry.isLent ? 0 : entry.byteCount), "a lent canvas still held, or one short")
      precondition(entry.lastUse >= 1 && entry.lastUse <= clock, "a use stamp the clock never gave")
      precondition(uses.insert(entry.lastUse).inserted, "two entries with one use stamp: no LRU order")
      total += entry.byteCount + Self.entryOverhead
    }
    precondition(total == bytes, "cached bytes differ from the sum of the entries")
    precondition(stored == count, "the count of canvases differs from the entries")
    #endif
  }

  /// Removes one entry not lent (see the type's eviction order) and
  /// returns its pixels, or `nil` when there is none.
  private mutating func evictOne() -> [UInt8]? {
    var victim: Int? = nil
    var victimUse = UInt64.max
    var victimIsCheckpoint = true
    var key = firstStored
    while key >= 0 {
      let entry = entries[key]
      defer { key = entry.next }
      guard !entry.isLent else { continue }
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
    guard let key = victim else { return nil }
    let entry = entries[key]
    entries[key] = Entry()
    // Out of the list of stored keys.
    if entry.previous >= 0 { entries[entry.previous].next = entry.next } else { firstStored = entry.next }
    if entry.next >= 0 { entries[entry.next].previous = entry.previous }
    count -= 1
    bytes -= entry.byteCount + Self.entryOverhead
    evictions += 1
    return entry.pixels
  }
}
