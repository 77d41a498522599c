/// A GIF LZW decoder that hands out a frame's colour indices one row at a
/// time; the general path of ``GIFCompositor``, for frames with more pixels
/// than the canvas.
///
/// Two decoders exist because a frame's size is not bounded by the canvas:
/// only the first frame grows the canvas (and is held to the pixel limit),
/// so a later frame may declare up to 65535×65535 pixels over a small
/// canvas. ``LZWFrameDecoder``, the fast path, decodes a whole frame into
/// one buffer of `width * height` bytes, so ``GIFCompositor`` gives it only
/// frames no larger than the canvas; this decoder needs one row (at most
/// 65535 bytes) and a 4 KiB stack whatever the frame's height, and once the
/// caller's visible rows are out it only counts pixels. It is also the
/// reference: it spells each string by walking its prefix chain, the plain
/// textbook method, and the tests hold the whole-frame decoder to it.
///
/// The decoder reads the data sub-blocks that start at a byte offset and
/// turns codes into colour indices. It never traps on any byte sequence
/// and never allocates while decoding (the row buffer grows, outside the
/// hot loop, only when a frame is wider than any before it).
///
/// Rules (see `Docs/GIFProvider.md`): a clear code resets the table; the end
/// code stops; an invalid code (above the next free slot) stops; a code
/// equal to the next free slot is the KwKwK case; once the table holds 4096
/// entries, codes stay 12 bits wide and add nothing until a clear (the
/// "deferred clear"); the code width grows when the next free slot reaches
/// `1 << width`, counting the first code after a clear or the start as
/// defining a slot, so with minimum code size 1 the width becomes 3 right
/// after that first code. Decoding stops once `width * height` pixels are
/// out; anything after is ignored.
struct LZWRowDecoder: Sendable {
  /// Table entries, packed: prefix code (bits 0-15), last byte (16-23),
  /// first byte (24-31), string length (32-47).
  private var table: [UInt64]
  /// `0..<4096`: a stack to spell strings that cross a row; then one row.
  private var scratch: [UInt8]

  private static let tableSize = 4096
  private static let invalidCode = -1

  /// Makes a decoder whose table is zeros shared by every decoder (copied
  /// on the first frame's write) and whose scratch is empty: most files
  /// never need this decoder (see ``LZWFrameDecoder``).
  init() {
    table = LZWFrameDecoder.zeroTable
    scratch = []
  }

  /// Decodes the LZW data of one frame.
  ///
  /// - Parameters:
  ///   - bytes: the whole file.
  ///   - dataOffset: the offset of the first data sub-block's length byte.
  ///   - minimumCodeSize: the stored minimum code size, `1...8`.
  ///   - width, height: the frame size, both at least 1.
  ///   - visibleRows: how many rows, in the order they are stored, the
  ///     caller wants; after that the decoder only counts pixels.
  ///   - emitRow: called with the stored row number (0-based, before
  ///     de-interlacing) and the row's indices; the last call may be a
  ///     partial row when the data stops early.
  /// - Returns: the number of pixels decoded, at most `width * height`.
  /// - Complexity: O(*d* + *p*) for *d* data bytes and *p* pixels emitted
  ///   into visible rows.
  mutating func decode(
    _ bytes: UnsafeBufferPointer<UInt8>,
    dataOffset: Int,
    minimumCodeSize: Int,
    width: Int,
    height: Int,
    visibleRows: Int,
    emitRow: (_ row: Int, _ indices: UnsafeBufferPointer<UInt8>) -> Void
  ) -> Int {
    guard (1...8).contains(minimumCodeSize), width > 0, height > 0 else { return 0 }
    let stackSize = Self.tableSize
    if scratch.count < stackSize + width {
      scratch = Array(repeating: 0, count: stackSize + width)
    }
    return table.withUnsafeMutableBufferPointer { table in
      scratch.withUnsafeMutableBufferPointer { scratch in
        // Safe: `scratch` has 4096 + width bytes (checked above); the stack
        // is `0..<4096` (no string is longer than 4096) and the row is
        // `4096..<4096 + width`.
        Self.run(
          bytes, table: table, scratch: scratch, dataOffset: dataOffset,
          minimumCodeSize: minimumCodeSize, width: width, height: height,
          visibleRows: visibleRows, emitRow: emitRow)
      }
    }
  }

