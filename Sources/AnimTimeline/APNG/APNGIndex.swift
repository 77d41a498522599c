/// What opening an APNG (or any PNG) finds: the header, the colours, the
/// frames with their rectangles, delays, ops and data ranges, the play
/// count, and the diagnostics (`Docs/APNG.md`, the rules of
/// `shared/spec/apng.md`).
///
/// ``APNGIndexBuilder`` reads every chunk once, checks every CRC-32 and
/// decodes the default image's zlib stream once, checking its length and
/// filter types. The animation frames' data is checked by opening after
/// that: ``APNGFrameProvider`` draws every frame once in order (its first
/// play) or checks it (``APNGFrameDrawer/check(_:)``), and the first
/// frame that does not decode makes the index ``failing(frame:with:)``'s. So a kept frame can be decoded later
/// without failing. Pixels are not expanded: ``APNGFrameDecoder`` does
/// that on demand. Frames are counted as they are found; `num_frames` is
/// never used to allocate.
struct APNGIndex: Sendable {
  /// The file's `IHDR`: the canvas size and the pixel format of every
  /// frame.
  var header: PNGHeader
  /// 256 RGBA entries (opaque black past `PLTE`'s end, `tRNS` alphas
  /// applied) for an indexed image, else empty.
  var palette: [UInt8]
  /// The `tRNS` colour key of a grey or RGB image, masked to the bit
  /// depth, or nil.
  var colorKey: (Int, Int, Int)?
  /// The frames in play order: at least one. A file that plays as its
  /// still image has the default image as its only frame.
  var frames: [APNGFrameInfo]
  /// `num_plays` (0: forever) when the file plays as an animation; nil
  /// when it plays as its still image.
  var numPlays: UInt32?
  /// Why an APNG plays as its still image, or damage after a still PNG's
  /// image data; nil when there is none.
  var animationError: APNGAnimationError?
  /// Whether the file ends before `IEND` (after the default image's data
  /// is whole).
  var isTruncated: Bool
  /// The default image as the one frame of a still image (what the file
  /// plays as when a frame's data does not decode).
  var stillImage: APNGFrameInfo
  /// The byte ranges in the file of every frame's zlib stream, in file
  /// order: the `IDAT` chunks' data, then each `fdAT` payload (a frame's
  /// ``APNGFrameInfo/segmentRange`` says which are its own).
  var segments: [Range<Int>]

  /// Makes an index from its parts (``APNGIndexBuilder``).
  init(
    header: PNGHeader, palette: [UInt8], colorKey: (Int, Int, Int)?, frames: [APNGFrameInfo], numPlays: UInt32?,
    animationError: APNGAnimationError?, isTruncated: Bool, stillImage: APNGFrameInfo, segments: [Range<Int>]
  ) {
    self.segments = segments
    self.header = header
    self.palette = palette
    self.colorKey = colorKey
    self.frames = frames
    self.numPlays = numPlays
    self.animationError = animationError
    self.isTruncated = isTruncated
    self.stillImage = stillImage
  }

  /// Whether the file plays as an animation (else as its still image).
  var isAnimated: Bool { numPlays != nil }

  /// The byte ranges of `frame`'s zlib stream in the file, in order.
  func segments(of frame: APNGFrameInfo) -> ArraySlice<Range<Int>> { segments[frame.segmentRange] }

  /// The index opening keeps when the data of frame `frame` (the first
  /// one that does not decode) fails with `error` (`Docs/APNG.md`): when
  /// the file is truncated and it is the last frame, the animation
  /// without it (the still image when no frame is left); otherwise the
  /// still image, with ``APNGAnimationError/Kind/badFrameData(frame:_:)``
  /// at the frame's `fcTL` as its animation error. `nil` when the index
  /// is not an animation (its one image failed: an error to throw) or
  /// `frame` is not one of its frames.
  ///
  /// - Complexity: O(*f*) for *f* frames.
  func failing(frame: Int, with error: PNGError) -> APNGIndex? {
    guard isAnimated, frames.indices.contains(frame) else { return nil }
    var result = self
    if isTruncated && frame == frames.count - 1 {
      // The frame cut by the end of the file is dropped.
      result.frames.removeLast()
      if !result.frames.isEmpty { return result }
    } else {
      result.animationError = APNGAnimationError(
        kind: .badFrameData(frame: frame, error), offset: frames[frame].controlOffset)
    }
    result.frames = [stillImage]
    result.numPlays = nil
    return result
  }
}
