/// The boolean entropy decoder of VP8 (RFC 6386 section 7), over one
/// partition of a payload, with libwebp's exact behaviour at the end of
/// the data.
///
/// The state is libwebp's: `value` holds the unread bits (the top 8 of
/// them compared against the split), `bits` how many bits lie below those
/// 8, and `range` the current range minus one (127...254 between reads,
/// 255 after some sign reads, as in libwebp). When a read finds no bits
/// left and no bytes to load, 8 zero bits are fed once and ``isAtEnd``
/// becomes true; the caller rejects the frame at libwebp's check points.
/// After that, reads return meaningless (but never trapping) values.
struct VP8BoolDecoder {
  /// The payload the partition lies in.
  private let source: UnsafeRawBufferPointer
  /// The next byte to load (an offset in `source`).
  private var position: Int
  /// The end of the partition (an offset in `source`).
  let end: Int
  /// Unread bits, the most significant first.
  private var value: UInt64 = 0
  /// The number of unread bits below the top 8 of `value` (negative when
  /// a load is due).
  private var bits = -8
  /// The range minus one.
  private var range: UInt32 = 254
  /// Whether a read needed bits past the partition's end.
  private(set) var isAtEnd = false

  /// A decoder of `source[range]` (a range inside `source`).
  init(_ source: UnsafeRawBufferPointer, _ range: Range<Int>) {
    self.source = source
    position = range.lowerBound
    end = range.upperBound
    load()
  }

  /// An empty decoder (a placeholder before a partition is set).
  init() {
    source = UnsafeRawBufferPointer(start: nil, count: 0)
    position = 0
    end = 0
  }

  /// Loads 7 bytes at once when at least 8 remain, else one byte; at the
  /// end, 8 zero bits once (setting ``isAtEnd``), then nothing.
  // unsafe: every bit of the image goes through here; the 8-byte load is
  // inside the partition (`position + 8 <= end <= source.count`).
  @inline(__always)
  private mutating func load() {
    if end - position >= 8, let base = source.baseAddress {
      let word = UInt64(bigEndian: base.loadUnaligned(fromByteOffset: position, as: UInt64.self))
      position += 7
      value = (word &>> 8) | (value &<< 56)
      bits += 56
    } else {
      loadFinalBytes()
    }
  }

  /// The byte-at-a-time tail of ``load()``.
  private mutating func loadFinalBytes() {
    if position < end {
      value = UInt64(source[position]) | (value &<< 8)
      position += 1
      bits += 8
    } else if !isAtEnd {
      value = value &<< 8
      bits += 8
      isAtEnd = true
    } else {
      bits = 0
    }
  }

  /// Reads one bit whose probability of being 0 is `probability / 256`.
  @inline(__always)
  mutating func readBit(_ probability: UInt32) -> Bool {
    var range = self.range
    if bits < 0 { load() }
    let position = UInt64(truncatingIfNeeded: bits)
    let split = (range &* probability) &>> 8
    let top = UInt32(truncatingIfNeeded: value &>> position)
    let bit = top > split
    // Branch-free: both outcomes, then a select.
    let taken = UInt64(split &+ 1) &<< position
    range = bit ? range &- split : split &+ 1
    value = bit ? value &- taken : value
    // Normalize the range (1...255 here) back to 128...255.
    let shift = range.leadingZeroBitCount &- 24
    range = range &<< UInt32(truncatingIfNeeded: shift)
    bits &-= shift
    self.range = range &- 1
    return bit
  }

  /// Reads one bit as 0 or 1 with the given probability of 0.
  @inline(__always)
  mutating func readBitValue(_ probability: UInt32) -> Int {
    readBit(probability) ? 1 : 0
  }

  /// Reads `count` bits of probability 1/2, the first the most
  /// significant (RFC 6386's `L(n)`).
  mutating func readLiteral(_ count: Int) -> Int {
    var result = 0
    for _ in 0..<count {
      result = (result << 1) | readBitValue(128)
    }
    return result
  }

  /// Reads a `count`-bit magnitude then its sign bit (negative when 1).
  mutating func readSignedLiteral(_ count: Int) -> Int {
    let magnitude = readLiteral(count)
    return readBit(128) ? -magnitude : magnitude
  }

  /// Reads a flag, then a signed `count`-bit value when it is set, else 0.
  mutating func readOptionalSigned(_ count: Int) -> Int {
    readBit(128) ? readSignedLiteral(count) : 0
  }

  /// Reads the sign of a coefficient of magnitude `magnitude` (a bit of
  /// probability 1/2, read the way libwebp reads it: always one shift,
  /// which can leave the range at 255).
  @inline(__always)
  mutating func readSigned(_ magnitude: Int32) -> Int32 {
    if bits < 0 { load() }
    let position = UInt64(truncatingIfNeeded: bits)
    let split = range &>> 1
    let top = UInt32(truncatingIfNeeded: value &>> position)
    let mask = Int32(bitPattern: split &- top) >> 31  // -1 when the bit is 1
    let unsignedMask = UInt32(bitPattern: mask)
    bits &-= 1
    range = (range &+ unsignedMask) | 1
    value = value &- (UInt64((split &+ 1) & unsignedMask) &<< position)
    return (magnitude ^ mask) &- mask
  }
}
