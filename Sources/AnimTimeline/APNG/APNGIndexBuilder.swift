/// Reads a PNG or APNG file's chunks into an ``APNGIndex``: the still PNG
/// decoder's rules up to the end of the default image's data (errors
/// there are thrown), the APNG rules of `shared/spec/apng.md` for the
/// animation (errors there are kept as the one ``APNGAnimationError``,
/// and the file plays as its still image).
struct APNGIndexBuilder {
  /// Where the walk is relative to the default image's data (the first
  /// run of `IDAT` chunks).
  private enum Phase {
    /// No `IDAT` yet.
    case beforeImageData
    /// In the first run of `IDAT` chunks.
    case imageData
    /// After it: the default image's data is whole and checked.
    case afterImageData
  }

  /// The file.
  private let bytes: UnsafeRawBufferPointer
  /// The limits.
  private let options: PNGDecodingOptions
  /// `IHDR`, `PLTE` and `tRNS`, read with the still decoder's rules.
  private var preamble = PNGPreamble()
  /// Where the walk is.
  private var phase = Phase.beforeImageData
  /// The data ranges of every frame's stream (``APNGIndex/segments``):
  /// the first run of `IDAT` chunks, then the `fdAT` payloads.
  private var segments: [Range<Int>] = []
  /// The `IDAT` run's ranges in `segments` (`0..<count`, the run's length).
  private var imageData: Range<Int> { 0..<imageDataCount }
  /// How many `IDAT` chunks the first run has had so far.
  private var imageDataCount = 0
  /// The offset of the first `IDAT` chunk.
  private var imageDataOffset = 0
  /// Whether an `acTL` came before the first `IDAT` (set at the first
  /// `IDAT`: the file is an APNG).
  private var sawAnimationControl = false
  /// Whether the file is an APNG (decided at the first `IDAT`).
  private var isAnimated = false
  /// `num_frames` of the `acTL`.
  private var declaredFrames: UInt32 = 0
  /// `num_plays` of the `acTL`.
  private var plays: UInt32 = 0
  /// The frames begun so far; the last one may still be gathering data.
  private var frames: [APNGFrameInfo] = []
  /// Whether the last frame has data (an `IDAT` or `fdAT` after its `fcTL`).
  private var lastFrameHasData = false
  /// Whether frame 0 is the default image (its `fcTL` came before `IDAT`).
  private var defaultImageIsFrame = false
  /// The sequence number the next `fcTL` or `fdAT` must have.
  private var nextSequence = 0
  /// The first animation error found.
  private var animationError: APNGAnimationError?
  /// The first bad CRC of an APNG chunk before the first `IDAT`: the
  /// animation error of a file that turns out not to be an APNG, whatever
  /// error came before it.
  private var firstBadCRC: APNGAnimationError?
  /// Whether the file ended before `IEND`.
  private var isTruncated = false
  /// The offset of `IEND`, once read.
  private var endOffset = 0
  /// Inflates the default image once, to check it.
  private var checker = PNGImageDataDecoder()
  /// The ranges of `segments` whose inflated rows `checker` holds (the
  /// last image checked), or `nil`.
  private var inflatedSegments: Range<Int>?

  /// A builder for `bytes`, checking `options`' limits.
  init(bytes: UnsafeRawBufferPointer, options: PNGDecodingOptions) {
    self.bytes = bytes
    self.options = options
  }

