/// A GIF LZW decoder that decodes a whole frame into one index buffer; the
/// fast path of ``GIFCompositor``, taken for every frame with no more
/// pixels than the canvas (in practice, nearly every frame of every file).
///
/// Each table entry records where its string already sits in the output
/// (offset and length): string(*next*) = string(*last*) + the first byte of
/// string(*code*), which is exactly the output from where *last* was written
/// up to and including the byte written next. Emitting a code is then a
/// short forward copy of earlier output, in 8-byte words, instead of a walk
/// down a prefix chain (one dependent load per byte). The output starts
/// with the bytes `0...255`, so a literal code `c` is the string at offset
/// `c`, length 1, and every code is a copy.
///
/// The price is a buffer of the frame's `width * height` bytes, which is
/// why frames larger than the canvas go to ``LZWRowDecoder`` instead (see
/// there): with that rule this decoder's memory is bounded by the canvas,
/// which the pixel limit bounds.
///
/// The rules are those of ``LZWRowDecoder`` (the row-at-a-time decoder,
/// which the tests hold this one to): clear, end, invalid codes, KwKwK, the
/// deferred clear, code width growth, stopping after `pixelCount` pixels.
/// It never traps on any byte sequence and allocates only when a frame
/// needs bigger buffers than any before it.
struct LZWFrameDecoder: Sendable {
  /// Table entries: output offset (bits 0-47) and string length (48-63).
  /// Length 0 marks the clear and end codes.
  private var table: [UInt64]
  /// The current frame's sub-block payloads, concatenated, then 8 zero
  /// bytes (the bit reader loads 8 bytes at a time).
  private var data: [UInt8]
  /// `0...255`, then the frame's indices, then ``padding`` spare bytes.
  private var output: [UInt8]

  /// Where the frame's indices start in `output`.
  static let literalBase = 256
  /// Spare bytes after the last index: a copy may write one string (at most
  /// 4096 bytes) rounded up to 8-byte words past the last pixel.
  static let padding = 4096 + 16

  private static let offsetMask: UInt64 = 0xFFFF_FFFF_FFFF

  /// Makes a decoder whose table is zeros shared by every decoder (copied
  /// on the first frame's write) and whose other buffers are empty, so that
  /// a decoder never used (the engine's spare drawer, or a provider only
  /// opened) costs nothing; WebP's decoders do the same (``VP8LDecoder``).
  // bench decode --reopen of a 4x4 GIF: every compositor made its 32 KiB
  // tables at once, two per provider opened: 140 KB zeroed and 12
  // allocations an opening, three quarters of its instructions (callgrind).
  init() {
    table = Self.zeroTable
    data = []
    output = []
  }

  /// The table before the first frame, shared by every decoder of both
  /// kinds (``LZWRowDecoder``'s table has the same 4,096 entries).
  static let zeroTable = [UInt64](repeating: 0, count: 4096)

  /// Decodes the LZW data of one frame.
  ///
  /// - Parameters:
  ///   - bytes: the whole file.
  ///   - dataOffset: the offset of the first data sub-block's length byte.
  ///   - minimumCodeSize: the stored minimum code size, `1...8`.
  ///   - pixelCount: the frame's `width * height`, at least 1.
  /// - Returns: the number of pixels decoded, at most `pixelCount`; read
  ///   them with ``withIndices(count:_:)``.
  /// - Complexity: O(*d* + *p*) for *d* data bytes and *p* pixels.
  mutating func decode(
    _ bytes: UnsafeBufferPointer<UInt8>,
    dataOffset: Int,
    minimumCodeSize: Int,
    pixelCount: Int
  ) -> Int {
    guard (1...8).contains(minimumCodeSize), pixelCount > 0 else { return 0 }
    let dataLength = gather(bytes, from: dataOffset)
    let needed = Self.literalBase + pixelCount + Self.padding
    if output.count < needed {
      // Grown to the largest frame (the indices before it need not be
      // kept): zeroed at once, then the literals written, where appending
      // zeros went a byte at a time.
      output = [UInt8](zeroed: needed)
      output.withUnsafeMutableBufferPointer { output in
        for literal in 0..<Self.literalBase { output[literal] = UInt8(literal) }
      }
    }
    return table.withUnsafeMutableBufferPointer { table in
      data.withUnsafeBufferPointer { data in
        output.withUnsafeMutableBufferPointer { output in
          // Safe (see `run`): `table` has 4096 entries, `data` holds
          // `dataLength + 8` bytes, `output` at least
          // `256 + pixelCount + padding` bytes (checked above).
          Self.run(
            table: table.baseAddress!, data: data.baseAddress!, bitLimit: dataLength &* 8,
            output: output.baseAddress!, minimumCodeSize: minimumCodeSize, pixelCount: pixelCount)
        }
      }
    }
  }

  /// Calls `body` with the first `count` indices of the last frame decoded
  /// (`count` at most what ``decode(_:dataOffset:minimumCodeSize:pixelCount:)``
  /// returned).
  func withIndices<Result>(count: Int, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
    output.withUnsafeBufferPointer { output in
      // Before any frame is decoded, `output` is empty: no indices.
      let start = min(Self.literalBase, output.count)
      let end = start + max(0, min(count, output.count - start))
      return body(UnsafeBufferPointer(rebasing: output[start..<end]))
    }
  }

