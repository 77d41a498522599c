/// Decodes WebP lossless (`VP8L`) bitstreams (RFC 9649): whole images
/// into RGBA, and the lossless alpha planes of `ALPH` chunks.
///
/// The decoder keeps its scratch buffers (decoded pixels, prefix-code
/// tables, transform data, colour cache, row cache) between calls: once
/// they are sized for an image, decoding another image of the same size
/// or smaller allocates nothing, apart from prefix-code tables larger
/// than any before.
///
/// Malformed data throws a ``VP8LDecodingError``, never traps: every read
/// is bounds-checked, reading past the end of the data is an error (as in
/// libwebp), and every size, index, distance and length that comes from
/// the data is validated before use. Decoded pixels equal libwebp's.
struct VP8LDecoder {
  /// The prefix-code tables of the image being decoded.
  var tables = VP8LPrefixTables()
  /// The prefix-code groups of the image being decoded.
  var groups: [VP8LPrefixGroup] = []
  /// For each group number of the entropy image, its index in
  /// ``groups``, or -1 if no tile uses it (its codes are read and checked,
  /// not kept).
  private var groupIndices: [Int32] = []
  /// Packed literal tables of the groups that have one: 2^``packedBits``
  /// entries each, `bitCount << 32 | pixel` for a whole literal, or
  /// `(0x100 + length) << 32 | symbol` where green is not a literal.
  var packedTables = Self.onePackedEntry
  /// The entropy-coded pixels of the image (before the transforms).
  private var pixels: [UInt32] = []
  /// The entropy image: per tile, the index of its prefix-code group.
  var entropyImage = Self.onePixel
  /// The predictor's tile image.
  private var predictorModes = Self.onePixel
  /// The colour transform's tile image.
  private var colorElements = Self.onePixel
  /// The colour-indexing transform's palette as sent (delta-coded).
  private var paletteImage = Self.onePixel
  /// The palette, 256 entries, transparent black past the sent colours.
  private var palette = Self.blackPalette
  /// The colour cache (up to 2^11 entries).
  var colorCache = Self.emptyColorCache
  /// The row cache of ``VP8LRowWriter``.
  private var rowCache = Self.onePixel
  /// The transforms of the image, in reading order.
  private var transforms: [VP8LTransform] = []

  /// What the scratch arrays hold before the first image: shared by every
  /// decoder, so that one made and never used (a provider's spare drawer)
  /// allocates nothing; the first write to each copies it
  /// (copy-on-write), as growing it would.
  // bench decode --reopen of anim__1x1_frames.webp: each VP8LDecoder made
  // 9 arrays (9 KB zeroed), its prefix tables 5 more, and an opening made
  // 12 decoders (callgrind).
  private static let onePixel: [UInt32] = [0]
  private static let onePackedEntry: [UInt64] = [0]
  private static let blackPalette = [UInt32](repeating: 0, count: 256)
  private static let emptyColorCache = [UInt32](repeating: 0, count: 1 << 11)

  /// The bits a packed literal table looks at.
  static let packedBits = 6
  /// The size of the green alphabet without a colour cache: 256 literals
  /// and 24 length prefixes.
  private static let greenAlphabetSize = 280

  /// A decoder with empty scratch buffers.
  init() {
    transforms.reserveCapacity(4)
  }

