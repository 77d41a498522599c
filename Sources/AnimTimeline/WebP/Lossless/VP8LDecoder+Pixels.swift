/// The entropy-coded pixels (RFC 9649, section 5.2): literals, backward
/// references with the distance map, and colour cache hits, each pixel
/// decoded with the prefix-code group of its tile.
extension VP8LDecoder {
  /// The colour cache's hash multiplier.
  private static let cacheMultiplier: UInt32 = 0x1E35_A7BD

  /// Decodes `width * height` entropy-coded pixels with the groups just
  /// read into the buffer at `buffer` (grown if too small), handing
  /// finished rows to `writer` (the main image) if given.
  ///
  /// - Throws: ``VP8LDecodingError`` for a bad backward reference or data
  ///   that ends early.
  /// - Complexity: O(*n* + *m*) for *n* bits read and *m* pixels.
  mutating func decodeEntropyCoded(
    into buffer: WritableKeyPath<VP8LDecoder, [UInt32]>, width: Int, height: Int, cacheBits: Int,
    groupBits: Int, groupWidth: Int, reader: inout VP8LBitReader, writer: VP8LRowWriter?
  ) throws(VP8LDecodingError) {
    let count = width * height
    var output: [UInt32] = []
    swap(&output, &self[keyPath: buffer])
    defer { swap(&output, &self[keyPath: buffer]) }
    if output.count < count { output = [UInt32](repeating: 0, count: count) }
    let cacheSize = cacheBits > 0 ? 1 << cacheBits : 0
    for index in 0..<cacheSize { colorCache[index] = 0 }
    var cache: [UInt32] = []
    swap(&cache, &colorCache)
    defer { swap(&cache, &colorCache) }
    // Second references, not copies: nothing changes these while the
    // pixels are decoded.
    let entries = tables.entries
    let groupList = groups
    let packed = packedTables
    let groupImage = entropyImage
    try output.withUnsafeMutableBufferPointer { (output) throws(VP8LDecodingError) in
      try cache.withUnsafeMutableBufferPointer { (cache) throws(VP8LDecodingError) in
        try entries.withUnsafeBufferPointer { (entries) throws(VP8LDecodingError) in
          try groupList.withUnsafeBufferPointer { (groupList) throws(VP8LDecodingError) in
            try packed.withUnsafeBufferPointer { (packed) throws(VP8LDecodingError) in
              try groupImage.withUnsafeBufferPointer { (groupImage) throws(VP8LDecodingError) in
                try VP8LDistanceMap.offsets.withUnsafeBufferPointer { (offsets) throws(VP8LDecodingError) in
                  // Every one of these arrays has at least one element (the
                  // entropy image is read only with meta codes, after it has
                  // been decoded).
                  guard let pixels = output.baseAddress, let cache = cache.baseAddress,
                    let tables = entries.baseAddress, let groups = groupList.baseAddress,
                    let packed = packed.baseAddress, let offsets = offsets.baseAddress
                  else { return }
                  let groupImage = groupImage.baseAddress ?? UnsafePointer(cache)
                  var written = 0
                  try Self.decodePixels(
                    reader: &reader, into: pixels, width: width, height: height, tables: tables, groups: groups,
                    packed: packed, groupImage: groupImage, groupBits: groupBits, groupWidth: groupWidth,
                    cache: cache, cacheBits: cacheBits, distanceOffsets: offsets
                  ) { rows in
                    writer?.write(rows: written..<rows, from: pixels)
                    written = rows
                  }
                }
              }
            }
          }
        }
      }
    }
  }

  /// The value of a length or distance prefix symbol: the symbol plus
  /// one below 4, else a base with `(symbol - 2) / 2` extra bits.
  @inline(__always)
  private static func prefixValue(_ symbol: Int, _ reader: inout VP8LBitReader) -> Int {
    if symbol < 4 { return symbol + 1 }
    let extraBits = (symbol - 2) >> 1
    return ((2 &+ (symbol & 1)) &<< extraBits) &+ reader.read(extraBits) &+ 1
  }

