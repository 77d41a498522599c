/// Reading a prefix code from the stream (RFC 9649, section 3.7.2.1): a
/// "simple" code of one or two symbols, or code lengths that are
/// themselves prefix-coded.
extension VP8LPrefixTables {
  /// The order in which the code-length code's lengths are sent.
  private static let lengthCodeOrder: [Int] = [17, 18, 0, 1, 2, 3, 4, 5, 16, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15]

  /// Reads one prefix code over `alphabetSize` symbols (at most
  /// ``maxAlphabetSize``) and appends its tables (or, with `store` false,
  /// only checks it).
  ///
  /// - Throws: ``VP8LDecodingError/Kind/badHuffmanCode`` for lengths that
  ///   are not a code, ``VP8LDecodingError/Kind/truncated`` if the data
  ///   ends first.
  /// - Complexity: O(*n* + *t*) for *n* symbols and a table of *t*
  ///   entries.
  mutating func readCode(
    alphabetSize: Int, reader: inout VP8LBitReader, store: Bool
  ) throws(VP8LDecodingError) -> Built {
    for symbol in 0..<alphabetSize { codeLengths[symbol] = 0 }
    if reader.readFlag() {
      // Simple: one or two symbols of 1 bit (a lone one of 0 bits). A
      // symbol outside the alphabet is dropped, as libwebp does.
      let two = reader.readFlag()
      let first = reader.read(reader.readFlag() ? 8 : 1)
      if first < alphabetSize { codeLengths[first] = 1 }
      if two {
        let second = reader.read(8)
        if second < alphabetSize { codeLengths[second] = 1 }
      }
    } else {
      try readCodeLengths(alphabetSize: alphabetSize, reader: &reader)
    }
    try reader.checkNotPastEnd()
    let lengths = codeLengths
    let built = lengths.withUnsafeBufferPointer { all in
      append(lengths: UnsafeBufferPointer(rebasing: all[0..<alphabetSize]), store: store)
    }
    guard let built else { throw reader.error(.badHuffmanCode) }
    return built
  }

  /// Reads the code-length code, then the code lengths it codes, into
  /// ``codeLengths``.
  private mutating func readCodeLengths(alphabetSize: Int, reader: inout VP8LBitReader) throws(VP8LDecodingError) {
    for index in 0..<19 { lengthCodeLengths[index] = 0 }
    let sent = reader.read(4) + 4
    for index in 0..<sent {
      lengthCodeLengths[Self.lengthCodeOrder[index]] = UInt8(truncatingIfNeeded: reader.read(3))
    }
    // The code-length code goes at the end of the tables for a moment.
    let start = entries.count
    let lengthLengths = lengthCodeLengths
    let built = lengthLengths.withUnsafeBufferPointer { append(lengths: $0, store: true) }
    guard built != nil else { throw reader.error(.badHuffmanCode) }

    var tokens = alphabetSize
    if reader.readFlag() {
      let bits = 2 + 2 * reader.read(3)
      tokens = 2 + reader.read(bits)
      if tokens > alphabetSize { throw reader.error(.badHuffmanCode) }
    }
    try readLengths(tokens: tokens, alphabetSize: alphabetSize, codeAt: start, reader: &reader)
    entries.removeLast(entries.count - start)
  }

  /// Decodes up to `tokens` code-length symbols with the code-length
  /// code at `start`.
  private mutating func readLengths(
    tokens: Int, alphabetSize: Int, codeAt start: Int, reader: inout VP8LBitReader
  ) throws(VP8LDecodingError) {
    var tokens = tokens
    // A second reference to the tables (not a copy: nothing appends
    // while it lives).
    let table = entries
    try table.withUnsafeBufferPointer { (table) throws(VP8LDecodingError) in
      // `start` is where the code-length code's root table was appended.
      guard let code = table.baseAddress.map({ $0 + start }) else { return }
      var symbol = 0
      var previous: UInt8 = 8
      while symbol < alphabetSize && tokens > 0 {
        tokens -= 1
        reader.refillIfLow()
        let length = reader.readSymbol(code)
        if length < 16 {
          codeLengths[symbol] = UInt8(truncatingIfNeeded: length)
          symbol += 1
          if length != 0 { previous = UInt8(truncatingIfNeeded: length) }
          continue
        }
        let repeats: Int
        let value: UInt8
        switch length {
        case 16: (repeats, value) = (3 + reader.read(2), previous)
        case 17: (repeats, value) = (3 + reader.read(3), 0)
        default: (repeats, value) = (11 + reader.read(7), 0)
        }
        if repeats > alphabetSize - symbol { throw reader.error(.badHuffmanCode) }
        for _ in 0..<repeats {
          codeLengths[symbol] = value
          symbol += 1
        }
      }
    }
  }
}
