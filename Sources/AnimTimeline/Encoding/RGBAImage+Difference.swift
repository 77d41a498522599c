extension RGBAImage {
  /// The smallest rectangle outside which this image and `other` have
  /// equal pixels, or `nil` when every pixel is equal. Both images must
  /// be consistent and of one size.
  ///
  /// What the encoders write for a frame after the first: only the
  /// rectangle that changed.
  ///
  /// - Complexity: O(*n*) in the pixels; the rows outside the rectangle
  ///   are compared a pixel at a time, stopping at the first difference.
  func differingRectangle(from other: RGBAImage) -> PixelRect? {
    precondition(width == other.width && height == other.height, "images of one size")
    guard width > 0 && height > 0 else { return nil }
    return pixels.withUnsafeBytes { mine in
      other.pixels.withUnsafeBytes { theirs in
        let width = self.width
        func pixel(_ buffer: UnsafeRawBufferPointer, _ x: Int, _ y: Int) -> UInt32 {
          buffer.loadUnaligned(fromByteOffset: (y * width + x) * 4, as: UInt32.self)
        }
        func rowDiffers(_ y: Int) -> Bool {
          let start = y * width * 4
          return memoryDiffers(mine.baseAddress! + start, theirs.baseAddress! + start, count: width * 4)
        }
        guard let top = (0..<height).first(where: rowDiffers) else { return nil }
        let bottom = (top..<height).last(where: rowDiffers)!
        var left = width
        var right = -1
        // Two pixels a compare, then one (one at a time, these scans were
        // most of the encoders' rectangle search on gifplayer-muybridge.gif).
        func pair(_ buffer: UnsafeRawBufferPointer, _ x: Int, _ y: Int) -> UInt64 {
          buffer.loadUnaligned(fromByteOffset: (y * width + x) * 4, as: UInt64.self)
        }
        for y in top...bottom {
          var x = 0
          while x + 1 < left && pair(mine, x, y) == pair(theirs, x, y) { x += 2 }
          while x < left && pixel(mine, x, y) == pixel(theirs, x, y) { x += 1 }
          left = Swift.min(left, x)
          var r = width - 1
          while r - 1 > right && pair(mine, r - 1, y) == pair(theirs, r - 1, y) { r -= 2 }
          while r > right && pixel(mine, r, y) == pixel(theirs, r, y) { r -= 1 }
          right = Swift.max(right, r)
        }
        return PixelRect(x: left, y: top, width: right - left + 1, height: bottom - top + 1)
      }
    }
  }
}

extension RGBAImage {
  /// The pixels inside `rectangle` (inside the image), row by row: what
  /// the encoders write of a frame's rectangle.
  ///
  /// - Complexity: O(*r*) in the rectangle's pixels.
  func cropped(to rectangle: PixelRect) -> [UInt8] {
    var out: [UInt8] = []
    out.reserveCapacity(rectangle.width * rectangle.height * 4)
    for y in rectangle.y..<rectangle.y + rectangle.height {
      let start = (y * width + rectangle.x) * 4
      out += pixels[start..<start + rectangle.width * 4]
    }
    return out
  }
}

/// Whether `count` bytes at `a` and `b` differ, compared eight at a time.
private func memoryDiffers(_ a: UnsafeRawPointer, _ b: UnsafeRawPointer, count: Int) -> Bool {
  var offset = 0
  while offset + 8 <= count {
    if a.loadUnaligned(fromByteOffset: offset, as: UInt64.self) != b.loadUnaligned(fromByteOffset: offset, as: UInt64.self) {
      return true
    }
    offset += 8
  }
  while offset < count {
    if a.load(fromByteOffset: offset, as: UInt8.self) != b.load(fromByteOffset: offset, as: UInt8.self) { return true }
    offset += 1
  }
  return false
}
