/// What a frame's disposal method does to the canvas after the frame has
/// been shown, before the next frame is drawn.
///
/// A GIF stores the method as a number, 0...7, which
/// ``GIFFrameInfo/disposal`` keeps as written; only three behaviours exist
/// (see `Docs/GIFProvider.md`), and the provider works with these.
enum GIFDisposal: Hashable, Sendable {
  /// Stored 0 (unspecified), 1 (do not dispose) and the reserved 5, 6, 7:
  /// the canvas stays as the frame left it.
  case keep
  /// Stored 2: the frame's rectangle, clipped to the canvas, becomes
  /// transparent black.
  case clearRectangle
  /// Stored 3 (restore to previous) and 4, which browsers treat as 3: the
  /// canvas goes back to what it was just before the frame was
  /// drawn.
  case restorePrevious

  /// The behaviour of the stored value `disposal`.
  init(stored disposal: UInt8) {
    switch disposal {
    case 2: self = .clearRectangle
    case 3, 4: self = .restorePrevious
    default: self = .keep
    }
  }
}

extension GIFFrameInfo {
  /// What the frame's stored ``disposal`` does to the canvas.
  var disposalMethod: GIFDisposal { GIFDisposal(stored: disposal) }
}
