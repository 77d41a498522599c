extension VP8FrameState {
  /// The offset of the Y2 block's coefficients in ``coefficients``.
  static let secondOrderOffset = 384

  /// Reads one macroblock's coefficients (RFC 6386 section 13) from its
  /// token partition into ``coefficients``, dequantized, the luma DCs of a
  /// 16x16-predicted macroblock already through the inverse WHT, and
  /// updates the non-zero contexts.
  ///
  /// Returns each block's transform class, two bits a block (block `n` at
  /// bits `2n`: luma 0-15, U 16-19, V 20-23): 0 nothing to add, 1 DC only,
  /// 2 or 3 the full transform.
  ///
  /// - Complexity: O(1) (at most 400 tokens).
  mutating func readResiduals(
    _ tokens: inout VP8BoolDecoder, column: Int, segment: Int, is4x4: Bool
  ) -> UInt64 {
    let p = parameters
    let out = coefficients
    out.update(repeating: 0, count: 400)
    var classes: UInt64 = 0
    let first: Int
    let lumaProbabilities: UnsafePointer<UInt8>
    if !is4x4 {
      let dc = out + Self.secondOrderOffset
      let context = Int(aboveNonZeroDC[column]) + Int(leftNonZeroDC)
      let count = Self.readBlock(
        &tokens, probabilities + 264, context: context, dcFactor: p.y2DC[segment], acFactor: p.y2AC[segment],
        first: 0, into: dc)
      let flag: UInt8 = count > 0 ? 1 : 0
      aboveNonZeroDC[column] = flag
      leftNonZeroDC = flag
      if count > 1 {
        VP8InverseTransform.walshHadamard(dc, into: out)
      } else {
        let value = Int16(truncatingIfNeeded: (Int32(dc[0]) &+ 3) &>> 3)
        for block in 0..<16 { out[16 * block] = value }
      }
      first = 1
      lumaProbabilities = UnsafePointer(probabilities)
    } else {
      first = 0
      lumaProbabilities = UnsafePointer(probabilities + 3 * 264)
    }

    // Luma: bit x of `above` and bit y of `left` say whether the block
    // above / to the left has non-zero coefficients.
    var above = Int(aboveNonZero[column])
    var left = Int(leftNonZero)
    let y1DC = p.y1DC[segment], y1AC = p.y1AC[segment]
    for y in 0..<4 {
      var leftFlag = (left >> y) & 1
      for x in 0..<4 {
        let block = 4 * y + x
        let context = leftFlag + ((above >> x) & 1)
        let count = Self.readBlock(
          &tokens, lumaProbabilities, context: context, dcFactor: y1DC, acFactor: y1AC, first: first,
          into: out + 16 * block)
        leftFlag = count > first ? 1 : 0
        above = (above & ~(1 << x)) | (leftFlag << x)
        classes |= Self.transformClass(count, dcIsNonZero: out[16 * block] != 0) << UInt64(2 * block)
      }
      left = (left & ~(1 << y)) | (leftFlag << y)
    }

    // Chroma: U then V, 2x2 blocks each, flags at bits 4-5 and 6-7.
    let uvDC = p.uvDC[segment], uvAC = p.uvAC[segment]
    for plane in 0..<2 {
      let shift = 4 + 2 * plane
      for y in 0..<2 {
        var leftFlag = (left >> (shift + y)) & 1
        for x in 0..<2 {
          let block = 16 + 4 * plane + 2 * y + x
          let context = leftFlag + ((above >> (shift + x)) & 1)
          let count = Self.readBlock(
            &tokens, probabilities + 2 * 264, context: context, dcFactor: uvDC, acFactor: uvAC, first: 0,
            into: out + 16 * block)
          leftFlag = count > 0 ? 1 : 0
          above = (above & ~(1 << (shift + x))) | (leftFlag << (shift + x))
          classes |= Self.transformClass(count, dcIsNonZero: out[16 * block] != 0) << UInt64(2 * block)
        }
        left = (left & ~(1 << (shift + y))) | (leftFlag << (shift + y))
      }
    }
    aboveNonZero[column] = UInt8(truncatingIfNeeded: above)
    leftNonZero = UInt8(truncatingIfNeeded: left)
    return classes
  }

  /// Clears the non-zero contexts of a macroblock without coefficients
  /// (its skip flag set); the Y2 contexts stay for a 4x4-predicted one.
  mutating func skipResiduals(column: Int, is4x4: Bool) {
    aboveNonZero[column] = 0
    leftNonZero = 0
    if !is4x4 {
      aboveNonZeroDC[column] = 0
      leftNonZeroDC = 0
    }
  }

  /// A block's transform class from the position after its last token
  /// and whether its DC is non-zero.
  @inline(__always)
  private static func transformClass(_ count: Int, dcIsNonZero: Bool) -> UInt64 {
    count > 3 ? 3 : count > 1 ? 2 : dcIsNonZero ? 1 : 0
  }

  /// Reads the tokens of one block from position `first`, with the
  /// probabilities of its type (`typeProbabilities`, 264 bytes) and the
  /// initial context `context`, storing each coefficient times its factor
  /// (truncated to 16 bits, as libwebp stores it) at its raster index.
  /// Returns the position after the last non-zero token (16 after a run
  /// of zeros to the end; `first` when the block is empty).
  ///
  /// - Complexity: O(16).
  @inline(__always)
  private static func readBlock(
    _ tokens: inout VP8BoolDecoder, _ typeProbabilities: UnsafePointer<UInt8>, context: Int,
    dcFactor: Int32, acFactor: Int32, first: Int, into out: UnsafeMutablePointer<Int16>
  ) -> Int {
    // A local copy the compiler keeps in registers.
    var reader = tokens
    defer { tokens = reader }
    @inline(__always)
    func bandProbabilities(_ position: Int) -> UnsafePointer<UInt8> {
      let band = Int(truncatingIfNeeded: (VP8Tables.packedBands &>> UInt64(truncatingIfNeeded: 4 &* position)) & 15)
      return typeProbabilities + band &* 33
    }
    var n = first
    var p = bandProbabilities(n) + context * 11
    while n < 16 {
      if !reader.readBit(UInt32(p[0])) { return n }  // end of block
      while !reader.readBit(UInt32(p[1])) {  // a zero
        n += 1
        if n == 16 { return 16 }
        p = bandProbabilities(n)
      }
      let next = bandProbabilities(n + 1)
      let magnitude: Int32
      if !reader.readBit(UInt32(p[2])) {
        magnitude = 1
        p = next + 11
      } else {
        magnitude = readLargeMagnitude(&reader, p)
        p = next + 22
      }
      let factor = n > 0 ? acFactor : dcFactor
      let index = Int(truncatingIfNeeded: (VP8Tables.packedZigzag &>> UInt64(truncatingIfNeeded: 4 &* n)) & 15)
      out[index] = Int16(truncatingIfNeeded: reader.readSigned(magnitude) &* factor)
      n += 1
    }
    return 16
  }

  /// Reads a token magnitude of 2 or more (the tree below node 3 and the
  /// extra bits of categories 1 to 6).
  private static func readLargeMagnitude(_ reader: inout VP8BoolDecoder, _ p: UnsafePointer<UInt8>) -> Int32 {
    if !reader.readBit(UInt32(p[3])) {
      if !reader.readBit(UInt32(p[4])) { return 2 }
      return 3 + Int32(reader.readBitValue(UInt32(p[5])))
    }
    if !reader.readBit(UInt32(p[6])) {
      if !reader.readBit(UInt32(p[7])) { return 5 + Int32(reader.readBitValue(159)) }
      let high = Int32(reader.readBitValue(165))
      return 7 + 2 * high + Int32(reader.readBitValue(145))
    }
    let high = reader.readBitValue(UInt32(p[8]))
    let low = reader.readBitValue(UInt32(p[9 + high]))
    let category = 2 * high + low  // categories 3...6
    var extra: Int32 = 0
    // The extra bits' probabilities, first in the lowest byte.
    func read(_ packed: UInt64, _ count: Int) {
      for i in 0..<count {
        let probability = UInt32(truncatingIfNeeded: (packed &>> UInt64(8 * i)) & 0xFF)
        extra = 2 &* extra &+ Int32(reader.readBitValue(probability))
      }
    }
    switch category {
    case 0: read(0x8C_94AD, 3)  // 173, 148, 140
    case 1: read(0x878C_9BB0, 4)  // 176, 155, 140, 135
    case 2: read(0x82_868D_9DB4, 5)  // 180, 157, 141, 134, 130
    default:
      read(0x8C99_B1C4_E6F3_FEFE, 8)  // 254, 254, 243, 230, 196, 177, 153, 140
      read(0x81_8285, 3)  // 133, 130, 129
    }
    return extra + 3 + (8 << Int32(category))
  }
}