  /// Copies the payloads of the data sub-blocks starting at `offset` into
  /// `data` (growing it only when needed) and returns their total length.
  /// The payloads end at a zero-length block or where the file ends.
  private mutating func gather(_ bytes: UnsafeBufferPointer<UInt8>, from offset: Int) -> Int {
    var length = 0
    var position = offset
    while position >= 0, position < bytes.count {
      let block = Int(bytes[position])
      position += 1
      if block == 0 { break }
      let available = min(block, bytes.count - position)
      length += available
      position += available
    }
    if data.count < length + 8 {
      data = [UInt8](zeroed: max(length + 8, data.count * 2))
    }
    data.withUnsafeMutableBufferPointer { data in
      guard let target = data.baseAddress else { return }
      var filled = 0
      var position = offset
      while filled < length, position >= 0, position < bytes.count {
        let block = Int(bytes[position])
        position += 1
        let available = min(block, bytes.count - position, length - filled)
        if available <= 0 { break }
        // Safe: `position + available <= bytes.count`, and
        // `filled + available <= length <= data.count - 8`.
        (target + filled).update(from: bytes.baseAddress! + position, count: available)
        filled += available
        position += available
      }
      // Safe: `length + 8 <= data.count`.
      (target + length).update(repeating: 0, count: 8)
    }
    return length
  }

  /// The decoding loop.
  ///
  /// Bounds, which make the unchecked accesses safe:
  /// - `table`: every code read is below 4096 (at most 12 bits); a slot is
  ///   written only while `next < 4096`.
  /// - `data`: a word is loaded at byte `bitPosition >> 3` only when
  ///   `bitPosition + codeSize <= bitLimit`, so that byte is below
  ///   `length` and its 8 bytes lie within `length + 8`.
  /// - `output`: a string is at most 4096 bytes (slot `s` holds at most
  ///   `s - end + 1` bytes). A copy starts below `literalBase + pixelCount`
  ///   and writes at most the string's length rounded up to 8, so it stays
  ///   within the `padding`; it reads earlier output the same way.
  // bench decode: this loop (unchecked pointers, 8-byte copies, one 8-byte
  // load per code) in place of the row decoder's prefix walk: callgrind,
  // frame(at:) inclusive, harvesters.gif 92.5M -> 44.5M instructions,
  // noise 500x500x100 3,646M -> 1,754M; 4x and 1.7x giflib's speed (see
  // Benchmarks/README.md). Kept out of line, so it has the registers to
  // itself.
  @inline(never)
  private static func run(
    table: UnsafeMutablePointer<UInt64>,
    data: UnsafePointer<UInt8>,
    bitLimit: Int,
    output: UnsafeMutablePointer<UInt8>,
    minimumCodeSize: Int,
    pixelCount: Int
  ) -> Int {
    let clear = 1 &<< minimumCodeSize
    let end = clear &+ 1
    for code in 0..<clear {
      table[code] = UInt64(truncatingIfNeeded: code) | 1 &<< 48
    }
    table[clear] = 0
    table[end] = 0
    let start = literalBase
    let limit = start &+ pixelCount
    let rawData = UnsafeRawPointer(data)
    let rawOutput = UnsafeMutableRawPointer(output)

    var out = start
    var bitPosition = 0
    var codeSize = minimumCodeSize &+ 1
    var codeMask = (1 &<< codeSize) &- 1
    var next = end
    // The offset and length of the last string; 0 when there is none to
    // define a slot from (after a clear, or with a full table).
    var lastEntry: UInt64 = 0

    while out < limit {
      guard bitPosition &+ codeSize <= bitLimit else { break }
      let word = UInt64(littleEndian: rawData.loadUnaligned(fromByteOffset: bitPosition &>> 3, as: UInt64.self))
      let code = Int(truncatingIfNeeded: word &>> UInt64(truncatingIfNeeded: bitPosition & 7)) & codeMask
      bitPosition &+= codeSize

      // string(next) is string(last) plus one byte.
      let nextEntry = lastEntry &+ (1 &<< 48)
      let entry: UInt64
      if code < next {
        entry = table[code]
        if entry == 0 {
          guard code == clear else { break }  // the end code
          codeSize = minimumCodeSize &+ 1
          codeMask = (1 &<< codeSize) &- 1
          next = end
          lastEntry = 0
          continue
        }
      } else if code == next, lastEntry != 0 {
        entry = nextEntry  // KwKwK: string(last) + its own first byte
      } else {
        break  // invalid: not yet defined
      }
      let offset = Int(truncatingIfNeeded: entry & offsetMask)
      let length = Int(truncatingIfNeeded: entry &>> 48)

      // Copy the string forward in 8-byte words. A normal string lies
      // wholly before `out` (distance >= length); KwKwK's is one byte
      // longer than the distance, and when that distance is 8 or more the
      // word copy reads each byte after writing it, as a byte copy would.
      rawOutput.storeBytes(
        of: rawOutput.loadUnaligned(fromByteOffset: offset, as: UInt64.self), toByteOffset: out, as: UInt64.self)
      if length > 8 {
        var from = offset &+ 8
        var to = out &+ 8
        repeat {
          rawOutput.storeBytes(
            of: rawOutput.loadUnaligned(fromByteOffset: from, as: UInt64.self), toByteOffset: to, as: UInt64.self)
          from &+= 8
          to &+= 8
        } while to < out &+ length
      }
      if code == next {
        // KwKwK: the last byte is the first; a short distance left it stale.
        output[out &+ length &- 1] = output[offset]
      }

      if lastEntry != 0 {
        table[next] = nextEntry
      }
      lastEntry = UInt64(truncatingIfNeeded: out) | UInt64(truncatingIfNeeded: length) &<< 48
      next &+= 1
      if next > codeMask {
        if codeSize < 12 {
          codeSize &+= 1
          codeMask = codeMask &<< 1 | 1
        } else {
          // A full table defines nothing until a clear (the deferred clear).
          next = 4096
          lastEntry = 0
        }
      }
      out &+= min(length, limit &- out)
    }
    return out &- start
  }
}
