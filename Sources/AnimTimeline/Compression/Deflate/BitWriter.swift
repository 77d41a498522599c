/// Bytes under construction plus a bit accumulator, least significant bit
/// first as deflate packs them.
///
/// Writes go through ``withSink(reserving:_:)``, which makes room once and
/// then hands out a ``Sink`` that stores without checks.
struct BitWriter {
  /// The bytes; only `bytes[0..<count]` are written, the rest is room.
  var bytes: [UInt8]
  /// The number of finished bytes.
  var count: Int
  /// Bits not yet stored, in the low `bitCount` bits.
  var bits: UInt64 = 0
  /// How many bits `bits` holds (0...31 between calls).
  var bitCount = 0

  /// A writer that appends to `bytes`.
  init(appendingTo bytes: [UInt8]) {
    self.count = bytes.count
    self.bytes = bytes
  }

  /// The writer's store, valid inside ``withSink(reserving:_:)``.
  struct Sink {
    let base: UnsafeMutableRawPointer
    var position: Int
    var bits: UInt64
    var bitCount: Int

    /// Appends the low `count` bits of `value` (whose higher bits are
    /// zero), `count` at most 32.
    @inline(__always)
    mutating func write(_ value: UInt64, _ count: Int) {
      bits |= value << UInt64(bitCount)
      bitCount += count
      if bitCount >= 32 {
        // Room was reserved by `withSink`.
        base.storeBytes(of: UInt32(truncatingIfNeeded: bits).littleEndian, toByteOffset: position, as: UInt32.self)
        position += 4
        bits >>= 32
        bitCount -= 32
      }
    }

    /// Pads with zero bits to a byte boundary and stores what is left.
    mutating func alignToByte() {
      while bitCount > 0 {
        base.storeBytes(of: UInt8(truncatingIfNeeded: bits), toByteOffset: position, as: UInt8.self)
        position += 1
        bits >>= 8
        bitCount = max(0, bitCount - 8)
      }
      bits = 0
    }

    /// Copies `source` after aligning to a byte boundary.
    mutating func writeBytes(_ source: UnsafeRawBufferPointer) {
      alignToByte()
      guard let start = source.baseAddress, source.count > 0 else { return }
      (base + position).copyMemory(from: start, byteCount: source.count)
      position += source.count
    }
  }

  /// Makes room for `extraBits` more bits, then runs `body` with a sink.
  ///
  /// - Complexity: O(*n*) when the storage grows, amortised O(1) per byte.
  mutating func withSink<Result>(reserving extraBits: Int, _ body: (inout Sink) -> Result) -> Result {
    // The sink stores 4 bytes at a time, possibly past the last whole byte.
    let needed = count + (bitCount + extraBits) / 8 + 8
    if bytes.count < needed {
      let grown = max(needed, bytes.count + bytes.count / 2)
      bytes.append(contentsOf: repeatElement(0, count: grown - bytes.count))
    }
    let (position, bits, bitCount) = (count, self.bits, self.bitCount)
    let (result, sink) = bytes.withUnsafeMutableBytes { raw in
      // `raw` is not empty: `needed` is at least 8.
      var sink = Sink(base: raw.baseAddress!, position: position, bits: bits, bitCount: bitCount)
      let result = body(&sink)
      return (result, sink)
    }
    self.count = sink.position
    self.bits = sink.bits
    self.bitCount = sink.bitCount
    return result
  }

  /// The bytes written, after padding the last one with zero bits.
  mutating func finish() -> [UInt8] {
    withSink(reserving: 0) { $0.alignToByte() }
    bytes.removeSubrange(count...)
    return bytes
  }
}
