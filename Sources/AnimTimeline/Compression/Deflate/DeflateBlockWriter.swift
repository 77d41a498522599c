/// Writes one block of LZ77 symbols as whichever deflate block type is
/// smallest for it: dynamic Huffman (codes made for the block's own
/// frequencies, sent in its header), fixed Huffman, or stored.
///
/// A symbol is a `UInt32`: a literal byte in bits 0–7, or a match with its
/// length minus 3 in bits 0–7, its distance in bits 8–23 and bit 24 set.
struct DeflateBlockWriter {
  private var literalCode = HuffmanCode(symbolCount: DeflateTables.literalLengthSymbols)
  private var distanceCode = HuffmanCode(symbolCount: DeflateTables.distanceSymbols)
  private var codeLengthCode = HuffmanCode(symbolCount: DeflateTables.codeLengthSymbols)
  /// The literal/length frequencies with the end-of-block symbol counted.
  private var literalFrequencies = [UInt32](repeating: 0, count: DeflateTables.literalLengthSymbols)
  /// The header's code lengths, run-length coded: a code-length symbol in
  /// bits 0–4, its extra bits' value from bit 8.
  private var runs: [UInt16] = []
  private var codeLengthFrequencies = [UInt32](repeating: 0, count: DeflateTables.codeLengthSymbols)
  /// The length of each match length minus 3's code-and-extra-bits, and
  /// those bits, rebuilt for each block's literal/length code.
  private var lengthBits = [UInt32](repeating: 0, count: 256)
  private var lengthBitCounts = [UInt8](repeating: 0, count: 256)

  /// The fixed literal/length code (RFC 1951, section 3.2.6).
  static let fixedLiteralCode: HuffmanCode = {
    var code = HuffmanCode(symbolCount: 288)
    code.setLengths((0..<288).map { $0 < 144 ? 8 : $0 < 256 ? 9 : $0 < 280 ? 7 : 8 })
    return code
  }()
  /// The fixed distance code: 5 bits for each of the 30 symbols.
  static let fixedDistanceCode: HuffmanCode = {
    var code = HuffmanCode(symbolCount: 30)
    code.setLengths([UInt8](repeating: 5, count: 30))
    return code
  }()

  /// A final fixed-Huffman block holding only the end-of-block symbol: the
  /// deflate stream of no bytes.
  mutating func writeEmptyFinalBlock(into writer: inout BitWriter) {
    writer.withSink(reserving: 10) { sink in
      sink.write(1, 1)  // final
      sink.write(1, 2)  // fixed Huffman
      sink.write(0, 7)  // end of block: code 0000000
    }
  }