  /// Decodes the `VP8L` chunk data `payload` (from its signature byte;
  /// found at byte `offset` of the file, for error offsets) into `rgba`:
  /// `width * height` pixels, R, G, B, A bytes, straight alpha,
  /// row-major. Returns the header.
  ///
  /// libwebp's still-image decoding (`dwebp`) lets the bitstream run on
  /// past the chunk's declared size, to the end of the file (its padding
  /// byte, the chunks after it); a caller that wants that behaviour for a
  /// damaged still passes `payload` up to the end of the file. (Within an
  /// animation libwebp stops at the chunk's size.) A stream that ends
  /// early is an error either way; one shorter than 8 bytes is read as if
  /// zero bytes made it up to 8, as libwebp's reader does.
  ///
  /// - Precondition: `rgba` holds at least `width * height * 4` bytes of
  ///   the header (read it first with ``VP8LHeader/read(_:offset:)``).
  /// - Throws: ``VP8LDecodingError`` for a malformed or cut stream.
  /// - Complexity: O(*n* + *m*) for *n* bytes of data and *m* pixels.
  mutating func decode(
    _ payload: UnsafeRawBufferPointer, offset: Int, into rgba: UnsafeMutableBufferPointer<UInt8>
  ) throws(VP8LDecodingError) -> VP8LHeader {
    let header = try VP8LHeader.read(payload, offset: offset)
    precondition(rgba.count >= header.width * header.height * 4, "RGBA buffer too small for the image")
    guard let base = rgba.baseAddress else { return header }
    var reader = VP8LBitReader(payload, start: VP8LHeader.size, baseOffset: offset)
    try decodeImage(
      width: header.width, height: header.height, reader: &reader,
      target: .rgba(UnsafeMutableRawPointer(base)))
    return header
  }

  /// Reads the `VP8L` chunk data `payload` as ``decode(_:offset:into:)``
  /// does, throwing exactly where it throws, without producing pixels:
  /// the entropy-coded image is decoded, its transforms are not undone and
  /// nothing is written. Returns the header.
  ///
  /// - Throws: ``VP8LDecodingError`` for a malformed or cut stream.
  /// - Complexity: O(*n* + *m*) for *n* bytes of data and *m* pixels.
  mutating func check(_ payload: UnsafeRawBufferPointer, offset: Int) throws(VP8LDecodingError) -> VP8LHeader {
    let header = try VP8LHeader.read(payload, offset: offset)
    var reader = VP8LBitReader(payload, start: VP8LHeader.size, baseOffset: offset)
    try decodeImage(width: header.width, height: header.height, reader: &reader, target: nil)
    return header
  }

  /// Decodes a lossless alpha plane (an `ALPH` chunk with compression
  /// method 1): `payload` is the chunk's data after its 1-byte header (at
  /// byte `offset` of the file), a VP8L image stream without the 5-byte
  /// header, of the image's `width` and `height`. Writes the green of
  /// each decoded pixel, `width * height` bytes row-major, into `alpha`;
  /// the alpha filter (if any) is not undone.
  ///
  /// - Precondition: `alpha` holds at least `width * height` bytes.
  /// - Throws: ``VP8LDecodingError`` for a malformed or cut stream, or
  ///   ``VP8LDecodingError/Kind/badDimensions`` if `width` or `height` is
  ///   outside 1...16384.
  /// - Complexity: O(*n* + *m*) for *n* bytes of data and *m* pixels.
  mutating func decodeAlpha(
    _ payload: UnsafeRawBufferPointer, offset: Int, width: Int, height: Int,
    into alpha: UnsafeMutableBufferPointer<UInt8>
  ) throws(VP8LDecodingError) {
    guard (1...1 << 14).contains(width), (1...1 << 14).contains(height) else {
      throw VP8LDecodingError(.badDimensions, offset: offset)
    }
    precondition(alpha.count >= width * height, "alpha buffer too small for the image")
    guard let base = alpha.baseAddress else { return }
    var reader = VP8LBitReader(payload, start: 0, baseOffset: offset)
    try decodeImage(width: width, height: height, reader: &reader, target: .green(base))
  }

