/// What a format contributes to the animation engine: drawing one frame's
/// pixels onto the canvas. The engine (``AnimationDecodingState``,
/// ``AnimationWorker``) does the rest: disposal, the saved rectangle of a
/// restoring frame, the order of drawing, keyframes, the cache and
/// downscaled output.
///
/// A drawer holds the file's bytes and its container index (immutable),
/// and its decoders' scratch buffers, reused from frame to frame; the
/// engine keeps one per worker (a copy of the opening's for each thread
/// drawing at once), used outside the provider's lock by one thread at a
/// time.
protocol AnimationFrameDrawer: Sendable {
  /// Draws frame `position` onto `canvas` and returns whether all its
  /// pixels were decoded.
  ///
  /// Before writing a pixel it calls `prepare` once, which makes `canvas`
  /// the canvas under the frame (`width * height * 4` bytes); its second
  /// argument says whether the frame will overwrite every pixel of the
  /// canvas, in which case only the canvas's size matters.
  mutating func draw(
    _ position: Int, canvas: inout [UInt8], prepare: (inout [UInt8], _ overwritten: Bool) -> Void
  ) -> Bool

  /// Whether frame `position`, once decoded whole, leaves no pixel of the
  /// canvas under it visible (so its canvas is a keyframe's).
  func overwritesCanvas(_ position: Int) -> Bool

  /// A drawer of the same file and index with no scratch of its own yet:
  /// the one the engine keeps to start new workers from. (A copy would
  /// share this drawer's buffers: its first draw would copy them, and the
  /// engine would keep the old ones for the provider's life.)
  var spare: Self { get }
}
