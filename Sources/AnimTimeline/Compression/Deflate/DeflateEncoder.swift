/// A deflate compressor (RFC 1951) tuned like zlib's level 6: LZ77 over a
/// 32 KiB window found through hash chains of 3-byte prefixes, lazy
/// matching, and blocks of up to 16,383 symbols, each written as a
/// dynamic-Huffman, fixed-Huffman or stored block, whichever is smallest.
///
/// Matching rules (zlib's level 6 parameters, RFC 1951 section 4's
/// "lazy matching"): at each position the chain of earlier positions with
/// the same 3-byte hash is searched, newest first, for at most 128
/// candidates (32 once the match from the previous position is at least
/// 8 bytes long), stopping at a match of 128 bytes. A match is emitted only
/// if the next position does not start a longer one; no search is made
/// when the pending match is already 16 bytes or longer. A 3-byte match
/// more than 4,096 bytes back is not worth its distance code and is
/// dropped.
enum DeflateEncoder {
  /// A pending match at least this long quarters the chain search.
  static let goodLength = 8
  /// A pending match at least this long is taken without a search.
  static let maxLazy = 16
  /// A match this long ends the search.
  static let niceLength = 128
  /// The most candidates searched at one position.
  static let maxChain = 128
  /// 3-byte matches farther back than this are dropped.
  static let tooFar = 4096
  /// The most symbols in one block.
  static let blockSymbols = 16383
  /// How many bytes past the input `compress` may read.
  static let readPadding = 8

