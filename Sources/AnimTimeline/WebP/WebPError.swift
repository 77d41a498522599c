/// Why a WebP file cannot be shown, with the byte offset where it showed
/// (`shared/spec/webp.md`, "Errors").
///
/// Damage after an animation's first frame is not an error: the frames
/// before it stand (``WebPFrameProvider/isTruncated``).
public enum WebPError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The file does not start with `RIFF`, a size and `WEBP` (offset 0).
  case notWebP
  /// The RIFF size is too small to hold one chunk.
  case riffSizeTooSmall(UInt32)
  /// The file is larger than ``WebPOptions/maxFileBytes``.
  case fileTooLarge(bytes: Int, limit: Int)
  /// A chunk, or its padding byte, goes past the end the RIFF size gives.
  case chunkPastRIFFSize(WebPChunkType, offset: Int)
  /// The file ends inside a chunk that must be whole: `VP8X`, `ANIM`,
  /// the first frame's `ANMF`, or any chunk of a still image.
  case cut(WebPChunkType?, offset: Int)
  /// A chunk too short for its fields (`VP8X` below 10 bytes, `ANIM`
  /// below 6, `ANMF` below 16).
  case shortChunk(WebPChunkType, offset: Int)
  /// A chunk where the format does not allow it: a second `VP8X`; `ANMF`
  /// before `ANIM`; `ALPH`, `VP8 ` or `VP8L` outside `ANMF` in an
  /// animation; `ANIM` or `ANMF` in a still image; inside `ANMF`, anything
  /// but `[ALPH] VP8 ` or `VP8L` first; `ALPH` before `VP8L`; a second
  /// `ALPH`, or one after the image chunk; a second image chunk.
  case misplacedChunk(WebPChunkType, offset: Int)
  /// `VP8X` announces an animation, and no `ANIM` follows.
  case missingAnimationChunk(offset: Int)
  /// An animation with no frame, or a still image with no image chunk.
  case noImage(offset: Int)
  /// A frame (by its bitstream's size) not inside the canvas.
  case frameOutsideCanvas(frame: Int, rectangle: PixelRect, canvas: ImageSize, offset: Int)
  /// A still image whose size is not `VP8X`'s canvas size.
  case canvasMismatch(canvas: ImageSize, image: ImageSize, offset: Int)
  /// A canvas (or a still image) above ``WebPOptions/maxCanvasPixels``.
  case tooManyPixels(width: Int, height: Int, limit: Int, offset: Int)
  /// A frame's `VP8 ` or `VP8L` header is invalid (frame 0 for a still
  /// image).
  case invalidImageHeader(frame: Int, reason: String, offset: Int)
  /// The first frame's image (or the still image) does not decode.
  case undecodableImage(frame: Int, reason: String, offset: Int)

  /// What went wrong, and where.
  public var description: String {
    switch self {
    case .notWebP: "not a RIFF/WEBP file (byte 0)"
    case let .riffSizeTooSmall(size): "RIFF size \(size) is too small for one chunk (byte 4)"
    case let .fileTooLarge(bytes, limit): "file of \(bytes) bytes is over the limit of \(limit)"
    case let .chunkPastRIFFSize(type, offset): "chunk '\(type)' (or its padding byte) goes past the RIFF size (byte \(offset))"
    case let .cut(type?, offset): "the file ends inside chunk '\(type)' (byte \(offset))"
    case let .cut(nil, offset): "the file ends before its RIFF size (byte \(offset))"
    case let .shortChunk(type, offset): "chunk '\(type)' is too short for its fields (byte \(offset))"
    case let .misplacedChunk(type, offset): "chunk '\(type)' is out of place (byte \(offset))"
    case let .missingAnimationChunk(offset): "VP8X announces an animation but no ANIM chunk comes (byte \(offset))"
    case let .noImage(offset): "no image in the file (byte \(offset))"
    case let .frameOutsideCanvas(frame, rectangle, canvas, offset):
      "frame \(frame), \(rectangle.width)x\(rectangle.height) at (\(rectangle.x),\(rectangle.y)), lies outside the "
        + "\(canvas.width)x\(canvas.height) canvas (byte \(offset))"
    case let .canvasMismatch(canvas, image, offset):
      "VP8X canvas \(canvas.width)x\(canvas.height) differs from the image's \(image.width)x\(image.height) (byte \(offset))"
    case let .tooManyPixels(width, height, limit, offset):
      "\(width)x\(height) is over the limit of \(limit) pixels (byte \(offset))"
    case let .invalidImageHeader(frame, reason, offset): "frame \(frame): invalid image header: \(reason) (byte \(offset))"
    case let .undecodableImage(frame, reason, offset): "frame \(frame) does not decode: \(reason) (byte \(offset))"
    }
  }
}
