/// The colours of an image that has at most 256 of them, in the order an
/// indexed PNG (colour type 3) lists them: translucent colours first, so
/// that the `tRNS` chunk, which gives alpha to the first entries and
/// leaves the rest opaque, is as short as it can be.
struct PNGPalette {
  /// The colours, each `R | G << 8 | B << 16 | A << 24`.
  var colors: [UInt32]
  /// How many of ``colors``, all at the front, have an alpha below 255:
  /// the length of `tRNS` (0: no `tRNS`).
  var translucentCount: Int

  /// The most colours a palette holds.
  static let maxColors = 256

  /// The smallest PNG bit depth whose indices reach every colour: 1, 2,
  /// 4 or 8.
  var bitDepth: Int {
    switch colors.count {
    case ...2: return 1
    case ...4: return 2
    case ...16: return 4
    default: return 8
    }
  }

  /// Counts the colours of `pixels` (`width` × `height` RGBA pixels, both
  /// at least 1) and writes each row as a filter byte 0 (none) and one
  /// palette index a pixel, row `y` at `output + y * (width + 1)`; returns
  /// the palette, or `nil` as soon as a 257th colour shows (`output` then
  /// holds partial rows).
  ///
  /// The colours are found through a 1,024-slot open-addressing hash
  /// table of the 32-bit pixels on the stack; a pixel equal to the one
  /// before it skips the lookup. Allocates only the palette.
  ///
  /// - Complexity: O(*p*) in the pixels.
  // unsafe: every pixel passes through this loop; measured with
  // `Benchmarks/png_vs_zlib.py` (the whole `pngData()` time).
  static func index(
    _ pixels: UnsafePointer<UInt8>, width: Int, height: Int, into output: UnsafeMutablePointer<UInt8>
  ) -> PNGPalette? {
    let slotCount = 1024  // a load of at most 1/4
    return withUnsafeTemporaryAllocation(of: UInt64.self, capacity: slotCount) { slots in
      withUnsafeTemporaryAllocation(of: UInt32.self, capacity: maxColors) { colors in
        // A slot holds a colour in its low 32 bits and its index + 1 above
        // them; 0 is an empty slot.
        slots.initialize(repeating: 0)
        var count = 0
        let source = UnsafeRawPointer(pixels)
        var last = ~UInt32(littleEndian: source.loadUnaligned(as: UInt32.self))  // differs from the first pixel
        var lastIndex: UInt8 = 0
        for y in 0..<height {
          let row = source + y * width * 4
          let target = output + y * (width + 1)
          target[0] = PNGRowFilter.none.rawValue
          for x in 0..<width {
            let pixel = UInt32(littleEndian: row.loadUnaligned(fromByteOffset: x * 4, as: UInt32.self))
            if pixel != last {
              var slot = Int(truncatingIfNeeded: (pixel &* 0x9E37_79B1) >> 22)
              while true {
                let entry = slots[slot]
                if entry == 0 {
                  if count == maxColors { return nil }
                  colors[count] = pixel
                  count += 1
                  slots[slot] = UInt64(pixel) | UInt64(count) << 32
                  lastIndex = UInt8(truncatingIfNeeded: count - 1)
                  break
                }
                if UInt32(truncatingIfNeeded: entry) == pixel {
                  lastIndex = UInt8(truncatingIfNeeded: (entry >> 32) - 1)
                  break
                }
                slot = (slot + 1) & (slotCount - 1)
              }
              last = pixel
            }
            target[1 + x] = lastIndex
          }
        }
        return PNGPalette.ordered(UnsafeBufferPointer(rebasing: colors[0..<count]), width: width, height: height, rows: output)
      }
    }
  }

  /// The palette of `colors` (in order of first appearance) with its
  /// translucent colours moved to the front, keeping their order and the
  /// order of the opaque ones; the indices in `rows` (as ``index(_:width:height:into:)``
  /// wrote them) are renumbered when anything moved.
  ///
  /// - Complexity: O(*p*) in the pixels when colours move, else O(*c*)
  ///   in the colours.
  private static func ordered(
    _ colors: UnsafeBufferPointer<UInt32>, width: Int, height: Int, rows: UnsafeMutablePointer<UInt8>
  ) -> PNGPalette {
    var translucent: [UInt32] = []
    var opaque: [UInt32] = []
    var firstOpaque = colors.count
    var moved = false
    for (index, color) in colors.enumerated() {
      if color >> 24 == 0xFF {
        opaque.append(color)
        firstOpaque = min(firstOpaque, index)
      } else {
        translucent.append(color)
        if index > firstOpaque { moved = true }
      }
    }
    if moved {
      withUnsafeTemporaryAllocation(of: UInt8.self, capacity: maxColors) { map in
        var nextTranslucent = 0
        var nextOpaque = translucent.count
        for (index, color) in colors.enumerated() {
          if color >> 24 == 0xFF {
            map[index] = UInt8(truncatingIfNeeded: nextOpaque)
            nextOpaque += 1
          } else {
            map[index] = UInt8(truncatingIfNeeded: nextTranslucent)
            nextTranslucent += 1
          }
        }
        for y in 0..<height {
          let row = rows + y * (width + 1) + 1
          for x in 0..<width { row[x] = map[Int(row[x])] }
        }
      }
    }
    return PNGPalette(colors: translucent + opaque, translucentCount: translucent.count)
  }

  /// Packs the rows that ``index(_:width:height:into:)`` wrote (one byte
  /// an index) in place to ``bitDepth`` bits an index, the leftmost pixel
  /// in the high bits and the last byte of a row padded with zero bits;
  /// returns the packed length, `height * (rowBytes + 1)`.
  ///
  /// In place is safe: packed row `y` starts at `y * (rowBytes + 1)`, no
  /// later than the unpacked row, and each packed byte is written after
  /// the unpacked bytes it covers have been read.
  ///
  /// - Complexity: O(*p*) in the pixels.
  func pack(_ rows: UnsafeMutablePointer<UInt8>, width: Int, height: Int) -> Int {
    let depth = bitDepth
    let rowBytes = PNGPalette.rowBytes(width: width, bitDepth: depth)
    guard depth < 8 else { return height * (width + 1) }
    let perByte = 8 / depth
    for y in 0..<height {
      let source = rows + y * (width + 1) + 1
      let target = rows + y * (rowBytes + 1)
      target[0] = PNGRowFilter.none.rawValue
      var x = 0
      for byte in 0..<rowBytes {
        var packed: UInt8 = 0
        var shift = 8
        for _ in 0..<perByte {
          shift -= depth
          if x < width { packed |= source[x] << UInt8(shift) }
          x += 1
        }
        target[1 + byte] = packed
      }
    }
    return height * (rowBytes + 1)
  }

  /// The bytes of one row of `width` indices at `bitDepth` bits each.
  static func rowBytes(width: Int, bitDepth: Int) -> Int {
    (width * bitDepth + 7) / 8
  }

  /// The `PLTE` chunk's data: R, G, B for each colour.
  var paletteChunk: [UInt8] {
    var data: [UInt8] = []
    data.reserveCapacity(3 * colors.count)
    for color in colors {
      data += [UInt8(truncatingIfNeeded: color), UInt8(truncatingIfNeeded: color >> 8), UInt8(truncatingIfNeeded: color >> 16)]
    }
    return data
  }

  /// The `tRNS` chunk's data: the alpha of each translucent colour
  /// (empty when every colour is opaque, and the chunk is left out).
  var transparencyChunk: [UInt8] {
    colors[0..<translucentCount].map { UInt8(truncatingIfNeeded: $0 >> 24) }
  }
}
