/// Decodes PNG image data (a zlib stream of filtered rows) of a given
/// size into RGBA pixels, with scratch buffers that it keeps between
/// calls (the inflater's code tables among them): once they are as large
/// as the largest image it decodes, a call allocates nothing.
///
/// The size comes in a ``PNGHeader`` whose width and height may differ
/// from the file's `IHDR` (an APNG frame: the file's colour type, bit
/// depth and interlacing, the frame's size).
struct PNGImageDataDecoder {
  /// The inflated rows (each with its filter byte), unfiltered in place;
  /// at least ``PNGHeader/filteredByteCount`` bytes after ``inflate(_:segments:header:)``.
  private var filtered: [UInt8] = []
  /// Zero bytes: the row above the first row of each pass.
  private var zeros: [UInt8] = []
  /// The inflater's code tables.
  private var tables = InflateScratch()
  #if ANIMTIMELINE_INTERNAL_CHECKS
    /// How many zlib streams ``inflate(_:segments:header:)`` began
    /// (tests: an APNG frame is inflated once by opening and a first
    /// play). Compiled only with `ANIMTIMELINE_INTERNAL_CHECKS`.
    private(set) var inflations = 0
  #endif

  /// Makes a decoder with empty scratch buffers.
  init() {}

  /// Inflates the zlib stream in `bytes`' `segments` (in order) and
  /// checks that it holds exactly the filtered rows of an image of
  /// `header`'s size.
  ///
  /// - Throws: the ``Inflater``'s errors (with ``PNGError/excessImageData(offset:)``
  ///   for more bytes than the rows), ``PNGError/missingRows(offset:)`` for
  ///   fewer. The caller checks `header.filteredByteCount` against its
  ///   limits first: this allocates that many bytes when the scratch is
  ///   smaller.
  /// - Complexity: O(*n* + *m*) for *n* compressed and *m* decompressed
  ///   bytes.
  mutating func inflate(_ bytes: UnsafeRawBufferPointer, segments: ArraySlice<Range<Int>>, header: PNGHeader) throws(PNGError) {
    #if ANIMTIMELINE_INTERNAL_CHECKS
      inflations += 1
    #endif
    let total = header.filteredByteCount
    if filtered.count < total { filtered = [UInt8](zeroed: total) }
    let written = try filtered.withUnsafeMutableBufferPointer { output throws(PNGError) in
      try Inflater.inflate(
        bytes, segments: segments, zlib: true, into: UnsafeMutableBufferPointer(rebasing: output[0..<total]),
        scratch: &tables)
    }
    if written != total { throw .missingRows(offset: segments.last?.upperBound ?? 0) }
  }

  /// Checks the filter type of every row that ``inflate(_:segments:header:)``
  /// wrote (for `header`'s size), without unfiltering.
  ///
  /// - Throws: ``PNGError/badFilterType(_:row:)`` for a type above 4.
  /// - Complexity: O(*r*) in the rows.
  func checkFilterTypes(header: PNGHeader) throws(PNGError) {
    var start = 0
    var rowIndex = 0
    for number in 0..<header.passCount {
      let pass = header.pass(number)
      if pass.width == 0 || pass.height == 0 { continue }
      let rowBytes = header.rowBytes(pass.width)
      for _ in 0..<pass.height {
        let typeByte = filtered[start]
        if PNGRowFilter(rawValue: typeByte) == nil { throw .badFilterType(typeByte, row: rowIndex) }
        start += rowBytes + 1
        rowIndex += 1
      }
    }
  }

  /// Unfilters the rows that ``inflate(_:segments:header:)`` wrote (for
  /// `header`'s size) and expands them into `pixels`: `header.width *
  /// header.height` RGBA pixels, row-major, 8 bits a channel, straight
  /// alpha.
  ///
  /// - Parameters:
  ///   - palette: 256 RGBA entries for an indexed image, else empty.
  ///   - colorKey: the `tRNS` colour key (masked to the bit depth), or nil.
  ///   - pixels: at least `header.width * header.height * 4` bytes.
  /// - Throws: ``PNGError/badFilterType(_:row:)`` for a filter type above
  ///   4 (rows before it are written).
  /// - Complexity: O(*m*) in the decompressed bytes and pixels.
  mutating func expand(
    header: PNGHeader, palette: UnsafeBufferPointer<UInt8>, colorKey: (Int, Int, Int)?,
    into pixels: UnsafeMutableBufferPointer<UInt8>
  ) throws(PNGError) {
    let rowLength = header.rowBytes(header.width)
    if zeros.count < rowLength { zeros = [UInt8](zeroed: rowLength) }
    guard let pixelBase = pixels.baseAddress, pixels.count >= header.width * header.height * 4 else { return }
    let stride = header.filterStride
    let expander = PNGRowExpander(header: header, palette: palette, colorKey: colorKey)
    try filtered.withUnsafeMutableBufferPointer { (filtered) throws(PNGError) in
      try zeros.withUnsafeBufferPointer { (zeros) throws(PNGError) in
        guard let filteredBase = filtered.baseAddress, let zeroRow = zeros.baseAddress else { return }
        var rowIndex = 0
        var start = 0
        for number in 0..<header.passCount {
          let pass = header.pass(number)
          if pass.width == 0 || pass.height == 0 { continue }
          let rowBytes = header.rowBytes(pass.width)
          for y in 0..<pass.height {
            let typeByte = filtered[start]
            guard let filter = PNGRowFilter(rawValue: typeByte) else {
              throw .badFilterType(typeByte, row: rowIndex)
            }
            let row = filteredBase + start + 1
            let above = y == 0 ? zeroRow : UnsafePointer(row - rowBytes - 1)
            filter.unfilter(row, above: above, count: rowBytes, bytesPerPixel: stride)
            let target = (pass.yStart + y * pass.yStep) * header.width + pass.xStart
            expander.expand(
              UnsafePointer(row), pixels: pass.width, into: pixelBase + target * 4, pixelStride: pass.xStep * 4)
            start += rowBytes + 1
            rowIndex += 1
          }
        }
      }
    }
  }

  /// Inflates, unfilters and expands one image: ``inflate(_:segments:header:)``
  /// then ``expand(header:palette:colorKey:into:)``.
  ///
  /// - Throws: their errors.
  /// - Complexity: O(*n* + *m*) for *n* compressed and *m* decompressed
  ///   bytes.
  mutating func decode(
    _ bytes: UnsafeRawBufferPointer, segments: ArraySlice<Range<Int>>, header: PNGHeader, palette: UnsafeBufferPointer<UInt8>,
    colorKey: (Int, Int, Int)?, into pixels: UnsafeMutableBufferPointer<UInt8>
  ) throws(PNGError) {
    try inflate(bytes, segments: segments, header: header)
    try expand(header: header, palette: palette, colorKey: colorKey, into: pixels)
  }
}
