/// A rectangle of pixels: its top-left corner and its size, in pixels.
///
/// Every format places its frames with one: a GIF frame's image
/// descriptor, an APNG frame's `fcTL`. A rectangle may reach past the
/// canvas (a GIF frame can); ``clipped(toWidth:height:)`` gives the part
/// that is drawn.
public struct PixelRect: Hashable, Sendable {
  /// The left edge.
  public var x: Int
  /// The top edge.
  public var y: Int
  /// The width, at least 0.
  public var width: Int
  /// The height, at least 0.
  public var height: Int

  /// A rectangle at `(x, y)` of `width × height` pixels.
  public init(x: Int, y: Int, width: Int, height: Int) {
    self.x = x
    self.y = y
    self.width = width
    self.height = height
  }

  /// Whether the rectangle holds no pixel.
  public var isEmpty: Bool { width <= 0 || height <= 0 }

  /// The part of the rectangle inside a canvas of `canvasWidth ×
  /// canvasHeight` pixels at the origin; an empty rectangle at `(0, 0)`
  /// when nothing is inside.
  public func clipped(toWidth canvasWidth: Int, height canvasHeight: Int) -> PixelRect {
    guard x >= 0, y >= 0, x < canvasWidth, y < canvasHeight else { return PixelRect(x: 0, y: 0, width: 0, height: 0) }
    return PixelRect(x: x, y: y, width: max(0, min(width, canvasWidth - x)), height: max(0, min(height, canvasHeight - y)))
  }

  /// Whether the rectangle, placed at the origin, covers every pixel of a
  /// canvas of `canvasWidth × canvasHeight` pixels.
  public func covers(width canvasWidth: Int, height canvasHeight: Int) -> Bool {
    x == 0 && y == 0 && width >= canvasWidth && height >= canvasHeight
  }

  /// The smallest rectangle holding both this one and `other` (both not
  /// empty).
  func union(_ other: PixelRect) -> PixelRect {
    let left = min(x, other.x)
    let top = min(y, other.y)
    let right = max(x + width, other.x + other.width)
    let bottom = max(y + height, other.y + other.height)
    return PixelRect(x: left, y: top, width: right - left, height: bottom - top)
  }
}