  /// Walks the file and returns its index, with the animation frames'
  /// data not checked (``APNGFrameProvider`` checks them, see
  /// ``APNGIndex/failing(frame:with:)``); the default image's is.
  ///
  /// - Throws: ``PNGError`` when the file is not a PNG or its still image
  ///   cannot be decoded (a critical chunk broken or missing, a bad CRC
  ///   before or in the default image, its data cut or undecodable, a
  ///   limit of `options` exceeded), with the byte offset, as
  ///   ``PNGDecoder`` throws.
  /// - Complexity: O(*n* + *m*) for *n* bytes of file and *m* bytes of
  ///   the default image's decompressed rows.
  mutating func build() throws(PNGError) -> APNGIndex {
    let count = bytes.count
    if count > options.maxFileBytes { throw .fileTooLarge(bytes: count, limit: options.maxFileBytes) }
    for index in 0..<8 {
      if index == count { throw .truncated(offset: count) }
      if bytes[index] != PNGEncoder.signature[index] { throw .badSignature(offset: index) }
    }
    var reader = PNGChunkReader(bytes)
    walk: while true {
      switch reader.next() {
      case .chunk(let chunk):
        if try read(chunk) { break walk }
      case .cut:
        // A chunk cut by the end of the file is discarded.
        if phase == .beforeImageData { throw .truncated(offset: count) }
        if phase == .imageData {
          do throws(PNGError) { try endImageData() } catch { throw .truncated(offset: count) }
        }
        isTruncated = true
        break walk
      case .malformed(let offset):
        if phase == .beforeImageData { throw .badChunk(offset: offset) }
        if phase == .imageData { try endImageData() }
        // Nothing after a malformed header can be found.
        record(.malformedChunk, at: offset)
        break walk
      }
    }
    // The walk ends after the image data, so the header was read.
    guard let header = preamble.header else { throw .truncated(offset: count) }
    return finish(header: header)
  }

  /// Reads one whole chunk; returns true at `IEND`.
  private mutating func read(_ chunk: PNGChunk) throws(PNGError) -> Bool {
    let type = chunk.type
    guard let header = preamble.header else {
      if !chunk.crcMatches { throw .badCRC(chunk: type.name, offset: chunk.offset) }
      if type != .ihdr { throw .misplacedChunk(chunk: type.name, offset: chunk.offset) }
      try preamble.readHeader(chunk, in: bytes, options: options)
      return false
    }
    if phase == .imageData && type != .idat { try endImageData() }
    let isAPNGChunk = type == .actl || type == .fctl || type == .fdat
    if !chunk.crcMatches {
      // Before and in the default image a bad CRC is an error, but in an
      // APNG chunk; after it, damage to report.
      if phase != .afterImageData && !isAPNGChunk { throw .badCRC(chunk: type.name, offset: chunk.offset) }
      record(.badCRC(type), at: chunk.offset)
      if firstBadCRC == nil, phase != .afterImageData {
        firstBadCRC = APNGAnimationError(kind: .badCRC(type), offset: chunk.offset)
      }
      if type == .iend { endOffset = chunk.offset }
      return type == .iend
    }
    switch phase {
    case .beforeImageData:
      switch type {
      case .ihdr: try preamble.readHeader(chunk, in: bytes, options: options)
      case .plte: try preamble.readPalette(chunk, in: bytes, header: header)
      case .trns: preamble.readTransparency(chunk, in: bytes, header: header)
      case .idat: try beginImageData(chunk, header: header)
      case .iend: throw .missingImageData(offset: chunk.offset)
      case .actl: readAnimationControl(chunk)
      case .fctl: readFrameControl(chunk, header: header)
      case .fdat: record(.frameDataBeforeImageData, at: chunk.offset)
      default:
        if !type.isAncillary { throw .unknownCriticalChunk(chunk: type.name, offset: chunk.offset) }
      }
    case .imageData:
      // Only IDAT: any other chunk ended the run above.
      segments.append(chunk.data)
      imageDataCount += 1
    case .afterImageData:
      switch type {
      case .iend:
        endOffset = chunk.offset
        return true
      case .idat, .ihdr, .plte: record(.misplacedChunk(type), at: chunk.offset)
      case .actl: if isAnimated { record(.secondAnimationControl, at: chunk.offset) }
      case .fctl: if isAnimated { readFrameControl(chunk, header: header) }
      case .fdat: if isAnimated { readFrameData(chunk) }
      default:
        // Known ancillary chunks out of place (tRNS) are skipped.
        if !type.isAncillary { record(.unknownCriticalChunk(type), at: chunk.offset) }
      }
    }
    return false
  }

  /// Keeps `kind` as the animation error unless there already is one.
  private mutating func record(_ kind: APNGAnimationError.Kind, at offset: Int) {
    if animationError == nil { animationError = APNGAnimationError(kind: kind, offset: offset) }
  }

