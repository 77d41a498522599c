@testable import AnimTimeline

/// WebP files built by hand for the tests: RIFF chunks, and the simplest
/// lossless bitstream there is — one colour, every prefix code a single
/// symbol, so that each pixel takes no bits (RFC 9649, "Simple Code
/// Length Code").
enum TestWebP {
  /// A chunk: its four letters, its payload, and the padding byte when the
  /// payload's length is odd.
  static func chunk(_ type: String, _ payload: [UInt8]) -> [UInt8] {
    var out = Array(type.utf8)
    precondition(out.count == 4)
    out += le32(payload.count)
    out += payload
    if payload.count % 2 == 1 { out.append(0) }
    return out
  }

  /// A RIFF/WEBP file of `chunks`, its RIFF size exact.
  static func file(_ chunks: [[UInt8]]) -> [UInt8] {
    let body = chunks.flatMap { $0 }
    return Array("RIFF".utf8) + le32(4 + body.count) + Array("WEBP".utf8) + body
  }

  /// A `VP8L` payload: a `width × height` image of the one colour
  /// `(r, g, b, a)`, with the alpha-is-used bit `alphaIsUsed`.
  static func solidLossless(width: Int, height: Int, _ rgba: (UInt8, UInt8, UInt8, UInt8), alphaIsUsed: Bool = true)
    -> [UInt8]
  {
    var bits = BitSink()
    bits.write(0x2F, 8)
    bits.write(UInt32(width - 1), 14)
    bits.write(UInt32(height - 1), 14)
    bits.write(alphaIsUsed ? 1 : 0, 1)
    bits.write(0, 3)  // version
    bits.write(0, 1)  // no transform
    bits.write(0, 1)  // no colour cache
    bits.write(0, 1)  // no meta prefix codes
    // Green, red, blue, alpha, distance: each a simple code of one 8-bit
    // symbol (the distance code's symbol 0).
    for symbol in [rgba.1, rgba.0, rgba.2, rgba.3, 0] {
      bits.write(1, 1)  // simple
      bits.write(0, 1)  // one symbol
      bits.write(1, 1)  // an 8-bit symbol
      bits.write(UInt32(symbol), 8)
    }
    return bits.bytes
  }

  /// An `ANMF` payload: offset `(2 * halfX, 2 * halfY)`, `duration` ms,
  /// the blend and dispose bits, then `chunks`. The size fields say
  /// `fieldSize` (the bitstream's size is what counts).
  static func frame(
    halfX: Int, halfY: Int, fieldSize: (Int, Int) = (1, 1), duration: Int, blends: Bool, disposes: Bool,
    _ chunks: [[UInt8]]
  ) -> [UInt8] {
    le24(halfX) + le24(halfY) + le24(fieldSize.0 - 1) + le24(fieldSize.1 - 1) + le24(duration)
      + [UInt8((blends ? 0 : 2) | (disposes ? 1 : 0))] + chunks.flatMap { $0 }
  }

  /// A `VP8X` payload: the flags byte and the canvas size.
  static func extended(flags: UInt8, width: Int, height: Int) -> [UInt8] {
    [flags, 0, 0, 0] + le24(width - 1) + le24(height - 1)
  }

  /// An `ANIM` payload: the background colour as stored (B, G, R, A) and
  /// the loop count.
  static func animation(background: [UInt8] = [0, 0, 0, 0], loops: Int) -> [UInt8] {
    background + [UInt8(loops & 0xFF), UInt8(loops >> 8)]
  }

  static func le32(_ value: Int) -> [UInt8] { (0..<4).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) } }
  static func le24(_ value: Int) -> [UInt8] { (0..<3).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) } }

  /// Bits written least significant first, as VP8L reads them.
  struct BitSink {
    var bytes: [UInt8] = []
    var used = 0
    mutating func write(_ value: UInt32, _ count: Int) {
      for bit in 0..<count {
        if used % 8 == 0 { bytes.append(0) }
        bytes[bytes.count - 1] |= UInt8((value >> UInt32(bit)) & 1) << UInt8(used % 8)
        used += 1
      }
    }
  }
}
