/// The code tables of ``Inflater``'s dynamic blocks, kept by a caller
/// between streams so that inflating allocates nothing once they exist
/// (about 10 KiB; a dynamic block's code lengths are read on the stack,
/// and its code-length code is built in the literal/length table's room).
/// Made empty; the first dynamic block inflated with them allocates them
/// (``allocated()``), so that a decoder made and never used, or used only
/// on stored and fixed blocks (whose codes are shared tables), costs
/// nothing.
struct InflateScratch {
  /// The literal/length code.
  var literals: InflateTable
  /// The distance code.
  var distances: InflateTable

  /// Empty scratch (no allocation): the tables are allocated by the
  /// first dynamic block inflated with it; also what stands in while the real
  /// tables are moved out by ``take()``.
  init() {
    literals = InflateTable(placeholder: ())
    distances = InflateTable(placeholder: ())
  }

  /// Whether the tables are allocated (``allocated()``).
  var isAllocated: Bool { literals.maximumRootBits != 0 }

  /// Tables and buffers of their working sizes.
  static func allocated() -> InflateScratch {
    var scratch = InflateScratch()
    // Root tables of 10 and 8 bits: a literal or length and a distance
    // in one lookup each, but for codes longer than that. The subtables
    // of any deflate code fit in the room given (the published bounds for
    // these root sizes: 1,334 entries in all for literals and lengths,
    // 402 for distances; a table that needed more would grow once).
    scratch.literals = InflateTable(rootBits: 10, subtableRoom: 1024)
    scratch.distances = InflateTable(rootBits: 8, subtableRoom: 256)
    return scratch
  }

  /// Moves the tables out, leaving empty placeholders.
  ///
  /// - Complexity: O(1).
  mutating func take() -> InflateScratch {
    let taken = self
    self = InflateScratch()
    return taken
  }
}
