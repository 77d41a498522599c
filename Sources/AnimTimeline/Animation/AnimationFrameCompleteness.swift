/// What an animated image provider knows about whether a frame decodes
/// whole.
///
/// A frame is complete when all its `width * height` pixels were decoded
/// (for GIF, see `Docs/GIFProvider.md`). Most frames are unknown until they are first
/// drawn; the frames whose data need not be decoded to know are settled when
/// the file is opened.
enum AnimationFrameCompleteness: UInt8, Hashable, Sendable {
  /// Not decoded yet.
  case unknown
  /// Every pixel was decoded, or the frame has zero width or height (it
  /// draws nothing and its data is never decoded).
  case complete
  /// The data stopped before the last pixel (a GIF frame's LZW data), or
  /// the frame's data cannot be drawn at all (a GIF frame after the first
  /// with a minimum code size outside `1...8`).
  case incomplete
}
