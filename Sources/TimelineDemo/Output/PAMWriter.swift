import AnimTimeline

/// Writes RGBA images as PAM (`P7`, `TUPLTYPE RGB_ALPHA`).
enum PAMWriter {
  /// The PAM file of `image`.
  ///
  /// - Complexity: O(*n*) in the pixel bytes.
  static func encode(_ image: RGBAImage) -> [UInt8] {
    let header = "P7\nWIDTH \(image.width)\nHEIGHT \(image.height)\nDEPTH 4\nMAXVAL 255\nTUPLTYPE RGB_ALPHA\nENDHDR\n"
    var out = Array(header.utf8)
    out.reserveCapacity(out.count + image.pixels.count)
    out.append(contentsOf: image.pixels)
    return out
  }
}
