extension RGBAImage {
  /// The image as a PAM file (Netpbm's `P7`, `TUPLTYPE RGB_ALPHA`, depth
  /// 4, maxval 255): a text header, then the pixels as they are.
  ///
  /// - Throws: ``ImageError/inconsistentImage(width:height:byteCount:)``
  ///   when `pixels` is not `width * height * 4` bytes;
  ///   ``ImageError/emptyImage(width:height:)`` when a side is 0 (PAM
  ///   readers require `WIDTH` and `HEIGHT` of at least 1).
  /// - Complexity: O(*n*) in the pixel bytes.
  public func pamData() throws(ImageError) -> [UInt8] {
    try checkConsistency()
    guard width >= 1 && height >= 1 else { throw .emptyImage(width: width, height: height) }
    let header = "P7\nWIDTH \(width)\nHEIGHT \(height)\nDEPTH 4\nMAXVAL 255\nTUPLTYPE RGB_ALPHA\nENDHDR\n"
    var out: [UInt8] = []
    out.reserveCapacity(header.utf8.count + pixels.count)
    out.append(contentsOf: header.utf8)
    out.append(contentsOf: pixels)
    return out
  }
}
