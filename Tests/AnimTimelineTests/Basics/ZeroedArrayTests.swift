import Testing

@testable import AnimTimeline

/// The decoders' byte buffers: zeroed ones of every size (copied from the
/// shared block up to its size, set beyond it), and copies that own their
/// storage.
@Suite struct ZeroedArrayTests {
  @Test(arguments: [0, 1, 63, 4095, 4096, 4097, 70_000])
  func zeroedBuffersHoldOnlyZeros(count: Int) {
    var buffer = [UInt8](zeroed: count)
    #expect(buffer.count == count)
    #expect(buffer.allSatisfy { $0 == 0 })
    // Writing one buffer leaves the next one zero (the shared block is
    // copied, never lent).
    if count > 0 { buffer[count - 1] = 0xAB }
    let next = [UInt8](zeroed: count)
    #expect(next.allSatisfy { $0 == 0 })
  }

  @Test func copiesOwnTheirStorage() {
    let source: [UInt8] = (0..<300).map { UInt8(truncatingIfNeeded: $0 &* 7) }
    var copy = [UInt8](copying: source)
    #expect(copy == source)
    source.withUnsafeBufferPointer { from in
      copy.withUnsafeBufferPointer { to in #expect(from.baseAddress != to.baseAddress) }
    }
    copy[0] = 0xFF
    #expect(source[0] == 0)
    #expect([UInt8](copying: []).isEmpty)
  }
}
