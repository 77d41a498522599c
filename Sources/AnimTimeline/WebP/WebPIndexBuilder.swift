/// Reads a WebP file's chunks into a ``WebPIndex``, applying the rules of
/// `shared/spec/webp.md`: the RIFF header, `VP8X`, the chunk order of a
/// still image and of an animation, each frame's bitstream header and
/// bounds, and cut files. Whether each frame's image decodes is for the
/// provider's opening to find (``WebPFrameProvider/init(bytes:options:)-([UInt8],_)``).
struct WebPIndexBuilder {
  /// One chunk: its type, its offset in the file, its payload, and where
  /// the next chunk starts.
  struct Chunk {
    /// The four-character code.
    var type: WebPChunkType
    /// The offset of the chunk's header.
    var offset: Int
    /// The payload's byte range.
    var payload: Range<Int>
    /// The offset after the payload and its padding byte.
    var next: Int
  }

  /// Where a chunk read stopped short.
  enum ChunkEnd: Error {
    /// The file ends inside the chunk (before the RIFF size): `offset` is
    /// the chunk's, `type` known when its header is whole.
    case cut(WebPChunkType?, offset: Int)
    /// No chunk is left before the RIFF size.
    case done
  }

  /// The file.
  let bytes: UnsafeRawBufferPointer
  /// The limits.
  let options: WebPOptions
  /// The end the RIFF size gives: 8 + its value.
  private var riffEnd = 0
  /// Whether the file ends before `riffEnd`.
  private var isCut = false

  /// A builder over `bytes` with `options`' limits.
  init(bytes: UnsafeRawBufferPointer, options: WebPOptions) {
    self.bytes = bytes
    self.options = options
  }

  /// Reads the file's chunks and its frames' headers.
  ///
  /// - Throws: ``WebPError``.
  /// - Complexity: O(*n*) for *n* bytes.
  mutating func build() throws(WebPError) -> WebPIndex {
    guard bytes.count <= options.maxFileBytes else {
      throw .fileTooLarge(bytes: bytes.count, limit: options.maxFileBytes)
    }
    guard bytes.count >= 12, tag(at: 0) == 0x4646_4952, tag(at: 8) == 0x5042_4557 else { throw .notWebP }
    let riffSize = tag(at: 4)
    guard riffSize >= 12 else { throw .riffSizeTooSmall(riffSize) }
    riffEnd = 8 + Int(riffSize)
    isCut = bytes.count < riffEnd
    let first: Chunk
    switch try chunk(at: 12) {
    case let .success(chunk): first = chunk
    case let .failure(.cut(type, offset)): throw .cut(type, offset: offset)
    case .failure(.done): throw .noImage(offset: 12)
    }
    guard first.type == .extended else { return try still(from: first, canvas: nil) }
    guard first.payload.count >= 10 else { throw .shortChunk(.extended, offset: first.offset) }
    let flags = bytes[first.payload.lowerBound]
    let canvas = ImageSize(
      width: Int(uint24(at: first.payload.lowerBound + 4)) + 1, height: Int(uint24(at: first.payload.lowerBound + 7)) + 1)
    guard canvas.width * canvas.height <= options.maxCanvasPixels else {
      throw .tooManyPixels(
        width: canvas.width, height: canvas.height, limit: options.maxCanvasPixels, offset: first.payload.lowerBound + 4)
    }
    guard flags & 0x02 != 0 else {
      switch try chunk(at: first.next) {
      case let .success(chunk): return try still(from: chunk, canvas: canvas)
      case let .failure(.cut(type, offset)): throw .cut(type, offset: offset)
      case .failure(.done): throw .noImage(offset: first.next)
      }
    }
    return try animation(after: first, canvas: canvas)
  }

  // MARK: Still images