  /// Reads a lossless alpha plane as ``decodeAlpha(_:offset:width:height:into:)``
  /// does, throwing exactly where it throws, without producing the plane
  /// (see ``check(_:offset:)``).
  ///
  /// - Throws: as ``decodeAlpha(_:offset:width:height:into:)``.
  /// - Complexity: O(*n* + *m*) for *n* bytes of data and *m* pixels.
  mutating func checkAlpha(
    _ payload: UnsafeRawBufferPointer, offset: Int, width: Int, height: Int
  ) throws(VP8LDecodingError) {
    guard (1...1 << 14).contains(width), (1...1 << 14).contains(height) else {
      throw VP8LDecodingError(.badDimensions, offset: offset)
    }
    var reader = VP8LBitReader(payload, start: 0, baseOffset: offset)
    try decodeImage(width: width, height: height, reader: &reader, target: nil)
  }

  /// Decodes the image stream that follows the header: transforms,
  /// colour cache, meta prefix codes, prefix codes, pixels; with a `nil`
  /// target, only the entropy-coded pixels (a check).
  ///
  /// - Complexity: O(*n* + *m*) for *n* bytes of data and *m* pixels.
  private mutating func decodeImage(
    width: Int, height: Int, reader: inout VP8LBitReader, target: VP8LRowWriter.Target?
  ) throws(VP8LDecodingError) {
    let codedWidth = try readTransforms(width: width, height: height, reader: &reader)
    let cacheBits = try Self.readColorCacheBits(&reader)

    // Meta prefix codes: an entropy image names each tile's group.
    var groupBits = 0
    var groupWidth = 0
    var groupCount = 1
    if reader.readFlag() {
      groupBits = reader.read(3) + 2
      groupWidth = VP8LTransform.subsampledSize(codedWidth, groupBits)
      let groupHeight = VP8LTransform.subsampledSize(height, groupBits)
      try decodeSubImage(into: \.entropyImage, width: groupWidth, height: groupHeight, reader: &reader)
      groupCount = numberGroups(tiles: groupWidth * groupHeight)
    } else {
      groupIndices.removeAll(keepingCapacity: true)
      groupIndices.append(0)
    }
    try reader.checkNotPastEnd()
    try readGroups(count: groupCount, cacheBits: cacheBits, reader: &reader)
    guard let target else {
      try decodeEntropyCoded(
        into: \.pixels, width: codedWidth, height: height, cacheBits: cacheBits, groupBits: groupBits,
        groupWidth: groupWidth, reader: &reader, writer: nil)
      return
    }

    // The row writer's buffers, moved out for the pixel loop's lifetime:
    // a row and a batch, no taller than the image.
    // bench decode --reopen (gif2webp__probe2__L06__lossless.webp, 12553x1):
    // 17 rows zero-filled for an image of one cost 11 % of the time.
    let cacheCount = (1 + min(VP8LRowWriter.batchRows, height)) * width
    if rowCache.count < cacheCount { rowCache = [UInt32](repeating: 0, count: cacheCount) }
    var rows: [UInt32] = []
    swap(&rows, &rowCache)
    defer { swap(&rows, &rowCache) }
    let transformList = transforms
    let modes = predictorModes
    let elements = colorElements
    let colors = palette
    try rows.withUnsafeMutableBufferPointer { (rows) throws(VP8LDecodingError) in
      try transformList.withUnsafeBufferPointer { (transformList) throws(VP8LDecodingError) in
        try modes.withUnsafeBufferPointer { (modes) throws(VP8LDecodingError) in
          try elements.withUnsafeBufferPointer { (elements) throws(VP8LDecodingError) in
            try colors.withUnsafeBufferPointer { (colors) throws(VP8LDecodingError) in
              // Every one of these arrays has at least one element.
              guard let cache = rows.baseAddress, let modes = modes.baseAddress,
                let elements = elements.baseAddress, let colors = colors.baseAddress
              else { return }
              let writer = VP8LRowWriter(
                transforms: transformList, predictorModes: modes, colorElements: elements, palette: colors,
                cache: cache, width: width, height: height, codedWidth: codedWidth, target: target)
              try decodeEntropyCoded(
                into: \.pixels, width: codedWidth, height: height, cacheBits: cacheBits, groupBits: groupBits,
                groupWidth: groupWidth, reader: &reader, writer: writer)
            }
          }
        }
      }
    }
  }

