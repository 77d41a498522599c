/// The result of one pass over a GIF's blocks: the canvas, the colour
/// tables' locations, each frame's metadata and where its LZW data starts.
/// No pixel data is decoded.
struct GIFIndex: Hashable, Sendable {
  /// The canvas size after growing to the first frame.
  var canvasWidth: Int
  var canvasHeight: Int
  /// Byte offset and entry count of the global colour table (count 0: none).
  var globalColorTableOffset: Int
  var globalColorTableCount: Int
  /// The frames counted, in file order.
  var frames: [GIFFrameInfo]
  /// The stored loop value of the last valid loop extension, if any.
  var rawLoopCount: UInt16?
  /// Whether the file ended before the trailer or had an unknown block after
  /// the first frame.
  var isTruncated: Bool

  /// Parses `bytes`.
  ///
  /// - Complexity: O(*n*) in the number of bytes.
  init(_ bytes: UnsafeBufferPointer<UInt8>, maxCanvasPixels: Int) throws(GIFError) {
    var parser = GIFIndexParser(bytes: bytes)
    self = try parser.parse(maxCanvasPixels: maxCanvasPixels)
  }

  init(
    canvasWidth: Int, canvasHeight: Int, globalColorTableOffset: Int, globalColorTableCount: Int,
    frames: [GIFFrameInfo], rawLoopCount: UInt16?, isTruncated: Bool
  ) {
    self.canvasWidth = canvasWidth
    self.canvasHeight = canvasHeight
    self.globalColorTableOffset = globalColorTableOffset
    self.globalColorTableCount = globalColorTableCount
    self.frames = frames
    self.rawLoopCount = rawLoopCount
    self.isTruncated = isTruncated
  }
}

/// The Graphic Control Extension fields that apply to the next image.
private struct GraphicControl {
  var disposal: UInt8
  var delay: UInt16
  var transparentIndex: UInt8?
}

/// Why block parsing stopped after the first frame was counted.
private enum Stop: Error {
  /// The input ended at `offset` (before the trailer).
  case cut(offset: Int)
  /// An unknown block introducer at `offset`.
  case badBlock(UInt8, offset: Int)
  /// An error that rejects the whole file.
  case fatal(GIFError)
}

/// A cursor over the bytes; every read is bounds-checked.
private struct GIFIndexParser {
  let bytes: UnsafeBufferPointer<UInt8>
  var position = 0

  init(bytes: UnsafeBufferPointer<UInt8>) {
    self.bytes = bytes
  }

  func byte(at offset: Int) -> UInt8? {
    offset >= 0 && offset < bytes.count ? bytes[offset] : nil
  }

  func u16(at offset: Int) -> UInt16? {
    guard let low = byte(at: offset), let high = byte(at: offset &+ 1) else { return nil }
    return UInt16(low) | UInt16(high) << 8
  }

  /// Whether `count` bytes are available at `offset`.
  func has(_ count: Int, at offset: Int) -> Bool {
    offset >= 0 && count >= 0 && offset <= bytes.count && bytes.count - offset >= count
  }

  mutating func parse(maxCanvasPixels: Int) throws(GIFError) -> GIFIndex {
    guard !bytes.isEmpty else { throw .emptyFile }
    // Signature: a cut inside a valid-looking prefix is a truncated header.
    let signature87: [UInt8] = Array("GIF87a".utf8)
    let signature89: [UInt8] = Array("GIF89a".utf8)
    for index in 0..<min(6, bytes.count) {
      let value = bytes[index]
      guard value == signature87[index] || value == signature89[index] else {
        throw .badSignature(offset: index)
      }
    }
    guard has(13, at: 0) else { throw .truncatedHeader(offset: bytes.count) }
    let screenWidth = Int(u16(at: 6) ?? 0)
    let screenHeight = Int(u16(at: 8) ?? 0)
    let screenPacked = bytes[10]
    position = 13
    var globalCount = 0
    let globalOffset = position
    if screenPacked & 0x80 != 0 {
      globalCount = 2 << Int(screenPacked & 7)
      guard has(globalCount * 3, at: position) else {
        throw .truncatedGlobalColorTable(offset: bytes.count)
      }
      position += globalCount * 3
    }

    var frames: [GIFFrameInfo] = []
    var rawLoop: UInt16? = nil
    var pending: GraphicControl? = nil
    var truncated = false
    var canvasWidth = screenWidth
    var canvasHeight = screenHeight

    blocks: while true {
      do throws(Stop) {
        guard let introducer = byte(at: position) else { throw .cut(offset: position) }
        switch introducer {
        case 0x3B:
          guard !frames.isEmpty else { throw .fatal(.noFrames(offset: position)) }
          break blocks
        case 0x21:
          try readExtension(pending: &pending, loop: &rawLoop)
        case 0x2C:
          let frame = try readImage(pending: pending, isFirst: frames.isEmpty)
          pending = nil
          if frames.isEmpty {
            canvasWidth = max(screenWidth, frame.x + frame.width)
            canvasHeight = max(screenHeight, frame.y + frame.height)
            guard canvasWidth > 0, canvasHeight > 0 else {
              throw .fatal(.emptyCanvas(width: canvasWidth, height: canvasHeight))
            }
            // Both are at most 131,070, so the product cannot overflow.
            guard canvasWidth * canvasHeight <= maxCanvasPixels else {
              throw .fatal(.canvasTooLarge(width: canvasWidth, height: canvasHeight, limit: maxCanvasPixels))
            }
          }
          frames.append(frame)
          // The frame is counted; now skip its data sub-blocks.
          try skipSubBlocks()
        default:
          throw .badBlock(introducer, offset: position)
        }
      } catch {
        switch error {
        case let .cut(offset):
          guard !frames.isEmpty else { throw GIFError.truncatedBeforeFirstImage(offset: offset) }
        case let .badBlock(value, offset):
          guard !frames.isEmpty else { throw GIFError.badBlock(introducer: value, offset: offset) }
        case let .fatal(error):
          throw error
        }
        truncated = true
        break blocks
      }
    }
    return GIFIndex(
      canvasWidth: canvasWidth, canvasHeight: canvasHeight,
      globalColorTableOffset: globalOffset, globalColorTableCount: globalCount,
      frames: frames, rawLoopCount: rawLoop, isTruncated: truncated)
  }

