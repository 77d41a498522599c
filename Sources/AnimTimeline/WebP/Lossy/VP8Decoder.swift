/// Decodes a lossy WebP image (the payload of a `VP8 ` chunk: a VP8 key
/// frame, RFC 6386) to RGBA, byte for byte as libwebp's default decode
/// does (fancy chroma upsampling, alpha 255), rejecting exactly the
/// damaged bitstreams libwebp rejects.
///
/// The decoder keeps its scratch buffers (planes, contexts, coefficients)
/// between calls: once they are sized for the largest image, decoding
/// another image of the same or a smaller size allocates nothing.
struct VP8Decoder {
  /// Every byte buffer of a frame, laid out by ``VP8FrameState``.
  private var arena: [UInt8] = []
  /// One macroblock's coefficients and its Y2 block.
  private var coefficients = Self.noCoefficients
  /// The chroma rows of the RGBA conversion.
  private var conversionScratch: [Int32] = []

  /// Zeros shared by every decoder until its first frame writes its
  /// coefficients (copy-on-write): a decoder never used allocates nothing
  /// (see ``VP8LDecoder``).
  private static let noCoefficients = [Int16](repeating: 0, count: 400)

  /// Makes a decoder with empty scratch buffers.
  init() {}

  /// Decodes `payload`, a whole `VP8 ` chunk payload starting at absolute
  /// file offset `offset`, into `rgba`: `width * height` pixels, row-major,
  /// R, G, B, A bytes, alpha 255. Returns the image's size.
  ///
  /// - Precondition: `rgba` holds at least `width * height * 4` bytes of
  ///   the size ``VP8FrameHeader/read(_:offset:)`` gives.
  /// - Throws: ``VP8DecodingError`` when the frame header is invalid, a
  ///   partition lies past the payload's end, or the data ends before the
  ///   last macroblock (where libwebp stops).
  /// - Complexity: O(*n* + *w* × *h*) for *n* payload bytes and a *w* × *h*
  ///   image.
  mutating func decode(
    _ payload: UnsafeRawBufferPointer, offset: Int, into rgba: UnsafeMutableBufferPointer<UInt8>
  ) throws(VP8DecodingError) -> VP8FrameHeader {
    try decode(payload, chunkSize: payload.count, offset: offset, into: rgba)
  }

  /// ``decode(_:offset:into:)`` as libwebp decodes a still image: given
  /// the file's bytes from the `VP8 ` chunk's payload to the end of the
  /// file (`payload`), and the chunk's declared payload size
  /// (`chunkSize`). libwebp's VP8 decoder reads its last token partition
  /// to the end of the data it is given, and `dwebp` gives it the rest of
  /// the file (the padding byte and any chunks after the image), so a
  /// token partition cut short in the chunk may still decode from the
  /// bytes after it. An animation frame's decoder is given exactly the
  /// chunk's payload (``decode(_:offset:into:)``).
  ///
  /// - Precondition: `chunkSize <= payload.count`; `rgba` as for
  ///   ``decode(_:offset:into:)``.
  /// - Throws: see ``decode(_:offset:into:)``.
  /// - Complexity: see ``decode(_:offset:into:)``.
  mutating func decode(
    _ payload: UnsafeRawBufferPointer, chunkSize: Int, offset: Int, into rgba: UnsafeMutableBufferPointer<UInt8>
  ) throws(VP8DecodingError) -> VP8FrameHeader {
    try run(payload, chunkSize: chunkSize, offset: offset, into: rgba)
  }

  /// Reads `payload` as ``decode(_:chunkSize:offset:into:)`` does,
  /// throwing exactly where it throws, without producing pixels: every
  /// macroblock's modes and coefficients are read; prediction, the inverse
  /// transforms, the loop filter and the conversion to RGBA are skipped.
  /// Returns the header.
  ///
  /// - Precondition: `chunkSize <= payload.count`.
  /// - Throws: see ``decode(_:offset:into:)``.
  /// - Complexity: O(*n* + *w* × *h* / 256) for *n* payload bytes and a *w*
  ///   × *h* image.
  mutating func check(
    _ payload: UnsafeRawBufferPointer, chunkSize: Int, offset: Int
  ) throws(VP8DecodingError) -> VP8FrameHeader {
    try run(payload, chunkSize: chunkSize, offset: offset, into: nil)
  }

