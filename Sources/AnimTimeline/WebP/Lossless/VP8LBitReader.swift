/// Reads a VP8L bitstream: bits least significant first, from the low
/// bit of each byte up, out of a 64-bit buffer refilled eight bytes at a
/// time.
///
/// Past the last byte the reader supplies zero bits and counts them;
/// ``isPastEnd`` tells whether any of them has been consumed. Callers
/// check it where a stream must be whole (libwebp treats a stream that
/// ends early as an error), so a loop that reads past the end produces
/// only bounded garbage before it is stopped. As in libwebp, whose
/// reader starts with a 64-bit word, a stream shorter than 8 bytes reads
/// as if zero bytes made it up to 8: only bits past those are missing.
struct VP8LBitReader {
  /// The first byte of the data (nil when the data is empty).
  private let base: UnsafeRawPointer?
  /// The number of bytes.
  private let count: Int
  /// The next byte to load.
  private var position: Int
  /// Bits loaded and not consumed, the next one in the lowest bit. The
  /// bits above ``bitCount`` are zero or the true bits that follow.
  private(set) var bits: UInt64 = 0
  /// How many of ``bits`` are loaded (including padding).
  private(set) var bitCount = 0
  /// Zero bits supplied after the last byte (they are the top of the
  /// loaded bits; consuming any of them means the data ended early).
  private var paddingBits = 0
  /// The file offset of the data's first byte (for error offsets).
  private let baseOffset: Int

  /// A reader of `data` from byte `start`; `baseOffset` is the file offset
  /// of `data`'s first byte.
  init(_ data: UnsafeRawBufferPointer, start: Int, baseOffset: Int) {
    base = data.baseAddress
    count = data.count
    position = min(max(start, 0), data.count)
    self.baseOffset = baseOffset
    refill()
  }

  /// Whether a bit past the end of the data has been consumed.
  var isPastEnd: Bool { bitCount < paddingBits }

  /// The file offset of the byte holding the next unread bit.
  var byteOffset: Int {
    let unread = max(0, bitCount - paddingBits) >> 3
    return baseOffset &+ max(0, min(position, count) - unread)
  }

  /// An error of `kind` at the current position.
  func error(_ kind: VP8LDecodingError.Kind) -> VP8LDecodingError {
    VP8LDecodingError(kind, offset: byteOffset)
  }

  /// Throws ``VP8LDecodingError/Kind/truncated`` if a bit past the end has
  /// been consumed.
  @inline(__always)
  func checkNotPastEnd() throws(VP8LDecodingError) {
    if isPastEnd { throw error(.truncated) }
  }

  /// Loads bytes until at least 56 bits are buffered (zero bits past the
  /// end of the data).
  // unsafe: loads every byte of the stream.
  @inline(__always)
  mutating func refill() {
    if count - position >= 8, let base {
      // Eight bytes at once; bytes beyond the counted ones land above
      // `bitCount` and are the true following bits.
      let word = UInt64(littleEndian: base.loadUnaligned(fromByteOffset: position, as: UInt64.self))
      bits |= word << UInt64(truncatingIfNeeded: bitCount)
      position &+= (63 &- bitCount) >> 3
      bitCount |= 56
    } else {
      refillSlowly()
    }
  }

  /// ``refill()`` near the end of the data: a byte at a time, then zeros
  /// (which count as missing past the first 8 bytes).
  private mutating func refillSlowly() {
    while bitCount < 56 {
      if position < count, let base {
        bits |= UInt64(base.load(fromByteOffset: position, as: UInt8.self)) << UInt64(bitCount)
        position += 1
      } else if position < Self.minimumLength {
        position += 1
      } else {
        paddingBits &+= 8
      }
      bitCount += 8
    }
  }

  /// The length to which libwebp's reader makes up a shorter stream with
  /// zero bytes (its first load is one 64-bit word).
  private static let minimumLength = 8

  /// Refills if fewer than 32 bits are buffered.
  @inline(__always)
  mutating func refillIfLow() {
    if bitCount < 32 { refill() }
  }

  /// The next `count` bits (0...32) as an integer, first bit lowest.
  @inline(__always)
  mutating func read(_ count: Int) -> Int {
    if bitCount < count { refill() }
    let value = Int(truncatingIfNeeded: bits & ((1 << UInt64(truncatingIfNeeded: count)) &- 1))
    bits >>= UInt64(truncatingIfNeeded: count)
    bitCount &-= count
    return value
  }

  /// The next bit as a Boolean.
  @inline(__always)
  mutating func readFlag() -> Bool { read(1) == 1 }

  /// Decodes one symbol with the table of a code built by
  /// ``VP8LPrefixTables`` at `table`; at least 15 bits must be buffered.
  // unsafe: every table entry was written by the table builder, and a
  // root entry's link stays inside its code's table.
  @inline(__always)
  mutating func readSymbol(_ table: UnsafePointer<UInt32>) -> Int {
    // Wrapping arithmetic: lengths are at most 15 and at least 15 bits
    // are buffered.
    var entry = table[Int(truncatingIfNeeded: bits) & VP8LPrefixTables.rootMask]
    var length = Int(truncatingIfNeeded: entry & 0xFF)
    if length > VP8LPrefixTables.rootBits {
      bits >>= UInt64(VP8LPrefixTables.rootBits)
      bitCount &-= VP8LPrefixTables.rootBits
      let subBits = length &- VP8LPrefixTables.rootBits
      entry = table[Int(truncatingIfNeeded: entry >> 16) &+ (Int(truncatingIfNeeded: bits) & ((1 &<< subBits) &- 1))]
      length = Int(truncatingIfNeeded: entry & 0xFF)
    }
    bits >>= UInt64(truncatingIfNeeded: length)
    bitCount &-= length
    return Int(truncatingIfNeeded: entry >> 16)
  }

  /// Skips `count` bits that are already buffered (a packed table's
  /// lookup of several codes at once).
  @inline(__always)
  mutating func skip(_ count: Int) {
    bits >>= UInt64(truncatingIfNeeded: count)
    bitCount &-= count
  }
}