  /// A still image whose chunks start with `first`, on `VP8X`'s `canvas`
  /// (nil for a simple file).
  private func still(from first: Chunk, canvas: ImageSize?) throws(WebPError) -> WebPIndex {
    if isCut { throw .cut(nil, offset: bytes.count) }
    var alpha: Chunk?
    var image: Chunk?
    var next: Chunk? = first
    while let chunk = next {
      switch chunk.type {
      case .extended, .animation, .frame:
        throw .misplacedChunk(chunk.type, offset: chunk.offset)
      case .alpha:
        if alpha != nil || image != nil { throw .misplacedChunk(chunk.type, offset: chunk.offset) }
        alpha = chunk
      case .lossy, .lossless:
        if image != nil { throw .misplacedChunk(chunk.type, offset: chunk.offset) }
        if chunk.type == .lossless, let alpha { throw .misplacedChunk(.alpha, offset: alpha.offset) }
        image = chunk
      default:
        break
      }
      switch try self.chunk(at: chunk.next) {
      case let .success(following): next = following
      case let .failure(.cut(type, offset)): throw .cut(type, offset: offset)
      case .failure(.done): next = nil
      }
    }
    guard let image else { throw .noImage(offset: first.offset) }
    let (size, hasAlpha) = try header(of: image, frame: 0, dataEnd: bytes.count)
    guard size.width * size.height <= options.maxCanvasPixels else {
      throw .tooManyPixels(width: size.width, height: size.height, limit: options.maxCanvasPixels, offset: image.offset)
    }
    if let canvas, canvas != size { throw .canvasMismatch(canvas: canvas, image: size, offset: 24) }
    let frame = WebPFrameInfo(
      x: 0, y: 0, width: size.width, height: size.height, durationMilliseconds: 0, blends: false,
      disposesToBackground: false, isLossless: image.type == .lossless, hasAlpha: hasAlpha || alpha != nil,
      image: image.payload, dataEnd: bytes.count, alpha: alpha?.payload, chunkOffset: image.offset)
    return WebPIndex(
      canvas: size, frames: [frame], isAnimated: false, loopCount: nil, background: nil, isTruncated: false)
  }

  // MARK: Animations

  /// An animation on `canvas`, whose chunks follow `VP8X`'s.
  private func animation(after header: Chunk, canvas: ImageSize) throws(WebPError) -> WebPIndex {
    var loopCount: UInt16?
    var background: UInt32?
    var frames: [WebPFrameInfo] = []
    var truncated = isCut
    var offset = header.next
    reading: while true {
      let chunk: Chunk
      switch try self.chunk(at: offset) {
      case let .success(next): chunk = next
      case .failure(.done): break reading
      case let .failure(.cut(type, offset)):
        if loopCount == nil { throw .cut(type, offset: offset) }
        if frames.isEmpty { throw .cut(.frame, offset: offset) }
        truncated = true
        break reading
      }
      offset = chunk.next
      switch chunk.type {
      case .extended, .alpha, .lossy, .lossless:
        throw .misplacedChunk(chunk.type, offset: chunk.offset)
      case .animation:
        guard loopCount == nil else { continue }
        guard chunk.payload.count >= 6 else { throw .shortChunk(.animation, offset: chunk.offset) }
        background = tag(at: chunk.payload.lowerBound)
        loopCount = UInt16(bytes[chunk.payload.lowerBound + 4]) | UInt16(bytes[chunk.payload.lowerBound + 5]) << 8
      case .frame:
        guard loopCount != nil else { throw .misplacedChunk(.frame, offset: chunk.offset) }
        frames.append(try frame(chunk, position: frames.count, canvas: canvas))
      default:
        break
      }
      if chunk.next > bytes.count {  // the padding byte is cut: the chunk stands, nothing follows
        truncated = true
        break
      }
    }
    guard let loopCount else { throw .missingAnimationChunk(offset: header.next) }
    guard !frames.isEmpty else {
      if truncated { throw .cut(.frame, offset: bytes.count) }
      throw .noImage(offset: header.next)
    }
    return WebPIndex(
      canvas: canvas, frames: frames, isAnimated: true, loopCount: loopCount, background: background,
      isTruncated: truncated)
  }

