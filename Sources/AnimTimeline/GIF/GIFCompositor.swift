/// Draws decoded GIF frames onto an RGBA canvas (disposal is the
/// engine's: ``AnimationCanvas``).
///
/// Holds the two LZW decoders and a 256-entry palette, all reused from
/// frame to frame, so drawing allocates nothing (the whole-frame decoder's
/// buffers grow only when a frame needs more than any before it). A frame
/// with no more pixels than the canvas is decoded whole by
/// ``LZWFrameDecoder`` (the fast path); a larger one, row by row by
/// ``LZWRowDecoder``, whose memory does not grow with the frame (see there
/// for why both exist). A compositor draws the frames of one file.
struct GIFCompositor: Sendable {
  private var rowDecoder = LZWRowDecoder()
  private var frameDecoder = LZWFrameDecoder()
  /// Whether frames no larger than the canvas take the whole-frame decoder
  /// (the default); tests turn it off to compare with the row decoder,
  /// which then decodes every frame.
  var usesFrameDecoder = true
  /// Colours as stored in memory (`R, G, B, A` bytes); entries past the
  /// active table are opaque black. Shared zeros until the first frame
  /// writes it, as the decoders' tables are: a compositor never used costs
  /// nothing.
  private var palette = Self.zeroPalette
  /// The colour table `palette` holds (byte offset, entries), or -1s. A
  /// compositor draws frames of one file only (its provider's bytes), so
  /// the same table need not be read again.
  private var paletteOffset = -1
  private var paletteCount = -1

  private static let opaqueBlack = UInt32(0xFF00_0000).littleEndian
  /// The palette before the first frame, shared.
  private static let zeroPalette = [UInt32](repeating: 0, count: 256)

  init() {}

  /// Draws `frame` onto `canvas` and returns whether all its pixels were
  /// decoded; `prepare` makes `canvas` the canvas before the frame
  /// (`width * height * 4` bytes) first. Its second argument says that the
  /// frame overwrites every pixel (decoded whole, opaque, covering the
  /// canvas), so only the size matters.
  ///
  /// - Complexity: O(*d* + *p*) for *d* data bytes and *p* visible pixels.
  mutating func draw(
    _ frame: GIFFrameInfo,
    index: GIFIndex,
    bytes: UnsafeBufferPointer<UInt8>,
    canvas: inout [UInt8],
    prepare: (inout [UInt8], _ overwritten: Bool) -> Void
  ) -> Bool {
    // A zero-size frame draws nothing and is complete; its data is skipped.
    // A later frame with a bad minimum code size draws nothing.
    guard frame.width > 0, frame.height > 0, (1...8).contains(frame.lzwMinimumCodeSize) else {
      prepare(&canvas, false)
      return frame.width == 0 || frame.height == 0
    }

    loadPalette(for: frame, index: index, bytes: bytes)
    // Both sides are at most 65535 * 65535 and the canvas' pixels: no overflow.
    if usesFrameDecoder, frame.width * frame.height <= index.canvasWidth * index.canvasHeight {
      return drawWhole(frame, index: index, bytes: bytes, canvas: &canvas, prepare: prepare)
    }
    prepare(&canvas, false)
    return drawByRows(frame, index: index, bytes: bytes, canvas: &canvas)
  }

