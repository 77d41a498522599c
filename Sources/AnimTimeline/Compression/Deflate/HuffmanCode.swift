/// A prefix code for one deflate alphabet: a length per symbol (0 for an
/// unused symbol) and the canonical code of that length (RFC 1951, section
/// 3.2.2), stored bit-reversed so that it can be written least significant
/// bit first.
///
/// The lengths come from symbol frequencies: an optimal (Huffman) code,
/// then, if a length exceeds the alphabet's limit (15, or 7 for the
/// code-length alphabet), the overlong leaves are moved up and the Kraft
/// sum is repaired by pushing the deepest shorter leaves down one level at
/// a time; finally the lengths are dealt out again so that more frequent
/// symbols never get longer codes than rarer ones.
struct HuffmanCode {
  /// The code length of each symbol; 0 for a symbol without a code.
  var lengths: [UInt8]
  /// The code of each symbol, bit-reversed (first bit in the lowest bit).
  var codes: [UInt16]
  /// Sort keys `frequency << 16 | symbol`, then working space of the
  /// in-place length computation.
  private var work: [UInt64]
  /// The used symbols, rarest first.
  private var order: [Int]
  /// How many codes have each length, 0...limit.
  private var lengthCounts: [Int]
  /// The next canonical code of each length.
  private var nextCode: [UInt16]

  /// An empty code for an alphabet of `symbolCount` symbols.
  init(symbolCount: Int) {
    lengths = [UInt8](repeating: 0, count: symbolCount)
    codes = [UInt16](repeating: 0, count: symbolCount)
    work = []
    work.reserveCapacity(symbolCount)
    order = []
    order.reserveCapacity(symbolCount)
    lengthCounts = [Int](repeating: 0, count: 16)
    nextCode = [UInt16](repeating: 0, count: 16)
  }

  /// Makes the lengths of a code for `frequencies` with no length above
  /// `limit`, with at least two codes (deflate's decoders expect a complete
  /// code; a symbol that never occurs may be given a code for that), then
  /// the canonical codes.
  ///
  /// - Complexity: O(*n* log *n*) in the alphabet's size.
  mutating func build(frequencies: UnsafeBufferPointer<UInt32>, limit: Int) {
    let count = lengths.count
    work.removeAll(keepingCapacity: true)
    for symbol in 0..<count {
      lengths[symbol] = 0
      if frequencies[symbol] != 0 {
        work.append(UInt64(frequencies[symbol]) << 16 | UInt64(symbol))
      }
    }
    // Two codes at least: add the lowest unused symbols with frequency 0.
    var filler = 0
    while work.count < 2 {
      if frequencies[filler] == 0 { work.append(UInt64(filler)) }
      filler += 1
    }
    work.sort()
    let used = work.count
    order.removeAll(keepingCapacity: true)
    for index in 0..<used {
      order.append(Int(work[index] & 0xFFFF))  // ascending frequency
      work[index] >>= 16
    }
    HuffmanCode.computeLengths(&work)  // work[i]: length of the i-th rarest
    limitLengths(used: used, limit: limit)
    // Deal the lengths out again: the rarest symbols take the longest codes.
    var next = 0
    var length = limit
    while length >= 1 {
      for _ in 0..<lengthCounts[length] {
        lengths[order[next]] = UInt8(length)
        next += 1
      }
      length -= 1
    }
    assignCodes()
  }

  /// Sets `lengths` directly (the fixed code, or lengths read from a
  /// header) and assigns their canonical codes.
  mutating func setLengths(_ newLengths: [UInt8]) {
    lengths = newLengths
    if codes.count != lengths.count { codes = [UInt16](repeating: 0, count: lengths.count) }
    assignCodes()
  }

