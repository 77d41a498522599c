/// Reads one JSON text (RFC 8259) from UTF-8 bytes into a ``JSONValue``.
///
/// The reader is iterative: open arrays and objects live on an explicit
/// stack, so nesting depth costs heap memory (bounded by
/// ``JSONLimits/maxDepth``), never call-stack frames. Values that are being
/// gathered for an open container sit on one shared value stack and are
/// moved into their array or object when it closes, so each value is copied
/// a bounded number of times.
///
/// Choices where RFC 8259 leaves room (see `Docs/SpriteSheets.md`):
/// - any value may be the top-level value;
/// - a leading UTF-8 byte order mark (EF BB BF) is skipped;
/// - duplicate object keys are kept in order; lookups take the last;
/// - strings must be valid UTF-8 and may not hold lone surrogate escapes;
/// - numbers keep the exact `Int64` of an integer literal that fits, and
///   the nearest `Double` always; a magnitude beyond `Double`'s range is an
///   error.
struct JSONParser {
  /// The input. Only read at offsets below `bytes.count`.
  let bytes: UnsafeRawBufferPointer
  let limits: JSONLimits
  /// The next byte to read.
  var position = 0
  /// Decoded bytes of the string being read, when it holds escapes; reused.
  var scratch: [UInt8] = []

  /// An array or object that has been opened and not yet closed.
  struct OpenContainer {
    var isObject: Bool
    /// The offset of its opening bracket.
    var offset: Int
    /// Where its elements start on the value stack.
    var valueStart: Int
    /// Where its keys start on the key stack (objects).
    var keyStart: Int
  }
  var containers: [OpenContainer] = []
  var values: [JSONElement] = []
  var keys: [(key: String, offset: Int)] = []

  /// Reads `bytes` as one JSON text and returns its value with the offset
  /// where the value starts.
  ///
  /// - Throws: a ``JSONError`` naming the first problem and its offset.
  /// - Complexity: O(*n*) in the input size.
  static func parse(_ bytes: [UInt8], limits: JSONLimits = JSONLimits()) throws(JSONError) -> JSONElement {
    try bytes.withUnsafeBufferPointer { buffer throws(JSONError) in
      try parse(UnsafeRawBufferPointer(buffer), limits: limits)
    }
  }

  /// Reads `buffer` as one JSON text; see ``parse(_:limits:)-([UInt8],_)``.
  static func parse(_ buffer: UnsafeRawBufferPointer, limits: JSONLimits = JSONLimits()) throws(JSONError) -> JSONElement {
    guard buffer.count <= limits.maxInputBytes else {
      throw .inputTooLarge(bytes: buffer.count, limit: limits.maxInputBytes)
    }
    var parser = JSONParser(bytes: buffer, limits: limits)
    return try parser.parseText()
  }

  private init(bytes: UnsafeRawBufferPointer, limits: JSONLimits) {
    self.bytes = bytes
    self.limits = limits
  }

  /// The byte at `position`, or `nil` at the end.
  @inline(__always)
  func peek() -> UInt8? {
    position < bytes.count ? bytes[position] : nil
  }

  /// Skips JSON whitespace: space, tab, line feed, carriage return.
  @inline(__always)
  mutating func skipWhitespace() {
    while position < bytes.count {
      switch bytes[position] {
      case 0x20, 0x09, 0x0A, 0x0D: position += 1
      default: return
      }
    }
  }

  /// The error for the byte at `position`: end of input or that byte.
  func unexpected() -> JSONError {
    guard let byte = peek() else { return .unexpectedEnd(offset: bytes.count) }
    return .unexpectedByte(byte, offset: position)
  }

  /// Reads the whole text: an optional BOM, whitespace, one value,
  /// whitespace, and the end.
  private mutating func parseText() throws(JSONError) -> JSONElement {
    if bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF {
      position = 3
    }
    while true {
      // A value starts here.
      skipWhitespace()
      let start = position
      guard let byte = peek() else { throw .unexpectedEnd(offset: bytes.count) }
      var value: JSONValue
      switch byte {
      case UInt8(ascii: "{"), UInt8(ascii: "["):
        let isObject = byte == UInt8(ascii: "{")
        guard containers.count < limits.maxDepth else { throw .tooDeep(offset: start, limit: limits.maxDepth) }
        containers.append(OpenContainer(isObject: isObject, offset: start, valueStart: values.count, keyStart: keys.count))
        position += 1
        skipWhitespace()
        if peek() == (isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")) {
          position += 1
          value = closeContainer()
        } else {
          if isObject { try readKey() }
          continue
        }
      case UInt8(ascii: "\""):
        value = .string(try readString())
      case UInt8(ascii: "t"):
        try readLiteral("true")
        value = .bool(true)
      case UInt8(ascii: "f"):
        try readLiteral("false")
        value = .bool(false)
      case UInt8(ascii: "n"):
        try readLiteral("null")
        value = .null
      case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
        value = .number(try readNumber())
      default:
        throw .unexpectedByte(byte, offset: start)
      }

      // A value ended: give it to its container, closing containers that
      // end right after it, until one expects another value.
      var element = JSONElement(value: value, offset: start)
      while true {
        guard let top = containers.last else {
          skipWhitespace()
          guard position == bytes.count else { throw .trailingData(offset: position) }
          return element
        }
        guard values.count - top.valueStart < limits.maxElements else {
          throw .tooManyElements(offset: element.offset, limit: limits.maxElements)
        }
        values.append(element)
        skipWhitespace()
        guard let next = peek() else { throw .unexpectedEnd(offset: bytes.count) }
        if next == UInt8(ascii: ",") {
          position += 1
          if top.isObject {
            skipWhitespace()
            try readKey()
          }
          break
        }
        guard next == (top.isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")) else {
          throw .unexpectedByte(next, offset: position)
        }
        position += 1
        element = JSONElement(value: closeContainer(), offset: top.offset)
      }
    }
  }

  /// Reads `"key"` and the colon after it, and pushes the key.
  private mutating func readKey() throws(JSONError) {
    guard peek() == UInt8(ascii: "\"") else { throw unexpected() }
    let offset = position
    let key = try readString()
    skipWhitespace()
    guard peek() == UInt8(ascii: ":") else { throw unexpected() }
    position += 1
    keys.append((key, offset))
  }

  /// Pops the innermost container and returns it as a value.
  private mutating func closeContainer() -> JSONValue {
    // Safe: only called with a container open.
    let container = containers.removeLast()
    let elements = values[container.valueStart...]
    defer { values.removeSubrange(container.valueStart...) }
    guard container.isObject else { return .array(Array(elements)) }
    let names = keys[container.keyStart...]
    defer { keys.removeSubrange(container.keyStart...) }
    // Every pushed value of an object follows its key: same counts.
    var members: [JSONMember] = []
    members.reserveCapacity(elements.count)
    for (name, element) in zip(names, elements) {
      members.append(JSONMember(key: name.key, value: element.value, keyOffset: name.offset, offset: element.offset))
    }
    return .object(members)
  }

  /// Reads `literal` (`true`, `false`, `null`) at `position`.
  private mutating func readLiteral(_ literal: StaticString) throws(JSONError) {
    let count = literal.utf8CodeUnitCount
    for index in 0..<count {
      // Safe: `index < utf8CodeUnitCount`.
      let expected = literal.utf8Start[index]
      guard let byte = peek() else { throw .unexpectedEnd(offset: bytes.count) }
      guard byte == expected else { throw .unexpectedByte(byte, offset: position) }
      position += 1
    }
  }
}
