/// What opening a WebP file finds: the canvas, the frames with their
/// rectangles, durations, flags and data ranges, the key frames, the
/// `ANIM` facts and whether the file was cut (`shared/spec/webp.md`).
///
/// It is what the chunks and the frames' bitstream headers say; whether
/// each frame's image decodes is found when the provider opens
/// (``WebPFrameProvider``), which then drops the frames from the first
/// that does not (``truncated(before:)``).
struct WebPIndex: Sendable {
  /// The canvas: `VP8X`'s size, or the still image's.
  var canvas: ImageSize
  /// The frames in play order: at least one (a still image has one).
  var frames: [WebPFrameInfo]
  /// Per frame, whether it is a key frame (drawn from a transparent black
  /// canvas, never blended).
  var keyFrames: [Bool]
  /// Whether the file is an animation (`VP8X`'s animation flag).
  var isAnimated: Bool
  /// `ANIM`'s loop count as stored (0: forever); nil for a still image.
  var loopCount: UInt16?
  /// `ANIM`'s background colour as `0xAARRGGBB` (never drawn); nil for a
  /// still image.
  var background: UInt32?
  /// Whether the file ends before its RIFF size, or frames were dropped
  /// because their data does not decode.
  var isTruncated: Bool

  /// Reads `bytes`, a WebP file.
  ///
  /// - Throws: ``WebPError`` (see its cases), with the byte offset.
  /// - Complexity: O(*n*) for *n* bytes.
  init(_ bytes: UnsafeRawBufferPointer, options: WebPOptions = WebPOptions()) throws(WebPError) {
    var builder = WebPIndexBuilder(bytes: bytes, options: options)
    self = try builder.build()
  }

  /// This index without frame `position` and the frames after it, and
  /// truncated.
  ///
  /// - Complexity: O(*f*) for *f* frames.
  func truncated(before position: Int) -> WebPIndex {
    WebPIndex(
      canvas: canvas, frames: Array(frames[..<position]), isAnimated: isAnimated, loopCount: loopCount,
      background: background, isTruncated: true)
  }

  /// Makes an index from its parts (``WebPIndexBuilder``), computing the
  /// key frames: frame `i` is one when `i == 0`; or it has no alpha or
  /// does not blend, and covers the canvas; or frame `i - 1` disposes to
  /// the background and either covers the canvas or is a key frame.
  ///
  /// - Complexity: O(*f*) for *f* frames.
  init(
    canvas: ImageSize, frames: [WebPFrameInfo], isAnimated: Bool, loopCount: UInt16?, background: UInt32?,
    isTruncated: Bool
  ) {
    self.canvas = canvas
    self.frames = frames
    self.isAnimated = isAnimated
    self.loopCount = loopCount
    self.background = background
    self.isTruncated = isTruncated
    var keyFrames: [Bool] = []
    keyFrames.reserveCapacity(frames.count)
    for (position, frame) in frames.enumerated() {
      let covers = frame.rectangle.covers(width: canvas.width, height: canvas.height)
      var key = position == 0 || ((!frame.hasAlpha || !frame.blends) && covers)
      if !key {
        let previous = frames[position - 1]
        key =
          previous.disposesToBackground
          && (previous.rectangle.covers(width: canvas.width, height: canvas.height) || keyFrames[position - 1])
      }
      keyFrames.append(key)
    }
    self.keyFrames = keyFrames
  }
}
