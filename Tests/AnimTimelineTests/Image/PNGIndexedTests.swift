import Testing
import TimelineScript

@testable import AnimTimeline

/// Images of at most 256 colours are written as indexed PNGs: the smallest
/// bit depth, a `PLTE` of exactly the colours, a `tRNS` only as long as
/// the translucent colours need, unfiltered rows; and they read back
/// exactly, both through the library's decoder and through the suite's own
/// reading of the palette and the packed indices.
@Suite struct PNGIndexedTests {
  /// How the colours of a test image get their alpha.
  enum Alpha: CaseIterable {
    /// Every colour opaque.
    case opaque
    /// Some colours translucent (alpha 0 or 1...254), the others opaque.
    case mixed
    /// Every colour translucent.
    case translucent
  }

  /// An image of exactly `count` distinct colours placed at random (each
  /// colour at least once), at least `count` pixels.
  static func image(colors count: Int, alpha: Alpha, width: Int, height: Int, _ rng: inout SplitMix64) -> RGBAImage {
    var seen = Set<UInt32>()
    var colors: [[UInt8]] = []
    while colors.count < count {
      var rgb = (0..<3).map { _ in UInt8(truncatingIfNeeded: rng.next()) }
      let translucent: Bool
      switch alpha {
      case .opaque: translucent = false
      case .translucent: translucent = true
      // Both kinds present whenever there are two colours or more.
      case .mixed: translucent = colors.count == 0 || (colors.count > 1 && rng.chance(1, in: 2))
      }
      let a: UInt8 = translucent ? (rng.chance(1, in: 4) ? 0 : UInt8(rng.int(in: 1...254))) : 255
      if a == 0 && rng.chance(1, in: 2) { rgb = [0, 0, 0] }
      let key = UInt32(rgb[0]) | UInt32(rgb[1]) << 8 | UInt32(rgb[2]) << 16 | UInt32(a) << 24
      if seen.insert(key).inserted { colors.append(rgb + [a]) }
    }
    var pixels: [UInt8] = []
    pixels.reserveCapacity(width * height * 4)
    var order = Array(0..<count)
    for index in order.indices.reversed() where index > 0 { order.swapAt(index, rng.int(in: 0...index)) }
    for position in 0..<width * height {
      let color = position < count ? order[position] : rng.int(in: 0...count - 1)
      pixels += colors[color]
    }
    // Move the colours' first appearances away from the top-left corner.
    var image = RGBAImage(width: width, height: height, pixels: pixels)
    let shift = rng.int(in: 0...width * height - 1) * 4
    image.pixels = Array(pixels[shift...] + pixels[..<shift])
    return image
  }

  /// The bit depth an indexed file of `count` colours should have: the
  /// smallest of 1, 2, 4, 8 with 2^depth ≥ count.
  static func expectedDepth(_ count: Int) -> Int {
    [1, 2, 4, 8].first { 1 << $0 >= count }!
  }

  /// The pixels of an indexed file read by hand: the IDAT stream inflated
  /// (the library's inflater), every row's filter byte 0, the indices
  /// unpacked most significant bits first, each looked up in PLTE, with
  /// the alpha of tRNS for the entries it covers and 255 for the rest.
  static func readIndexed(_ file: [UInt8]) throws -> (depth: Int, palette: Int, transparency: Int?, pixels: [UInt8]) {
    let chunks = TestPNG.chunks(file)
    let header = try #require(chunks.first { $0.type == "IHDR" }).data
    let width = Int(header[0]) << 24 | Int(header[1]) << 16 | Int(header[2]) << 8 | Int(header[3])
    let height = Int(header[4]) << 24 | Int(header[5]) << 16 | Int(header[6]) << 8 | Int(header[7])
    let depth = Int(header[8])
    try #require(header[9] == 3, "colour type \(header[9]), not indexed")
    let palette = try #require(chunks.first { $0.type == "PLTE" }).data
    let transparency = chunks.first { $0.type == "tRNS" }?.data
    let stream = chunks.filter { $0.type == "IDAT" }.flatMap(\.data)
    let rowBytes = (width * depth + 7) / 8
    let rows = try DeflateTests.inflate(stream, capacity: height * (rowBytes + 1), zlib: true)
    try #require(rows.count == height * (rowBytes + 1))
    var pixels: [UInt8] = []
    for y in 0..<height {
      let row = y * (rowBytes + 1)
      try #require(rows[row] == 0, "row \(y) has filter \(rows[row])")
      for x in 0..<width {
        let bit = x * depth
        let byte = rows[row + 1 + bit / 8]
        let index = Int(byte >> UInt8(8 - depth - bit % 8)) & (1 << depth - 1)
        try #require(3 * index + 2 < palette.count, "index \(index) past the palette")
        let alpha = transparency.map { index < $0.count ? $0[index] : 255 } ?? 255
        pixels += [palette[3 * index], palette[3 * index + 1], palette[3 * index + 2], alpha]
      }
    }
    return (depth, palette.count / 3, transparency?.count, pixels)
  }