  /// Reads the transforms and their data; returns the width of the
  /// entropy-coded image (narrower than `width` with bundled indices).
  ///
  /// - Complexity: O(*n* + *t*) for *n* bits read and *t* pixels of the
  ///   transforms' data.
  private mutating func readTransforms(
    width: Int, height: Int, reader: inout VP8LBitReader
  ) throws(VP8LDecodingError) -> Int {
    transforms.removeAll(keepingCapacity: true)
    var codedWidth = width
    var seen = 0
    while reader.readFlag() {
      let code = reader.read(2)
      if seen & (1 << code) != 0 { throw reader.error(.duplicateTransform) }
      seen |= 1 << code
      var transform = VP8LTransform(kind: .subtractGreen, bits: 0, width: codedWidth)
      switch code {
      case 0, 1:
        transform.kind = code == 0 ? .predictor : .crossColor
        transform.bits = reader.read(3) + 2
        try decodeSubImage(
          into: code == 0 ? \.predictorModes : \.colorElements,
          width: VP8LTransform.subsampledSize(codedWidth, transform.bits),
          height: VP8LTransform.subsampledSize(height, transform.bits), reader: &reader)
      case 2:
        break
      default:
        transform.kind = .colorIndexing
        let count = reader.read(8) + 1
        transform.bits = count > 16 ? 0 : count > 4 ? 1 : count > 2 ? 2 : 3
        try decodeSubImage(into: \.paletteImage, width: count, height: 1, reader: &reader)
        // Each colour is sent as its difference from the previous one.
        var previous: UInt32 = 0
        for index in 0..<256 {
          if index < count {
            previous = VP8LTransform.add(paletteImage[index], previous)
            palette[index] = previous
          } else {
            palette[index] = 0
          }
        }
        codedWidth = VP8LTransform.subsampledSize(codedWidth, transform.bits)
      }
      transforms.append(transform)
    }
    return codedWidth
  }

  /// Reads the colour cache size: 0 for none, else 1...11 bits.
  private static func readColorCacheBits(_ reader: inout VP8LBitReader) throws(VP8LDecodingError) -> Int {
    guard reader.readFlag() else { return 0 }
    let bits = reader.read(4)
    if bits < 1 || bits > 11 { throw reader.error(.badColorCacheBits) }
    return bits
  }

  /// Turns the entropy image's pixels into group numbers (red and green
  /// bytes), numbers the groups that tiles use in increasing order into
  /// ``groupIndices``, and stores those indices in the entropy image.
  /// Returns the number of groups the stream holds (the largest number
  /// plus one).
  ///
  /// - Complexity: O(*t* + *g*) for *t* tiles and *g* groups.
  private mutating func numberGroups(tiles: Int) -> Int {
    var largest = 0
    for tile in 0..<tiles {
      let number = (entropyImage[tile] >> 8) & 0xFFFF
      entropyImage[tile] = number
      largest = max(largest, Int(number))
    }
    let count = largest + 1
    groupIndices.removeAll(keepingCapacity: true)
    groupIndices.append(contentsOf: repeatElement(-1, count: count))
    for tile in 0..<tiles { groupIndices[Int(entropyImage[tile])] = 0 }
    var next: Int32 = 0
    for number in 0..<count where groupIndices[number] == 0 {
      groupIndices[number] = next
      next += 1
    }
    for tile in 0..<tiles { entropyImage[tile] = UInt32(groupIndices[Int(entropyImage[tile])]) }
    return count
  }

