extension JSONParser {
  /// Reads a string at `position` (its opening quote) and returns it.
  ///
  /// Validates UTF-8 (RFC 3629) and escapes as it goes. A string without
  /// escapes is made straight from the input; one with escapes is decoded
  /// into `scratch` first. The decoded length is checked against
  /// ``JSONLimits/maxStringBytes`` before anything is copied.
  mutating func readString() throws(JSONError) -> String {
    let quote = position
    position += 1
    var runStart = position
    var escaped = false
    scratch.removeAll(keepingCapacity: true)
    while true {
      guard position < bytes.count else { throw .unexpectedEnd(offset: bytes.count) }
      let byte = bytes[position]
      if byte == UInt8(ascii: "\"") {
        let run = position - runStart
        guard (escaped ? scratch.count : 0) + run <= limits.maxStringBytes else {
          throw .stringTooLong(offset: quote, limit: limits.maxStringBytes)
        }
        let runBytes = UnsafeRawBufferPointer(rebasing: bytes[runStart..<position])
        position += 1
        if !escaped { return String(decoding: runBytes, as: UTF8.self) }
        scratch.append(contentsOf: runBytes)
        return String(decoding: scratch, as: UTF8.self)
      }
      if byte == UInt8(ascii: "\\") {
        let run = position - runStart
        guard scratch.count + run <= limits.maxStringBytes else {
          throw .stringTooLong(offset: quote, limit: limits.maxStringBytes)
        }
        scratch.append(contentsOf: UnsafeRawBufferPointer(rebasing: bytes[runStart..<position]))
        escaped = true
        try readEscape(quote: quote)
        runStart = position
        continue
      }
      if byte < 0x20 { throw .controlCharacterInString(offset: position) }
      if byte < 0x80 {
        position += 1
      } else {
        position += try utf8SequenceLength(at: position)
      }
    }
  }

  /// Decodes the escape at `position` (a backslash) into `scratch`.
  private mutating func readEscape(quote: Int) throws(JSONError) {
    let backslash = position
    guard backslash + 1 < bytes.count else { throw .unexpectedEnd(offset: bytes.count) }
    let letter = bytes[backslash + 1]
    let simple: UInt8
    switch letter {
    case UInt8(ascii: "\""): simple = 0x22
    case UInt8(ascii: "\\"): simple = 0x5C
    case UInt8(ascii: "/"): simple = 0x2F
    case UInt8(ascii: "b"): simple = 0x08
    case UInt8(ascii: "f"): simple = 0x0C
    case UInt8(ascii: "n"): simple = 0x0A
    case UInt8(ascii: "r"): simple = 0x0D
    case UInt8(ascii: "t"): simple = 0x09
    case UInt8(ascii: "u"):
      position = backslash + 2
      let unit = try readHex4(escapeAt: backslash)
      let scalar: UInt32
      switch unit {
      case 0xD800...0xDBFF:
        // A high surrogate: a `\u` low surrogate must follow.
        guard position < bytes.count else { throw .unexpectedEnd(offset: bytes.count) }
        guard bytes[position] == UInt8(ascii: "\\") else { throw .loneSurrogate(offset: backslash) }
        guard position + 1 < bytes.count else { throw .unexpectedEnd(offset: bytes.count) }
        guard bytes[position + 1] == UInt8(ascii: "u") else { throw .loneSurrogate(offset: backslash) }
        let second = position
        position += 2
        let low = try readHex4(escapeAt: second)
        guard (0xDC00...0xDFFF).contains(low) else { throw .loneSurrogate(offset: backslash) }
        scalar = 0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00)
      case 0xDC00...0xDFFF:
        throw .loneSurrogate(offset: backslash)
      default:
        scalar = unit
      }
      try appendScalar(scalar, quote: quote)
      return
    default:
      throw .invalidEscape(offset: backslash)
    }
    guard scratch.count < limits.maxStringBytes else {
      throw .stringTooLong(offset: quote, limit: limits.maxStringBytes)
    }
    scratch.append(simple)
    position = backslash + 2
  }

  /// Reads four hexadecimal digits at `position` (after `\u`).
  private mutating func readHex4(escapeAt backslash: Int) throws(JSONError) -> UInt32 {
    var value: UInt32 = 0
    for _ in 0..<4 {
      guard position < bytes.count else { throw .unexpectedEnd(offset: bytes.count) }
      let byte = bytes[position]
      let digit: UInt8
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
      case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
      case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
      default: throw .invalidEscape(offset: backslash)
      }
      value = value << 4 | UInt32(digit)
      position += 1
    }
    return value
  }

  /// Appends the UTF-8 encoding of `scalar` (not a surrogate) to `scratch`.
  private mutating func appendScalar(_ scalar: UInt32, quote: Int) throws(JSONError) {
    let length = scalar < 0x80 ? 1 : scalar < 0x800 ? 2 : scalar < 0x10000 ? 3 : 4
    guard scratch.count + length <= limits.maxStringBytes else {
      throw .stringTooLong(offset: quote, limit: limits.maxStringBytes)
    }
    switch length {
    case 1:
      scratch.append(UInt8(scalar))
    case 2:
      scratch.append(UInt8(0xC0 | scalar >> 6))
      scratch.append(UInt8(0x80 | scalar & 0x3F))
    case 3:
      scratch.append(UInt8(0xE0 | scalar >> 12))
      scratch.append(UInt8(0x80 | scalar >> 6 & 0x3F))
      scratch.append(UInt8(0x80 | scalar & 0x3F))
    default:
      scratch.append(UInt8(0xF0 | scalar >> 18))
      scratch.append(UInt8(0x80 | scalar >> 12 & 0x3F))
      scratch.append(UInt8(0x80 | scalar >> 6 & 0x3F))
      scratch.append(UInt8(0x80 | scalar & 0x3F))
    }
  }

  /// The length of the well-formed UTF-8 sequence that starts with the
  /// non-ASCII byte at `start` (RFC 3629, section 4).
  ///
  /// - Throws: ``JSONError/invalidUTF8(offset:)`` at `start` for a bad
  ///   sequence, ``JSONError/unexpectedEnd(offset:)`` when the input ends
  ///   inside a sequence that could still be well formed.
  private func utf8SequenceLength(at start: Int) throws(JSONError) -> Int {
    let lead = bytes[start]
    let length: Int
    // The allowed range of the second byte; later bytes are 80...BF.
    var second: ClosedRange<UInt8> = 0x80...0xBF
    switch lead {
    case 0xC2...0xDF: length = 2
    case 0xE0: length = 3; second = 0xA0...0xBF
    case 0xE1...0xEC, 0xEE...0xEF: length = 3
    case 0xED: length = 3; second = 0x80...0x9F
    case 0xF0: length = 4; second = 0x90...0xBF
    case 0xF1...0xF3: length = 4
    case 0xF4: length = 4; second = 0x80...0x8F
    default: throw .invalidUTF8(offset: start)
    }
    for index in 1..<length {
      guard start + index < bytes.count else { throw .unexpectedEnd(offset: bytes.count) }
      let byte = bytes[start + index]
      guard (index == 1 ? second : 0x80...0xBF).contains(byte) else { throw .invalidUTF8(offset: start) }
    }
    return length
  }
}