  /// The number of distinct colours among `image`'s translucent pixels.
  static func translucentColors(_ image: RGBAImage) -> Int {
    var seen = Set<[UInt8]>()
    for pixel in stride(from: 0, to: image.pixels.count, by: 4) where image.pixels[pixel + 3] != 255 {
      seen.insert(Array(image.pixels[pixel..<pixel + 4]))
    }
    return seen.count
  }

  /// The indexed file of `image` (at most 256 colours), made by the
  /// encoder's own parts whether or not `pngData()` keeps it.
  static func indexedCandidate(_ image: RGBAImage) throws -> [UInt8] {
    var rows = [UInt8](repeating: 0, count: image.height * (image.width * 4 + 1) + DeflateEncoder.readPadding)
    return try image.pixels.withUnsafeBufferPointer { pixels in
      try rows.withUnsafeMutableBufferPointer { rows in
        let base = rows.baseAddress!
        let palette = try #require(PNGPalette.index(pixels.baseAddress!, width: image.width, height: image.height, into: base))
        let count = palette.pack(base, width: image.width, height: image.height)
        var chunks = [("PLTE", palette.paletteChunk)]
        if palette.translucentCount > 0 { chunks.append(("tRNS", palette.transparencyChunk)) }
        return PNGEncoder.file(
          width: image.width, height: image.height, bitDepth: palette.bitDepth, colorType: 3, chunks: chunks, rows: base,
          count: count)
      }
    }
  }

  /// Checks the indexed file of `image` (`count` colours): depth, palette
  /// size, tRNS length (absent when all colours are opaque, else exactly
  /// the translucent colours, none of its entries 255), the pixels read by
  /// hand; and that `pngData()` is that file, or a truecolour file that is
  /// smaller, and decodes back.
  static func checkIndexed(_ image: RGBAImage, colors count: Int) throws -> (file: [UInt8], indexed: Bool) {
    let candidate = try indexedCandidate(image)
    let read = try readIndexed(candidate)
    try ensure(read.depth == expectedDepth(count), "depth \(read.depth) for \(count) colours")
    try ensure(read.palette == count, "\(read.palette) palette entries for \(count) colours")
    let translucent = translucentColors(image)
    try ensure(
      read.transparency == (translucent == 0 ? nil : translucent),
      "tRNS of \(String(describing: read.transparency)) entries, \(translucent) translucent colours")
    if let alphas = TestPNG.chunks(candidate).first(where: { $0.type == "tRNS" })?.data {
      try ensure(alphas.allSatisfy { $0 != 255 }, "an opaque entry in tRNS")
    }
    try ensure(read.pixels == image.pixels, "hand-read pixels differ")
    let file = try image.pngData()
    let indexed = TestPNG.chunks(file)[0].data[9] == 3
    try ensure(indexed ? file == candidate : file.count < candidate.count, "the file is neither the indexed one nor smaller")
    try ensure(try RGBAImage(pngData: file) == image, "decoded image differs")
    return (file, indexed)
  }

  @Test(arguments: [1, 2, 3, 5, 16, 17, 256])
  func palettesOfEverySize(_ count: Int) throws {
    var rng = SplitMix64(seed: UInt64(600 + count))
    for alpha in Alpha.allCases where count > 1 || alpha != .mixed {
      for (width, height) in [(64, 48), (37, 29), (301, 3)] {
        let image = PNGIndexedTests.image(colors: count, alpha: alpha, width: width, height: height, &rng)
        let (_, indexed) = try PNGIndexedTests.checkIndexed(image, colors: count)
        // Random indices: truecolour cannot be smaller (a flat image of
        // one colour may be, either way).
        #expect(indexed || count == 1, "\(count) colours, \(alpha), \(width)x\(height)")
      }
    }
  }