  private static func run(
    _ bytes: UnsafeBufferPointer<UInt8>,
    table: UnsafeMutableBufferPointer<UInt64>,
    scratch: UnsafeMutableBufferPointer<UInt8>,
    dataOffset: Int,
    minimumCodeSize: Int,
    width: Int,
    height: Int,
    visibleRows: Int,
    emitRow: (_ row: Int, _ indices: UnsafeBufferPointer<UInt8>) -> Void
  ) -> Int {
    let clear = 1 << minimumCodeSize
    let end = clear + 1
    for literal in 0..<clear {
      table[literal] = UInt64(literal) << 16 | UInt64(literal) << 24 | 1 << 32
    }
    let rowBase = tableSize
    let total = width &* height  // both <= 65535: fits in Int
    var produced = 0
    var column = 0
    var rowNumber = 0
    var countOnly = visibleRows <= 0

    // Bit reader over the sub-blocks; never reads past `bytes.count`.
    var position = dataOffset
    var blockRemaining = 0
    var bits: UInt64 = 0
    var bitCount = 0
    var exhausted = false

    var codeSize = minimumCodeSize + 1
    var codeMask = (1 << codeSize) - 1
    var next = end  // the slot the next code defines is `next` once a first code is read
    var last = invalidCode

    decoding: while produced < total {
      // Refill: at least `codeSize` bits, or stop when the data runs out.
      while bitCount < codeSize {
        if blockRemaining == 0 {
          guard !exhausted, position >= 0, position < bytes.count else { break decoding }
          let length = Int(bytes[position])
          position += 1
          blockRemaining = min(length, bytes.count - position)
          if blockRemaining == 0 {
            exhausted = true
            break decoding
          }
        }
        while bitCount <= 56, blockRemaining > 0 {
          bits |= UInt64(bytes[position]) << UInt64(bitCount)
          position += 1
          blockRemaining -= 1
          bitCount += 8
        }
      }
      let code = Int(truncatingIfNeeded: bits) & codeMask  // < 4096
      bits >>= UInt64(codeSize)
      bitCount -= codeSize

      if code == clear {
        codeSize = minimumCodeSize + 1
        codeMask = (1 << codeSize) - 1
        next = end
        last = invalidCode
        continue
      }
      if code == end { break }
      if code > next { break }  // invalid: not yet defined
      if last != invalidCode {
        // Define slot `next` (< 4096: `last` is invalid when it is 4096) as
        // string(last) + first byte of string(code), where string(next)
        // starts like string(last) (KwKwK).
        let lastEntry = table[last]
        let firstOfCode = code == next ? (lastEntry >> 24) & 0xFF : (table[code] >> 24) & 0xFF
        let length = ((lastEntry >> 32) & 0xFFFF) &+ 1
        table[next] = UInt64(last) | firstOfCode << 16 | (lastEntry & 0xFF00_0000) | length << 32
      } else if code == next {
        break  // KwKwK with nothing before it (only after a clear or the start)
      }

      // Output string(code), cut to the pixels still wanted.
      let entry = table[code]
      let fullLength = Int(truncatingIfNeeded: (entry >> 32) & 0xFFFF)
      let wanted = min(fullLength, total &- produced)
      if countOnly {
        produced &+= wanted
      } else {
        // Skip the tail that is not wanted.
        var walker = code
        var skip = fullLength &- wanted
        while skip > 0 {
          walker = Int(truncatingIfNeeded: table[walker] & 0xFFFF)
          skip &-= 1
        }
        if column &+ wanted <= width {
          // Spell the string straight into the row, back to front.
          var index = rowBase &+ column &+ wanted
          var count = wanted
          while count > 0 {
            let value = table[walker]
            index &-= 1
            scratch[index] = UInt8(truncatingIfNeeded: value >> 16)
            walker = Int(truncatingIfNeeded: value & 0xFFFF)
            count &-= 1
          }
          column &+= wanted
          produced &+= wanted
          if column == width {
            emitRow(rowNumber, UnsafeBufferPointer(rebasing: scratch[rowBase..<rowBase &+ width]))
            rowNumber &+= 1
            column = 0
            if rowNumber >= visibleRows { countOnly = true }
          }
        } else {
          // Spell it on the stack, then copy it across rows.
          var index = wanted
          while index > 0 {
            let value = table[walker]
            index &-= 1
            scratch[index] = UInt8(truncatingIfNeeded: value >> 16)
            walker = Int(truncatingIfNeeded: value & 0xFFFF)
          }
          var from = 0
          while from < wanted {
            let run = min(wanted &- from, width &- column)
            if !countOnly {
              for offset in 0..<run {
                scratch[rowBase &+ column &+ offset] = scratch[from &+ offset]
              }
            }
            from &+= run
            column &+= run
            produced &+= run
            if column == width {
              if !countOnly {
                emitRow(rowNumber, UnsafeBufferPointer(rebasing: scratch[rowBase..<rowBase &+ width]))
              }
              rowNumber &+= 1
              column = 0
              if rowNumber >= visibleRows { countOnly = true }
            }
          }
        }
      }

      last = code
      if next < tableSize {
        next &+= 1
        if next > codeMask, codeSize < 12 {
          codeSize &+= 1
          codeMask = (1 << codeSize) - 1
        }
      }
      if next == tableSize {
        // Table full: codes stay 12 bits and define nothing until a clear;
        // `last` stays invalid so slot 4096 is never written.
        last = invalidCode
      }
    }
    if column > 0, !countOnly {
      emitRow(rowNumber, UnsafeBufferPointer(rebasing: scratch[rowBase..<rowBase &+ column]))
    }
    return produced
  }
}