  /// ``decode(_:chunkSize:offset:into:)``, or with no output
  /// ``check(_:chunkSize:offset:)``.
  private mutating func run(
    _ payload: UnsafeRawBufferPointer, chunkSize: Int, offset: Int, into rgba: UnsafeMutableBufferPointer<UInt8>?
  ) throws(VP8DecodingError) -> VP8FrameHeader {
    precondition(chunkSize <= payload.count, "the chunk passes the data")
    let header = try VP8FrameHeader.read(payload, chunkSize: chunkSize, offset: offset)
    precondition((rgba?.count ?? .max) >= header.width * header.height * 4, "RGBA buffer too small for the image")
    let firstStart = VP8FrameHeader.byteCount
    let firstLength = (Int(payload[0]) | Int(payload[1]) << 8 | Int(payload[2]) << 16) >> 5
    guard firstLength <= payload.count - firstStart else {
      throw VP8DecodingError(kind: .firstPartitionTooLong(firstLength), offset: offset)
    }
    let firstEnd = firstStart + firstLength
    let firstEndsEarly = VP8DecodingError(kind: .firstPartitionEndsEarly, offset: offset + firstEnd)

    var reader = VP8BoolDecoder(payload, firstStart..<firstEnd)
    _ = reader.readBit(128)  // colour space: ignored
    _ = reader.readBit(128)  // clamping type: libwebp always clamps
    var parameters = VP8FrameParameters()
    parameters.readSegmentation(&reader)
    if reader.isAtEnd { throw firstEndsEarly }
    parameters.readFilter(&reader)
    if reader.isAtEnd { throw firstEndsEarly }

    // The token partitions: a table of 3-byte sizes after the first
    // partition, the last one taking the rest; a size past the end is cut
    // to what remains.
    let partitionCount = 1 << reader.readLiteral(2)
    let tableSize = 3 * (partitionCount - 1)
    guard payload.count - firstEnd >= tableSize else {
      throw VP8DecodingError(kind: .truncatedPartitionTable(partitions: partitionCount), offset: offset + firstEnd)
    }
    // The partitions' decoders live on the stack for this call only (at
    // most 8): no allocation, and no pointer into the payload outlives it.
    return try withUnsafeTemporaryAllocation(of: VP8BoolDecoder.self, capacity: 8) {
      (storage) throws(VP8DecodingError) -> VP8FrameHeader in
      let tokenPartitions = UnsafeMutableBufferPointer(rebasing: storage[0..<partitionCount])
      var start = firstEnd + tableSize
      for index in 0..<partitionCount {
        var end = payload.count
        if index < partitionCount - 1 {
          let entry = firstEnd + 3 * index
          let declared = Int(payload[entry]) | Int(payload[entry + 1]) << 8 | Int(payload[entry + 2]) << 16
          end = start + min(declared, payload.count - start)
        } else if start >= payload.count {
          throw VP8DecodingError(kind: .missingTokenData, offset: offset + start)
        }
        // A trivial type: initializing is all it needs, and nothing to
        // deinitialize.
        (storage.baseAddress! + index).initialize(to: VP8BoolDecoder(payload, start..<end))
        start = end
      }
      return try decodeFrame(
        header: header, reader: &reader, parameters: &parameters, firstEndsEarly: firstEndsEarly,
        partitions: tokenPartitions, offset: offset, into: rgba)
    }
  }

