/// The GIF variant of LZW compression: variable-width codes from
/// `minimumCodeSize + 1` bits growing to 12, packed least significant bit
/// first; a clear code first, a clear code whenever the string table is
/// full (all 4,096 codes assigned), and an end code last.
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
enum LZWEncoder {
  /// Slots in the hash table: a power of two, at least twice the 4,096
  /// codes, so probes stay short.
  private static let slotCount = 1 << 13
  private static let emptySlot = UInt32.max

  /// Compresses `indices` (each below `1 << minimumCodeSize`) into the raw
  /// GIF LZW code stream, not yet split into sub-blocks (see
  /// ``appendSubBlocks(_:to:)``).
  ///
  /// - Parameters:
  ///   - indices: the colour indices, row by row.
  ///   - minimumCodeSize: `2...8`; values outside are clamped into it.
  /// - Returns: the packed codes.
  /// - Complexity: O(*n*) expected in the number of indices.
  static func encode(_ indices: UnsafeBufferPointer<UInt8>, minimumCodeSize: Int) -> [UInt8] {
    let rootBits = min(max(minimumCodeSize, 2), 8)
    let clearCode = 1 << rootBits
    let endCode = clearCode + 1
    let firstCode = clearCode + 2
    let literalMask = clearCode - 1
    // At most one code (12 bits) a pixel, a clear code every 3,838 codes
    // or fewer, and the first clear and end codes.
    let capacity = (indices.count + indices.count / 1024 + 4) * 12 / 8 + 8
    var output = [UInt8](repeating: 0, count: capacity)
    var table = [UInt32](repeating: emptySlot, count: slotCount)
    let written = output.withUnsafeMutableBufferPointer { output in
      table.withUnsafeMutableBufferPointer { table in
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
        emit(clearCode)
        if let first = indices.first {
          var prefix = Int(first) & literalMask
          var position = 1
          let count = indices.count
          while position < count {
            let symbol = Int(indices[position]) & literalMask
            position += 1
            // Key: 12-bit prefix code, 8-bit symbol; the slot keeps the key
            // in the high 20 bits and the assigned code in the low 12.
            let key = UInt32(truncatingIfNeeded: prefix << 8 | symbol)
            var slot = Int((key &* 0x9E37_79B1) >> 19)
            var found = -1
            while true {
              let entry = table[slot]
              if entry == emptySlot { break }
              if entry >> 12 == key {
                found = Int(entry & 0xFFF)
                break
              }
              slot = (slot + 1) & (slotCount - 1)
            }
            if found >= 0 {
              prefix = found
              continue
            }
            emit(prefix)
            if nextCode < 4096 {
              table[slot] = key << 12 | UInt32(truncatingIfNeeded: nextCode)
              nextCode += 1
              if nextCode > 1 << width && width < 12 { width += 1 }
            } else {
              emit(clearCode)
              table.update(repeating: emptySlot)
              nextCode = firstCode
              width = rootBits + 1
            }
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
        return length
      }
    }
    output.removeLast(output.count - written)
    return output
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
