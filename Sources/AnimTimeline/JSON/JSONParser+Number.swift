extension JSONParser {
  /// Reads a number at `position` (RFC 8259, section 6):
  /// `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`.
  ///
  /// - Throws: ``JSONError/invalidNumber(offset:)`` at the byte that breaks
  ///   the grammar (a digit after a leading `0`, a `.` or exponent without
  ///   digits), ``JSONError/unexpectedEnd(offset:)`` when the input ends
  ///   where a digit is required, ``JSONError/numberTooLong(offset:limit:)``
  ///   and ``JSONError/numberOutOfRange(offset:)``.
  mutating func readNumber() throws(JSONError) -> JSONNumber {
    let start = position
    let negative = peek() == UInt8(ascii: "-")
    if negative { position += 1 }

    // The integer part, accumulated negatively so that Int64.min fits.
    var integer: Int64 = 0
    var fits = true
    guard let first = peek() else { throw .unexpectedEnd(offset: bytes.count) }
    guard isDigit(first) else { throw .invalidNumber(offset: position) }
    if first == UInt8(ascii: "0") {
      position += 1
      if let next = peek(), isDigit(next) { throw .invalidNumber(offset: position) }
    } else {
      while let byte = peek(), isDigit(byte) {
        if fits {
          let (times10, o1) = integer.multipliedReportingOverflow(by: 10)
          let (sum, o2) = times10.subtractingReportingOverflow(Int64(byte - UInt8(ascii: "0")))
          if o1 || o2 { fits = false } else { integer = sum }
        }
        position += 1
      }
    }
    var isInteger = true
    if peek() == UInt8(ascii: ".") {
      isInteger = false
      position += 1
      try readDigits()
    }
    if peek() == UInt8(ascii: "e") || peek() == UInt8(ascii: "E") {
      isInteger = false
      position += 1
      if peek() == UInt8(ascii: "+") || peek() == UInt8(ascii: "-") { position += 1 }
      try readDigits()
    }

    let length = position - start
    guard length <= limits.maxNumberBytes else {
      throw .numberTooLong(offset: start, limit: limits.maxNumberBytes)
    }
    // The text matches the grammar, which `Double(_:)` (strtod) accepts.
    let text = String(decoding: UnsafeRawBufferPointer(rebasing: bytes[start..<position]), as: UTF8.self)
    guard let double = Double(text) else { throw .invalidNumber(offset: start) }
    guard double.isFinite else { throw .numberOutOfRange(offset: start) }
    var exact: Int64?
    if isInteger && fits {
      if negative {
        exact = integer
      } else if integer != .min {
        exact = -integer
      }
    }
    return JSONNumber(int64: exact, double: double)
  }

  /// Reads one or more digits.
  private mutating func readDigits() throws(JSONError) {
    guard let first = peek() else { throw .unexpectedEnd(offset: bytes.count) }
    guard isDigit(first) else { throw .invalidNumber(offset: position) }
    while let byte = peek(), isDigit(byte) { position += 1 }
  }

  @inline(__always)
  private func isDigit(_ byte: UInt8) -> Bool {
    byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
  }
}
