import Testing
@testable import AnimTimeline
import TimelineScript

/// Malformed input at every byte offset of a small export: the reader
/// returns a value or a typed error with an offset inside the input, and
/// never traps.
@Suite struct JSONHostileTests {
  static let export = Array(AsepriteFixtures.hash.utf8)
  static let small = Array(AsepriteFixtures.small.utf8)

  @Test func theExportsParse() throws {
    for bytes in [Self.export, Self.small] {
      let root = try JSONParser.parse(bytes)
      #expect(root.offset == 0)
      #expect(root.value["frames"] != nil && root.value["meta"] != nil)
    }
  }

  /// Every strict prefix that stops inside the root object ends too early,
  /// and the error says so at exactly the prefix's length.
  @Test func everyTruncationIsAnUnexpectedEndAtItsLength() {
    for bytes in [Self.export, Self.small] {
      let closing = bytes.lastIndex(of: UInt8(ascii: "}"))!
      for length in 0...closing {
        let prefix = Array(bytes[..<length])
        #expect(jsonError { try parseJSON(bytes: prefix) } == .unexpectedEnd(offset: length), "prefix of \(length) bytes")
      }
    }
  }

  /// Each byte replaced by each of a few troublesome bytes: a value or an
  /// error whose offset lies inside the input and not after the change
  /// (everything before it was valid).
  @Test func everyByteReplaced() {
    let bytes = Self.small
    let replacements: [UInt8] = [0x00, 0x0A, 0x22, 0x2C, 0x30, 0x5C, 0x5D, 0x7D, 0x80, 0xC3, 0xED, 0xFF]
    var errors = 0
    for index in bytes.indices {
      for replacement in replacements where replacement != bytes[index] {
        var mutated = bytes
        mutated[index] = replacement
        guard let error = jsonError({ try parseJSON(bytes: mutated) }) else { continue }
        errors += 1
        let offset = error.offset ?? -1
        #expect(offset >= 0 && offset <= mutated.count, "byte \(index) -> \(replacement): \(error)")
        // The reader stops at the first problem: nothing after the change
        // can be blamed for an error before it.
        #expect(offset >= min(index, firstStructuralChange(before: index, in: bytes)), "byte \(index) -> \(replacement): \(error)")
      }
    }
    #expect(errors > bytes.count)
  }

  /// Inserting and deleting bytes at every offset never traps either.
  @Test func everyByteInsertedOrDeleted() {
    let bytes = Self.small
    for index in bytes.indices {
      var deleted = bytes
      deleted.remove(at: index)
      _ = jsonError { try parseJSON(bytes: deleted) }
      for insert: UInt8 in [0x5B, 0x7B, 0x22, 0x5C] {
        var inserted = bytes
        inserted.insert(insert, at: index)
        if let error = jsonError({ try parseJSON(bytes: inserted) }) {
          #expect((error.offset ?? -1) <= inserted.count)
        }
      }
    }
  }

  /// The earliest offset an error may name for a change at `index`: the
  /// change itself, or the opening quote of the string it is in (a string
  /// that grows too long, an escape begun before the change).
  func firstStructuralChange(before index: Int, in bytes: [UInt8]) -> Int {
    var inString = false
    var quote = 0
    var i = 0
    while i < index {
      if bytes[i] == UInt8(ascii: "\"") {
        inString.toggle()
        if inString { quote = i }
      } else if inString && bytes[i] == UInt8(ascii: "\\") {
        i += 1  // skip the escaped byte
      }
      i += 1
    }
    return inString ? quote : index
  }

  /// Random bytes and random mutations of the export, many times.
  @Test func randomMutations() {
    var random = SplitMix64(seed: 0x4A53_4F4E)
    let bytes = Self.export
    for _ in 0..<3_000 {
      var mutated = bytes
      for _ in 0..<random.int(in: 1...8) {
        let index = random.int(in: 0...(mutated.count - 1))
        switch random.int(in: 0...2) {
        case 0: mutated[index] = UInt8(truncatingIfNeeded: random.next())
        case 1: mutated.insert(UInt8(truncatingIfNeeded: random.next()), at: index)
        default: mutated.remove(at: index)
        }
      }
      if let error = jsonError({ try parseJSON(bytes: mutated) }) {
        #expect((error.offset ?? -1) <= mutated.count)
      }
    }
  }
}
