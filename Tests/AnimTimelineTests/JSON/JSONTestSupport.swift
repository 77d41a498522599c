import Testing
@testable import AnimTimeline
import TimelineScript

/// A JSON value without offsets, for writing expectations and generating
/// documents independently of the reader.
indirect enum PlainJSON: Equatable, CustomStringConvertible {
  case null
  case bool(Bool)
  /// An integer literal (the reader must give this exact `int64`).
  case int(Int64)
  /// A number written with a fraction or exponent.
  case double(Double)
  case string(String)
  case array([PlainJSON])
  case object([(String, PlainJSON)])

  static func == (a: PlainJSON, b: PlainJSON) -> Bool {
    switch (a, b) {
    case (.null, .null): return true
    case let (.bool(x), .bool(y)): return x == y
    case let (.int(x), .int(y)): return x == y
    case let (.double(x), .double(y)): return x.bitPattern == y.bitPattern
    case let (.string(x), .string(y)): return Array(x.utf8) == Array(y.utf8)
    case let (.array(x), .array(y)): return x == y
    case let (.object(x), .object(y)):
      return x.count == y.count && zip(x, y).allSatisfy { Array($0.0.utf8) == Array($1.0.utf8) && $0.1 == $1.1 }
    default: return false
    }
  }

  var description: String { PlainJSON.write(self) }

  /// Compact JSON text with every string escaped minimally.
  static func write(_ value: PlainJSON) -> String {
    var writer = JSONTextWriter(random: nil)
    writer.write(value)
    return String(decoding: writer.bytes, as: UTF8.self)
  }
}

extension PlainJSON {
  /// The reader's value without offsets. Numbers with an exact `int64`
  /// become `.int`, others `.double`.
  init(_ value: JSONValue) {
    switch value {
    case .null: self = .null
    case let .bool(flag): self = .bool(flag)
    case let .number(number): self = number.int64.map(PlainJSON.int) ?? .double(number.double)
    case let .string(text): self = .string(text)
    case let .array(elements): self = .array(elements.map { PlainJSON($0.value) })
    case let .object(members): self = .object(members.map { ($0.key, PlainJSON($0.value)) })
    }
  }
}

/// Writes `PlainJSON` as UTF-8 JSON text, optionally with random
/// whitespace and random (valid) escapes, using its own rules rather than
/// the reader's.
struct JSONTextWriter {
  var bytes: [UInt8] = []
  var random: SplitMix64?

  mutating func chance(_ n: UInt64, in d: UInt64) -> Bool {
    guard random != nil else { return false }
    return random!.next() % d < n
  }

  mutating func space() {
    guard random != nil else { return }
    let whitespace: [UInt8] = [0x20, 0x09, 0x0A, 0x0D]
    while chance(1, in: 3) { bytes.append(whitespace[Int(random!.next() % 4)]) }
  }

  mutating func write(_ value: PlainJSON) {
    space()
    switch value {
    case .null: bytes += Array("null".utf8)
    case let .bool(flag): bytes += Array((flag ? "true" : "false").utf8)
    case let .int(x): bytes += Array(String(x).utf8)
    case let .double(x):
      // Swift's shortest round-trip spelling is valid JSON for finite values.
      var text = "\(x)"
      if chance(1, in: 3), let e = text.firstIndex(of: "e") { text.replaceSubrange(e...e, with: "E") }
      bytes += Array(text.utf8)
    case let .string(text): writeString(text)
    case let .array(elements):
      bytes.append(UInt8(ascii: "["))
      space()
      for (index, element) in elements.enumerated() {
        if index > 0 { bytes.append(UInt8(ascii: ",")) }
        write(element)
      }
      space()
      bytes.append(UInt8(ascii: "]"))
    case let .object(members):
      bytes.append(UInt8(ascii: "{"))
      space()
      for (index, member) in members.enumerated() {
        if index > 0 { bytes.append(UInt8(ascii: ",")) }
        space()
        writeString(member.0)
        space()
        bytes.append(UInt8(ascii: ":"))
        write(member.1)
      }
      space()
      bytes.append(UInt8(ascii: "}"))
    }
    space()
  }

  mutating func writeString(_ text: String) {
    bytes.append(UInt8(ascii: "\""))
    for scalar in text.unicodeScalars {
      let v = scalar.value
      switch v {
      case 0x22: bytes += Array("\\\"".utf8)
      case 0x5C: bytes += Array("\\\\".utf8)
      case 0x08: bytes += Array("\\b".utf8)
      case 0x0C: bytes += Array("\\f".utf8)
      case 0x0A: bytes += Array("\\n".utf8)
      case 0x0D: bytes += Array("\\r".utf8)
      case 0x09: bytes += Array("\\t".utf8)
      case 0x2F where chance(1, in: 2): bytes += Array("\\/".utf8)
      case 0..<0x20: writeUnit(UInt16(v))
      default:
        if chance(1, in: 4) {
          if v >= 0x10000 {
            let u = v - 0x10000
            writeUnit(UInt16(0xD800 + (u >> 10)))
            writeUnit(UInt16(0xDC00 + (u & 0x3FF)))
          } else {
            writeUnit(UInt16(v))
          }
        } else {
          bytes += Array(String(scalar).utf8)
        }
      }
    }
    bytes.append(UInt8(ascii: "\""))
  }