  /// The first `IDAT`: decides whether the file is an APNG.
  private mutating func beginImageData(_ chunk: PNGChunk, header: PNGHeader) throws(PNGError) {
    if header.colorType == .indexed && preamble.paletteCount == 0 {
      throw .missingPalette(offset: chunk.data.lowerBound)
    }
    phase = .imageData
    imageDataOffset = chunk.offset
    isAnimated = sawAnimationControl
    // A segment a frame and the IDAT run's (``frameRoom``).
    if isAnimated { segments.reserveCapacity(frameRoom + 1) }
    segments.append(chunk.data)
    imageDataCount = 1
    if !isAnimated {
      // Not an APNG: its fcTL and fdAT chunks were ancillary chunks, and
      // only damage to them (a bad CRC) is worth reporting, even after an
      // error that no longer counts (an fdAT before an acTL whose CRC is
      // bad: Scripts/mutate-compare.py --seed 77).
      frames = []
      animationError = firstBadCRC
    }
    lastFrameHasData = true
  }

  /// The first run of `IDAT` chunks has ended: checks the default image.
  private mutating func endImageData() throws(PNGError) {
    guard let header = preamble.header else { return }
    try check(imageData, header: header)
    phase = .afterImageData
    if defaultImageIsFrame && !frames.isEmpty { frames[0].segmentRange = imageData }
  }

  /// `num_frames`, but no more frames than the file has room for: each
  /// takes at least its `fcTL` chunk, 38 bytes (what the frames and their
  /// data ranges reserve, so that a small APNG's arrays grow once).
  private var frameRoom: Int {
    let room = bytes.count / 38
    // Compared before converting: `num_frames` may pass a 32-bit Int.
    return declaredFrames < room ? Int(declaredFrames) : room
  }

  /// Reads an `acTL` before the first `IDAT`.
  private mutating func readAnimationControl(_ chunk: PNGChunk) {
    if sawAnimationControl {
      record(.secondAnimationControl, at: chunk.offset)
      return
    }
    sawAnimationControl = true
    if chunk.length != 8 {
      record(.badAnimationControlLength(chunk.length), at: chunk.offset)
      return
    }
    declaredFrames = bigEndian(chunk.data.lowerBound)
    plays = bigEndian(chunk.data.lowerBound + 4)
    frames.reserveCapacity(frameRoom)
    if declaredFrames == 0 || declaredFrames > 0x7FFF_FFFF { record(.badFrameCount(declaredFrames), at: chunk.offset) }
    if plays > 0x7FFF_FFFF { record(.badPlayCount(plays), at: chunk.offset) }
  }

  /// Checks a sequence number; false (and records the error) when it is
  /// not the next one.
  private mutating func checkSequence(_ chunk: PNGChunk) -> Bool {
    let found = bigEndian(chunk.data.lowerBound)
    if UInt64(found) != UInt64(nextSequence) {
      record(.badSequenceNumber(expected: nextSequence, found: found), at: chunk.offset)
      return false
    }
    nextSequence += 1
    return true
  }

  /// Reads an `fcTL`: starts a frame.
  private mutating func readFrameControl(_ chunk: PNGChunk, header: PNGHeader) {
    if animationError != nil { return }
    if chunk.length != 26 {
      record(.badFrameControlLength(chunk.length), at: chunk.offset)
      return
    }
    if !checkSequence(chunk) { return }
    let start = chunk.data.lowerBound
    let width = bigEndian(start + 4)
    let height = bigEndian(start + 8)
    let x = bigEndian(start + 12)
    let y = bigEndian(start + 16)
    let disposeOp = bytes[start + 24]
    let blendOp = bytes[start + 25]
    let kind: APNGAnimationError.Kind?
    if width == 0 || height == 0 {
      kind = .emptyFrame
    } else if UInt64(x) + UInt64(width) > UInt64(header.width) || UInt64(y) + UInt64(height) > UInt64(header.height) {
      kind = .frameOutsideCanvas
    } else if disposeOp > 2 {
      kind = .badDisposeOp(disposeOp)
    } else if blendOp > 1 {
      kind = .badBlendOp(blendOp)
    } else if !lastFrameHasData && !frames.isEmpty {
      kind = .frameWithoutData
    } else if phase == .beforeImageData
      && (x != 0 || y != 0 || Int(width) != header.width || Int(height) != header.height)
    {
      kind = .defaultFrameNotCanvas
    } else {
      kind = nil
    }
    if let kind {
      record(kind, at: chunk.offset)
      return
    }
    if phase == .beforeImageData { defaultImageIsFrame = true }
    // Inside the canvas: each value is below 2^31.
    frames.append(
      APNGFrameInfo(
        x: Int(x), y: Int(y), width: Int(width), height: Int(height),
        delayNumerator: UInt16(truncatingIfNeeded: bigEndian16(start + 20)),
        delayDenominator: UInt16(truncatingIfNeeded: bigEndian16(start + 22)),
        disposeOp: disposeOp, blendOp: blendOp, segmentRange: segments.count..<segments.count,
        controlOffset: chunk.offset))
    lastFrameHasData = false
  }

