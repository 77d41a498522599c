/// How the demo shows text that came from a user or a file (a word of a
/// script, a command-line argument, a file name) inside its messages: as
/// it is, except what a terminal would not show or would act on.
///
/// - A byte that is not part of valid UTF-8 becomes `\xNN` (two uppercase
///   hex digits), so a file name in any encoding is shown byte for byte.
/// - Tab, LF and CR become `\t`, `\n` and `\r`; any other C0 control and
///   DEL become `\xNN`; every other invisible or control scalar (C1
///   controls, format characters such as the byte order mark U+FEFF and
///   the bidirectional overrides, line and paragraph separators, private
///   use, unassigned and noncharacter code points) becomes `\u{X}`.
/// - Everything else, backslashes included, is kept.
///
/// So an error message never writes an escape sequence or a lone
/// malformed byte to the terminal, and an invisible character (a BOM at
/// the start of a script) shows.
public enum TextEscaping {
  /// `bytes`, decoded as UTF-8, with malformed bytes and invisible
  /// scalars escaped.
  ///
  /// - Complexity: O(*n*) in the bytes.
  public static func escaped(_ bytes: some Collection<UInt8>) -> String {
    var out = ""
    var rest = bytes[...]
    while let lead = rest.first {
      if let (scalar, length) = decodeScalar(rest) {
        append(scalar, to: &out)
        rest = rest.dropFirst(length)
      } else {
        out += "\\x" + hex(UInt32(lead), digits: 2)
        rest = rest.dropFirst()
      }
    }
    return out
  }

  /// `text` with its invisible scalars escaped (valid Unicode already, so
  /// no `\xNN` for malformed bytes); `newlines` keeps LF as it is (for a
  /// message of several lines).
  ///
  /// - Complexity: O(*n*) in the text.
  public static func escaped(_ text: String, keepingNewlines newlines: Bool = false) -> String {
    guard text.unicodeScalars.contains(where: { needsEscape($0) }) else { return text }
    var out = ""
    for scalar in text.unicodeScalars {
      if newlines, scalar == "\n" {
        out.unicodeScalars.append(scalar)
      } else {
        append(scalar, to: &out)
      }
    }
    return out
  }

  /// Whether `bytes` are valid UTF-8 throughout.
  ///
  /// - Complexity: O(*n*) in the bytes.
  public static func isValidUTF8(_ bytes: some Collection<UInt8>) -> Bool {
    var rest = bytes[...]
    while !rest.isEmpty {
      guard let (_, length) = decodeScalar(rest) else { return false }
      rest = rest.dropFirst(length)
    }
    return true
  }

  /// Whether `scalar` is shown escaped.
  static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
    if scalar.value < 0x20 || scalar.value == 0x7F { return true }
    if scalar.isASCII { return false }
    switch scalar.properties.generalCategory {
    case .control, .format, .lineSeparator, .paragraphSeparator, .privateUse, .surrogate, .unassigned:
      return true
    default:
      return scalar.properties.isNoncharacterCodePoint
    }
  }

  /// Appends `scalar` to `out`, escaped if it must be.
  private static func append(_ scalar: Unicode.Scalar, to out: inout String) {
    guard needsEscape(scalar) else {
      out.unicodeScalars.append(scalar)
      return
    }
    switch scalar {
    case "\t": out += "\\t"
    case "\n": out += "\\n"
    case "\r": out += "\\r"
    case _ where scalar.value < 0x80: out += "\\x" + hex(scalar.value, digits: 2)
    default: out += "\\u{" + hex(scalar.value, digits: 1) + "}"
    }
  }

  /// The scalar that `bytes` start with and its length in bytes, or `nil`
  /// when they do not start with a well-formed UTF-8 sequence (an
  /// overlong form, a surrogate, a value above U+10FFFF, a missing or
  /// stray continuation byte).
  private static func decodeScalar(_ bytes: some Collection<UInt8>) -> (Unicode.Scalar, Int)? {
    var iterator = bytes.makeIterator()
    guard let lead = iterator.next() else { return nil }
    if lead < 0x80 { return (Unicode.Scalar(lead), 1) }
    let length: Int
    var value: UInt32
    var minimum: UInt32
    switch lead {
    case 0xC2...0xDF: (length, value, minimum) = (2, UInt32(lead & 0x1F), 0x80)
    case 0xE0...0xEF: (length, value, minimum) = (3, UInt32(lead & 0x0F), 0x800)
    case 0xF0...0xF4: (length, value, minimum) = (4, UInt32(lead & 0x07), 0x10000)
    default: return nil
    }
    for _ in 1..<length {
      guard let next = iterator.next(), next & 0xC0 == 0x80 else { return nil }
      value = value << 6 | UInt32(next & 0x3F)
    }
    guard value >= minimum, let scalar = Unicode.Scalar(value) else { return nil }
    return (scalar, length)
  }

  /// `value` in uppercase hex, at least `digits` digits.
  private static func hex(_ value: UInt32, digits: Int) -> String {
    let text = String(value, radix: 16, uppercase: true)
    return String(repeating: "0", count: max(0, digits - text.count)) + text
  }
}
