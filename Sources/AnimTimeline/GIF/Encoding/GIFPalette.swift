/// A GIF colour table being built or used: up to 256 opaque colours
/// (packed `0x00RRGGBB`), optionally followed by one transparent entry,
/// with an open-addressing hash from colour to index (1,024 slots in one
/// flat array, so a lookup allocates nothing).
struct GIFPalette: Hashable, Sendable {
  /// The opaque colours, in index order.
  private(set) var colors: [UInt32] = []
  /// The transparent entry's index (just after the colours), if any.
  private(set) var transparentIndex: Int?
  /// Hash slots: `keys` holds the colour with bit 31 set (0: an empty
  /// slot), `values` its index.
  private var keys = [UInt32](repeating: 0, count: 1024)
  private var values = [UInt8](repeating: 0, count: 1024)

  /// An empty palette.
  init() {}

  /// The number of entries, the transparent one included.
  var count: Int { colors.count + (transparentIndex == nil ? 0 : 1) }

  /// The colour table's size exponent: it holds `1 << bits` entries (at
  /// least 2, a power of two), `bits` in `1...8`.
  var bits: Int {
    var bits = 1
    while 1 << bits < count { bits += 1 }
    return bits
  }

  /// The minimum LZW code size for indices into this table, `2...8`.
  var minimumCodeSize: Int { max(2, bits) }

  private static func slot(of color: UInt32) -> Int {
    Int((color &* 0x9E37_79B1) >> 22)
  }

  /// The index of the opaque colour `color` (packed RGB), if present.
  ///
  /// - Complexity: O(1) expected.
  func index(of color: UInt32) -> Int? {
    let tagged = color | 0x8000_0000
    var slot = Self.slot(of: color)
    while true {
      let key = keys[slot]
      if key == 0 { return nil }
      if key == tagged { return Int(values[slot]) }
      slot = (slot + 1) & 1023
    }
  }

  /// Adds the opaque colour `color` (packed RGB) unless present. Returns
  /// `false`, changing nothing, when it is absent and the palette already
  /// holds `limit` entries (the transparent one included; `limit` at most
  /// 256).
  ///
  /// - Complexity: O(1) expected.
  mutating func insert(_ color: UInt32, limit: Int = 256) -> Bool {
    precondition(transparentIndex == nil, "colours come before the transparent entry")
    let tagged = color | 0x8000_0000
    var slot = Self.slot(of: color)
    while true {
      let key = keys[slot]
      if key == tagged { return true }
      if key == 0 { break }
      slot = (slot + 1) & 1023
    }
    guard colors.count < min(limit, 256) else { return false }
    keys[slot] = tagged
    values[slot] = UInt8(colors.count)
    colors.append(color)
    return true
  }

  /// Adds the transparent entry after the colours (at most once). Returns
  /// `false` when the table is full.
  mutating func addTransparentEntry() -> Bool {
    if transparentIndex != nil { return true }
    guard colors.count < 256 else { return false }
    transparentIndex = colors.count
    return true
  }

  /// The colour table as written: RGB triples, padded with black to
  /// `1 << bits` entries.
  var tableBytes: [UInt8] {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(3 << bits)
    for color in colors {
      bytes += [UInt8(truncatingIfNeeded: color >> 16), UInt8(truncatingIfNeeded: color >> 8), UInt8(truncatingIfNeeded: color)]
    }
    bytes += repeatElement(0, count: (3 << bits) - bytes.count)
    return bytes
  }
}
