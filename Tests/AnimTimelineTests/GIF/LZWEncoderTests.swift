import Testing
import TimelineScript
@testable import AnimTimeline

/// `LZWEncoder` against the library's own decoder (`LZWFrameDecoder`):
/// every stream decodes back to its indices.
@Suite struct LZWEncoderTests {
  /// Encodes `indices`, packs the sub-blocks, decodes.
  func roundTrip(_ indices: [UInt8], minimumCodeSize: Int) -> [UInt8] {
    let data = indices.withUnsafeBufferPointer { LZWEncoder.encode($0, minimumCodeSize: minimumCodeSize) }
    var blocks: [UInt8] = []
    LZWEncoder.appendSubBlocks(data, to: &blocks)
    var decoder = LZWFrameDecoder()
    let decoded = blocks.withUnsafeBufferPointer {
      decoder.decode($0, dataOffset: 0, minimumCodeSize: minimumCodeSize, pixelCount: max(1, indices.count))
    }
    return decoder.withIndices(count: decoded) { Array($0) }
  }

  @Test(arguments: 2...8) func randomDataEveryCodeSize(codeSize: Int) {
    var generator = SplitMix64(seed: UInt64(codeSize) &* 0x9E37_79B9)
    for length in [1, 2, 3, 17, 255, 256, 1000, 5000, 40_000] {
      // Uniform noise (the table fills quickly) and runs (long strings).
      let noise = (0..<length).map { _ in UInt8(truncatingIfNeeded: generator.next() % UInt64(1 << codeSize)) }
      #expect(roundTrip(noise, minimumCodeSize: codeSize) == noise, "noise, \(length) indices")
      var runs: [UInt8] = []
      while runs.count < length {
        let value = UInt8(truncatingIfNeeded: generator.next() % UInt64(1 << codeSize))
        runs += repeatElement(value, count: Int(generator.next() % 40) + 1)
      }
      runs.removeLast(runs.count - length)
      #expect(roundTrip(runs, minimumCodeSize: codeSize) == runs, "runs, \(length) indices")
    }
  }

  /// Enough noise to fill the 4,096-entry table several times: the clear
  /// code must come exactly when the decoder expects it.
  @Test func tableFullClears() {
    var generator = SplitMix64(seed: 4096)
    for codeSize in [2, 4, 8] {
      let indices = (0..<200_000).map { _ in UInt8(truncatingIfNeeded: generator.next() % UInt64(1 << codeSize)) }
      #expect(roundTrip(indices, minimumCodeSize: codeSize) == indices, "code size \(codeSize)")
    }
    // Exactly around the point where the table fills: lengths close to the
    // number of codes emitted before the first clear.
    for length in 3_800...3_840 {
      let indices = (0..<length).map { UInt8(truncatingIfNeeded: $0 &* 7 &+ $0 >> 3) }
      #expect(roundTrip(indices, minimumCodeSize: 8) == indices, "\(length) indices")
    }
  }

  @Test func emptyInputIsClearThenEnd() {
    let data = [UInt8]().withUnsafeBufferPointer { LZWEncoder.encode($0, minimumCodeSize: 2) }
    // Clear (4) then end (5), 3 bits each, LSB first: 100 101 -> 0b101_100.
    #expect(data == [0b0010_1100])
  }

  @Test func subBlocksAre255BytesAtMost() {
    var output: [UInt8] = []
    LZWEncoder.appendSubBlocks([UInt8](repeating: 7, count: 600), to: &output)
    #expect(output.count == 600 + 3 + 1)
    #expect(output[0] == 255 && output[256] == 255 && output[512] == 90 && output.last == 0)
  }
}