  /// Counts the lengths in `work[0..<used]`, moves every length above
  /// `limit` to `limit`, and repairs the Kraft sum.
  private mutating func limitLengths(used: Int, limit: Int) {
    for length in 0..<lengthCounts.count { lengthCounts[length] = 0 }
    for index in 0..<used { lengthCounts[min(Int(work[index]), limit)] += 1 }
    // Kraft sum in units of 2^-limit; a complete code has exactly 2^limit.
    var kraft = 0
    for length in 1...limit { kraft += lengthCounts[length] << (limit - length) }
    while kraft > 1 << limit {
      // Take one leaf off the deepest level, and split the deepest leaf
      // above it into two one level down: the number of leaves stays, the
      // sum drops by one unit.
      lengthCounts[limit] -= 1
      var length = limit - 1
      while lengthCounts[length] == 0 { length -= 1 }
      lengthCounts[length] -= 1
      lengthCounts[length + 1] += 2
      kraft -= 1
    }
  }

  /// Code lengths of an optimal prefix code, in place: `weights` holds the
  /// frequencies in ascending order (at least two) and ends holding the
  /// code length of each, in the same order (non-increasing).
  ///
  /// Moffat and Katajainen's in-place method: the first pass builds the
  /// tree with parents written over the weights, the second turns parent
  /// links into internal-node depths, the third counts leaves per depth.
  ///
  /// - Complexity: O(*n*).
  static func computeLengths(_ weights: inout [UInt64]) {
    let n = weights.count
    if n == 2 {
      weights[0] = 1
      weights[1] = 1
      return
    }
    // Pass 1: internal node `next` is made of the two lightest of the
    // unused leaves (from `leaf`) and unused internal nodes (from `root`).
    weights[0] += weights[1]
    var root = 0
    var leaf = 2
    for next in 1..<(n - 1) {
      if leaf >= n || weights[root] < weights[leaf] {
        weights[next] = weights[root]
        weights[root] = UInt64(next)
        root += 1
      } else {
        weights[next] = weights[leaf]
        leaf += 1
      }
      if leaf >= n || (root < next && weights[root] < weights[leaf]) {
        weights[next] += weights[root]
        weights[root] = UInt64(next)
        root += 1
      } else {
        weights[next] += weights[leaf]
        leaf += 1
      }
    }
    // Pass 2: depths of the internal nodes, root (n - 2) first.
    weights[n - 2] = 0
    var node = n - 3
    while node >= 0 {
      weights[node] = weights[Int(weights[node])] + 1
      node -= 1
    }
    // Pass 3: at each depth, the available slots not taken by internal
    // nodes are leaves, written from the end (the rarest get the deepest).
    var available = 1
    var usedHere = 0
    var depth: UInt64 = 0
    var innerNode = n - 2
    var next = n - 1
    while available > 0 {
      while innerNode >= 0 && weights[innerNode] == depth {
        usedHere += 1
        innerNode -= 1
      }
      while available > usedHere {
        weights[next] = depth
        next -= 1
        available -= 1
      }
      available = 2 * usedHere
      depth += 1
      usedHere = 0
    }
    // Pass 3 wrote the shortest lengths from the end: ascending frequency
    // must get non-increasing lengths, so the order is already right.
  }

  /// The canonical codes of `lengths` (RFC 1951, section 3.2.2), reversed.
  private mutating func assignCodes() {
    for length in 0..<16 { lengthCounts[length] = 0 }
    for length in lengths where length != 0 { lengthCounts[Int(length)] += 1 }
    var code = 0
    for length in 1..<16 {
      code = (code + lengthCounts[length - 1]) << 1
      nextCode[length] = UInt16(truncatingIfNeeded: code)
    }
    for symbol in 0..<lengths.count {
      let length = Int(lengths[symbol])
      if length == 0 {
        codes[symbol] = 0
        continue
      }
      let code = nextCode[length]
      nextCode[length] &+= 1
      codes[symbol] = HuffmanCode.reverse(code, length)
    }
  }

  /// The low `count` bits of `code` in reverse order.
  static func reverse(_ code: UInt16, _ count: Int) -> UInt16 {
    var input = code
    var output: UInt16 = 0
    for _ in 0..<count {
      output = output << 1 | (input & 1)
      input >>= 1
    }
    return output
  }
}
