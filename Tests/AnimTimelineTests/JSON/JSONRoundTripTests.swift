import Testing
@testable import AnimTimeline
import TimelineScript

/// Random documents, written by the tests' own writer with random
/// whitespace and escapes, read back equal; every element and member
/// offset points at the first byte of its value.
@Suite struct JSONRoundTripTests {
  @Test func writtenDocumentsReadBackEqual() {
    forAll("JSONRoundTripTests.writtenDocumentsReadBackEqual", gen: JSONGen.gen, iterations: 2_000) { value in
      for seed: UInt64 in [1, 2] {
        var writer = JSONTextWriter(random: SplitMix64(seed: seed &+ UInt64(PlainJSON.write(value).utf8.count)))
        writer.write(value)
        let root: JSONElement
        do {
          root = try JSONParser.parse(writer.bytes)
        } catch {
          throw PropertyFailure(message: "\(error) reading \(String(decoding: writer.bytes, as: UTF8.self))")
        }
        try ensure(PlainJSON(root.value) == value, "read \(PlainJSON(root.value))")
        try checkOffsets(root, in: writer.bytes)
      }
      return true
    }
  }

  /// Every value's offset holds the byte its kind starts with.
  func checkOffsets(_ element: JSONElement, in bytes: [UInt8]) throws(PropertyFailure) {
    try ensure(bytes.indices.contains(element.offset), "offset \(element.offset) outside")
    let first = bytes[element.offset]
    switch element.value {
    case .null: try ensure(first == UInt8(ascii: "n"), "null at \(element.offset)")
    case .bool(let flag): try ensure(first == UInt8(ascii: flag ? "t" : "f"), "bool at \(element.offset)")
    case .number: try ensure(first == UInt8(ascii: "-") || (48...57).contains(first), "number at \(element.offset)")
    case .string: try ensure(first == UInt8(ascii: "\""), "string at \(element.offset)")
    case let .array(elements):
      try ensure(first == UInt8(ascii: "["), "array at \(element.offset)")
      for child in elements { try checkOffsets(child, in: bytes) }
    case let .object(members):
      try ensure(first == UInt8(ascii: "{"), "object at \(element.offset)")
      for member in members {
        try ensure(bytes[member.keyOffset] == UInt8(ascii: "\""), "key at \(member.keyOffset)")
        try ensure(member.keyOffset < member.offset, "key after value")
        try checkOffsets(JSONElement(value: member.value, offset: member.offset), in: bytes)
      }
    }
  }

  /// Strings of every scalar kind, each escaped in every allowed way.
  @Test func everyScalarKindInEveryEscape() throws {
    for scalar in JSONGen.scalars {
      let text = String(scalar)
      var plain = JSONTextWriter(random: nil)
      plain.writeString(text)
      #expect(try parseJSON(bytes: plain.bytes) == .string(text))
      let v = scalar.value
      var units: [UInt16] = []
      if v >= 0x10000 {
        units = [UInt16(0xD800 + ((v - 0x10000) >> 10)), UInt16(0xDC00 + ((v - 0x10000) & 0x3FF))]
      } else {
        units = [UInt16(v)]
      }
      var escaped = JSONTextWriter(random: nil)
      escaped.bytes.append(UInt8(ascii: "\""))
      for unit in units { escaped.writeUnit(unit) }
      escaped.bytes.append(UInt8(ascii: "\""))
      #expect(try parseJSON(bytes: escaped.bytes) == .string(text), "\\u escape of U+\(String(v, radix: 16))")
    }
  }
}
