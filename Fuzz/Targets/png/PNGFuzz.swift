import AnimTimeline
import TimelineScript

/// libFuzzer target `png`. Byte 0 picks how the rest becomes a PNG:
/// - 0 (and 3, 6, ...): the rest is the file, as it is;
/// - 1: the rest is the file, with every chunk's CRC-32 recomputed, so
///   that mutations reach past the CRC check;
/// - 2: the rest is a header (size, colour type, depth, interlace, a
///   palette and tRNS), then filtered rows, wrapped in a valid zlib stream
///   of stored blocks, so that arbitrary filter types and samples reach
///   the unfiltering and the expansion to RGBA.
///
/// Checks: decoding with small limits succeeds or throws a `PNGError`
/// (never traps); a decoded image has `width * height * 4` bytes within
/// the limits; its `pngData()` decodes to the same image; a thumbnail has
/// the fitted size, is the image itself when that fits, and otherwise has
/// no colour in fully transparent pixels; `pamData()` is longer than the
/// pixels; the image made inconsistent (a side or the pixel count changed
/// as the input's length picks) makes `pngData()`, `pamData()` and
/// `resized(toFit:)` throw `ImageError.inconsistentImage`, never trap.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPNG(_ data: UnsafeRawPointer, _ size: Int) -> CInt {
  let bytes = Array(UnsafeRawBufferPointer(start: data, count: size))
  guard let mode = bytes.first else { return 0 }
  let rest = Array(bytes.dropFirst())
  let file: [UInt8]
  switch mode % 3 {
  case 1: file = repairingCRCs(rest)
  case 2: file = synthesized(rest)
  default: file = rest
  }
  let options = PNGDecodingOptions(maxPixels: 1 << 18, maxDecompressedBytes: 1 << 22, maxFileBytes: 1 << 20)
  let image: RGBAImage
  do {
    image = try RGBAImage(pngData: file, options: options)
  } catch {
    _ = error.description
    return 0
  }
  fuzzCheck(image.width >= 1 && image.height >= 1 && image.width * image.height <= 1 << 18, "size \(image.width)x\(image.height)")
  fuzzCheck(image.pixels.count == image.width * image.height * 4, "pixel bytes")

  do {
    let again = try RGBAImage(pngData: try image.pngData())
    fuzzCheck(again == image, "encode -> decode changed the image")
  } catch {
    fuzzFailure("our own PNG did not encode or decode: \(error)")
  }

  let bound = ImageSize(width: max(1, image.width / 3), height: max(1, image.height / 2))
  let thumbnail: RGBAImage
  do {
    thumbnail = try image.resized(toFit: bound)
  } catch {
    fuzzFailure("a decoded image could not be shrunk: \(error)")
  }
  // The bound has sides of at least 1, so fitting cannot fail.
  guard let fitted = try? ImageSize(width: image.width, height: image.height).fitted(within: bound) else {
    fuzzFailure("a bound of sides at least 1 was refused")
  }
  fuzzCheck(thumbnail.width == fitted.width && thumbnail.height == fitted.height, "thumbnail size")
  fuzzCheck(thumbnail.width <= bound.width && thumbnail.height <= bound.height, "thumbnail within bounds")
  fuzzCheck(thumbnail.pixels.count == thumbnail.width * thumbnail.height * 4, "thumbnail bytes")
  if fitted == ImageSize(width: image.width, height: image.height) {
    fuzzCheck(thumbnail == image, "an image that fits came back changed")
  } else {
    // Shrunk: a pixel whose alpha averages to 0 is (0, 0, 0, 0).
    for pixel in stride(from: 0, to: thumbnail.pixels.count, by: 4) where thumbnail.pixels[pixel + 3] == 0 {
      fuzzCheck(thumbnail.pixels[pixel..<pixel + 3].allSatisfy { $0 == 0 }, "transparent thumbnail pixel with colour")
    }
  }
  fuzzCheck(((try? image.pamData())?.count ?? 0) > image.pixels.count, "PAM size")
  checkInconsistent(image, variant: size)
  return 0
}

/// Breaks `image` one of six ways (picked by `variant`) and checks that
/// every function that reads it throws `.inconsistentImage` with its
/// sizes.
func checkInconsistent(_ image: RGBAImage, variant: Int) {
  var broken = image
  switch variant % 6 {
  case 0: broken.pixels.removeLast(1 + variant % 4)
  case 1: broken.pixels.append(contentsOf: [0, 0, 0, 0])
  case 2: broken.width += 1
  case 3: broken.height = -broken.height
  case 4: broken.width = Int.max / 2
  default: broken.pixels = []
  }
  let expected = ImageError.inconsistentImage(width: broken.width, height: broken.height, byteCount: broken.pixels.count)
  func check(_ name: String, _ body: () throws(ImageError) -> Void) {
    do {
      try body()
      fuzzFailure("\(name) accepted an inconsistent image \(broken.width)x\(broken.height), \(broken.pixels.count) bytes")
    } catch {
      fuzzCheck(error == expected, "\(name) threw \(error), not \(expected)")
    }
  }
  check("pngData()") { () throws(ImageError) in _ = try broken.pngData() }
  check("pamData()") { () throws(ImageError) in _ = try broken.pamData() }
  check("resized(toFit:)") { () throws(ImageError) in _ = try broken.resized(toFit: ImageSize(width: 1, height: 1)) }
}

