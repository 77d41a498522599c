/// A RIFF chunk's four-character code in a WebP file (`VP8X`, `ANMF`,
/// `VP8 `, ...), as stored.
public struct WebPChunkType: Hashable, Sendable, CustomStringConvertible {
  /// The four bytes, first byte in the lowest eight bits.
  public var rawValue: UInt32

  /// The chunk type of these four bytes (little-endian, as a RIFF stores
  /// them).
  public init(rawValue: UInt32) { self.rawValue = rawValue }

  /// The chunk type spelled by four ASCII letters (a space counts).
  init(_ name: StaticString) {
    var value: UInt32 = 0
    name.withUTF8Buffer { letters in
      for (position, letter) in letters.prefix(4).enumerated() { value |= UInt32(letter) << (8 * position) }
    }
    rawValue = value
  }

  /// The four characters, with any byte outside printable ASCII as `?`.
  public var description: String {
    String(decoding: (0..<4).map { shift -> UInt8 in
      let byte = UInt8(truncatingIfNeeded: rawValue >> (8 * shift))
      return (0x20...0x7E).contains(byte) ? byte : UInt8(ascii: "?")
    }, as: UTF8.self)
  }

  /// `VP8X`: the extended header (flags, canvas size).
  static let extended = WebPChunkType("VP8X")
  /// `ANIM`: the animation's background colour and loop count.
  static let animation = WebPChunkType("ANIM")
  /// `ANMF`: one frame of an animation.
  static let frame = WebPChunkType("ANMF")
  /// `ALPH`: the alpha plane of a lossy image.
  static let alpha = WebPChunkType("ALPH")
  /// `VP8 `: a lossy image.
  static let lossy = WebPChunkType("VP8 ")
  /// `VP8L`: a lossless image.
  static let lossless = WebPChunkType("VP8L")

  /// Whether the chunk holds an image's bitstream (`VP8 ` or `VP8L`).
  var isImage: Bool { self == .lossy || self == .lossless }
}
