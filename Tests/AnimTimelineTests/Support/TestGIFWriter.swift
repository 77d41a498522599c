/// A small GIF encoder for test fixtures, able to write damaged streams.
struct TestGIFWriter {
  struct Frame {
    var x = 0
    var y = 0
    var width: Int
    var height: Int
    /// Colour indices, `width * height`, top row first (the encoder
    /// reorders rows when `interlaced`).
    var indices: [UInt8]
    var delay: UInt16 = 0
    var disposal: UInt8 = 0
    var transparentIndex: UInt8? = nil
    /// Whether to write a Graphic Control Extension.
    var hasGraphicControl = true
    var interlaced = false
    /// RGB triples; padded to a power of two entries.
    var localColorTable: [UInt8]? = nil
    var minimumCodeSize: UInt8 = 8
    var leadingClear = true
    var endCode = true
    /// When the table fills: `true` keeps going without a clear (deferred
    /// clear), `false` writes a clear.
    var deferClear = false
    /// Replaces the LZW bytes (before sub-blocking).
    var rawData: [UInt8]? = nil
    var subBlockSize = 255
    /// Raw bytes written before this frame's blocks.
    var before: [UInt8] = []

    init(x: Int = 0, y: Int = 0, width: Int, height: Int, indices: [UInt8]? = nil, fill: UInt8 = 0) {
      self.x = x
      self.y = y
      self.width = width
      self.height = height
      self.indices = indices ?? [UInt8](repeating: fill, count: width * height)
    }
  }

  var screenWidth: Int
  var screenHeight: Int
  /// RGB triples; padded to a power of two entries.
  var globalColorTable: [UInt8]? = TestGIFWriter.defaultPalette
  var loopCount: UInt16? = nil
  var frames: [Frame] = []
  var trailer = true
  /// Raw bytes written just before the trailer.
  var beforeTrailer: [UInt8] = []

  /// Index 0 black, 1 red, 2 green, 3 blue, 4 white, 5 yellow, 6 cyan, 7 magenta.
  static let defaultPalette: [UInt8] = [
    0, 0, 0, 255, 0, 0, 0, 255, 0, 0, 0, 255, 255, 255, 255, 255, 255, 0, 0, 255, 255, 255, 0, 255,
  ]

  static func rgba(_ index: Int) -> [UInt8] {
    Array(defaultPalette[index * 3..<index * 3 + 3]) + [255]
  }

  func encode() -> [UInt8] {
    var out = Array("GIF89a".utf8)
    Self.le16(screenWidth, &out)
    Self.le16(screenHeight, &out)
    if let table = globalColorTable {
      let (bits, padded) = Self.pad(table)
      out += [0x80 | bits, 0, 0]
      out += padded
    } else {
      out += [0, 0, 0]
    }
    if let loopCount {
      out += [0x21, 0xFF, 11] + Array("NETSCAPE2.0".utf8) + [3, 1, UInt8(loopCount & 0xFF), UInt8(loopCount >> 8), 0]
    }
    for frame in frames {
      out += frame.before
      if frame.hasGraphicControl {
        let packed = frame.disposal << 2 | (frame.transparentIndex == nil ? 0 : 1)
        out += [0x21, 0xF9, 4, packed, UInt8(frame.delay & 0xFF), UInt8(frame.delay >> 8), frame.transparentIndex ?? 0, 0]
      }
      out.append(0x2C)
      Self.le16(frame.x, &out)
      Self.le16(frame.y, &out)
      Self.le16(frame.width, &out)
      Self.le16(frame.height, &out)
      var packed: UInt8 = frame.interlaced ? 0x40 : 0
      var local: [UInt8] = []
      if let table = frame.localColorTable {
        let (bits, padded) = Self.pad(table)
        packed |= 0x80 | bits
        local = padded
      }
      out.append(packed)
      out += local
      out.append(frame.minimumCodeSize)
      var stored = frame.indices
      if frame.interlaced { stored = Self.interlace(frame.indices, width: frame.width, height: frame.height) }
      let data =
        frame.rawData
        ?? Self.lzw(
          stored, minimumCodeSize: Int(frame.minimumCodeSize), leadingClear: frame.leadingClear,
          endCode: frame.endCode, deferClear: frame.deferClear)
      out += Self.subBlocks(data, size: frame.subBlockSize)
    }
    out += beforeTrailer
    if trailer { out.append(0x3B) }
    return out
  }

  static func subBlocks(_ data: [UInt8], size: Int = 255) -> [UInt8] {
    var out: [UInt8] = []
    var index = 0
    while index < data.count {
      let count = min(size, data.count - index)
      out.append(UInt8(count))
      out += data[index..<index + count]
      index += count
    }
    out.append(0)
    return out
  }

  static func pad(_ table: [UInt8]) -> (UInt8, [UInt8]) {
    let entries = max(2, table.count / 3)
    var bits: UInt8 = 0
    while 2 << Int(bits) < entries { bits += 1 }
    return (bits, table + [UInt8](repeating: 0, count: (2 << Int(bits)) * 3 - table.count))
  }

  static func interlace(_ indices: [UInt8], width: Int, height: Int) -> [UInt8] {
    var rows: [Int] = []
    for (start, step) in [(0, 8), (4, 8), (2, 4), (1, 2)] {
      rows += Array(stride(from: start, to: height, by: step))
    }
    return rows.flatMap { indices[$0 * width..<($0 + 1) * width] }
  }

  static func le16(_ value: Int, _ out: inout [UInt8]) {
    out += [UInt8(value & 0xFF), UInt8(value >> 8 & 0xFF)]
  }

  /// GIF LZW: variable-width codes, least significant bit first.
  static func lzw(
    _ indices: [UInt8], minimumCodeSize: Int, leadingClear: Bool = true, endCode: Bool = true,
    deferClear: Bool = false
  ) -> [UInt8] {
    let clear = 1 << minimumCodeSize
    let end = clear + 1
    var writer = BitPacker()
    var dictionary: [Int: Int] = [:]
    var sinceClear = 0  // codes written since the last clear or the start
    func width() -> Int {
      let next = end + sinceClear
      var bits = 0
      while (1 << bits) <= next { bits += 1 }
      return min(12, max(minimumCodeSize + 1, bits))
    }
    func emit(_ code: Int) {
      writer.write(code, count: width())
      sinceClear += 1
    }
    if leadingClear {
      writer.write(clear, count: minimumCodeSize + 1)
    }
    var current: Int? = nil
    for byte in indices {
      let value = Int(byte)
      guard let prefix = current else {
        current = value
        continue
      }
      let key = prefix << 8 | value
      if let code = dictionary[key] {
        current = code
        continue
      }
      emit(prefix)
      if end + sinceClear < 4096 {
        dictionary[key] = end + sinceClear
      } else if !deferClear {
        writer.write(clear, count: 12)
        dictionary.removeAll()
        sinceClear = 0
      }
      current = value
    }
    if let current { emit(current) }
    if endCode { emit(end) }
    return writer.finish()
  }

  struct BitPacker {
    var bytes: [UInt8] = []
    var buffer = 0
    var used = 0

    mutating func write(_ value: Int, count: Int) {
      buffer |= (value & ((1 << count) - 1)) << used
      used += count
      while used >= 8 {
        bytes.append(UInt8(buffer & 0xFF))
        buffer >>= 8
        used -= 8
      }
    }

    mutating func finish() -> [UInt8] {
      if used > 0 { bytes.append(UInt8(buffer & 0xFF)) }
      return bytes
    }
  }
}