/// The file with each chunk's CRC replaced by the right one (chunks read
/// by their length fields while they fit).
func repairingCRCs(_ input: [UInt8]) -> [UInt8] {
  var file = input
  var offset = 8
  while offset + 12 <= file.count {
    let length = Int(file[offset]) << 24 | Int(file[offset + 1]) << 16 | Int(file[offset + 2]) << 8 | Int(file[offset + 3])
    guard length <= file.count - offset - 12 else { break }
    let crc = FuzzCRC32.checksum(file[offset + 4..<offset + 8 + length])
    for index in 0..<4 { file[offset + 8 + length + index] = UInt8(truncatingIfNeeded: crc >> (24 - 8 * index)) }
    offset += 12 + length
  }
  return file
}

/// A PNG built around the input: see the target's description.
func synthesized(_ input: [UInt8]) -> [UInt8] {
  var reader = FuzzInput(input)
  // Valid pairs mostly, an invalid one now and then.
  let formats: [(UInt8, UInt8)] = [
    (0, 1), (0, 2), (0, 4), (0, 8), (0, 16), (2, 8), (2, 16), (3, 1), (3, 2), (3, 4), (3, 8),
    (4, 8), (4, 16), (6, 8), (6, 16), (2, 4), (5, 8),
  ]
  let width = reader.below(64) + 1
  let height = reader.below(64) + 1
  let (colorType, depth) = formats[reader.below(formats.count)]
  let interlace = UInt8(reader.below(2))
  var chunks: [(String, [UInt8])] = []
  var ihdr = bigEndian(UInt32(width)) + bigEndian(UInt32(height))
  ihdr += [depth, colorType, 0, 0, interlace]
  chunks.append(("IHDR", ihdr))
  let paletteEntries = reader.below(257)
  if paletteEntries > 0 {
    chunks.append(("PLTE", (0..<(paletteEntries * 3)).map { _ in reader.byte() }))
  }
  let transparency = reader.below(8)
  if transparency > 0 {
    let count = transparency == 7 ? reader.below(257) : [2, 6, 1, 3, 2, 6][transparency - 1]
    chunks.append(("tRNS", (0..<count).map { _ in reader.byte() }))
  }
  let rows = reader.remaining
  // zlib: header, stored blocks of at most 65,535 bytes, Adler-32.
  var stream: [UInt8] = [0x78, 0x01]
  var start = 0
  repeat {
    let length = min(65535, rows.count - start)
    let final: UInt8 = start + length == rows.count ? 1 : 0
    stream += [final, UInt8(length & 0xFF), UInt8(length >> 8), UInt8(~length & 0xFF), UInt8((~length >> 8) & 0xFF)]
    stream += rows[start..<start + length]
    start += length
  } while start < rows.count
  var a: UInt32 = 1
  var b: UInt32 = 0
  for byte in rows {
    a = (a + UInt32(byte)) % 65521
    b = (b + a) % 65521
  }
  stream += bigEndian(b << 16 | a)
  chunks.append(("IDAT", stream))
  chunks.append(("IEND", []))
  var file: [UInt8] = [137, 80, 78, 71, 13, 10, 26, 10]
  for (type, data) in chunks {
    let body = Array(type.utf8) + data
    file += bigEndian(UInt32(data.count)) + body + bigEndian(FuzzCRC32.checksum(body[...]))
  }
  return file
}

func bigEndian(_ value: UInt32) -> [UInt8] {
  [UInt8(value >> 24), UInt8((value >> 16) & 0xFF), UInt8((value >> 8) & 0xFF), UInt8(value & 0xFF)]
}

/// CRC-32 (reflected 0xEDB88320), bit by bit: the target sees only the
/// library's public API.
enum FuzzCRC32 {
  static func checksum(_ bytes: ArraySlice<UInt8>) -> UInt32 {
    var value: UInt32 = 0xFFFF_FFFF
    for byte in bytes {
      value ^= UInt32(byte)
      for _ in 0..<8 { value = (value >> 1) ^ (0xEDB8_8320 & (0 &- (value & 1))) }
    }
    return ~value
  }
}
