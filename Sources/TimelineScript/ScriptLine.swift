/// One line of a script: its number and its words.
///
/// A script is bytes, not text: a line is the bytes between two LFs, and
/// its words are byte slices of the script, so a word that is not UTF-8
/// reaches the parser as it is.
public struct ScriptLine: Hashable, Sendable {
  /// The 1-based line number (blank and comment lines count).
  public var number: Int
  /// The words: the line without one CR at its end and without its
  /// comment (from the first `#`), split at spaces and tabs. Any other CR
  /// is part of a word, so a line holding only a stray CR is not blank.
  public var words: [ArraySlice<UInt8>]

  /// Whether the line has no words (blank, or only a comment).
  public var isBlank: Bool { words.isEmpty }

  /// The line numbered `number` whose bytes (without the LF) are `bytes`.
  public init(number: Int, bytes: ArraySlice<UInt8>) {
    var bytes = bytes
    if bytes.last == 0x0D { bytes = bytes.dropLast() }
    if let hash = bytes.firstIndex(of: 0x23) { bytes = bytes[..<hash] }
    self.number = number
    self.words = bytes.split(whereSeparator: { $0 == 0x20 || $0 == 0x09 })
  }
}
