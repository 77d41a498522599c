/// How ``GIFEncoder`` writes a GIF.
public struct GIFEncodingOptions: Hashable, Sendable {
  /// Whether true-colour animations (more than 256 colours) are dithered
  /// with an ordered (8×8 Bayer) pattern when reduced to a palette. The
  /// pattern is fixed in place, so it does not flicker between frames.
  /// Animations with at most 256 colours are never dithered. Default
  /// `false`.
  public var dithering: Bool
  /// Whether delays of 1 cs may be written. Browsers play a delay of 0 or
  /// 1 cs as 100 ms, so by default (`false`) no delay below 2 cs is
  /// written: a frame that would last 1 cs is merged into the frame
  /// before it.
  public var allowsShortDelays: Bool

  /// Options with the given settings; the defaults write what every
  /// browser plays as intended.
  public init(dithering: Bool = false, allowsShortDelays: Bool = false) {
    self.dithering = dithering
    self.allowsShortDelays = allowsShortDelays
  }
}
