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
  /// How hard the encoder works for a smaller file. Default
  /// ``Effort/smallest``.
  public var effort: Effort

  /// How hard ``GIFEncoder`` works for a smaller file. Every level writes
  /// the same pixels and durations: only the size and the time differ.
  public enum Effort: Hashable, Sendable {
    /// One encoding of each frame: the rectangle where it changes, drawn
    /// over the frame before it (disposal 1, or another only when the
    /// next frame cannot be drawn over that), unchanged pixels
    /// transparent where the table has a transparent entry. What
    /// `gifsicle -O1` does, about twice as fast as ``smallest`` on
    /// animations of small changes, and larger.
    case fast
    /// Each frame's disposal chosen by the size of the next frame's
    /// stream, and each stream's smallest LZW choice (unchanged pixels
    /// transparent or their colour, the full table cleared or kept): every
    /// candidate is encoded.
    case smallest
  }

  /// Options with the given settings; the defaults write what every
  /// browser plays as intended, as small as the encoder can.
  public init(dithering: Bool = false, allowsShortDelays: Bool = false, effort: Effort = .smallest) {
    self.dithering = dithering
    self.allowsShortDelays = allowsShortDelays
    self.effort = effort
  }
}
