/// What a ``GIFFrameProvider`` knows about whether a frame decodes whole.
///
/// A frame is complete when all its `width * height` pixels were decoded
/// (see `Docs/GIFProvider.md`). Most frames are unknown until they are first
/// drawn; the frames whose data need not be decoded to know are settled when
/// the file is opened.
enum GIFFrameCompleteness: UInt8, Hashable, Sendable {
  /// Not decoded yet.
  case unknown
  /// Every pixel was decoded, or the frame has zero width or height (it
  /// draws nothing and its data is never decoded).
  case complete
  /// The LZW data stopped before the last pixel, or (on a frame after the
  /// first) the minimum code size is outside `1...8`, so it draws nothing.
  case incomplete
}