  /// Reads an extension at `position` (the `0x21`), updating the pending
  /// Graphic Control and the loop count.
  mutating func readExtension(pending: inout GraphicControl?, loop: inout UInt16?) throws(Stop) {
    guard let label = byte(at: position &+ 1) else { throw .cut(offset: bytes.count) }
    position += 2
    var subBlockIndex = 0
    var isLoopExtension = false
    while true {
      guard let length = byte(at: position) else { throw .cut(offset: bytes.count) }
      let start = position + 1
      if length == 0 {
        position = start
        return
      }
      guard has(Int(length), at: start) else { throw .cut(offset: bytes.count) }
      if label == 0xF9, subBlockIndex == 0, length >= 4 {
        let packed = bytes[start]
        pending = GraphicControl(
          disposal: (packed >> 2) & 7,
          delay: u16(at: start + 1) ?? 0,
          transparentIndex: packed & 1 != 0 ? bytes[start + 3] : nil)
      } else if label == 0xFF, subBlockIndex == 0, length == 11 {
        let identifier = Array(bytes[start..<start + 11])
        isLoopExtension = identifier == Array("NETSCAPE2.0".utf8) || identifier == Array("ANIMEXTS1.0".utf8)
      } else if label == 0xFF, subBlockIndex == 1, isLoopExtension, length == 3, bytes[start] == 1 {
        loop = u16(at: start + 1)
      }
      subBlockIndex &+= 1
      position = start + Int(length)
    }
  }

  /// Reads an image descriptor, its local colour table and its LZW minimum
  /// code size byte, leaving `position` at its first data sub-block.
  mutating func readImage(pending: GraphicControl?, isFirst: Bool) throws(Stop) -> GIFFrameInfo {
    guard has(10, at: position) else { throw .cut(offset: bytes.count) }
    let x = Int(u16(at: position + 1) ?? 0)
    let y = Int(u16(at: position + 3) ?? 0)
    let width = Int(u16(at: position + 5) ?? 0)
    let height = Int(u16(at: position + 7) ?? 0)
    let packed = bytes[position + 9]
    position += 10
    var localCount: Int? = nil
    let localOffset = position
    if packed & 0x80 != 0 {
      let count = 2 << Int(packed & 7)
      guard has(count * 3, at: position) else { throw .cut(offset: bytes.count) }
      localCount = count
      position += count * 3
    }
    guard let minimumCodeSize = byte(at: position) else { throw .cut(offset: bytes.count) }
    if isFirst, !(1...8).contains(minimumCodeSize) {
      throw .fatal(.badLZWMinimumCodeSize(minimumCodeSize, offset: position))
    }
    position += 1
    return GIFFrameInfo(
      x: x, y: y, width: width, height: height,
      isInterlaced: packed & 0x40 != 0,
      delayCentiseconds: pending?.delay ?? 0,
      disposal: pending?.disposal ?? 0,
      transparentIndex: pending?.transparentIndex,
      localColorTableCount: localCount,
      lzwMinimumCodeSize: minimumCodeSize,
      localColorTableOffset: localOffset,
      dataOffset: position)
  }

  /// Skips data sub-blocks up to and including the terminator.
  mutating func skipSubBlocks() throws(Stop) {
    while true {
      guard let length = byte(at: position) else { throw .cut(offset: bytes.count) }
      position += 1
      if length == 0 { return }
      guard has(Int(length), at: position) else {
        position = bytes.count
        throw .cut(offset: bytes.count)
      }
      position += Int(length)
    }
  }
}
