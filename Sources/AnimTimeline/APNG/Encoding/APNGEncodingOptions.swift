/// How ``APNGEncoder`` writes an animation.
public struct APNGEncodingOptions: Hashable, Sendable {
  /// Whether each frame after the first is written the smallest of
  /// several ways: after each dispose op of the frame before it (`NONE`,
  /// `BACKGROUND`, `PREVIOUS`) that gives a different canvas, with each
  /// blend op (`SOURCE`, and `OVER` when it can reproduce the frame, its
  /// unchanged pixels made fully transparent), every candidate actually
  /// compressed. When `false`, every frame is disposed with `NONE` and
  /// drawn with `SOURCE`: at most one compression a frame. Default `true`.
  public var choosesDisposalAndBlend: Bool

  /// Options that choose dispose and blend ops (`true`) or write every
  /// frame with `NONE` and `SOURCE` (`false`).
  public init(choosesDisposalAndBlend: Bool = true) {
    self.choosesDisposalAndBlend = choosesDisposalAndBlend
  }
}
