/// A GIF colour table being built or used: up to 256 opaque colours
/// (packed `0x00RRGGBB`) and optionally one transparent entry, either
/// after the colours (as built by ``insert(_:limit:)`` and
/// ``addTransparentEntry()``) or at index 0 (``init(colors:transparentFirst:)``),
/// found by index through a ``ColorTable`` (a lookup allocates nothing).
struct GIFPalette: Hashable, Sendable {
  /// The opaque colours and their indices (before `offset`).
  private var table = ColorTable()
  /// The transparent entry's index, if any.
  private(set) var transparentIndex: Int?
  /// 1 when the transparent entry is index 0 (the colours follow it).
  private var offset = 0

  /// The opaque colours, in index order.
  var colors: [UInt32] { table.colors }

  /// An empty palette.
  init() {}

  /// The palette of `colors` (distinct, at most 256, or 255 with
  /// `transparentFirst`) in this order, after a transparent entry at index
  /// 0 when `transparentFirst`.
  init(colors: [UInt32], transparentFirst: Bool) {
    precondition(colors.count <= (transparentFirst ? 255 : 256), "a GIF colour table holds 256 entries")
    table = ColorTable(colors: colors)
    if transparentFirst {
      transparentIndex = 0
      offset = 1
    }
  }

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

  /// The index of the opaque colour `color` (packed RGB), if present.
  ///
  /// - Complexity: O(1) expected.
  func index(of color: UInt32) -> Int? {
    table.index(of: color).map { Int($0) + offset }
  }

  /// Adds the opaque colour `color` (packed RGB) unless present. Returns
  /// `false`, changing nothing, when it is absent and the palette already
  /// holds `limit` entries (the transparent one included; `limit` at most
  /// 256).
  ///
  /// - Complexity: O(1) expected.
  mutating func insert(_ color: UInt32, limit: Int = 256) -> Bool {
    precondition(transparentIndex == nil, "colours come before the transparent entry")
    if table.index(of: color) != nil { return true }
    guard table.colors.count < min(limit, 256) else { return false }
    return table.insert(color)
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
    bytes += repeatElement(0, count: 3 * offset)
    for color in colors {
      bytes += [UInt8(truncatingIfNeeded: color >> 16), UInt8(truncatingIfNeeded: color >> 8), UInt8(truncatingIfNeeded: color)]
    }
    bytes += repeatElement(0, count: (3 << bits) - bytes.count)
    return bytes
  }
}