  /// The fast path: decodes the whole frame into an index buffer (at most
  /// the canvas' pixels) with ``LZWFrameDecoder``, then composites its rows.
  private mutating func drawWhole(
    _ frame: GIFFrameInfo,
    index: GIFIndex,
    bytes: UnsafeBufferPointer<UInt8>,
    canvas: inout [UInt8],
    prepare: (inout [UInt8], _ overwritten: Bool) -> Void
  ) -> Bool {
    let width = frame.width
    let height = frame.height
    let decoded = frameDecoder.decode(
      bytes, dataOffset: frame.dataOffset, minimumCodeSize: Int(frame.lzwMinimumCodeSize),
      pixelCount: width * height)
    let canvasWidth = index.canvasWidth
    let canvasHeight = index.canvasHeight
    // No larger than the canvas (checked by the caller), so covering it
    // means the same size at the origin.
    let overwritten =
      decoded == width * height && frame.transparentIndex == nil && frame.x == 0 && frame.y == 0
      && width == canvasWidth && height == canvasHeight
    prepare(&canvas, overwritten)
    let visibleColumns = frame.x < canvasWidth ? min(width, canvasWidth - frame.x) : 0
    // The stores below rely on the canvas size: checked, not assumed.
    guard visibleColumns > 0, frame.y < canvasHeight, canvas.count == canvasWidth * canvasHeight * 4 else {
      return decoded == width * height
    }
    let transparent = frame.transparentIndex.map { Int($0) } ?? -1
    let interlaced = frame.isInterlaced
    let originX = frame.x
    let originY = frame.y
    let storedRows = (decoded + width - 1) / width
    frameDecoder.withIndices(count: decoded) { indices in
      palette.withUnsafeBufferPointer { colors in
        canvas.withUnsafeMutableBytes { pixels in
          for storedRow in 0..<storedRows {
            let row = interlaced ? Self.interlacedRow(storedRow, height: height) : storedRow
            let canvasY = originY &+ row
            guard canvasY < canvasHeight else {
              if interlaced { continue } else { break }
            }
            let first = storedRow &* width
            let count = min(indices.count &- first, visibleColumns)
            // Safe: `first + count <= indices.count`; the row starts inside
            // the canvas (canvasY < canvasHeight, originX < canvasWidth) and
            // `originX + count <= canvasWidth`.
            Self.compositeRow(
              indices.baseAddress! + first, count: count, colors: colors,
              into: pixels.baseAddress! + (canvasY &* canvasWidth &+ originX) &* 4,
              transparent: transparent)
          }
        }
      }
    }
    return decoded == width * height
  }

  /// The general path: decodes row by row with ``LZWRowDecoder``, for
  /// frames larger than the canvas (only their visible rows are kept).
  private mutating func drawByRows(
    _ frame: GIFFrameInfo,
    index: GIFIndex,
    bytes: UnsafeBufferPointer<UInt8>,
    canvas: inout [UInt8]
  ) -> Bool {
    let canvasWidth = index.canvasWidth
    let canvasHeight = index.canvasHeight
    let visibleColumns = frame.x < canvasWidth ? min(frame.width, canvasWidth - frame.x) : 0
    let visibleRows: Int
    // The stores below rely on the canvas size: checked, not assumed.
    if visibleColumns == 0 || frame.y >= canvasHeight || canvas.count != canvasWidth * canvasHeight * 4 {
      visibleRows = 0
    } else if frame.isInterlaced {
      visibleRows = frame.height
    } else {
      visibleRows = min(frame.height, canvasHeight - frame.y)
    }
    let transparent = frame.transparentIndex.map { Int($0) } ?? -1
    let interlaced = frame.isInterlaced
    let frameHeight = frame.height
    let originX = frame.x
    let originY = frame.y

    let decoded = palette.withUnsafeBufferPointer { colors in
      canvas.withUnsafeMutableBytes { pixels in
        rowDecoder.decode(
          bytes, dataOffset: frame.dataOffset, minimumCodeSize: Int(frame.lzwMinimumCodeSize),
          width: frame.width, height: frame.height, visibleRows: visibleRows
        ) { storedRow, indices in
          let row = interlaced ? Self.interlacedRow(storedRow, height: frameHeight) : storedRow
          let canvasY = originY &+ row
          guard canvasY < canvasHeight, let source = indices.baseAddress else { return }
          let count = min(indices.count, visibleColumns)
          // Safe: canvasY < canvasHeight and originX + count <= canvasWidth,
          // so every store is inside the canvas.
          Self.compositeRow(
            source, count: count, colors: colors,
            into: pixels.baseAddress! + (canvasY &* canvasWidth &+ originX) &* 4,
            transparent: transparent)
        }
      }
    }
    return decoded == frame.width * frame.height
  }

