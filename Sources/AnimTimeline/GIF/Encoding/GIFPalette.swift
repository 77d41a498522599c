/// A GIF colour table being built or used: up to 256 opaque colours
/// (packed `0x00RRGGBB`) and optionally one transparent entry, either
/// after the colours (as built by ``insert(_:limit:)`` and
/// ``addTransparentEntry()``) or anywhere among them
/// (``init(colors:transparentAt:)``), found by index through a
/// ``ColorTable`` (a lookup allocates nothing).
struct GIFPalette: Hashable, Sendable {
  /// The opaque colours and their order (an index past the transparent
  /// entry is one more in the GIF table).
  private var table = ColorTable()
  /// The transparent entry's index, if any.
  private(set) var transparentIndex: Int?

  /// The opaque colours, in index order.
  var colors: [UInt32] { table.colors }

  /// An empty palette.
  init() {}

  /// The palette of `colors` (distinct, at most 256, or 255 with a
  /// transparent entry) in this order, with the transparent entry at index
  /// `transparentAt` (`0...colors.count`; the colours from there on follow
  /// it) or none when `nil`.
  init(colors: [UInt32], transparentAt position: Int?) {
    precondition(colors.count <= (position == nil ? 256 : 255), "a GIF colour table holds 256 entries")
    precondition((0...colors.count).contains(position ?? 0), "the transparent entry is among the colours")
    table = ColorTable(colors: colors)
    transparentIndex = position
  }

  /// The number of entries, the transparent one included.
  var count: Int { colors.count + (transparentIndex == nil ? 0 : 1) }

  /// Whether the opaque colours alone fill a table of a power of two
  /// entries (at least 2): a transparent entry among them would double it.
  var colorsFillTable: Bool {
    let count = colors.count
    return count >= 2 && count & (count - 1) == 0
  }

  /// Whether the transparent entry is left out of the written table: it
  /// comes last, and ``colorsFillTable``. Its index is then the table's
  /// size: decoders test a pixel's index against the transparent one
  /// before the table (gif.md; browsers, Pillow and gifsicle do, and
  /// gifsicle writes such indices itself), so the entry needs no bytes.
  var transparentIsBeyondTable: Bool { transparentIndex == colors.count && colorsFillTable }

  /// The colour table's size exponent: it holds `1 << bits` entries (at
  /// least 2, a power of two), `bits` in `1...8`; the transparent entry
  /// is among them unless ``transparentIsBeyondTable``.
  var bits: Int {
    let written = transparentIsBeyondTable ? colors.count : count
    var bits = 1
    while 1 << bits < written { bits += 1 }
    return bits
  }

  /// The index of the opaque colour `color` (packed RGB), if present.
  ///
  /// - Complexity: O(1) expected.
  func index(of color: UInt32) -> Int? {
    guard let index = table.index(of: color).map(Int.init) else { return nil }
    return index >= transparentIndex ?? Int.max ? index + 1 : index
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
  /// `1 << bits` entries (a transparent entry beyond the table has none).
  var tableBytes: [UInt8] {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(3 << bits)
    for (index, color) in colors.enumerated() {
      if index == transparentIndex { bytes += [0, 0, 0] }
      bytes += [UInt8(truncatingIfNeeded: color >> 16), UInt8(truncatingIfNeeded: color >> 8), UInt8(truncatingIfNeeded: color)]
    }
    bytes += repeatElement(0, count: (3 << bits) - bytes.count)
    return bytes
  }
}
