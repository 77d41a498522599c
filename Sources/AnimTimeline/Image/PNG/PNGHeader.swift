/// The fields of a PNG's `IHDR` chunk that decoding needs, validated.
struct PNGHeader: Hashable {
  /// PNG colour types.
  enum ColorType: Int {
    case grey = 0
    case rgb = 2
    case indexed = 3
    case greyAlpha = 4
    case rgba = 6

    /// Samples per pixel.
    var channels: Int {
      switch self {
      case .grey, .indexed: return 1
      case .greyAlpha: return 2
      case .rgb: return 3
      case .rgba: return 4
      }
    }

    /// The bit depths PNG allows for this colour type.
    var allowedDepths: [Int] {
      switch self {
      case .grey: return [1, 2, 4, 8, 16]
      case .indexed: return [1, 2, 4, 8]
      case .rgb, .greyAlpha, .rgba: return [8, 16]
      }
    }
  }

  /// One pass of an image: where its pixels sit in the full image.
  struct Pass: Hashable {
    var xStart: Int
    var yStart: Int
    var xStep: Int
    var yStep: Int
    /// The pass's size in pixels (0 when it holds no pixels).
    var width: Int
    var height: Int
  }

  var width: Int
  var height: Int
  var bitDepth: Int
  var colorType: ColorType
  var interlaced: Bool

  /// Bits per pixel.
  var bitsPerPixel: Int { bitDepth * colorType.channels }
  /// The distance in bytes between a byte and the one the filters treat as
  /// its left neighbour (at least 1).
  var filterStride: Int { max(1, bitsPerPixel / 8) }
  /// Bytes of one row of `pixels` pixels, without the filter byte.
  func rowBytes(_ pixels: Int) -> Int { (pixels * bitsPerPixel + 7) / 8 }

  /// Reads the 13 bytes of an `IHDR` chunk at `start` (the chunk begins at
  /// `offset`).
  init(_ bytes: UnsafeRawBufferPointer, at start: Int, chunkOffset offset: Int) throws(PNGError) {
    func bigEndian(_ at: Int) -> Int {
      Int(bytes[at]) << 24 | Int(bytes[at + 1]) << 16 | Int(bytes[at + 2]) << 8 | Int(bytes[at + 3])
    }
    width = bigEndian(start)
    height = bigEndian(start + 4)
    bitDepth = Int(bytes[start + 8])
    let rawColorType = Int(bytes[start + 9])
    if width == 0 || height == 0 || width > 0x7FFF_FFFF || height > 0x7FFF_FFFF {
      throw .badDimensions(width: width, height: height)
    }
    guard let colorType = ColorType(rawValue: rawColorType), colorType.allowedDepths.contains(bitDepth),
      bytes[start + 10] == 0, bytes[start + 11] == 0, bytes[start + 12] <= 1
    else {
      throw .unsupportedFormat(colorType: rawColorType, bitDepth: bitDepth, offset: offset)
    }
    self.colorType = colorType
    interlaced = bytes[start + 12] == 1
  }

  /// The number of passes: 7 for Adam7, else 1.
  var passCount: Int { interlaced ? 7 : 1 }

  /// Pass `number` (`0..<passCount`, in stream order) of the image: the
  /// whole image, or Adam7's pass (PNG specification, section 8.2).
  /// Allocates nothing.
  ///
  /// - Complexity: O(1).
  func pass(_ number: Int) -> Pass {
    let (xStart, yStart, xStep, yStep): (Int, Int, Int, Int)
    switch interlaced ? number : -1 {
    case 0: (xStart, yStart, xStep, yStep) = (0, 0, 8, 8)
    case 1: (xStart, yStart, xStep, yStep) = (4, 0, 8, 8)
    case 2: (xStart, yStart, xStep, yStep) = (0, 4, 4, 8)
    case 3: (xStart, yStart, xStep, yStep) = (2, 0, 4, 4)
    case 4: (xStart, yStart, xStep, yStep) = (0, 2, 2, 4)
    case 5: (xStart, yStart, xStep, yStep) = (1, 0, 2, 2)
    case 6: (xStart, yStart, xStep, yStep) = (0, 1, 1, 2)
    default: (xStart, yStart, xStep, yStep) = (0, 0, 1, 1)
    }
    return Pass(
      xStart: xStart, yStart: yStart, xStep: xStep, yStep: yStep,
      width: width > xStart ? (width - xStart + xStep - 1) / xStep : 0,
      height: height > yStart ? (height - yStart + yStep - 1) / yStep : 0)
  }

  /// The bytes of the decompressed image data: each non-empty pass's rows,
  /// each with its filter byte.
  var filteredByteCount: Int {
    var total = 0
    for number in 0..<passCount {
      let pass = pass(number)
      if pass.width > 0 && pass.height > 0 { total += (rowBytes(pass.width) + 1) * pass.height }
    }
    return total
  }
}
