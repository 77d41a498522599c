/// The distance map of VP8L backward references (RFC 9649, section
/// 4.2.2): distance codes 1...120 name a neighbour by its offset
/// `(dx, dy)` (dx columns left, dy rows up) from the current pixel;
/// larger codes are plain distances, less 120.
enum VP8LDistanceMap {
  /// `(dx, dy)` of codes 1...120, packed as `dy << 4 | (8 - dx)`
  /// (dx is -7...8, dy 0...7).
  static let offsets: [UInt8] = {
    let pairs: [(Int, Int)] = [
      (0, 1), (1, 0), (1, 1), (-1, 1), (0, 2), (2, 0), (1, 2), (-1, 2),
      (2, 1), (-2, 1), (2, 2), (-2, 2), (0, 3), (3, 0), (1, 3), (-1, 3),
      (3, 1), (-3, 1), (2, 3), (-2, 3), (3, 2), (-3, 2), (0, 4), (4, 0),
      (1, 4), (-1, 4), (4, 1), (-4, 1), (3, 3), (-3, 3), (2, 4), (-2, 4),
      (4, 2), (-4, 2), (0, 5), (3, 4), (-3, 4), (4, 3), (-4, 3), (5, 0),
      (1, 5), (-1, 5), (5, 1), (-5, 1), (2, 5), (-2, 5), (5, 2), (-5, 2),
      (4, 4), (-4, 4), (3, 5), (-3, 5), (5, 3), (-5, 3), (0, 6), (6, 0),
      (1, 6), (-1, 6), (6, 1), (-6, 1), (2, 6), (-2, 6), (6, 2), (-6, 2),
      (4, 5), (-4, 5), (5, 4), (-5, 4), (3, 6), (-3, 6), (6, 3), (-6, 3),
      (0, 7), (7, 0), (1, 7), (-1, 7), (5, 5), (-5, 5), (7, 1), (-7, 1),
      (4, 6), (-4, 6), (6, 4), (-6, 4), (2, 7), (-2, 7), (7, 2), (-7, 2),
      (3, 7), (-3, 7), (7, 3), (-7, 3), (5, 6), (-5, 6), (6, 5), (-6, 5),
      (8, 0), (4, 7), (-4, 7), (7, 4), (-7, 4), (8, 1), (8, 2), (6, 6),
      (-6, 6), (8, 3), (5, 7), (-5, 7), (7, 5), (-7, 5), (8, 4), (6, 7),
      (-6, 7), (7, 6), (-7, 6), (8, 5), (7, 7), (-7, 7), (8, 6), (8, 7),
    ]
    return pairs.map { UInt8($0.1 << 4 | (8 - $0.0)) }
  }()

  /// The distance in pixels of distance code `code` (at least 1) in an
  /// image `width` pixels wide: `dx + dy * width` for the first 120 codes
  /// (at least 1), `code - 120` above.
  @inline(__always)
  static func distance(code: Int, width: Int, offsets: UnsafePointer<UInt8>) -> Int {
    if code > 120 { return code - 120 }
    let packed = Int(offsets[code - 1])
    let distance = (packed >> 4) * width + 8 - (packed & 15)
    return distance >= 1 ? distance : 1
  }
}
