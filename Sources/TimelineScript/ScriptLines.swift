/// The lines of a script's bytes, in order: the script split at every LF.
///
/// A script of *n* LFs has *n* + 1 lines (the last one empty when the
/// script ends with an LF). One CR before an LF, or at the very end of the
/// script, is dropped from its line (``ScriptLine/words``). Lines are
/// found one at a time, so a long script costs no array of lines.
public struct ScriptLines: Sequence, Sendable {
  /// The script.
  public let script: [UInt8]

  /// The lines of `script`.
  public init(_ script: [UInt8]) { self.script = script }

  /// An iterator over the lines.
  public func makeIterator() -> Iterator { Iterator(script: script) }

  /// Finds the lines one at a time.
  public struct Iterator: IteratorProtocol, Sendable {
    let script: [UInt8]
    var start = 0
    var number = 0

    /// The next line, or `nil` after the last one.
    public mutating func next() -> ScriptLine? {
      guard start <= script.count else { return nil }
      let end = script[start...].firstIndex(of: 0x0A) ?? script.count
      number += 1
      defer { start = end + 1 }
      return ScriptLine(number: number, bytes: script[start..<end])
    }
  }
}