  /// Writes `symbols`, which encode `source`, as one block (several, for
  /// a stored block longer than 65,535 bytes).
  ///
  /// - Complexity: O(*n* + *s*) for *n* symbols and an alphabet of size
  ///   *s*.
  mutating func write(
    symbols: UnsafeBufferPointer<UInt32>,
    literalFrequencies frequencies: UnsafeBufferPointer<UInt32>,
    distanceFrequencies: UnsafeBufferPointer<UInt32>,
    source: UnsafeRawBufferPointer,
    final: Bool,
    into writer: inout BitWriter
  ) {
    for symbol in 0..<frequencies.count { literalFrequencies[symbol] = frequencies[symbol] }
    literalFrequencies[DeflateTables.endOfBlock] += 1

    // Extra bits cost the same in both Huffman block types.
    var extraBits = 0
    for code in 0..<29 {
      extraBits += Int(literalFrequencies[257 + code]) * Int(DeflateTables.lengthExtraBits[code])
    }
    for code in 0..<30 {
      extraBits += Int(distanceFrequencies[code]) * Int(DeflateTables.distanceExtraBits[code])
    }

    literalFrequencies.withUnsafeBufferPointer { literalCode.build(frequencies: $0, limit: 15) }
    distanceCode.build(frequencies: distanceFrequencies, limit: 15)
    let (literalCount, distanceCount, codeLengthCount) = prepareHeader()
    var headerBits = 5 + 5 + 4 + 3 * codeLengthCount
    for run in runs {
      let symbol = Int(run & 0x1F)
      headerBits += Int(codeLengthCode.lengths[symbol]) + (symbol == 16 ? 2 : symbol == 17 ? 3 : symbol == 18 ? 7 : 0)
    }
    var dynamicBits = 3 + headerBits + extraBits
    var fixedBits = 3 + extraBits
    for symbol in 0..<DeflateTables.literalLengthSymbols {
      let frequency = Int(literalFrequencies[symbol])
      dynamicBits += frequency * Int(literalCode.lengths[symbol])
      fixedBits += frequency * Int(DeflateBlockWriter.fixedLiteralCode.lengths[symbol])
    }
    for symbol in 0..<DeflateTables.distanceSymbols {
      let frequency = Int(distanceFrequencies[symbol])
      dynamicBits += frequency * Int(distanceCode.lengths[symbol])
      fixedBits += frequency * 5
    }
    let storedBits = DeflateBlockWriter.storedBits(source.count, pendingBits: writer.bitCount)

    if storedBits <= min(dynamicBits, fixedBits) {
      writeStored(source, final: final, into: &writer)
    } else if fixedBits <= dynamicBits {
      writer.withSink(reserving: fixedBits) { sink in
        sink.write(final ? 1 : 0, 1)
        sink.write(1, 2)
        writeSymbols(symbols, DeflateBlockWriter.fixedLiteralCode, DeflateBlockWriter.fixedDistanceCode, &sink)
      }
    } else {
      writer.withSink(reserving: dynamicBits) { sink in
        sink.write(final ? 1 : 0, 1)
        sink.write(2, 2)
        sink.write(UInt64(literalCount - 257), 5)
        sink.write(UInt64(distanceCount - 1), 5)
        sink.write(UInt64(codeLengthCount - 4), 4)
        for index in 0..<codeLengthCount {
          sink.write(UInt64(codeLengthCode.lengths[DeflateTables.codeLengthOrder[index]]), 3)
        }
        for run in runs {
          let symbol = Int(run & 0x1F)
          sink.write(UInt64(codeLengthCode.codes[symbol]), Int(codeLengthCode.lengths[symbol]))
          switch symbol {
          case 16: sink.write(UInt64(run >> 8), 2)
          case 17: sink.write(UInt64(run >> 8), 3)
          case 18: sink.write(UInt64(run >> 8), 7)
          default: break
          }
        }
        writeSymbols(symbols, literalCode, distanceCode, &sink)
      }
    }
  }

  /// The bits of `count` bytes as stored blocks, starting `pendingBits`
  /// bits into a byte.
  static func storedBits(_ count: Int, pendingBits: Int) -> Int {
    let blocks = max(1, (count + 65534) / 65535)
    let firstPadding = (8 - (pendingBits + 3) % 8) % 8
    return blocks * (3 + 32) + firstPadding + (blocks - 1) * 5 + 8 * count
  }

  /// Writes `source` as stored blocks of at most 65,535 bytes.
  private func writeStored(_ source: UnsafeRawBufferPointer, final: Bool, into writer: inout BitWriter) {
    let bits = DeflateBlockWriter.storedBits(source.count, pendingBits: writer.bitCount)
    writer.withSink(reserving: bits) { sink in
      var start = 0
      repeat {
        let length = min(65535, source.count - start)
        let last = start + length == source.count
        sink.write(final && last ? 1 : 0, 1)
        sink.write(0, 2)
        sink.alignToByte()
        sink.write(UInt64(length) | UInt64(~length & 0xFFFF) << 16, 32)
        sink.writeBytes(UnsafeRawBufferPointer(rebasing: source[start..<start + length]))
        start += length
      } while start < source.count
    }
  }