  /// The pixel loop. `groupImage` holds each tile's group index when
  /// `groupBits` is not 0 (else every pixel uses group 0); `cache` has
  /// `2^cacheBits` entries (none if 0). `rowsDone(n)` is called when the
  /// first `n` rows are complete: at every 16th row and at the end.
  ///
  /// - Complexity: O(*n* + *m*) for *n* bits read and *m* pixels.
  // unsafe: every pixel. Symbols are below their alphabet's size by
  // construction of the tables (so cache keys fit the cache), group
  // indices were renumbered below the group count, and each backward
  // reference is checked against the start and the end of the image.
  private static func decodePixels(
    reader stream: inout VP8LBitReader, into pixels: UnsafeMutablePointer<UInt32>, width: Int, height: Int,
    tables: UnsafePointer<UInt32>, groups: UnsafePointer<VP8LPrefixGroup>, packed: UnsafePointer<UInt64>,
    groupImage: UnsafePointer<UInt32>, groupBits: Int, groupWidth: Int,
    cache: UnsafeMutablePointer<UInt32>, cacheBits: Int, distanceOffsets: UnsafePointer<UInt8>,
    rowsDone: (Int) -> Void
  ) throws(VP8LDecodingError) {
    // A local copy, kept in registers through the loop.
    var reader = stream
    defer { stream = reader }
    let end = width * height
    // `col & groupMask == 0` at the start of each tile (each row without
    // meta codes).
    let groupMask = groupBits == 0 ? -1 : (1 << groupBits) - 1
    let cacheShift = UInt32(32 - cacheBits)
    var position = 0
    var col = 0
    var row = 0
    var cached = 0
    var group = groups[0]
    while position < end {
      if col & groupMask == 0 && groupBits != 0 {
        group = groups[Int(groupImage[(row >> groupBits) * groupWidth + (col >> groupBits)])]
      }
      var pixel: UInt32
      if group.trivialPixel {
        pixel = group.literal
      } else {
        reader.refillIfLow()
        var green: Int
        if group.packed >= 0 {
          let entry = packed[group.packed + Int(truncatingIfNeeded: reader.bits) & ((1 << packedBits) - 1)]
          let length = Int(truncatingIfNeeded: entry >> 32)
          if length < 0x100 {
            reader.skip(length)
            pixel = UInt32(truncatingIfNeeded: entry)
            green = -1
          } else {
            reader.skip(length - 0x100)
            pixel = 0
            green = Int(UInt32(truncatingIfNeeded: entry))
          }
        } else {
          pixel = 0
          green = reader.readSymbol(tables + group.green)
        }
        if green < 0 {
          // A whole literal from the packed table.
        } else if green < 256 {
          if group.trivialLiteral {
            pixel = group.literal | UInt32(truncatingIfNeeded: green) << 8
          } else {
            let red = reader.readSymbol(tables + group.red)
            reader.refillIfLow()
            let blue = reader.readSymbol(tables + group.blue)
            let alpha = reader.readSymbol(tables + group.alpha)
            pixel =
              UInt32(truncatingIfNeeded: alpha) << 24 | UInt32(truncatingIfNeeded: red) << 16
              | UInt32(truncatingIfNeeded: green) << 8 | UInt32(truncatingIfNeeded: blue)
          }
        } else if green < 280 {
          // A backward reference.
          let length = prefixValue(green - 256, &reader)
          reader.refillIfLow()
          let code = prefixValue(reader.readSymbol(tables + group.distance), &reader)
          let distance = VP8LDistanceMap.distance(code: code, width: width, offsets: distanceOffsets)
          try reader.checkNotPastEnd()
          if distance > position || length > end - position { throw reader.error(.badBackwardReference) }
          let target = pixels + position
          let source = target - distance
          if distance >= length {
            target.update(from: source, count: length)
          } else {
            for index in 0..<length { target[index] = source[index] }
          }
          position += length
          col += length
          while col >= width {
            col -= width
            row += 1
            if row & (VP8LRowWriter.batchRows - 1) == 0 { rowsDone(row) }
          }
          if cacheBits > 0 {
            while cached < position {
              let argb = pixels[cached]
              cache[Int((argb &* cacheMultiplier) &>> cacheShift)] = argb
              cached &+= 1
            }
          }
          if col & groupMask != 0 && groupBits != 0 {
            group = groups[Int(groupImage[(row >> groupBits) * groupWidth + (col >> groupBits)])]
          }
          continue
        } else {
          // A colour cache hit: the cache holds every pixel before this.
          while cached < position {
            let argb = pixels[cached]
            cache[Int((argb &* cacheMultiplier) &>> cacheShift)] = argb
            cached &+= 1
          }
          pixel = cache[green - 280]
        }
      }
      // Wrapping: position < end, so none of these overflow.
      pixels[position] = pixel
      position &+= 1
      col &+= 1
      if col == width {
        col = 0
        row &+= 1
        if cacheBits > 0 {
          while cached < position {
            let argb = pixels[cached]
            cache[Int((argb &* cacheMultiplier) &>> cacheShift)] = argb
            cached &+= 1
          }
        }
        if row & (VP8LRowWriter.batchRows - 1) == 0 { rowsDone(row) }
        try reader.checkNotPastEnd()
      }
    }
    try reader.checkNotPastEnd()
    rowsDone(height)
  }
}
