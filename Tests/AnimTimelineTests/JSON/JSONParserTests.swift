import Testing
@testable import AnimTimeline

/// The JSON reader on hand-written texts: every value kind, escapes,
/// surrogate pairs, numbers at the limits, whitespace, and the error (with
/// its offset) for each way a text can be malformed.
@Suite struct JSONParserTests {
  // MARK: Values

  @Test func everyValueKind() throws {
    #expect(try parseJSON("null") == .null)
    #expect(try parseJSON("true") == .bool(true))
    #expect(try parseJSON("false") == .bool(false))
    #expect(try parseJSON("0") == .int(0))
    #expect(try parseJSON("-12") == .int(-12))
    #expect(try parseJSON("1.5") == .double(1.5))
    #expect(try parseJSON("\"hi\"") == .string("hi"))
    #expect(try parseJSON("[]") == .array([]))
    #expect(try parseJSON("{}") == .object([]))
    #expect(
      try parseJSON(#"{"a":[1,{"b":null}],"c":"d"}"#)
        == .object([("a", .array([.int(1), .object([("b", .null)])])), ("c", .string("d"))]))
  }

  @Test func objectsKeepDocumentOrderAndDuplicates() throws {
    let text = #"{"z":1,"a":2,"z":3}"#
    #expect(try parseJSON(text) == .object([("z", .int(1)), ("a", .int(2)), ("z", .int(3))]))
    // Lookup: last wins.
    let value = try JSONParser.parse(Array(text.utf8)).value
    #expect(value["z"]?.value == .number(JSONNumber(int64: 3, double: 3)))
    #expect(value["z"]?.offset == 17 && value["z"]?.keyOffset == 13)
    #expect(value["a"]?.offset == 11)
    #expect(value["missing"] == nil)
    #expect(JSONValue.null["z"] == nil)
  }