  /// 257 colours: truecolour, RGB when opaque, RGBA otherwise.
  @Test func twoHundredFiftySevenColoursAreTruecolour() throws {
    var rng = SplitMix64(seed: 857)
    for alpha in Alpha.allCases {
      let image = PNGIndexedTests.image(colors: 257, alpha: alpha, width: 64, height: 48, &rng)
      let file = try image.pngData()
      let header = TestPNG.chunks(file)[0].data
      #expect(header[8] == 8 && header[9] == (alpha == .opaque ? 2 : 6), "\(alpha)")
      #expect(!TestPNG.chunks(file).contains { $0.type == "PLTE" || $0.type == "tRNS" })
      #expect(try RGBAImage(pngData: file) == image)
    }
  }

  /// Random colour counts around every boundary, alpha modes and sizes:
  /// indexed exactly up to 256 colours, with every rule above.
  @Test func randomPalettesRoundTrip() {
    let gen = Gen<RGBAImage>(generate: { rng in
      let count = rng.chance(1, in: 2) ? rng.element(of: [1, 2, 3, 4, 5, 15, 16, 17, 255, 256, 257]) : rng.int(in: 1...300)
      let alpha = rng.element(of: count == 1 ? [Alpha.opaque, .translucent] : Alpha.allCases)
      return PNGIndexedTests.image(
        colors: count, alpha: alpha, width: rng.int(in: 32...90), height: rng.int(in: 32...60), &rng)
    })
    forAll("PNGIndexedTests.randomPalettesRoundTrip", gen: gen, iterations: 60) { image in
      var colors = Set<[UInt8]>()
      for pixel in stride(from: 0, to: image.pixels.count, by: 4) { colors.insert(Array(image.pixels[pixel..<pixel + 4])) }
      if colors.count <= 256 {
        let (_, indexed) = try PNGIndexedTests.checkIndexed(image, colors: colors.count)
        try ensure(indexed || colors.count == 1, "\(colors.count) random colours written as truecolour")
      } else {
        let file = try image.pngData()
        let opaque = stride(from: 3, to: image.pixels.count, by: 4).allSatisfy { image.pixels[$0] == 255 }
        let colorType = TestPNG.chunks(file)[0].data[9]
        try ensure(colorType == (opaque ? 2 : 6), "\(colors.count) colours written as colour type \(colorType)")
        try ensure(try RGBAImage(pngData: file) == image, "decoded image differs")
      }
      return true
    }
  }

  /// A palette that costs more than the indices save is not written: a
  /// 1×1 image is truecolour.
  @Test func tinyImagesAreTruecolour() throws {
    for pixels: [UInt8] in [[1, 2, 3, 255], [1, 2, 3, 4]] {
      let image = RGBAImage(width: 1, height: 1, pixels: pixels)
      let file = try image.pngData()
      #expect(TestPNG.chunks(file).map(\.type) == ["IHDR", "IDAT", "IEND"])
      #expect(TestPNG.chunks(file)[0].data[9] == (pixels[3] == 255 ? 2 : 6))
      #expect(try RGBAImage(pngData: file) == image)
    }
  }

  /// A flat image of few colours whose truecolour rows compress to almost
  /// nothing: the file is never larger than the filtered truecolour file
  /// (the encoder tries it when the palette is an eighth of the file).
  @Test func neverLargerThanFilteredTruecolour() throws {
    var rng = SplitMix64(seed: 860)
    var images: [RGBAImage] = []
    // Horizontal stripes of 40 colours: every row repeats the one above.
    var stripes = [UInt8]()
    let colors = (0..<40).map { _ in (0..<3).map { _ in UInt8(truncatingIfNeeded: rng.next()) } + [255] }
    for _ in 0..<30 { for x in 0..<200 { stripes += colors[x % 40] } }
    images.append(RGBAImage(width: 200, height: 30, pixels: stripes))
    images.append(PNGIndexedTests.image(colors: 2, alpha: .opaque, width: 4, height: 4, &rng))
    images.append(PNGIndexedTests.image(colors: 200, alpha: .mixed, width: 20, height: 15, &rng))
    for image in images {
      let file = try image.pngData()
      let opaque = stride(from: 3, to: image.pixels.count, by: 4).allSatisfy { image.pixels[$0] == 255 }
      var rows = [UInt8](repeating: 0, count: image.height * (image.width * 4 + 1) + DeflateEncoder.readPadding)
      let truecolour = image.pixels.withUnsafeBufferPointer { pixels in
        rows.withUnsafeMutableBufferPointer { rows in
          PNGEncoder.truecolourFile(
            pixels.baseAddress!, width: image.width, height: image.height, bytesPerPixel: opaque ? 3 : 4,
            rows: rows.baseAddress!, sampling: false)
        }
      }
      #expect(file.count <= truecolour.count, "\(image.width)x\(image.height)")
      #expect(try RGBAImage(pngData: file) == image)
    }
  }
}