  /// Frame `position` of an animation from its `ANMF` chunk: the
  /// sub-chunks `[ALPH] VP8 ` or `VP8L` first, other chunks after the
  /// image; the rectangle from the offsets and the bitstream's size.
  private func frame(_ chunk: Chunk, position: Int, canvas: ImageSize) throws(WebPError) -> WebPFrameInfo {
    guard chunk.payload.count >= 16 else { throw .shortChunk(.frame, offset: chunk.offset) }
    let start = chunk.payload.lowerBound
    let end = chunk.payload.upperBound
    var alpha: Chunk?
    var image: Chunk?
    var offset = start + 16
    while end - offset >= 8 {
      let type = WebPChunkType(rawValue: tag(at: offset))
      let size = Int(tag(at: offset + 4))
      guard size <= end - offset - 8 else { throw .shortChunk(.frame, offset: chunk.offset) }
      let sub = Chunk(
        type: type, offset: offset, payload: (offset + 8)..<(offset + 8 + size),
        next: min(offset + 8 + size + (size & 1), end))
      offset = sub.next
      switch type {
      case .alpha:
        if alpha != nil || image != nil { throw .misplacedChunk(type, offset: sub.offset) }
        alpha = sub
      case .lossy, .lossless:
        if image != nil { throw .misplacedChunk(type, offset: sub.offset) }
        if type == .lossless, let alpha { throw .misplacedChunk(.alpha, offset: alpha.offset) }
        image = sub
      default:
        if image == nil { throw .misplacedChunk(type, offset: sub.offset) }
      }
    }
    guard let image else { throw .noImage(offset: chunk.offset) }
    let (size, hasAlpha) = try header(of: image, frame: position, dataEnd: image.payload.upperBound)
    let flags = bytes[start + 15]
    let info = WebPFrameInfo(
      x: 2 * Int(uint24(at: start)), y: 2 * Int(uint24(at: start + 3)), width: size.width, height: size.height,
      durationMilliseconds: Int(uint24(at: start + 12)), blends: flags & 0x02 == 0,
      disposesToBackground: flags & 0x01 != 0, isLossless: image.type == .lossless,
      hasAlpha: hasAlpha || alpha != nil, image: image.payload, dataEnd: image.payload.upperBound,
      alpha: alpha?.payload, chunkOffset: chunk.offset)
    guard info.x + info.width <= canvas.width, info.y + info.height <= canvas.height else {
      throw .frameOutsideCanvas(frame: position, rectangle: info.rectangle, canvas: canvas, offset: chunk.offset)
    }
    return info
  }

  // MARK: Bitstreams

  /// The size of `image`'s bitstream, and whether a `VP8L` header says
  /// alpha is used.
  private func header(of image: Chunk, frame: Int, dataEnd: Int) throws(WebPError) -> (ImageSize, Bool) {
    let payload = UnsafeRawBufferPointer(rebasing: bytes[image.payload.lowerBound..<dataEnd])
    if image.type == .lossless {
      do {
        let header = try VP8LHeader.read(payload, offset: image.payload.lowerBound)
        return (ImageSize(width: header.width, height: header.height), header.alphaIsUsed)
      } catch {
        throw .invalidImageHeader(frame: frame, reason: error.description, offset: error.offset)
      }
    }
    do {
      let header = try VP8FrameHeader.read(payload, chunkSize: image.payload.count, offset: image.payload.lowerBound)
      return (ImageSize(width: header.width, height: header.height), false)
    } catch {
      throw .invalidImageHeader(frame: frame, reason: error.description, offset: error.offset)
    }
  }

  // MARK: Chunks

  /// The chunk at `offset`, or why there is none.
  ///
  /// - Throws: ``WebPError/chunkPastRIFFSize(_:offset:)`` when the chunk or
  ///   its padding byte goes past the RIFF size.
  private func chunk(at offset: Int) throws(WebPError) -> Result<Chunk, ChunkEnd> {
    guard offset < riffEnd else { return .failure(.done) }
    guard offset + 8 <= bytes.count else { return .failure(.cut(nil, offset: offset)) }
    let type = WebPChunkType(rawValue: tag(at: offset))
    let size = Int(tag(at: offset + 4))
    let end = offset + 8 + size
    guard end + (size & 1) <= riffEnd else { throw .chunkPastRIFFSize(type, offset: offset) }
    guard end <= bytes.count else { return .failure(.cut(type, offset: offset)) }
    return .success(Chunk(type: type, offset: offset, payload: (offset + 8)..<end, next: end + (size & 1)))
  }

  /// The little-endian 32-bit value at `offset` (inside the file).
  private func tag(at offset: Int) -> UInt32 {
    UInt32(bytes[offset]) | UInt32(bytes[offset + 1]) << 8 | UInt32(bytes[offset + 2]) << 16
      | UInt32(bytes[offset + 3]) << 24
  }

  /// The little-endian 24-bit value at `offset` (inside the file).
  private func uint24(at offset: Int) -> UInt32 {
    UInt32(bytes[offset]) | UInt32(bytes[offset + 1]) << 8 | UInt32(bytes[offset + 2]) << 16
  }
}