  /// Reads `count` groups of five prefix codes, keeping those that
  /// ``groupIndices`` marks as used.
  ///
  /// - Complexity: O(*n* + *s*) for *n* bits read and *s* table entries
  ///   built.
  private mutating func readGroups(count: Int, cacheBits: Int, reader: inout VP8LBitReader) throws(VP8LDecodingError) {
    tables.removeAll()
    groups.removeAll(keepingCapacity: true)
    packedTables.removeAll(keepingCapacity: true)
    packedTables.append(0)
    let greenSize = Self.greenAlphabetSize + (cacheBits > 0 ? 1 << cacheBits : 0)
    for number in 0..<count {
      let store = groupIndices[number] >= 0
      let green = try tables.readCode(alphabetSize: greenSize, reader: &reader, store: store)
      let red = try tables.readCode(alphabetSize: 256, reader: &reader, store: store)
      let blue = try tables.readCode(alphabetSize: 256, reader: &reader, store: store)
      let alpha = try tables.readCode(alphabetSize: 256, reader: &reader, store: store)
      let distance = try tables.readCode(alphabetSize: 40, reader: &reader, store: store)
      if store {
        groups.append(makeGroup(green: green, red: red, blue: blue, alpha: alpha, distance: distance))
      }
    }
  }

  /// The group of five built codes, with its shortcuts and, when its
  /// literal codes are short enough, a packed table.
  ///
  /// - Complexity: O(2^``packedBits``).
  private mutating func makeGroup(
    green: VP8LPrefixTables.Built, red: VP8LPrefixTables.Built, blue: VP8LPrefixTables.Built,
    alpha: VP8LPrefixTables.Built, distance: VP8LPrefixTables.Built
  ) -> VP8LPrefixGroup {
    var group = VP8LPrefixGroup(
      green: green.offset, red: red.offset, blue: blue.offset, alpha: alpha.offset, distance: distance.offset)
    if let r = red.singleSymbol, let b = blue.singleSymbol, let a = alpha.singleSymbol {
      group.trivialLiteral = true
      group.literal = UInt32(a) << 24 | UInt32(r) << 16 | UInt32(b)
      if let g = green.singleSymbol, g < 256 {
        group.trivialPixel = true
        group.literal |= UInt32(g) << 8
        return group
      }
    }
    if green.maxLength + red.maxLength + blue.maxLength + alpha.maxLength < Self.packedBits {
      group.packed = packedTables.count
      let entries = tables.entries
      for window in 0..<(1 << Self.packedBits) {
        // Every code here is at most 5 bits long: root entries only.
        var bits = window
        let g = entries[group.green + bits]
        let greenLength = Int(g & 0xFF)
        let symbol = g >> 16
        if symbol >= 256 {
          packedTables.append(UInt64(0x100 + greenLength) << 32 | UInt64(symbol))
          continue
        }
        bits >>= greenLength
        let r = entries[group.red + bits]
        bits >>= Int(r & 0xFF)
        let b = entries[group.blue + bits]
        bits >>= Int(b & 0xFF)
        let a = entries[group.alpha + bits]
        let length = greenLength + Int(r & 0xFF) + Int(b & 0xFF) + Int(a & 0xFF)
        let pixel = (a >> 16) << 24 | (r >> 16) << 16 | symbol << 8 | (b >> 16)
        packedTables.append(UInt64(length) << 32 | UInt64(pixel))
      }
    }
    return group
  }

  /// Decodes a sub-image (a transform's data or the entropy image):
  /// colour cache, one group of prefix codes, pixels; no transforms.
  ///
  /// - Complexity: O(*n* + *m*) for *n* bits read and *m* pixels.
  private mutating func decodeSubImage(
    into buffer: WritableKeyPath<VP8LDecoder, [UInt32]>, width: Int, height: Int, reader: inout VP8LBitReader
  ) throws(VP8LDecodingError) {
    let cacheBits = try Self.readColorCacheBits(&reader)
    groupIndices.removeAll(keepingCapacity: true)
    groupIndices.append(0)
    try readGroups(count: 1, cacheBits: cacheBits, reader: &reader)
    try decodeEntropyCoded(
      into: buffer, width: width, height: height, cacheBits: cacheBits, groupBits: 0, groupWidth: 0,
      reader: &reader, writer: nil)
  }
}