  @Test func keysCompareByBytes() throws {
    let value = try JSONParser.parse(Array(#"{"é":1,"e\u0301":2}"#.utf8)).value
    #expect(value["é"]?.offset == 6)
    #expect(value["e\u{301}"]?.offset == 18)
  }

  @Test func offsetsOfElementsAndMembers() throws {
    let root = try JSONParser.parse(Array(#"  [ 1 ,"x",{ "k" : true } ]"#.utf8))
    #expect(root.offset == 2)
    guard case let .array(elements) = root.value else {
      Issue.record("not an array")
      return
    }
    #expect(elements.map(\.offset) == [4, 7, 11])
    guard case let .object(members) = elements[2].value else {
      Issue.record("not an object")
      return
    }
    #expect(members[0].keyOffset == 13 && members[0].offset == 19)
  }

  @Test func whitespaceIsSpaceTabLineFeedCarriageReturnOnly() throws {
    #expect(try parseJSON(" \t\n\r[ \t\n\r1 \t\n\r] \t\n\r") == .array([.int(1)]))
    #expect(jsonError { try parseJSON("[1,\u{0B}2]") } == .unexpectedByte(0x0B, offset: 3))
    #expect(jsonError { try parseJSON("\u{A0}1") } == .unexpectedByte(0xC2, offset: 0))
  }

  @Test func aLeadingByteOrderMarkIsSkipped() throws {
    #expect(try parseJSON(bytes: [0xEF, 0xBB, 0xBF, 0x31]) == .int(1))
    #expect(try JSONParser.parse([0xEF, 0xBB, 0xBF, 0x20, 0x31]).offset == 4)
    // Only at the start, and only once.
    #expect(jsonError { try parseJSON(bytes: [0x20, 0xEF, 0xBB, 0xBF, 0x31]) } == .unexpectedByte(0xEF, offset: 1))
    #expect(jsonError { try parseJSON(bytes: [0xEF, 0xBB, 0xBF, 0xEF, 0xBB, 0xBF, 0x31]) } == .unexpectedByte(0xEF, offset: 3))
  }

  // MARK: Strings

  @Test func escapes() throws {
    #expect(try parseJSON(#""\"\\\/\b\f\n\r\t""#) == .string("\"\\/\u{8}\u{C}\n\r\t"))
    #expect(try parseJSON(#""\u0041\u00e9\u00E9\u4e2d\u0000""#) == .string("Aéé中\u{0}"))
    #expect(try parseJSON(#""a\u0062c""#) == .string("abc"))
  }

  @Test func surrogatePairs() throws {
    #expect(try parseJSON(#""\ud83d\ude00""#) == .string("😀"))
    #expect(try parseJSON(#""\uD800\uDC00""#) == .string("\u{10000}"))
    #expect(try parseJSON(#""\uDBFF\uDFFF""#) == .string("\u{10FFFF}"))
    #expect(try parseJSON(#""x\uD83D\uDE00y""#) == .string("x😀y"))
  }

  @Test func loneSurrogatesAreErrors() {
    #expect(jsonError { try parseJSON(#""\uD83D""#) } == .loneSurrogate(offset: 1))
    #expect(jsonError { try parseJSON(#""ab\uD83Dx""#) } == .loneSurrogate(offset: 3))
    #expect(jsonError { try parseJSON(#""\uD83D\n""#) } == .loneSurrogate(offset: 1))
    #expect(jsonError { try parseJSON(#""\uD83D\uD83D""#) } == .loneSurrogate(offset: 1))
    #expect(jsonError { try parseJSON(#""\uD83D\u0041""#) } == .loneSurrogate(offset: 1))
    #expect(jsonError { try parseJSON(#""\uDE00""#) } == .loneSurrogate(offset: 1))
    #expect(jsonError { try parseJSON(#""\uDE00\uD83D""#) } == .loneSurrogate(offset: 1))
  }

  @Test func badEscapes() {
    #expect(jsonError { try parseJSON(#""\x""#) } == .invalidEscape(offset: 1))
    #expect(jsonError { try parseJSON(#""\'""#) } == .invalidEscape(offset: 1))
    #expect(jsonError { try parseJSON(#""\U0041""#) } == .invalidEscape(offset: 1))
    #expect(jsonError { try parseJSON(#""a\u00G1""#) } == .invalidEscape(offset: 2))
    #expect(jsonError { try parseJSON(#""\u12""#) } == .invalidEscape(offset: 1))
    #expect(jsonError { try parseJSON(#""\uD83D\u12x4""#) } == .invalidEscape(offset: 7))
  }

  @Test func controlCharactersMustBeEscaped() throws {
    for byte in UInt8(0)..<0x20 {
      #expect(jsonError { try parseJSON(bytes: [0x22, 0x61, byte, 0x22]) } == .controlCharacterInString(offset: 2))
    }
    #expect(try parseJSON(bytes: [0x22, 0x7F, 0x22]) == .string("\u{7F}"))
  }

  @Test func validUTF8AtEveryLength() throws {
    for text in ["\u{80}", "\u{7FF}", "\u{800}", "\u{D7FF}", "\u{E000}", "\u{FFFF}", "\u{10000}", "\u{10FFFF}", "图层 1"] {
      #expect(try parseJSON("\"\(text)\"") == .string(text))
    }
  }

  @Test func invalidUTF8() {
    let cases: [[UInt8]] = [
      [0x80],  // a continuation byte alone
      [0xBF],
      [0xC0, 0xAF],  // overlong
      [0xC1, 0xBF],  // overlong
      [0xE0, 0x80, 0xAF],  // overlong three-byte
      [0xE0, 0x9F, 0xBF],  // overlong three-byte
      [0xED, 0xA0, 0x80],  // U+D800, a surrogate
      [0xED, 0xBF, 0xBF],  // U+DFFF
      [0xF0, 0x8F, 0xBF, 0xBF],  // overlong four-byte
      [0xF4, 0x90, 0x80, 0x80],  // U+110000
      [0xF5, 0x80, 0x80, 0x80],
      [0xFF],
      [0xC3, 0x41],  // a lead byte followed by ASCII
      [0xE2, 0x82, 0x41],
      [0xF0, 0x9F, 0x98, 0x22],  // a four-byte sequence cut by the quote
    ]
    for sequence in cases {
      let bytes: [UInt8] = [0x22, 0x61] + sequence + [0x22]
      #expect(jsonError { try parseJSON(bytes: bytes) } == .invalidUTF8(offset: 2), "\(sequence)")
    }
  }

  @Test func invalidUTF8OutsideStringsIsAnUnexpectedByte() {
    #expect(jsonError { try parseJSON(bytes: [0x5B, 0xC3, 0xA9, 0x5D]) } == .unexpectedByte(0xC3, offset: 1))
  }

  // MARK: Numbers

  @Test func integersAtTheLimits() throws {
    #expect(try parseJSON("9223372036854775807") == .int(.max))
    #expect(try parseJSON("-9223372036854775808") == .int(.min))
    #expect(try parseJSON("-0") == .int(0))
    // One past each limit: no exact integer, the nearest double.
    #expect(try parseJSON("9223372036854775808") == .double(9_223_372_036_854_775_808.0))
    #expect(try parseJSON("-9223372036854775809") == .double(-9_223_372_036_854_775_808.0))
    #expect(try parseJSON("123456789012345678901234567890") == .double(1.2345678901234568e29))
  }

  @Test func integersKeepTheirExactValueAndTheNearestDouble() throws {
    let number = try JSONParser.parse(Array("9007199254740993".utf8)).value
    #expect(number == .number(JSONNumber(int64: 9_007_199_254_740_993, double: 9_007_199_254_740_992)))
  }

  @Test func fractionsAndExponents() throws {
    #expect(try parseJSON("0.5") == .double(0.5))
    #expect(try parseJSON("-0.0") == .double(-0.0))
    #expect(try parseJSON("1e2") == .double(100))
    #expect(try parseJSON("1E+2") == .double(100))
    #expect(try parseJSON("1e-2") == .double(0.01))
    #expect(try parseJSON("2.5E-3") == .double(0.0025))
    #expect(try parseJSON("0e0") == .double(0))
    #expect(try parseJSON("1.7976931348623157e308") == .double(.greatestFiniteMagnitude))
    #expect(try parseJSON("4.9406564584124654e-324") == .double(.leastNonzeroMagnitude))
    #expect(try parseJSON("2.4703282292062328e-324") == .double(.leastNonzeroMagnitude))  // rounds up
    #expect(try parseJSON("1e-400") == .double(0))  // below the smallest subnormal
    #expect(try parseJSON("0.1") == .double(0.1))
    #expect(try parseJSON("[1.0]") == .array([.double(1)]))
  }

  @Test func numbersBeyondDoubleAreErrors() {
    #expect(jsonError { try parseJSON("1e309") } == .numberOutOfRange(offset: 0))
    #expect(jsonError { try parseJSON("[-1.8e308]") } == .numberOutOfRange(offset: 1))
    #expect(jsonError { try parseJSON("1e99999999999999999999") } == .numberOutOfRange(offset: 0))
  }

  @Test func numberGrammar() {
    #expect(jsonError { try parseJSON("01") } == .invalidNumber(offset: 1))
    #expect(jsonError { try parseJSON("-01") } == .invalidNumber(offset: 2))
    #expect(jsonError { try parseJSON("00") } == .invalidNumber(offset: 1))
    #expect(jsonError { try parseJSON("+1") } == .unexpectedByte(UInt8(ascii: "+"), offset: 0))
    #expect(jsonError { try parseJSON("-") } == .unexpectedEnd(offset: 1))
    #expect(jsonError { try parseJSON("-a") } == .invalidNumber(offset: 1))
    #expect(jsonError { try parseJSON(".5") } == .unexpectedByte(UInt8(ascii: "."), offset: 0))
    #expect(jsonError { try parseJSON("1.") } == .unexpectedEnd(offset: 2))
    #expect(jsonError { try parseJSON("1.e5") } == .invalidNumber(offset: 2))
    #expect(jsonError { try parseJSON("1e") } == .unexpectedEnd(offset: 2))
    #expect(jsonError { try parseJSON("1e+") } == .unexpectedEnd(offset: 3))
    #expect(jsonError { try parseJSON("1e+x") } == .invalidNumber(offset: 3))
    #expect(jsonError { try parseJSON("1x") } == .trailingData(offset: 1))
    #expect(jsonError { try parseJSON("[1x]") } == .unexpectedByte(UInt8(ascii: "x"), offset: 2))
    #expect(jsonError { try parseJSON("0x10") } == .trailingData(offset: 1))
    #expect(jsonError { try parseJSON("Infinity") } == .unexpectedByte(UInt8(ascii: "I"), offset: 0))
    #expect(jsonError { try parseJSON("NaN") } == .unexpectedByte(UInt8(ascii: "N"), offset: 0))
    #expect(jsonError { try parseJSON("1.5.2") } == .trailingData(offset: 3))
  }

  @Test func numberLengthLimit() throws {
    let limits = JSONLimits(maxNumberBytes: 5)
    #expect(try parseJSON("-1234", limits: limits) == .int(-1234))
    #expect(jsonError { try parseJSON("[123456]", limits: limits) } == .numberTooLong(offset: 1, limit: 5))
  }

  // MARK: Structure

  @Test func literals() {
    #expect(jsonError { try parseJSON("tru") } == .unexpectedEnd(offset: 3))
    #expect(jsonError { try parseJSON("trUe") } == .unexpectedByte(UInt8(ascii: "U"), offset: 2))
    #expect(jsonError { try parseJSON("nul") } == .unexpectedEnd(offset: 3))
    #expect(jsonError { try parseJSON("True") } == .unexpectedByte(UInt8(ascii: "T"), offset: 0))
    #expect(jsonError { try parseJSON("truex") } == .trailingData(offset: 4))
    #expect(jsonError { try parseJSON("undefined") } == .unexpectedByte(UInt8(ascii: "u"), offset: 0))
  }

  @Test func malformedContainers() {
    #expect(jsonError { try parseJSON("") } == .unexpectedEnd(offset: 0))
    #expect(jsonError { try parseJSON("   ") } == .unexpectedEnd(offset: 3))
    #expect(jsonError { try parseJSON("[") } == .unexpectedEnd(offset: 1))
    #expect(jsonError { try parseJSON("[1,]") } == .unexpectedByte(UInt8(ascii: "]"), offset: 3))
    #expect(jsonError { try parseJSON("[,1]") } == .unexpectedByte(UInt8(ascii: ","), offset: 1))
    #expect(jsonError { try parseJSON("[1 2]") } == .unexpectedByte(UInt8(ascii: "2"), offset: 3))
    #expect(jsonError { try parseJSON("[1}") } == .unexpectedByte(UInt8(ascii: "}"), offset: 2))
    #expect(jsonError { try parseJSON("{\"a\":1]") } == .unexpectedByte(UInt8(ascii: "]"), offset: 6))
    #expect(jsonError { try parseJSON("{\"a\" 1}") } == .unexpectedByte(UInt8(ascii: "1"), offset: 5))
    #expect(jsonError { try parseJSON("{\"a\":}") } == .unexpectedByte(UInt8(ascii: "}"), offset: 5))
    #expect(jsonError { try parseJSON("{\"a\":1,}") } == .unexpectedByte(UInt8(ascii: "}"), offset: 7))
    #expect(jsonError { try parseJSON("{a:1}") } == .unexpectedByte(UInt8(ascii: "a"), offset: 1))
    #expect(jsonError { try parseJSON("{1:1}") } == .unexpectedByte(UInt8(ascii: "1"), offset: 1))
    #expect(jsonError { try parseJSON("{'a':1}") } == .unexpectedByte(UInt8(ascii: "'"), offset: 1))
    #expect(jsonError { try parseJSON("{\"a\"") } == .unexpectedEnd(offset: 4))
    #expect(jsonError { try parseJSON("]") } == .unexpectedByte(UInt8(ascii: "]"), offset: 0))
    #expect(jsonError { try parseJSON("[] []") } == .trailingData(offset: 3))
    #expect(jsonError { try parseJSON("{}}") } == .trailingData(offset: 2))
    #expect(jsonError { try parseJSON("[/* c */]") } == .unexpectedByte(UInt8(ascii: "/"), offset: 1))
    #expect(jsonError { try parseJSON(bytes: [0x31, 0x00]) } == .trailingData(offset: 1))
  }

  @Test func anyValueMayBeTheTopLevelValue() throws {
    #expect(try parseJSON(" \"s\" ") == .string("s"))
    #expect(try parseJSON("\n-3\n") == .int(-3))
  }

  // MARK: Limits

  @Test func inputSizeIsCheckedFirst() {
    #expect(jsonError { try parseJSON("[1, 2]", limits: JSONLimits(maxInputBytes: 5)) } == .inputTooLarge(bytes: 6, limit: 5))
    #expect(jsonError { try parseJSON("[1,2]", limits: JSONLimits(maxInputBytes: 5)) } == nil)
  }

  @Test func depthLimit() throws {
    let limits = JSONLimits(maxDepth: 3)
    #expect(try parseJSON("[[[1]]]", limits: limits) == .array([.array([.array([.int(1)])])]))
    #expect(try parseJSON(#"{"a":[{}]}"#, limits: limits) == .object([("a", .array([.object([])]))]))
    #expect(jsonError { try parseJSON("[[[[1]]]]", limits: limits) } == .tooDeep(offset: 3, limit: 3))
    #expect(jsonError { try parseJSON(#"[{"a":[[]]}]"#, limits: limits) } == .tooDeep(offset: 7, limit: 3))
    // Siblings do not add up.
    #expect(try parseJSON("[[[]],[[]],[[]]]", limits: limits) == .array(Array(repeating: .array([.array([])]), count: 3)))
  }

  @Test func veryDeepNestingIsAnErrorNotACrash() {
    let deep = Array(repeating: UInt8(ascii: "["), count: 1_000_000)
    #expect(jsonError { try parseJSON(bytes: deep) } == .tooDeep(offset: 128, limit: 128))
    // Within a huge depth limit, the explicit stack holds it (reading
    // never recurses).
    let limits = JSONLimits(maxDepth: 2_000_000)
    #expect(jsonError { try parseJSON(bytes: deep, limits: limits) } == .unexpectedEnd(offset: 1_000_000))
    // A balanced text builds the tree. (Releasing a tree recurses once per
    // level, which is one reason for the default limit; 10,000 levels are
    // safe on any thread.)
    let depthWanted = 10_000
    let balanced = Array(deep.prefix(depthWanted)) + Array(repeating: UInt8(ascii: "]"), count: depthWanted)
    var value = try? JSONParser.parse(balanced, limits: limits).value
    var depth = 0
    while case let .array(elements)? = value {
      depth += 1
      value = elements.first?.value
    }
    #expect(depth == depthWanted)
  }

  @Test func elementLimit() throws {
    let limits = JSONLimits(maxElements: 3)
    #expect(try parseJSON("[1,2,3]", limits: limits) == .array([.int(1), .int(2), .int(3)]))
    #expect(jsonError { try parseJSON("[1,2,3,4]", limits: limits) } == .tooManyElements(offset: 7, limit: 3))
    #expect(jsonError { try parseJSON(#"{"a":1,"b":2,"c":3,"d":4}"#, limits: limits) } == .tooManyElements(offset: 23, limit: 3))
    // The count is per container.
    #expect(try parseJSON("[[1,2,3],[1,2,3],[1,2,3]]", limits: limits) != .null)
  }

  @Test func stringLimitCountsDecodedBytes() throws {
    let limits = JSONLimits(maxStringBytes: 4)
    #expect(try parseJSON(#""abcd""#, limits: limits) == .string("abcd"))
    #expect(try parseJSON(#""\u0041\u0042\u0043\u0044""#, limits: limits) == .string("ABCD"))
    #expect(try parseJSON(#""😀""#, limits: limits) == .string("😀"))
    #expect(try parseJSON(#""\ud83d\ude00""#, limits: limits) == .string("😀"))
    #expect(jsonError { try parseJSON(#"["abcde"]"#, limits: limits) } == .stringTooLong(offset: 1, limit: 4))
    #expect(jsonError { try parseJSON(#""ab\ncd""#, limits: limits) } == .stringTooLong(offset: 0, limit: 4))
    #expect(jsonError { try parseJSON(#""abc\u00e9""#, limits: limits) } == .stringTooLong(offset: 0, limit: 4))
    #expect(jsonError { try parseJSON(#"{"abcde":1}"#, limits: limits) } == .stringTooLong(offset: 1, limit: 4))
  }

  // MARK: Descriptions

  @Test func errorsNameTheirOffset() {
    let errors: [JSONError] = [
      .unexpectedEnd(offset: 7), .unexpectedByte(0x41, offset: 7), .unexpectedByte(0x00, offset: 7),
      .invalidUTF8(offset: 7), .controlCharacterInString(offset: 7), .invalidEscape(offset: 7),
      .loneSurrogate(offset: 7), .invalidNumber(offset: 7), .numberOutOfRange(offset: 7),
      .numberTooLong(offset: 7, limit: 3), .stringTooLong(offset: 7, limit: 3), .tooDeep(offset: 7, limit: 3),
      .tooManyElements(offset: 7, limit: 3), .trailingData(offset: 7),
    ]
    for error in errors {
      #expect(error.offset == 7)
      #expect(error.description.contains("byte 7"), "\(error.description)")
    }
    #expect(JSONError.unexpectedByte(0x41, offset: 0).description.contains("'A'"))
    #expect(JSONError.unexpectedByte(0xC3, offset: 0).description.contains("0xC3"))
    #expect(JSONError.inputTooLarge(bytes: 9, limit: 8).offset == nil)
  }
}
