/// Decodes an `ALPH` chunk: its plane, raw or compressed as the green
/// channel of a headerless `VP8L` image, with its filter undone (RFC 9649,
/// "Alpha"), into the alpha bytes of a decoded RGBA image.
///
/// The header's pre-processing and reserved bits are ignored
/// (`shared/spec/webp.md`).
struct WebPAlphaDecoder {
  /// The lossless decoder for compressed planes, with its scratch.
  private var lossless = VP8LDecoder()
  /// The plane, before and after unfiltering; sized once to the largest.
  private var plane: [UInt8] = []

  /// Makes a decoder with empty scratch buffers.
  init() {}

  /// Decodes the `ALPH` payload `payload` (at `offset` in the file) of a
  /// `width × height` image and writes it over the alpha bytes of `rgba`.
  ///
  /// - Precondition: `rgba` holds `width * height * 4` bytes at least.
  /// - Throws: ``WebPImageError`` when the chunk does not decode.
  /// - Complexity: O(*w* × *h* + *n*) for *n* payload bytes.
  mutating func decode(
    _ payload: UnsafeRawBufferPointer, offset: Int, width: Int, height: Int, into rgba: UnsafeMutableBufferPointer<UInt8>
  ) throws(WebPImageError) {
    let count = width * height
    precondition(rgba.count >= count * 4, "RGBA buffer too small for the image")
    guard let header = payload.first else { throw .alphaTooShort(offset: offset) }
    let method = Int(header & 3)
    let filter = Int(header >> 2) & 3
    if plane.count < count { plane = [UInt8](zeroed: count) }  // grows to the largest plane, once
    switch method {
    case 0:
      guard payload.count - 1 >= count else { throw .alphaTooShort(offset: offset) }
      plane.withUnsafeMutableBytes { target in
        target.copyMemory(from: UnsafeRawBufferPointer(rebasing: payload[1..<(1 + count)]))
      }
    case 1:
      let data = UnsafeRawBufferPointer(rebasing: payload[1...])
      do {
        try plane.withUnsafeMutableBufferPointer { (target) throws(VP8LDecodingError) in
          try lossless.decodeAlpha(data, offset: offset + 1, width: width, height: height, into: target)
        }
      } catch {
        throw .alphaLossless(error)
      }
    default:
      throw .alphaMethod(method, offset: offset)
    }
    plane.withUnsafeMutableBufferPointer { plane in
      Self.unfilter(filter, plane, width: width, height: height)
      for position in 0..<count { rgba[position * 4 + 3] = plane[position] }
    }
  }

  /// Reads the `ALPH` payload `payload` (at `offset` in the file) of a
  /// `width × height` image as ``decode(_:offset:width:height:into:)``
  /// does, throwing exactly where it throws, without producing the plane.
  ///
  /// - Throws: ``WebPImageError`` when the chunk does not decode.
  /// - Complexity: O(*w* × *h* + *n*) for *n* payload bytes.
  mutating func check(_ payload: UnsafeRawBufferPointer, offset: Int, width: Int, height: Int) throws(WebPImageError) {
    guard let header = payload.first else { throw .alphaTooShort(offset: offset) }
    switch Int(header & 3) {
    case 0:
      guard payload.count - 1 >= width * height else { throw .alphaTooShort(offset: offset) }
    case 1:
      do {
        try lossless.checkAlpha(UnsafeRawBufferPointer(rebasing: payload[1...]), offset: offset + 1, width: width, height: height)
      } catch {
        throw .alphaLossless(error)
      }
    case let method:
      throw .alphaMethod(method, offset: offset)
    }
  }

  /// Undoes filter `filter` (0 none, 1 horizontal, 2 vertical, 3
  /// gradient) of a `width × height` plane in place, modulo 256: the
  /// top-left value is predicted by 0, the rest of the first row by the
  /// value on its left, the rest of the first column by the value above;
  /// other values by the left one (horizontal), the one above (vertical),
  /// or `clip(left + above - above-left)` (gradient).
  ///
  /// - Complexity: O(*w* × *h*).
  static func unfilter(_ filter: Int, _ plane: UnsafeMutableBufferPointer<UInt8>, width: Int, height: Int) {
    guard filter != 0, width > 0, height > 0 else { return }
    for x in 1..<width { plane[x] &+= plane[x - 1] }
    for y in 1..<height {
      let row = y * width
      let above = row - width
      plane[row] &+= plane[above]
      switch filter {
      case 1:
        for x in 1..<width { plane[row + x] &+= plane[row + x - 1] }
      case 2:
        for x in 1..<width { plane[row + x] &+= plane[above + x] }
      default:
        for x in 1..<width {
          let predicted = Int(plane[row + x - 1]) + Int(plane[above + x]) - Int(plane[above + x - 1])
          plane[row + x] &+= UInt8(min(max(predicted, 0), 255))
        }
      }
    }
  }
}
