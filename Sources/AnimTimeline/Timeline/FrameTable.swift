/// The exact frame boundaries of a provider, and the lookups the timeline
/// needs: which displayed frame holds a local time, forward or reversed.
///
/// Only frames with a positive duration are ever displayed, so the table
/// keeps their start times (`shownStarts`, ending with the loop duration
/// `L`) and, when some frame is hidden, their frame indices (`placeFrames`); every lookup
/// tries a one-step hint first, so that playback in order costs O(1), then
/// searches a ``RankIndex`` over the start times.
///
/// A class, immutable once made: every copy of a timeline shares one table
/// through one reference, so a timeline stays small (`timeline-demo bench
/// many` streams through a million of them each tick).
@usableFromInline
final class FrameTable: Sendable {
  /// `b[0...n]`: `b[0] = 0`, `b[j+1] = b[j] + d[j]`.
  let boundaries: [Int64]
  /// The search tree over `shownStarts`.
  @usableFromInline let starts: RankIndex
  /// The frame index of each displayed frame (`m` entries), or empty when
  /// every frame is displayed and place `r` shows frame `r`. Then mapping a
  /// place to its frame reads no memory: on long tables that saves a cache
  /// miss per seek (`timeline-demo bench seek --frames 1000000`, Docs/Performance.md),
  /// and `8n` bytes.
  @usableFromInline let placeFrames: [Int]
  /// The number of displayed frames `m`.
  let shownCount: Int

  /// Reads and checks the provider's durations.
  ///
  /// - Complexity: O(*n*).
  init<Provider: FrameProvider>(_ provider: Provider) throws(TimelineError) {
    let n = provider.frameCount
    guard n >= 1 else { throw .noFrames }
    // Frame numbers fit in 32 bits where a timeline keeps them compactly
    // (its queued clip); a table that large would need 16 GiB anyway.
    guard n <= Int(Int32.max) else { throw .tooManyFrames(count: n, limit: Int(Int32.max)) }
    var boundaries: [Int64] = []
    boundaries.reserveCapacity(n + 1)
    boundaries.append(0)
    var shownStarts: [Int64] = []
    var shownFrames: [Int] = []
    var total: Int64 = 0
    for j in 0..<n {
      let d = provider.frameDuration(at: j)
      guard d >= 0 else { throw .negativeDuration(frame: j, nanoseconds: d) }
      if d > 0 {
        shownStarts.append(total)
        shownFrames.append(j)
      }
      let (sum, overflow) = total.addingReportingOverflow(d)
      guard !overflow else { throw .durationOverflow }
      total = sum
      boundaries.append(total)
    }
    shownStarts.append(total)
    self.boundaries = boundaries
    self.starts = RankIndex(keys: shownStarts)
    self.shownCount = shownFrames.count
    self.placeFrames = shownFrames.count == n ? [] : shownFrames
  }

  /// The start of each displayed frame, then `L`: entries `0...m`. (The
  /// array is the search tree's storage: the entries after `m` are its
  /// padding and upper levels.)
  @inlinable
  var shownStarts: [Int64] { starts.storage }

  /// The number of frames `n`.
  var frameCount: Int { boundaries.count - 1 }

  /// The frame shown at place `r` (`0 <= r < m`).
  @inlinable @inline(__always)
  func frame(atPlace r: Int) -> Int {
    // Every caller passes a place in `0..<m` (a search result or a cursor's
    // neighbour): an unchecked read, for `timeline-demo bench tick`.
    placeFrames.isEmpty ? r : placeFrames.withUnsafeBufferPointer { $0[r] }
  }

  /// The loop duration `L`.
  var loopDuration: Int64 { boundaries[boundaries.count - 1] }

  /// Whether at most one frame is ever displayed.
  var isStatic: Bool { shownCount <= 1 }

  /// The frame a static timeline shows.
  var staticFrame: Int { shownCount > 0 ? frame(atPlace: 0) : 0 }

  /// The duration of frame `j`.
  func duration(ofFrame j: Int) -> Int64 { boundaries[j + 1] - boundaries[j] }

  /// The place `r` of the displayed frame with `shownStarts[r] <= p < shownStarts[r + 1]`,
  /// for `0 <= p < L`, trying `hint` first (a seek has none: `bench seek`).
  ///
  /// - Complexity: O(1) when `hint` is right, else O(log *m*).
  func forwardPlace(containing p: Int64, hint: Int?) -> Int {
    if let hint, hint >= 0, hint < shownCount, shownStarts[hint] <= p, p < shownStarts[hint + 1] {
      return hint
    }
    // Largest r with shownStarts[r] <= p; r < m since p < L.
    return starts.rank(of: p) - 1
  }

  /// The place `r` of the displayed frame with `shownStarts[r] < q <= shownStarts[r + 1]`,
  /// for `0 < q <= L`, trying `hint` first.
  ///
  /// - Complexity: O(1) when `hint` is right, else O(log *m*).
  func reversedPlace(containing q: Int64, hint: Int?) -> Int {
    if let hint, hint >= 0, hint < shownCount, shownStarts[hint] < q, q <= shownStarts[hint + 1] {
      return hint
    }
    // Largest r with shownStarts[r] < q, that is <= q - 1; r < m since q <= L.
    return starts.rank(of: q - 1) - 1
  }
}