  /// The rest of ``decode(_:chunkSize:offset:into:)`` once the token
  /// partitions are set up: the quantizers, the probabilities, every
  /// macroblock row, and the conversion to RGBA.
  private mutating func decodeFrame(
    header: VP8FrameHeader, reader: inout VP8BoolDecoder, parameters: inout VP8FrameParameters,
    firstEndsEarly: VP8DecodingError, partitions tokenPartitions: UnsafeMutableBufferPointer<VP8BoolDecoder>,
    offset: Int, into rgba: UnsafeMutableBufferPointer<UInt8>?
  ) throws(VP8DecodingError) -> VP8FrameHeader {

    parameters.readQuantizers(&reader)
    _ = reader.readBit(128)  // refresh_entropy_probs: meaningless for one frame

    let columns = (header.width + 15) >> 4
    let rows = (header.height + 15) >> 4
    let needed = VP8FrameState.arenaSize(columns: columns, rows: rows)
    if arena.count < needed { arena = [UInt8](zeroed: needed) }
    let scratchNeeded = VP8RGBAConverter.scratchCount(width: header.width)
    if conversionScratch.count < scratchNeeded { conversionScratch = [Int32](repeating: 0, count: scratchNeeded) }

    try arena.withUnsafeMutableBufferPointer { (arena) throws(VP8DecodingError) in
      try coefficients.withUnsafeMutableBufferPointer { (coefficients) throws(VP8DecodingError) in
        guard let arenaBase = arena.baseAddress, let coefficientBase = coefficients.baseAddress else { return }
        // The probabilities come first in the arena.
        parameters.readProbabilities(&reader, into: arenaBase)
        parameters.computeFilterStrengths()
        var state = VP8FrameState(
          columns: columns, rows: rows, parameters: parameters, arena: arenaBase, coefficients: coefficientBase)
        try Self.decodeRows(
          &state, modes: &reader, firstEndsEarly: firstEndsEarly, partitions: tokenPartitions, offset: offset,
          reconstructs: rgba != nil)
        conversionScratch.withUnsafeMutableBufferPointer { scratch in
          guard let output = rgba?.baseAddress, let scratch = scratch.baseAddress else { return }
          VP8RGBAConverter.convert(
            y: state.luma, yStride: state.lumaStride, u: state.chromaU, v: state.chromaV,
            uvStride: state.chromaStride, width: header.width, height: header.height, scratch: scratch,
            into: UnsafeMutableRawPointer(output))
        }
      }
    }
    return header
  }

  /// Decodes every macroblock row: its modes from `modes`, then each
  /// macroblock from its row's token partition, then the row's loop
  /// filter; throws where libwebp stops (after a row's modes when the
  /// first partition ran out, after a macroblock when its token
  /// partition did). Without `reconstructs` (a check), nothing is
  /// predicted, reconstructed or filtered.
  ///
  /// - Complexity: O(macroblocks).
  private static func decodeRows(
    _ state: inout VP8FrameState, modes: inout VP8BoolDecoder, firstEndsEarly: VP8DecodingError,
    partitions: UnsafeMutableBufferPointer<VP8BoolDecoder>, offset: Int, reconstructs: Bool
  ) throws(VP8DecodingError) {
    try VP8Tables.subblockModeProbabilities.withUnsafeBufferPointer { (subblock) throws(VP8DecodingError) in
      guard let subblockProbabilities = subblock.baseAddress else { return }
      state.startFrame()
      let partitionMask = partitions.count - 1
      for row in 0..<state.rows {
        state.startRow(row)
        state.readModes(&modes, subblockProbabilities: subblockProbabilities)
        if modes.isAtEnd { throw firstEndsEarly }
        let index = row & partitionMask
        var tokens = partitions[index]
        for column in 0..<state.columns {
          let classes = state.readMacroblock(&tokens, column: column)
          if reconstructs { state.reconstructMacroblock(row: row, column: column, classes: classes) }
          if tokens.isAtEnd {
            throw VP8DecodingError(kind: .tokenPartitionEndsEarly(index), offset: offset + tokens.end)
          }
        }
        partitions[index] = tokens
        if reconstructs { state.filterRow(row) }
      }
    }
  }
}
