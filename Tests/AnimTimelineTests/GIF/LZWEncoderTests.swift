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

  /// Decodes a raw code stream of `count` indices.
  func decode(_ data: [UInt8], minimumCodeSize: Int, count: Int) -> [UInt8] {
    var blocks: [UInt8] = []
    LZWEncoder.appendSubBlocks(data, to: &blocks)
    var decoder = LZWFrameDecoder()
    let decoded = blocks.withUnsafeBufferPointer {
      decoder.decode($0, dataOffset: 0, minimumCodeSize: minimumCodeSize, pixelCount: max(1, count))
    }
    return decoder.withIndices(count: decoded) { Array($0) }
  }

  /// With a full table kept (no clear code until the end), codes stay 12
  /// bits and the decoder defines nothing more: still a round trip.
  @Test func fullTableKept() {
    var generator = SplitMix64(seed: 4097)
    for codeSize in [2, 4, 8] {
      let indices = (0..<200_000).map { _ in UInt8(truncatingIfNeeded: generator.next() % UInt64(1 << codeSize)) }
      let (data, filled) = indices.withUnsafeBufferPointer {
        LZWEncoder.encode($0, alternatives: nil, minimumCodeSize: codeSize, clearsFullTable: false)
      }
      #expect(filled)
      #expect(decode(data, minimumCodeSize: codeSize, count: indices.count) == indices, "code size \(codeSize)")
    }
    // A block of noise repeated: the kept table still matches long strings
    // of it, so keeping is shorter than clearing here.
    let block = (0..<3000).map { _ in UInt8(truncatingIfNeeded: generator.next() % 16) }
    let runs = Array([[UInt8]](repeating: block, count: 60).joined())
    let kept = runs.withUnsafeBufferPointer { LZWEncoder.encode($0, minimumCodeSize: 4, clearsFullTable: false) }
    let cleared = runs.withUnsafeBufferPointer { LZWEncoder.encode($0, minimumCodeSize: 4, clearsFullTable: true) }
    #expect(decode(kept, minimumCodeSize: 4, count: runs.count) == runs)
    #expect(kept.count < cleared.count)
  }

  /// Positions with two allowed indices decode to one of the two, for
  /// either table policy, with the table filling or not.
  @Test(arguments: [2, 4, 8]) func alternativesDecodeToAChoice(codeSize: Int) {
    var generator = SplitMix64(seed: UInt64(codeSize) &+ 77)
    for length in [1, 2, 3, 17, 1000, 5000, 60_000] {
      var indices: [UInt8] = []
      var alternatives: [UInt8] = []
      while indices.count < length {
        // Runs of one index, some of them free to be index 0 instead
        // (like unchanged pixels that may be the transparent index).
        let value = UInt8(truncatingIfNeeded: generator.next() % UInt64(1 << codeSize))
        let free = generator.next() % 3 == 0
        let run = Int(generator.next() % 30) + 1
        indices += repeatElement(value, count: run)
        alternatives += repeatElement(free ? 0 : value, count: run)
      }
      indices.removeLast(indices.count - length)
      alternatives.removeLast(alternatives.count - length)
      for (preferred, other) in [(indices, alternatives), (alternatives, indices)] {
        for clears in [true, false] {
          let (data, _) = preferred.withUnsafeBufferPointer { preferred in
            other.withUnsafeBufferPointer { other in
              LZWEncoder.encode(preferred, alternatives: other, minimumCodeSize: codeSize, clearsFullTable: clears)
            }
          }
          let decoded = decode(data, minimumCodeSize: codeSize, count: length)
          #expect(decoded.count == length)
          let allowed = zip(decoded.indices, decoded).allSatisfy { $1 == indices[$0] || $1 == alternatives[$0] }
          #expect(allowed, "length \(length), clears \(clears)")
        }
      }
    }
  }

  /// Where every position may be 0 instead, a stream preferring 0 is as
  /// short as a run of zeros, and the choices never make it longer than
  /// the zeros alone here.
  @Test func alternativesFollowTheTable() {
    var generator = SplitMix64(seed: 5)
    let noise = (0..<20_000).map { _ in UInt8(truncatingIfNeeded: generator.next() % 16) }
    let zeros = [UInt8](repeating: 0, count: noise.count)
    let plain = zeros.withUnsafeBufferPointer { LZWEncoder.encode($0, minimumCodeSize: 4) }
    let (flexible, _) = zeros.withUnsafeBufferPointer { zeros in
      noise.withUnsafeBufferPointer { LZWEncoder.encode(zeros, alternatives: $0, minimumCodeSize: 4, clearsFullTable: true) }
    }
    #expect(flexible.count <= plain.count)
    #expect(plain.count < 400)
  }

  /// With a byte limit, a stream that would be longer gives nothing
  /// (as soon as its codes pass the limit), and one that fits is the
  /// stream without a limit, byte for byte.
  @Test func aByteLimitStopsALongerStream() {
    var generator = SplitMix64(seed: 31)
    for count in [0, 1, 100, 5000, 70_000] {
      let indices = (0..<count).map { _ in UInt8(truncatingIfNeeded: generator.next() % 5) }
      let alternatives = indices.map { $0 == 3 ? 0 : $0 }
      for other in [nil, alternatives] {
        let full = indices.withUnsafeBufferPointer { indices in
          (other ?? []).withUnsafeBufferPointer {
            LZWEncoder.encode(indices, alternatives: other == nil ? nil : $0, minimumCodeSize: 3, clearsFullTable: true)
          }
        }
        for limit in [0, full.data.count / 2, full.data.count - 1, full.data.count, full.data.count + 10] {
          let limited = indices.withUnsafeBufferPointer { indices in
            (other ?? []).withUnsafeBufferPointer {
              LZWEncoder.encode(
                indices, alternatives: other == nil ? nil : $0, minimumCodeSize: 3, clearsFullTable: true,
                byteLimit: limit)
            }
          }
          if full.data.count > limit {
            #expect(limited == nil, "count \(count), limit \(limit)")
          } else {
            #expect(limited?.data == full.data && limited?.filledTable == full.filledTable, "count \(count), limit \(limit)")
          }
        }
      }
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
