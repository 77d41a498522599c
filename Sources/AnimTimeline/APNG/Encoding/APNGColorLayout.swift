/// The one colour layout every frame of an APNG shares (one `IHDR`, one
/// `PLTE`), and how a frame's pixels become its zlib stream in it:
///
/// - **indexed** (colour type 3) when all the canvases together use at
///   most 256 RGBA colours and the palette costs fewer bytes than the
///   indices save (``PNGEncoder/paletteSaves(_:width:height:bytesPerPixel:)``,
///   as for a still): one `PLTE` and `tRNS`, translucent colours first,
///   rows packed and unfiltered as ``PNGPalette`` does for a still;
/// - else **RGB** when every pixel of every canvas is opaque, else **RGBA**,
///   rows filtered as ``PNGEncoder/truecolourStream(_:width:height:bytesPerPixel:rows:sampling:)``
///   chooses.
///
/// The pixels written are exactly the pixels decoded: palette entries are
/// whole RGBA values, and truecolour keeps every byte (RGB only when every
/// alpha is 255).
struct APNGColorLayout {
  /// The palette and its lookup table, for an indexed layout.
  private let palette: (PNGPalette, ColorTable)?
  /// 3 (RGB) or 4 (RGBA) for a truecolour layout.
  private let bytesPerPixel: Int
  /// The `IHDR` bit depth.
  let bitDepth: Int
  /// The `IHDR` colour type: 2, 3 or 6.
  let colorType: UInt8
  /// A fully transparent pixel the layout can write (`R | G << 8 | B << 16
  /// | A << 24`), which `OVER` leaves the canvas under unchanged: `nil`
  /// for RGB.
  let transparentPixel: UInt32?

  /// The layout for `canvases`. With `wantsTransparent`, an indexed
  /// layout with no fully transparent colour gets `(0, 0, 0, 0)` added to
  /// its palette when there is room and it does not make the indices
  /// wider.
  ///
  /// Colours are gathered in the order the canvases show them (the
  /// palette's order): the first canvas row by row, then the rectangle
  /// where each later one changes, which holds every colour it shows
  /// first.
  ///
  /// - Complexity: O(*p* + *r*) in the pixels of the first canvas and of
  ///   the rectangles where the others change.
  init(canvases: CanvasChain, wantsTransparent: Bool) {
    let (width, height) = (canvases.first.width, canvases.first.height)
    var table = ColorTable()
    var fits = true
    scan: for element in canvases {
      guard let rectangle = element.change else { continue }
      let added = element.canvas.pixels.withUnsafeBytes { raw -> Bool in
        var last: UInt32? = nil
        for y in rectangle.y..<rectangle.y + rectangle.height {
          let start = (y * width + rectangle.x) * 4
          for offset in stride(from: start, to: start + rectangle.width * 4, by: 4) {
            let pixel = UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: offset, as: UInt32.self))
            if pixel == last { continue }
            if !table.insert(pixel) { return false }
            last = pixel
          }
        }
        return true
      }
      if !added {
        fits = false
        break scan
      }
    }
    var palette: PNGPalette? = nil
    let opaque: Bool
    if fits {
      var translucent = table.colors.filter { $0 >> 24 != 0xFF }
      let opaqueColors = table.colors.filter { $0 >> 24 == 0xFF }
      opaque = translucent.isEmpty
      let count = table.colors.count
      if wantsTransparent && !translucent.contains(where: { $0 >> 24 == 0 }) && count < PNGPalette.maxColors
        && ![2, 4, 16].contains(count)
      {
        translucent.insert(0, at: 0)
      } else if let clear = translucent.firstIndex(where: { $0 >> 24 == 0 }), clear != 0 {
        // The fully transparent colour first: Pillow (13.0) disposes an
        // indexed frame to BACKGROUND by filling it with index 0.
        translucent.insert(translucent.remove(at: clear), at: 0)
      }
      palette = PNGPalette(colors: translucent + opaqueColors, translucentCount: translucent.count)
    } else {
      // Every canvas is opaque when the first is and every rectangle
      // where a later one changes is.
      opaque = canvases.allSatisfy { element in
        guard let rectangle = element.change else { return true }
        return element.canvas.pixels.withUnsafeBufferPointer { pixels in
          guard let base = pixels.baseAddress else { return true }
          return (rectangle.y..<rectangle.y + rectangle.height).allSatisfy { y in
            PNGEncoder.isOpaque(base + (y * width + rectangle.x) * 4, count: rectangle.width * 4)
          }
        }
      }
    }
    bytesPerPixel = opaque ? 3 : 4
    if let palette, PNGEncoder.paletteSaves(palette, width: width, height: height, bytesPerPixel: bytesPerPixel) {
      self.palette = (palette, ColorTable(colors: palette.colors))
      bitDepth = palette.bitDepth
      colorType = 3
      transparentPixel = palette.colors[0..<palette.translucentCount].first { $0 >> 24 == 0 }
    } else {
      self.palette = nil
      bitDepth = 8
      colorType = opaque ? 2 : 6
      transparentPixel = opaque ? nil : 0
    }
  }

  /// The chunks between `IHDR` and the image data: `PLTE` and, when a
  /// colour is translucent, `tRNS`, for an indexed layout; none otherwise.
  var chunks: [(String, [UInt8])] {
    guard let (palette, _) = palette else { return [] }
    var chunks = [("PLTE", palette.paletteChunk)]
    if palette.translucentCount > 0 { chunks.append(("tRNS", palette.transparencyChunk)) }
    return chunks
  }

  /// The zlib stream of a frame of `width` × `height` RGBA `pixels` (at
  /// least 1 × 1; every colour in the palette, for an indexed layout).
  ///
  /// - Complexity: O(*n*) in the pixel bytes: one compression of the
  ///   rows, or of a sample and the rows, or two of the rows when they are
  ///   small (see ``PNGEncoder/truecolourStream(_:width:height:bytesPerPixel:rows:sampling:)``).
  func stream(_ pixels: [UInt8], width: Int, height: Int) -> [UInt8] {
    let capacity = height * (width * 4 + 1) + DeflateEncoder.readPadding
    let rows = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: capacity)
    defer { rows.deallocate() }
    rows.initialize(repeating: 0)
    // capacity >= 5 + readPadding: the base address exists.
    let base = rows.baseAddress!
    return pixels.withUnsafeBufferPointer { source in
      let pixelBase = source.baseAddress!
      guard let (palette, table) = palette else {
        return PNGEncoder.truecolourStream(pixelBase, width: width, height: height, bytesPerPixel: bytesPerPixel, rows: base)
      }
      let raw = UnsafeRawPointer(pixelBase)
      for y in 0..<height {
        let target = base + y * (width + 1)
        target[0] = PNGRowFilter.none.rawValue
        var last: UInt32? = nil
        var lastIndex: UInt8 = 0
        for x in 0..<width {
          let pixel = UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: (y * width + x) * 4, as: UInt32.self))
          if pixel != last {
            lastIndex = table.index(of: pixel) ?? 0
            last = pixel
          }
          target[1 + x] = lastIndex
        }
      }
      let count = palette.pack(base, width: width, height: height)
      return PNGEncoder.zlibStream(base, count: count)
    }
  }
}
