/// The GIF variant of LZW compression: variable-width codes from
/// `minimumCodeSize + 1` bits growing to 12, packed least significant bit
/// first; a clear code first, an end code last, and, when the string table
/// is full (all 4,096 codes assigned), either a clear code at once or
/// none (the "deferred clear": the full table is kept and codes stay 12
/// bits wide, which compresses better when the strings it holds still
/// match what follows).
///
/// The string table is an open-addressing hash table in one flat array,
/// allocated once per call: a slot holds the key (prefix code and the
/// appended index) and the code assigned to it. No allocation per pixel.
///
/// The code width follows the decoder's rule (which ``LZWFrameDecoder``
/// and ``LZWRowDecoder`` implement): the decoder assigns each entry one
/// code later than the encoder, so the encoder widens its codes once the
/// next code to assign passes `1 << width`, and before the end code when
/// it equals `1 << width`.
///
/// **Pixels with two possible indices.** A GIF frame may write a pixel
/// that does not change either as the transparent index or as its own
/// colour. With `alternatives`, each position may take `indices[i]` or
/// `alternatives[i]`, and the encoder follows every string of the table
/// that matches some choice (at most ``pathLimit`` at once), so each code
/// covers the longest run any choice allows (greedy longest match, as for
/// one index a pixel). When no string extends, the first one found
/// (preferring `indices` over `alternatives` at every step) is written
/// and extended by `indices[i]`, which also starts the next string (the
/// decoder completes each entry with the first index of the next code).
enum LZWEncoder {
  /// Slots in the hash table: a power of two, at least twice the 4,096
  /// codes, so probes stay short.
  private static let slotCount = 1 << 13
  private static let emptySlot = UInt32.max
  /// The most strings followed at once with `alternatives`.
  static let pathLimit = 4

  /// Compresses `indices` (each below `1 << minimumCodeSize`) into the raw
  /// GIF LZW code stream, not yet split into sub-blocks (see
  /// ``appendSubBlocks(_:to:)``).
  ///
  /// - Parameters:
  ///   - indices: the colour indices, row by row.
  ///   - minimumCodeSize: `2...8`; values outside are clamped into it.
  ///   - clearsFullTable: whether a full table is cleared at once (`true`)
  ///     or kept to the end (`false`).
  /// - Returns: the packed codes.
  /// - Complexity: O(*n*) expected in the number of indices.
  static func encode(_ indices: UnsafeBufferPointer<UInt8>, minimumCodeSize: Int, clearsFullTable: Bool = true) -> [UInt8] {
    encode(indices, alternatives: nil, minimumCodeSize: minimumCodeSize, clearsFullTable: clearsFullTable).data
  }

  /// Compresses `indices`, each position optionally replaced by the one of
  /// `alternatives` (same count; equal where there is no choice), into the
  /// raw GIF LZW code stream. `filledTable` tells whether the string table
  /// became full: if not, `clearsFullTable` made no difference.
  ///
  /// - Complexity: O(*n*) expected in the number of indices (at most
  ///   2 · ``pathLimit`` look-ups a position).
  static func encode(
    _ indices: UnsafeBufferPointer<UInt8>, alternatives: UnsafeBufferPointer<UInt8>?, minimumCodeSize: Int,
    clearsFullTable: Bool
  ) -> (data: [UInt8], filledTable: Bool) {
    // With no limit there is always a stream.
    encode(
      indices, alternatives: alternatives, minimumCodeSize: minimumCodeSize, clearsFullTable: clearsFullTable,
      byteLimit: .max) ?? ([], false)
  }