  /// Draws `count` indices through `colors` (256 entries) to `target`
  /// (`count` RGBA pixels), leaving pixels whose index is `transparent`
  /// (-1: none) unchanged.
  // bench decode (harvesters.gif): the opaque loop has no per-pixel branch,
  // so it compiles to straight loads and stores.
  @inline(__always)
  static func compositeRow(
    _ source: UnsafePointer<UInt8>,
    count: Int,
    colors: UnsafeBufferPointer<UInt32>,
    into target: UnsafeMutableRawPointer,
    transparent: Int
  ) {
    guard count > 0, let colors = colors.baseAddress else { return }
    // Safe: `colors` has 256 entries and an index is below 256.
    if transparent < 0 {
      for column in 0..<count {
        target.storeBytes(of: colors[Int(source[column])], toByteOffset: column &* 4, as: UInt32.self)
      }
      return
    }
    // Eight indices at a time: a group with no transparent index is drawn
    // without tests, a wholly transparent one skipped with one.
    // bench decode (gifplayer-muybridge.gif, 65 % of the indices
    // transparent, in runs of about 66): callgrind, `--repeat 3`, drawing
    // 140.4M -> 107.9M instructions, the row loops about 77M -> 48M.
    let ones: UInt64 = 0x0101_0101_0101_0101
    let highs: UInt64 = 0x8080_8080_8080_8080
    let transparentBytes = UInt64(truncatingIfNeeded: transparent) &* ones
    let raw = UnsafeRawPointer(source)
    var column = 0
    while column &+ 8 <= count {
      // Safe: `column + 8 <= count`, so the 8 bytes are indices.
      let difference = raw.loadUnaligned(fromByteOffset: column, as: UInt64.self) ^ transparentBytes
      if difference == 0 {
        column &+= 8
        continue
      }
      // Non-zero exactly when one of the 8 bytes is zero (transparent).
      let hasTransparent = (difference &- ones) & ~difference & highs
      if hasTransparent == 0 {
        for offset in column..<column &+ 8 {
          target.storeBytes(of: colors[Int(source[offset])], toByteOffset: offset &* 4, as: UInt32.self)
        }
      } else {
        for offset in column..<column &+ 8 {
          let value = Int(source[offset])
          if value != transparent {
            target.storeBytes(of: colors[value], toByteOffset: offset &* 4, as: UInt32.self)
          }
        }
      }
      column &+= 8
    }
    while column < count {
      let value = Int(source[column])
      if value != transparent {
        target.storeBytes(of: colors[value], toByteOffset: column &* 4, as: UInt32.self)
      }
      column &+= 1
    }
  }

  /// The frame row that stored row `storedRow` holds in an interlaced frame
  /// of `height` rows (passes from 0 step 8, 4 step 8, 2 step 4, 1 step 2).
  static func interlacedRow(_ storedRow: Int, height: Int) -> Int {
    var row = storedRow
    let pass1 = (height + 7) / 8
    if row < pass1 { return row * 8 }
    row -= pass1
    let pass2 = (height + 3) / 8
    if row < pass2 { return 4 + row * 8 }
    row -= pass2
    let pass3 = (height + 1) / 4
    if row < pass3 { return 2 + row * 4 }
    row -= pass3
    return 1 + row * 2
  }

  /// Fills `palette` from the frame's local table, else the global one.
  private mutating func loadPalette(for frame: GIFFrameInfo, index: GIFIndex, bytes: UnsafeBufferPointer<UInt8>) {
    let offset: Int
    let count: Int
    if let local = frame.localColorTableCount {
      offset = frame.localColorTableOffset
      count = local
    } else {
      offset = index.globalColorTableOffset
      count = index.globalColorTableCount
    }
    if offset == paletteOffset, count == paletteCount { return }
    paletteOffset = offset
    paletteCount = count
    // The index checked that `count * 3` bytes exist at `offset`.
    let usable = max(0, min(count, 256, (bytes.count - offset) / 3))
    for entry in 0..<256 {
      if entry < usable {
        let at = offset + entry * 3
        let red = UInt32(bytes[at])
        let green = UInt32(bytes[at + 1])
        let blue = UInt32(bytes[at + 2])
        palette[entry] = (red | green << 8 | blue << 16 | 0xFF00_0000).littleEndian
      } else {
        palette[entry] = Self.opaqueBlack
      }
    }
  }
}
