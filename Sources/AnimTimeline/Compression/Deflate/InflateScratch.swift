/// The code tables and code-length buffers of ``Inflater``, kept by a
/// caller between streams so that inflating allocates nothing once they
/// exist (about 7 KiB).
struct InflateScratch {
  /// The literal/length code.
  var literals: InflateTable
  /// The distance code.
  var distances: InflateTable
  /// The code-length code of a dynamic block.
  var codeLengthTable: InflateTable
  /// The code lengths of a block's literal/length and distance codes.
  var lengths: [UInt8]
  /// The code lengths of the code-length code.
  var lengthsOfCodeLengths: [UInt8]

  /// Tables and buffers of their working sizes.
  init() {
    literals = InflateTable()
    distances = InflateTable()
    codeLengthTable = InflateTable()
    lengths = [UInt8](repeating: 0, count: 320)
    lengthsOfCodeLengths = [UInt8](repeating: 0, count: 19)
  }

  /// Empty placeholders (no allocation), only to stand in while the real
  /// tables are moved out by ``take()``.
  private init(placeholder: Void) {
    literals = InflateTable(placeholder: ())
    distances = InflateTable(placeholder: ())
    codeLengthTable = InflateTable(placeholder: ())
    lengths = []
    lengthsOfCodeLengths = []
  }

  /// Moves the tables out, leaving empty placeholders.
  ///
  /// - Complexity: O(1).
  mutating func take() -> InflateScratch {
    let taken = self
    self = InflateScratch(placeholder: ())
    return taken
  }
}
