/// One frame of a WebP file as its `ANMF` chunk and its bitstream's header
/// describe it, with where its image data lies in the file.
///
/// A still image's one frame is the whole canvas at `(0, 0)`, duration 0,
/// neither blending nor disposing.
public struct WebPFrameInfo: Hashable, Sendable {
  /// The left edge of the frame on the canvas: twice `ANMF`'s X field.
  public var x: Int
  /// The top edge: twice `ANMF`'s Y field.
  public var y: Int
  /// The width of the frame's bitstream (`ANMF`'s own field is ignored,
  /// as libwebp ignores it).
  public var width: Int
  /// The height of the frame's bitstream.
  public var height: Int
  /// The duration as stored, in milliseconds (24 bits).
  public var durationMilliseconds: Int
  /// Whether the frame is alpha-blended onto the canvas (`ANMF`'s blending
  /// bit is 0).
  public var blends: Bool
  /// Whether the frame's rectangle is cleared to transparent black after
  /// it is shown (`ANMF`'s disposal bit is 1).
  public var disposesToBackground: Bool
  /// Whether the image is lossless (`VP8L`); else lossy (`VP8 `).
  public var isLossless: Bool
  /// Whether the frame has alpha: an `ALPH` chunk, or a `VP8L` header's
  /// alpha-is-used bit (it decides key frames, never pixels).
  public var hasAlpha: Bool
  /// The image chunk's payload (`VP8 ` or `VP8L`) in the file.
  var image: Range<Int>
  /// Where the bitstream's data may run to: the payload's end for an
  /// animation's frame, the end of the file for a still image (libwebp's
  /// still decoders, lossy and lossless, read on past the chunk: its padding, later chunks and
  /// bytes past the RIFF size, so a bitstream cut short inside its chunk
  /// can still decode from them).
  var dataEnd: Int
  /// The `ALPH` chunk's payload, if any (lossy images only).
  var alpha: Range<Int>?
  /// The offset of the frame's `ANMF` chunk (of the image chunk, for a
  /// still image), for diagnostics.
  var chunkOffset: Int

  /// The frame's rectangle on the canvas.
  public var rectangle: PixelRect { PixelRect(x: x, y: y, width: width, height: height) }

  /// The raw duration in nanoseconds.
  public var rawDelayNanoseconds: Int64 { Int64(durationMilliseconds) * 1_000_000 }
}
