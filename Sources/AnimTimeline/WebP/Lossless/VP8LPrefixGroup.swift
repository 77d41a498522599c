/// The five prefix codes that decode the pixels of one entropy-image
/// tile class (a "prefix code group"), as offsets of their tables in
/// ``VP8LPrefixTables/entries``, with shortcuts for codes of a single
/// symbol.
struct VP8LPrefixGroup {
  /// Green, backward-reference length prefixes and colour cache indices.
  var green = 0
  /// Red.
  var red = 0
  /// Blue.
  var blue = 0
  /// Alpha.
  var alpha = 0
  /// Backward-reference distance prefixes.
  var distance = 0
  /// Whether red, blue and alpha each have a single symbol: a literal
  /// then reads only its green code.
  var trivialLiteral = false
  /// Whether additionally green has a single symbol, a literal, and the
  /// distance code too: every pixel is ``literal`` and reads no bits.
  var trivialPixel = false
  /// The alpha, red and blue (`0xAARR00BB`) of a trivial literal, with
  /// green too for a trivial pixel.
  var literal: UInt32 = 0
  /// The offset of the group's packed table in
  /// ``VP8LDecoder``'s packed tables, or -1: when the four literal codes
  /// together are shorter than ``VP8LDecoder/packedBits`` bits, one lookup
  /// decodes a whole literal pixel.
  var packed = -1
}
