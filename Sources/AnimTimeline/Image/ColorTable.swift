/// Up to 256 colours, each a 32-bit value, in an open-addressing hash table
/// that gives each its index (the order they were added): the palette
/// shared by every frame of an indexed APNG (RGBA values,
/// `R | G << 8 | B << 16 | A << 24`, as ``PNGPalette`` holds them) and a
/// GIF colour table (`0x00RRGGBB`, ``GIFPalette``).
struct ColorTable: Hashable, Sendable {
  /// A slot holds a colour in its low 32 bits and its index + 1 above
  /// them; 0 is an empty slot.
  private var slots: [UInt64]
  /// The colours in the order they were added; a colour's index is its
  /// position here.
  private(set) var colors: [UInt32] = []

  /// The number of slots: a load of at most 1/4.
  private static let slotCount = 1024

  /// An empty table.
  init() {
    slots = [UInt64](repeating: 0, count: ColorTable.slotCount)
  }

  /// A table of `colors` (distinct, at most 256), indexed in their order.
  ///
  /// - Complexity: O(*c*) in the colours.
  init(colors: [UInt32]) {
    self.init()
    for color in colors { _ = insert(color) }
  }

  /// The slot of `color`: its own, or the empty one where it belongs.
  private func slot(of color: UInt32) -> Int {
    var slot = Int(truncatingIfNeeded: (color &* 0x9E37_79B1) >> 22)
    while slots[slot] != 0 && UInt32(truncatingIfNeeded: slots[slot]) != color {
      slot = (slot + 1) & (ColorTable.slotCount - 1)
    }
    return slot
  }

  /// Adds `color` unless it is in the table; returns `false`, adding
  /// nothing, when it is new and the table holds 256 colours already.
  mutating func insert(_ color: UInt32) -> Bool {
    let slot = slot(of: color)
    if slots[slot] != 0 { return true }
    guard colors.count < PNGPalette.maxColors else { return false }
    colors.append(color)
    slots[slot] = UInt64(color) | UInt64(colors.count) << 32
    return true
  }

  /// The index of `color`, or `nil` when it is not in the table.
  func index(of color: UInt32) -> UInt8? {
    let entry = slots[slot(of: color)]
    return entry == 0 ? nil : UInt8(truncatingIfNeeded: (entry >> 32) - 1)
  }
}
