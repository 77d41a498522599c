/// The range of frames a timeline plays, as a view of the whole provider's
/// ``FrameTable``: no durations are copied, only where the range's
/// displayed frames sit among the table's.
///
/// Places are the table's (global) places: the range shows places
/// `firstPlace ..< firstPlace + placeCount`, and its local time `p` is the
/// table's time `offset + p`.
@usableFromInline
struct RangeView: Hashable, Sendable {
  // Frame numbers and places as `Int32` (a ``FrameTable`` holds at most
  // `Int32.max` frames), so that a timeline stays within 256 bytes
  // (`TimelineLayoutTests`); the `Int` views below are what code reads.
  @usableFromInline var lower: Int32
  @usableFromInline var upper: Int32
  @usableFromInline var storedFirstPlace: Int32
  @usableFromInline var storedPlaceCount: Int32
  /// `b[A]`: where the range starts in the table's time.
  @usableFromInline var offset: Int64
  /// `L = b[B + 1] - b[A]`: one iteration of the range.
  @usableFromInline var length: Int64

  /// A view of frames `frames`, whose first displayed frame is at table
  /// place `firstPlace`, with `placeCount` displayed frames.
  init(frames: ClosedRange<Int>, firstPlace: Int, placeCount: Int, offset: Int64, length: Int64) {
    self.lower = Int32(truncatingIfNeeded: frames.lowerBound)
    self.upper = Int32(truncatingIfNeeded: frames.upperBound)
    self.storedFirstPlace = Int32(truncatingIfNeeded: firstPlace)
    self.storedPlaceCount = Int32(truncatingIfNeeded: placeCount)
    self.offset = offset
    self.length = length
  }

  /// The provider frames `A...B`.
  @inlinable
  var frames: ClosedRange<Int> { Int(lower)...Int(upper) }
  /// The table place of the range's first displayed frame.
  @inlinable
  var firstPlace: Int { Int(storedFirstPlace) }
  /// The number of displayed frames in the range, `m` (at least 1, but for
  /// the initial range of a provider that displays no frame).
  @inlinable
  var placeCount: Int { Int(storedPlaceCount) }

  /// The table place of the range's last displayed frame.
  @inlinable
  var lastPlace: Int { firstPlace + placeCount - 1 }

  /// Whether `place` is one of the range's places.
  @inlinable @inline(__always)
  func contains(place: Int) -> Bool {
    UInt(bitPattern: place &- firstPlace) < UInt(bitPattern: placeCount)
  }
}

extension FrameTable {
  /// The view of frames `frames` (`0 <= A <= B < n`), or `nil` when none of
  /// them is displayed.
  ///
  /// - Complexity: O(log *m*): two searches of the start times.
  func view(of frames: ClosedRange<Int>) -> RangeView? {
    let lower = boundaries[frames.lowerBound]
    let upper = boundaries[frames.upperBound + 1]
    guard upper > lower else { return nil }
    // The displayed frames before `A` are exactly those starting before
    // `b[A]` (a displayed frame lasts at least 1 ns), and likewise for `B + 1`.
    let firstPlace = placesStarting(before: lower)
    let endPlace = placesStarting(before: upper)
    return RangeView(
      frames: frames, firstPlace: firstPlace, placeCount: endPlace - firstPlace,
      offset: lower, length: upper - lower)
  }

  /// The view of every frame.
  var wholeView: RangeView {
    RangeView(frames: 0...(frameCount - 1), firstPlace: 0, placeCount: shownCount, offset: 0, length: loopDuration)
  }

  /// The number of displayed frames that start before `t` (`0 <= t <= L`).
  ///
  /// - Complexity: O(log *m*).
  func placesStarting(before t: Int64) -> Int {
    t == 0 ? 0 : min(starts.rank(of: t - 1), shownCount)
  }

  /// The place of displayed frame `frame`.
  ///
  /// - Complexity: O(log *m*).
  func place(ofFrame frame: Int) -> Int {
    placesStarting(before: boundaries[frame])
  }
}