  /// `\uXXXX`, in lower or upper case hex.
  mutating func writeUnit(_ unit: UInt16) {
    let upper = chance(1, in: 2)
    let digits = Array((upper ? "0123456789ABCDEF" : "0123456789abcdef").utf8)
    bytes += Array("\\u".utf8)
    for shift in stride(from: 12, through: 0, by: -4) { bytes.append(digits[Int(unit >> UInt16(shift) & 15)]) }
  }
}

/// Random JSON trees: every value kind, strings with ASCII, controls,
/// quotes, multi-byte and non-BMP scalars, integers near the `Int64`
/// limits, doubles of every magnitude, duplicate keys.
enum JSONGen {
  static let scalars: [Unicode.Scalar] = [
    "a", "Z", "0", " ", "\"", "\\", "/", "\u{0}", "\u{1}", "\u{1F}", "\u{7F}", "\u{80}", "é", "\u{7FF}", "\u{800}",
    "图", "\u{FFFD}", "\u{FFFF}", "\u{10000}", "😀", "\u{10FFFF}", "\n", "\t",
  ]

  static func string(_ r: inout SplitMix64) -> String {
    var text = String.UnicodeScalarView()
    for _ in 0..<r.int(in: 0...6) { text.append(r.element(of: scalars)) }
    return String(text)
  }

  static func number(_ r: inout SplitMix64) -> PlainJSON {
    switch r.int(in: 0...5) {
    case 0: return .int(r.element(of: [0, 1, -1, .max, .min, .max - 1, .min + 1, 9_007_199_254_740_993]))
    case 1: return .int(r.int64(in: -1_000_000...1_000_000))
    case 2: return .int(Int64(bitPattern: r.next()))
    case 3:
      return .double(r.element(of: [0.5, -0.0, 1e-300, .leastNonzeroMagnitude, .greatestFiniteMagnitude, .leastNormalMagnitude, 0.1, 123.456e10]))
    default:
      let bits = r.next()
      let value = Double(bitPattern: bits)
      return .double(value.isFinite ? value : 1.25)
    }
  }

  static func value(_ r: inout SplitMix64, depth: Int) -> PlainJSON {
    let kind = r.int(in: 0...(depth > 0 ? 6 : 4))
    switch kind {
    case 0: return .null
    case 1: return .bool(r.chance(1, in: 2))
    case 2: return number(&r)
    case 3, 4: return .string(string(&r))
    case 5: return .array((0..<r.int(in: 0...4)).map { _ in value(&r, depth: depth - 1) })
    default:
      var members: [(String, PlainJSON)] = []
      for _ in 0..<r.int(in: 0...4) {
        let key = members.isEmpty || r.chance(3, in: 4) ? string(&r) : members[r.int(in: 0...(members.count - 1))].0
        members.append((key, value(&r, depth: depth - 1)))
      }
      return .object(members)
    }
  }

  static var gen: Gen<PlainJSON> { Gen<PlainJSON>(generate: { value(&$0, depth: 4) }, shrink: shrinkValue) }

  static func shrinkValue(_ v: PlainJSON) -> [PlainJSON] {
    switch v {
    case let .array(elements):
      return elements + Shrink.array(elements, element: shrinkValue).map(PlainJSON.array)
    case let .object(members):
      return members.map(\.1) + Shrink.array(members.map { Pair(key: $0.0, value: $0.1) }, element: { pair in
        shrinkValue(pair.value).map { Pair(key: pair.key, value: $0) }
      }).map { PlainJSON.object($0.map { ($0.key, $0.value) }) }
    case .string(let s) where !s.isEmpty: return [.string("")]
    case .null: return []
    default: return [.null]
    }
  }

  struct Pair { var key: String; var value: PlainJSON }
}

/// Parses `text` with default limits.
func parseJSON(_ text: String, limits: JSONLimits = JSONLimits()) throws(JSONError) -> PlainJSON {
  PlainJSON(try JSONParser.parse(Array(text.utf8), limits: limits).value)
}

/// Parses `bytes` with default limits.
func parseJSON(bytes: [UInt8], limits: JSONLimits = JSONLimits()) throws(JSONError) -> PlainJSON {
  PlainJSON(try JSONParser.parse(bytes, limits: limits).value)
}

/// The error `body` throws, or `nil`.
func jsonError(_ body: () throws -> PlainJSON) -> JSONError? {
  do {
    _ = try body()
    return nil
  } catch let error as JSONError {
    return error
  } catch {
    Issue.record("not a JSONError: \(error)")
    return nil
  }
}
