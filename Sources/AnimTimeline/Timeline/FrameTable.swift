/// The exact frame boundaries of a provider, and the lookups the timeline
/// needs: which displayed frame holds a local time, forward or reversed.
///
/// Only frames with a positive duration are ever displayed, so the table
/// keeps their start times (`shownStarts`, ending with the loop duration
/// `L`) and their frame indices (`shownFrames`) side by side; every lookup
/// is a binary search over `shownStarts`, with a one-step hint first so
/// that playback in order costs O(1).
@usableFromInline
struct FrameTable: Sendable {
  /// `b[0...n]`: `b[0] = 0`, `b[j+1] = b[j] + d[j]`.
  let boundaries: [Int64]
  /// The start of each displayed frame, then `L`: `m + 1` entries.
  let shownStarts: [Int64]
  /// The frame index of each displayed frame: `m` entries.
  let shownFrames: [Int]

  /// Reads and checks the provider's durations.
  ///
  /// - Complexity: O(*n*).
  init<Provider: FrameProvider>(_ provider: Provider) throws(TimelineError) {
    let n = provider.frameCount
    guard n >= 1 else { throw .noFrames }
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
    self.shownStarts = shownStarts
    self.shownFrames = shownFrames
  }

  /// The number of frames `n`.
  var frameCount: Int { boundaries.count - 1 }

  /// The number of displayed frames `m`.
  var shownCount: Int { shownFrames.count }

  /// The loop duration `L`.
  var loopDuration: Int64 { boundaries[boundaries.count - 1] }

  /// Whether at most one frame is ever displayed.
  var isStatic: Bool { shownFrames.count <= 1 }

  /// The frame a static timeline shows.
  var staticFrame: Int { shownFrames.first ?? 0 }

  /// The duration of frame `j`.
  func duration(ofFrame j: Int) -> Int64 { boundaries[j + 1] - boundaries[j] }

  /// The place `r` of the displayed frame with `shownStarts[r] <= p < shownStarts[r + 1]`,
  /// for `0 <= p < L`, trying `hint` first.
  ///
  /// - Complexity: O(1) when `hint` is right, else O(log *m*).
  func forwardPlace(containing p: Int64, hint: Int) -> Int {
    if hint >= 0, hint < shownFrames.count, shownStarts[hint] <= p, p < shownStarts[hint + 1] {
      return hint
    }
    // Largest r in 0..<m with shownStarts[r] <= p.
    var low = 0
    var high = shownFrames.count - 1
    while low < high {
      let mid = (low + high + 1) >> 1
      if shownStarts[mid] <= p { low = mid } else { high = mid - 1 }
    }
    return low
  }

  /// The place `r` of the displayed frame with `shownStarts[r] < q <= shownStarts[r + 1]`,
  /// for `0 < q <= L`, trying `hint` first.
  ///
  /// - Complexity: O(1) when `hint` is right, else O(log *m*).
  func reversedPlace(containing q: Int64, hint: Int) -> Int {
    if hint >= 0, hint < shownFrames.count, shownStarts[hint] < q, q <= shownStarts[hint + 1] {
      return hint
    }
    // Largest r in 0..<m with shownStarts[r] < q.
    var low = 0
    var high = shownFrames.count - 1
    while low < high {
      let mid = (low + high + 1) >> 1
      if shownStarts[mid] < q { low = mid } else { high = mid - 1 }
    }
    return low
  }
}