  /// Reads an `fdAT` after the first `IDAT`: adds its payload to the last
  /// frame.
  private mutating func readFrameData(_ chunk: PNGChunk) {
    if animationError != nil { return }
    if chunk.length < 4 {
      record(.shortFrameData(chunk.length), at: chunk.offset)
      return
    }
    if !checkSequence(chunk) { return }
    if frames.isEmpty {
      record(.frameDataWithoutFrameControl, at: chunk.offset)
      return
    }
    if defaultImageIsFrame && frames.count == 1 {
      record(.frameDataInDefaultImage, at: chunk.offset)
      return
    }
    // A frame's payloads follow each other in `segments`: only the last
    // frame gathers them.
    segments.append(chunk.data.lowerBound + 4..<chunk.data.upperBound)
    frames[frames.count - 1].segmentRange = frames[frames.count - 1].segmentRange.lowerBound..<segments.count
    lastFrameHasData = true
  }

  /// Inflates the image data in `segments` into `checker` and checks its
  /// length and filter types, for an image of `header`'s size.
  private mutating func check(_ ranges: Range<Int>, header: PNGHeader) throws(PNGError) {
    inflatedSegments = nil
    try checker.inflate(bytes, segments: segments[ranges], header: header)
    try checker.checkFilterTypes(header: header)
    inflatedSegments = ranges
  }

  /// The frame decoder for `index` (this builder's result), holding the
  /// scratch the builder checked the default image with and its inflated
  /// rows, when `index` has that image as a frame (the still image, or an
  /// animation's frame 0): checking or decoding it first then inflates
  /// nothing.
  ///
  /// - Complexity: O(*f*) for *f* frames.
  func frameDecoder(for index: APNGIndex) -> APNGFrameDecoder {
    let inflated = inflatedSegments.flatMap { ranges in index.frames.lastIndex { $0.segmentRange == ranges } }
    return APNGFrameDecoder(taking: checker, inflatedFrame: inflated)
  }

  /// The index, once the walk has ended (at `IEND`, at the end of the
  /// file, or at a malformed chunk header after the image data).
  private mutating func finish(header: PNGHeader) -> APNGIndex {
    if isAnimated && animationError == nil && !isTruncated && frames.count != Int(declaredFrames) {
      record(.frameCountMismatch(declared: declaredFrames, found: frames.count), at: endOffset)
    }
    // The animation frames' data is checked by the provider's opening
    // pass: not here.
    let colorKey = preamble.maskedColorKey
    let still = APNGFrameInfo(
      x: 0, y: 0, width: header.width, height: header.height, delayNumerator: 0, delayDenominator: 0,
      disposeOp: 0, blendOp: 0, segmentRange: imageData, controlOffset: imageDataOffset)
    if isAnimated && animationError == nil && !frames.isEmpty {
      return APNGIndex(
        header: header, palette: preamble.palette, colorKey: colorKey, frames: frames, numPlays: plays,
        animationError: nil, isTruncated: isTruncated, stillImage: still, segments: segments)
    }
    return APNGIndex(
      header: header, palette: preamble.palette, colorKey: colorKey, frames: [still], numPlays: nil,
      animationError: animationError, isTruncated: isTruncated, stillImage: still, segments: segments)
  }

  /// The big-endian `UInt32` at `at`.
  private func bigEndian(_ at: Int) -> UInt32 {
    PNGChunkReader.bigEndian32(bytes, at)
  }

  /// The big-endian 16-bit value at `at`.
  private func bigEndian16(_ at: Int) -> Int {
    PNGChunkReader.bigEndian16(bytes, at)
  }
}
