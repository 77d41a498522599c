@testable import AnimTimeline
import Testing

/// Issue 11 asks that a timeline be timing state only, within 256 bytes,
/// so that a million of them stream through the cache (`bench many`) and a
/// copy is cheap. The sizes are reported (`swift test --filter Layout`).
@Suite struct TimelineLayoutTests {
  @Test func aTimelineIsAtMost256Bytes() {
    let sizes: [(String, Int)] = [
      ("Timeline", MemoryLayout<Timeline>.size),
      ("TimelineCore", MemoryLayout<TimelineCore>.size),
      ("Cursor", MemoryLayout<TimelineCore.Cursor>.size),
      ("RangeView", MemoryLayout<RangeView>.size),
      ("queued clip", MemoryLayout<TimelineCore.QueuedClip?>.size),
      ("CueTable", MemoryLayout<CueTable>.size),
      ("CueReach", MemoryLayout<CueReach>.size),
      ("RunModes", MemoryLayout<RunModes>.size),
      ("LoopCount", MemoryLayout<LoopCount>.size),
    ]
    print("layout:", sizes.map { "\($0.0) \($0.1)" }.joined(separator: ", "))
    #expect(MemoryLayout<Timeline>.size <= 256)
    #expect(MemoryLayout<Timeline>.size == MemoryLayout<TimelineCore>.size)
  }
}