  /// Run-length codes the two codes' lengths for the header (RFC 1951,
  /// section 3.2.7) into `runs`, then builds the code-length code.
  /// Returns HLIT + 257, HDIST + 1 and HCLEN + 4.
  private mutating func prepareHeader() -> (Int, Int, Int) {
    var literalCount = DeflateTables.literalLengthSymbols
    while literalCount > 257 && literalCode.lengths[literalCount - 1] == 0 { literalCount -= 1 }
    var distanceCount = DeflateTables.distanceSymbols
    while distanceCount > 1 && distanceCode.lengths[distanceCount - 1] == 0 { distanceCount -= 1 }
    let total = literalCount + distanceCount
    @inline(__always) func length(_ index: Int) -> UInt8 {
      index < literalCount ? literalCode.lengths[index] : distanceCode.lengths[index - literalCount]
    }

    runs.removeAll(keepingCapacity: true)
    for symbol in 0..<codeLengthFrequencies.count { codeLengthFrequencies[symbol] = 0 }
    func emit(_ symbol: Int, _ extra: Int = 0) {
      runs.append(UInt16(symbol) | UInt16(extra) << 8)
      codeLengthFrequencies[symbol] += 1
    }
    var index = 0
    while index < total {
      let value = length(index)
      var runEnd = index + 1
      while runEnd < total && length(runEnd) == value { runEnd += 1 }
      var run = runEnd - index
      if value == 0 {
        while run >= 11 {
          let take = min(run, 138)
          emit(18, take - 11)
          run -= take
        }
        if run >= 3 {
          emit(17, run - 3)
          run = 0
        }
        while run > 0 {
          emit(0)
          run -= 1
        }
      } else {
        emit(Int(value))
        run -= 1
        while run >= 3 {
          let take = min(run, 6)
          emit(16, take - 3)
          run -= take
        }
        while run > 0 {
          emit(Int(value))
          run -= 1
        }
      }
      index = runEnd
    }
    codeLengthFrequencies.withUnsafeBufferPointer { codeLengthCode.build(frequencies: $0, limit: 7) }
    var codeLengthCount = DeflateTables.codeLengthSymbols
    while codeLengthCount > 4 && codeLengthCode.lengths[DeflateTables.codeLengthOrder[codeLengthCount - 1]] == 0 {
      codeLengthCount -= 1
    }
    return (literalCount, distanceCount, codeLengthCount)
  }

  /// Writes `symbols` and the end of block with the given codes.
  private mutating func writeSymbols(
    _ symbols: UnsafeBufferPointer<UInt32>, _ literals: HuffmanCode, _ distances: HuffmanCode,
    _ sink: inout BitWriter.Sink
  ) {
    // Each match length's code and extra bits, as one write.
    for lengthMinus3 in 0..<256 {
      let code = Int(DeflateTables.lengthCode[lengthMinus3])
      let symbol = 257 + code
      let codeLength = Int(literals.lengths[symbol])
      let extra = UInt32(lengthMinus3 + 3 - Int(DeflateTables.lengthBase[code]))
      lengthBits[lengthMinus3] = UInt32(literals.codes[symbol]) | extra << UInt32(codeLength)
      lengthBitCounts[lengthMinus3] = UInt8(codeLength) + DeflateTables.lengthExtraBits[code]
    }
    literals.codes.withUnsafeBufferPointer { literalCodes in
      literals.lengths.withUnsafeBufferPointer { literalLengths in
        distances.codes.withUnsafeBufferPointer { distanceCodes in
          distances.lengths.withUnsafeBufferPointer { distanceLengths in
            lengthBits.withUnsafeBufferPointer { lengthBits in
              lengthBitCounts.withUnsafeBufferPointer { lengthBitCounts in
                DeflateTables.distanceCode.withUnsafeBufferPointer { distanceTable in
                  DeflateTables.distanceBase.withUnsafeBufferPointer { distanceBase in
                    DeflateTables.distanceExtraBits.withUnsafeBufferPointer { distanceExtra in
                      for symbol in symbols {
                        if symbol < 1 << 24 {
                          let byte = Int(symbol)
                          sink.write(UInt64(literalCodes[byte]), Int(literalLengths[byte]))
                        } else {
                          let lengthMinus3 = Int(symbol & 0xFF)
                          sink.write(UInt64(lengthBits[lengthMinus3]), Int(lengthBitCounts[lengthMinus3]))
                          let distance = Int((symbol >> 8) & 0xFFFF)
                          let code = DeflateTables.distanceSymbol(distance, distanceTable)
                          let codeLength = Int(distanceLengths[code])
                          let extra = UInt64(distance - Int(distanceBase[code]))
                          sink.write(
                            UInt64(distanceCodes[code]) | extra << UInt64(codeLength),
                            codeLength + Int(distanceExtra[code]))
                        }
                      }
                      let end = DeflateTables.endOfBlock
                      sink.write(UInt64(literalCodes[end]), Int(literalLengths[end]))
                    }
                  }
                }
              }
            }
          }
        }
      }
    }
  }
}
