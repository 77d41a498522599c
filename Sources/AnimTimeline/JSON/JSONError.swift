/// An error that makes a JSON text unreadable, with the byte offset where it
/// was found.
///
/// The JSON reader behind ``AsepriteSheet`` follows RFC 8259 strictly (see
/// `Docs/SpriteSheets.md`, "The JSON reader"). Every case names the offset
/// of the first byte that cannot start or continue a valid text; an input
/// that ends too early reports its own length.
public enum JSONError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The input is longer than the limit; nothing was read.
  case inputTooLarge(bytes: Int, limit: Int)
  /// The input ends inside a value (or holds no value at all).
  case unexpectedEnd(offset: Int)
  /// A byte that cannot appear here.
  case unexpectedByte(UInt8, offset: Int)
  /// A string holds a byte sequence that is not UTF-8 (RFC 3629): a stray
  /// continuation byte, an overlong form, a surrogate, or a code point above
  /// U+10FFFF. The offset is the sequence's first byte.
  case invalidUTF8(offset: Int)
  /// A string holds an unescaped control character (U+0000 to U+001F).
  case controlCharacterInString(offset: Int)
  /// An escape other than `\" \\ \/ \b \f \n \r \t \uXXXX`, or a `\u`
  /// without four hexadecimal digits. The offset is the backslash.
  case invalidEscape(offset: Int)
  /// A `\u` escape of a surrogate that is not half of a high-low pair.
  /// The offset is the backslash.
  case loneSurrogate(offset: Int)
  /// A number that breaks the grammar (a leading zero, a `.` or exponent
  /// without digits). The offset is the offending byte.
  case invalidNumber(offset: Int)
  /// A number whose magnitude is beyond `Double`'s range. The offset is the
  /// number's first byte.
  case numberOutOfRange(offset: Int)
  /// A number written with more bytes than the limit.
  case numberTooLong(offset: Int, limit: Int)
  /// A string whose decoded UTF-8 is longer than the limit. The offset is
  /// the opening quote.
  case stringTooLong(offset: Int, limit: Int)
  /// Arrays and objects nested deeper than the limit. The offset is the
  /// bracket that goes too deep.
  case tooDeep(offset: Int, limit: Int)
  /// An array or object with more elements than the limit. The offset is
  /// the first element past the limit.
  case tooManyElements(offset: Int, limit: Int)
  /// Bytes other than whitespace after the value.
  case trailingData(offset: Int)

  /// The byte offset of the problem, or `nil` for ``inputTooLarge(bytes:limit:)``.
  public var offset: Int? {
    switch self {
    case .inputTooLarge: return nil
    case let .unexpectedEnd(offset), let .unexpectedByte(_, offset), let .invalidUTF8(offset),
      let .controlCharacterInString(offset), let .invalidEscape(offset), let .loneSurrogate(offset),
      let .invalidNumber(offset), let .numberOutOfRange(offset), let .numberTooLong(offset, _),
      let .stringTooLong(offset, _), let .tooDeep(offset, _), let .tooManyElements(offset, _),
      let .trailingData(offset):
      return offset
    }
  }

  /// A readable description naming the problem and its byte offset.
  public var description: String {
    switch self {
    case let .inputTooLarge(bytes, limit):
      return "JSON input of \(bytes) bytes exceeds the limit of \(limit) bytes"
    case let .unexpectedEnd(offset):
      return "JSON input ends unexpectedly at byte \(offset)"
    case let .unexpectedByte(byte, offset):
      return "unexpected byte \(JSONError.show(byte)) at byte \(offset)"
    case let .invalidUTF8(offset):
      return "invalid UTF-8 in a string at byte \(offset)"
    case let .controlCharacterInString(offset):
      return "unescaped control character in a string at byte \(offset)"
    case let .invalidEscape(offset):
      return "invalid escape in a string at byte \(offset)"
    case let .loneSurrogate(offset):
      return "lone surrogate escape in a string at byte \(offset)"
    case let .invalidNumber(offset):
      return "invalid number at byte \(offset)"
    case let .numberOutOfRange(offset):
      return "number at byte \(offset) is beyond the range of a Double"
    case let .numberTooLong(offset, limit):
      return "number at byte \(offset) is longer than \(limit) bytes"
    case let .stringTooLong(offset, limit):
      return "string at byte \(offset) is longer than \(limit) bytes"
    case let .tooDeep(offset, limit):
      return "nesting deeper than \(limit) at byte \(offset)"
    case let .tooManyElements(offset, limit):
      return "more than \(limit) elements in an array or object at byte \(offset)"
    case let .trailingData(offset):
      return "unexpected data after the JSON value at byte \(offset)"
    }
  }

  /// `'c'` for printable ASCII, else `0xHH`.
  private static func show(_ byte: UInt8) -> String {
    if byte >= 0x20 && byte < 0x7F { return "'\(Character(Unicode.Scalar(byte)))'" }
    let digits: [Character] = ["0", "1", "2", "3", "4", "5", "6", "7", "8", "9", "A", "B", "C", "D", "E", "F"]
    return "0x" + String([digits[Int(byte >> 4)], digits[Int(byte & 15)]])
  }
}