  /// The stream ``encode(_:alternatives:minimumCodeSize:clearsFullTable:)``
  /// makes, or `nil` as soon as its codes take more than `byteLimit`
  /// bytes: a trial that can no longer beat a stream of `byteLimit + 1`
  /// bytes stops there.
  ///
  /// - Complexity: O(*n*) expected in the number of indices, up to the
  ///   position where the limit is passed.
  static func encode(
    _ indices: UnsafeBufferPointer<UInt8>, alternatives: UnsafeBufferPointer<UInt8>?, minimumCodeSize: Int,
    clearsFullTable: Bool, byteLimit: Int
  ) -> (data: [UInt8], filledTable: Bool)? {
    let rootBits = min(max(minimumCodeSize, 2), 8)
    let clearCode = 1 << rootBits
    let endCode = clearCode + 1
    let firstCode = clearCode + 2
    let literalMask = clearCode - 1
    let alternatives = alternatives.flatMap { $0.count == indices.count ? $0 : nil }
    // At most one code (12 bits) a pixel, a clear code every 3,838 codes
    // or fewer, and the first clear and end codes.
    let capacity = (indices.count + indices.count / 1024 + 4) * 12 / 8 + 8
    var filled = false
    // The codes are written into a buffer of the worst case's size, not
    // initialized (only the bytes written are touched), and copied out at
    // their length; the buffer is freed at once, for the next pass to
    // reuse.
    // bench encode gifplayer-muybridge.gif (from whole frames): each pass
    // (up to seven a frame) zero-filled a fresh 211 KB array and returned
    // it with its whole capacity for a few kilobytes of codes; 1.5-3 %
    // of the encoder's time (three alternations).
    let data = withUnsafeTemporaryAllocation(of: UInt8.self, capacity: capacity) { output -> [UInt8]? in
      withUnsafeTemporaryAllocation(of: UInt32.self, capacity: slotCount) { table -> [UInt8]? in
        table.initialize(repeating: emptySlot)
        var bitBuffer: UInt64 = 0
        var bitCount = 0
        var width = rootBits + 1
        var nextCode = firstCode
        var length = 0
        @inline(__always) func emit(_ code: Int) {
          bitBuffer |= UInt64(code) << UInt64(bitCount)
          bitCount += width
          while bitCount >= 8 {
            output[length] = UInt8(truncatingIfNeeded: bitBuffer)
            length += 1
            bitBuffer >>= 8
            bitCount -= 8
          }
        }
        // The code of the string `prefix` + `symbol`, or -1, and the slot
        // where it is or would go.
        @inline(__always) func find(_ prefix: Int, _ symbol: Int) -> (code: Int, slot: Int) {
          let key = UInt32(truncatingIfNeeded: prefix << 8 | symbol)
          var slot = Int((key &* 0x9E37_79B1) >> 19)
          while true {
            let entry = table[slot]
            if entry == emptySlot { return (-1, slot) }
            if entry >> 12 == key { return (Int(entry & 0xFFF), slot) }
            slot = (slot + 1) & (slotCount - 1)
          }
        }
        // Adds `prefix` + `symbol` at `slot` (from `find`), or handles the
        // full table.
        @inline(__always) func define(_ prefix: Int, _ symbol: Int, at slot: Int) {
          if nextCode < 4096 {
            let key = UInt32(truncatingIfNeeded: prefix << 8 | symbol)
            table[slot] = key << 12 | UInt32(truncatingIfNeeded: nextCode)
            nextCode += 1
            if nextCode > 1 << width && width < 12 { width += 1 }
          } else {
            filled = true
            if clearsFullTable {
              emit(clearCode)
              table.update(repeating: emptySlot)
              nextCode = firstCode
              width = rootBits + 1
            }
          }
        }
        emit(clearCode)
        let count = indices.count
        if count > 0, let alternatives {
          // Every string that matches some choice of the positions since
          // the last code, at most `pathLimit`, the preferred one first.
          var paths = (0, 0, 0, 0)
          var pathCount = 0
          var next = (0, 0, 0, 0)
          var nextCount = 0
          @inline(__always) func add(_ code: Int, to list: inout (Int, Int, Int, Int), count: inout Int) {
            switch count {
            case 0: list.0 = code
            case 1: if list.0 == code { return } else { list.1 = code }
            case 2: if list.0 == code || list.1 == code { return } else { list.2 = code }
            case 3: if list.0 == code || list.1 == code || list.2 == code { return } else { list.3 = code }
            default: return
            }
            count += 1
          }
          @inline(__always) func path(_ list: (Int, Int, Int, Int), _ index: Int) -> Int {
            switch index {
            case 0: return list.0
            case 1: return list.1
            case 2: return list.2
            default: return list.3
            }
          }
          let first = Int(indices[0]) & literalMask
          let firstOther = Int(alternatives[0]) & literalMask
          add(first, to: &paths, count: &pathCount)
          add(firstOther, to: &paths, count: &pathCount)
          var position = 1
          while position < count {
            let symbol = Int(indices[position]) & literalMask
            let other = Int(alternatives[position]) & literalMask
            position += 1
            if pathCount == 1 && symbol == other {
              // One string, one choice: the plain step.
              let found = find(paths.0, symbol)
              if found.code >= 0 {
                paths.0 = found.code
                continue
              }
              emit(paths.0)
              if length > byteLimit { return nil }
              define(paths.0, symbol, at: found.slot)
              paths.0 = symbol
              continue
            }
            nextCount = 0
            var slot = -1
            for index in 0..<pathCount {
              let prefix = path(paths, index)
              let found = find(prefix, symbol)
              if index == 0 { slot = found.slot }
              if found.code >= 0 { add(found.code, to: &next, count: &nextCount) }
              if other != symbol {
                let otherFound = find(prefix, other)
                if otherFound.code >= 0 { add(otherFound.code, to: &next, count: &nextCount) }
              }
            }
            if nextCount > 0 {
              paths = next
              pathCount = nextCount
              continue
            }
            emit(paths.0)
            if length > byteLimit { return nil }
            define(paths.0, symbol, at: slot)
            // The decoder completes the entry just defined with the first
            // index of the next code: that string starts with `symbol`.
            paths.0 = symbol
            pathCount = 1
          }
          emit(paths.0)
          if nextCode == 1 << width && width < 12 { width += 1 }
        } else if count > 0 {
          var prefix = Int(indices[0]) & literalMask
          var position = 1
          while position < count {
            let symbol = Int(indices[position]) & literalMask
            position += 1
            // Key: 12-bit prefix code, 8-bit symbol; the slot keeps the key
            // in the high 20 bits and the assigned code in the low 12.
            let found = find(prefix, symbol)
            if found.code >= 0 {
              prefix = found.code
              continue
            }
            emit(prefix)
            if length > byteLimit { return nil }
            define(prefix, symbol, at: found.slot)
            prefix = symbol
          }
          emit(prefix)
          if nextCode == 1 << width && width < 12 { width += 1 }
        }
        emit(endCode)
        if bitCount > 0 {
          output[length] = UInt8(truncatingIfNeeded: bitBuffer)
          length += 1
        }
        if length > byteLimit { return nil }
        return Array(UnsafeBufferPointer(rebasing: output[..<length]))
      }
    }
    return data.map { ($0, filled) }
  }

  /// Appends `data` to `output` as GIF data sub-blocks (a length byte, then
  /// up to 255 bytes), followed by the zero-length block terminator.
  ///
  /// - Complexity: O(*n*) in the bytes.
  static func appendSubBlocks(_ data: [UInt8], to output: inout [UInt8]) {
    var start = 0
    while start < data.count {
      let length = min(255, data.count - start)
      output.append(UInt8(length))
      output += data[start..<start + length]
      start += length
    }
    output.append(0)
  }
}
