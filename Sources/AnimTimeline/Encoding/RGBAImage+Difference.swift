#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

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
    differingRectangle(from: other, within: PixelRect(x: 0, y: 0, width: width, height: height))
  }

  /// ``differingRectangle(from:)`` when the two images are known to be
  /// equal outside `bounds` (inside both): only `bounds` is compared.
  ///
  /// - Complexity: O(*n*) in the pixels of `bounds`.
  func differingRectangle(from other: RGBAImage, within bounds: PixelRect) -> PixelRect? {
    precondition(width == other.width && height == other.height, "images of one size")
    guard bounds.width > 0 && bounds.height > 0 else { return nil }
    return pixels.withUnsafeBytes { mine in
      other.pixels.withUnsafeBytes { theirs in
        let width = self.width
        func pixel(_ buffer: UnsafeRawBufferPointer, _ x: Int, _ y: Int) -> UInt32 {
          buffer.loadUnaligned(fromByteOffset: (y * width + x) * 4, as: UInt32.self)
        }
        func rowDiffers(_ y: Int) -> Bool {
          let start = (y * width + bounds.x) * 4
          return memoryDiffers(mine.baseAddress! + start, theirs.baseAddress! + start, count: bounds.width * 4)
        }
        let rows = bounds.y..<bounds.y + bounds.height
        guard let top = rows.first(where: rowDiffers) else { return nil }
        let bottom = (top..<rows.upperBound).last(where: rowDiffers)!
        var left = bounds.x + bounds.width
        var right = bounds.x - 1
        // Two pixels a compare, then one (one at a time, these scans were
        // most of the encoders' rectangle search on gifplayer-muybridge.gif).
        func pair(_ buffer: UnsafeRawBufferPointer, _ x: Int, _ y: Int) -> UInt64 {
          buffer.loadUnaligned(fromByteOffset: (y * width + x) * 4, as: UInt64.self)
        }
        for y in top...bottom {
          var x = bounds.x
          while x + 1 < left && pair(mine, x, y) == pair(theirs, x, y) { x += 2 }
          while x < left && pixel(mine, x, y) == pixel(theirs, x, y) { x += 1 }
          left = Swift.min(left, x)
          var r = bounds.x + bounds.width - 1
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
    let count = rectangle.width * rectangle.height * 4
    precondition(
      rectangle.x >= 0 && rectangle.y >= 0 && rectangle.x + rectangle.width <= width
        && rectangle.y + rectangle.height <= height && count > 0, "a rectangle inside the image")
    // Written once, not zeroed first (a zero-filled buffer cost 0.9 % of
    // the instructions of converting gifplayer-muybridge.gif).
    return [UInt8](unsafeUninitializedCapacity: count) { out, initialized in
      pixels.withUnsafeBytes { source in
        AnimationCanvas.copyRows(
          of: rectangle, width: width, from: source.baseAddress!, to: UnsafeMutableRawPointer(out.baseAddress!))
      }
      initialized = count
    }
  }
}

/// Whether `count` bytes at `a` and `b` differ: the C library's `memcmp`,
/// which compares a vector register at a time (eight bytes a compare in
/// Swift, the canvas comparisons were 7 % of the instructions of
/// `convert` on a GIF of whole frames; Performance.md, 2026-11-27).
private func memoryDiffers(_ a: UnsafeRawPointer, _ b: UnsafeRawPointer, count: Int) -> Bool {
  memcmp(a, b, count) != 0
}