  /// Appends the deflate blocks of `input[0..<count]` to `writer`, the last
  /// one marked final. `input` must be readable (its contents ignored)
  /// for ``readPadding`` bytes past `count`.
  ///
  /// - Complexity: O(*n*) in the input's length (the chain search is
  ///   bounded by a constant per position).
  // unsafe: the match search and the symbol loop read through pointers;
  // they are the whole cost of `Benchmarks/png_vs_zlib.py`'s "ours" time.
  static func compress(_ input: UnsafeRawBufferPointer, count: Int, into writer: inout BitWriter) {
    precondition(input.count >= count + readPadding, "the input needs \(readPadding) readable bytes of padding")
    var blocks = DeflateBlockWriter()
    guard count > 0, let data = input.baseAddress?.assumingMemoryBound(to: UInt8.self) else {
      blocks.writeEmptyFinalBlock(into: &writer)
      return
    }

    // Tables sized to the input: a small input needs neither 2^15 hash
    // heads nor a 64 KiB ring of chain links.
    var hashBits = 8
    while hashBits < 15 && 1 << hashBits < count { hashBits += 1 }
    let hashShift = UInt32(32 - hashBits)
    var ringSize = 256
    while ringSize < 2 * DeflateTables.windowSize && ringSize < count { ringSize <<= 1 }
    let ringMask = ringSize - 1

    let head = UnsafeMutableBufferPointer<Int32>.allocate(capacity: 1 << hashBits)
    head.initialize(repeating: -1)
    let previous = UnsafeMutableBufferPointer<Int32>.allocate(capacity: ringSize)
    previous.initialize(repeating: -1)
    // A block never holds more symbols than the input has bytes.
    let symbols = UnsafeMutableBufferPointer<UInt32>.allocate(capacity: min(blockSymbols, count))
    symbols.initialize(repeating: 0)
    defer {
      head.deallocate()
      previous.deallocate()
      symbols.deallocate()
    }

    @inline(__always) func hash(_ position: Int) -> Int {
      let word = UInt32(littleEndian: UnsafeRawPointer(data + position).loadUnaligned(as: UInt32.self))
      return Int(((word & 0xFF_FFFF) &* 0x9E37_79B1) >> hashShift)
    }
    /// Links `position` into its chain; returns the previous head.
    @inline(__always) func insert(_ position: Int) -> Int {
      let bucket = hash(position)
      let candidate = head[bucket]
      head[bucket] = Int32(truncatingIfNeeded: position)
      previous[position & ringMask] = candidate
      return Int(candidate)
    }

    /// The longest match at `position` longer than `atLeast`, starting the
    /// chain at `first`: (length, distance), or (atLeast, 0).
    func longestMatch(_ position: Int, _ first: Int, _ atLeast: Int) -> (Int, Int) {
      let maxLength = min(DeflateTables.maxMatch, count - position)
      var bestLength = atLeast
      var bestDistance = 0
      if bestLength >= maxLength { return (bestLength, 0) }
      var chain = atLeast >= goodLength ? maxChain >> 2 : maxChain
      let nice = min(niceLength, maxLength)
      let lowest = position - DeflateTables.windowSize
      let scan = data + position
      var candidate = first
      while candidate >= 0 && candidate >= lowest {
        let match = data + candidate
        // Cheap rejections first: the byte that would extend the best
        // match, the one before it, then the first two.
        if match[bestLength] == scan[bestLength] && match[bestLength - 1] == scan[bestLength - 1]
          && match[0] == scan[0] && match[1] == scan[1]
        {
          var length = 2
          while length < maxLength {
            // Reads stay below `count + readPadding`: `length < maxLength`.
            let a = UnsafeRawPointer(scan + length).loadUnaligned(as: UInt64.self)
            let b = UnsafeRawPointer(match + length).loadUnaligned(as: UInt64.self)
            let difference = a ^ b
            if difference != 0 {
              length += Int(UInt64(littleEndian: difference).trailingZeroBitCount >> 3)
              break
            }
            length += 8
          }
          length = min(length, maxLength)
          if length > bestLength {
            bestLength = length
            bestDistance = position - candidate
            if length >= nice { break }
          }
        }
        chain -= 1
        if chain == 0 { break }
        candidate = Int(previous[candidate & ringMask])
      }
      return (bestLength, bestDistance)
    }

    let literalFrequencies = UnsafeMutableBufferPointer<UInt32>.allocate(capacity: DeflateTables.literalLengthSymbols)
    let distanceFrequencies = UnsafeMutableBufferPointer<UInt32>.allocate(capacity: DeflateTables.distanceSymbols)
    literalFrequencies.initialize(repeating: 0)
    distanceFrequencies.initialize(repeating: 0)
    defer {
      literalFrequencies.deallocate()
      distanceFrequencies.deallocate()
    }

    DeflateTables.lengthCode.withUnsafeBufferPointer { lengthCode in
      DeflateTables.distanceCode.withUnsafeBufferPointer { distanceCode in
        var symbolCount = 0
        var blockStart = 0

        func flush(upTo end: Int, final: Bool) {
          blocks.write(
            symbols: UnsafeBufferPointer(rebasing: symbols[0..<symbolCount]),
            literalFrequencies: UnsafeBufferPointer(literalFrequencies),
            distanceFrequencies: UnsafeBufferPointer(distanceFrequencies),
            source: UnsafeRawBufferPointer(start: data + blockStart, count: end - blockStart),
            final: final, into: &writer)
          symbolCount = 0
          blockStart = end
          literalFrequencies.update(repeating: 0)
          distanceFrequencies.update(repeating: 0)
        }
        @inline(__always) func literal(_ byte: UInt8) {
          symbols[symbolCount] = UInt32(byte)
          symbolCount += 1
          literalFrequencies[Int(byte)] += 1
        }
        @inline(__always) func match(_ length: Int, _ distance: Int) {
          symbols[symbolCount] = UInt32(length - 3) | UInt32(distance) << 8 | 1 << 24
          symbolCount += 1
          literalFrequencies[257 + Int(lengthCode[length - 3])] += 1
          distanceFrequencies[DeflateTables.distanceSymbol(distance, distanceCode)] += 1
        }

        var position = 0
        var pendingLength = DeflateTables.minMatch - 1
        var pendingDistance = 0
        var pendingLiteral = false
        while position < count {
          var length = DeflateTables.minMatch - 1
          var distance = 0
          if count - position >= DeflateTables.minMatch {
            let candidate = insert(position)
            if candidate >= 0 && pendingLength < maxLazy && position - candidate <= DeflateTables.windowSize {
              (length, distance) = longestMatch(position, candidate, pendingLength)
              if length == DeflateTables.minMatch && distance > tooFar { length = DeflateTables.minMatch - 1 }
            }
          }
          if pendingLength >= DeflateTables.minMatch && length <= pendingLength {
            // The match found at the previous position wins.
            match(pendingLength, pendingDistance)
            let end = position - 1 + pendingLength
            var next = position + 1
            let lastHashed = count - DeflateTables.minMatch
            while next < end {
              if next <= lastHashed { _ = insert(next) }
              next += 1
            }
            position = end
            pendingLiteral = false
            pendingLength = DeflateTables.minMatch - 1
            if symbolCount == blockSymbols { flush(upTo: position, final: false) }
          } else if pendingLiteral {
            literal(data[position - 1])
            if symbolCount == blockSymbols { flush(upTo: position, final: false) }
            pendingLength = length
            pendingDistance = distance
            position += 1
          } else {
            pendingLiteral = true
            pendingLength = length
            pendingDistance = distance
            position += 1
          }
        }
        if pendingLiteral { literal(data[count - 1]) }
        flush(upTo: count, final: true)
      }
    }
  }
}
