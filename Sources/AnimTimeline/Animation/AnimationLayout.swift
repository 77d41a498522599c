/// What opening an animated image settles for good, whatever its format:
/// the canvas, the frames' rectangles and disposals, which frames start
/// on a blank canvas, the cache's checkpoint spacing, the room a
/// restoring frame needs, and the size of the frames handed out.
///
/// A format makes one from its container index (``init(canvas:frames:cacheByteBudget:maxPixelSize:)``);
/// the engine reads it, never the format's own types.
struct AnimationLayout: Sendable {
  /// The canvas width in pixels.
  let canvasWidth: Int
  /// The canvas height in pixels.
  let canvasHeight: Int
  /// Each frame's rectangle and disposal.
  let frames: [AnimationFrame]
  /// Per frame: the canvas before the frame is known to be blank.
  let blankBefore: [Bool]
  /// The most frames from one checkpoint to the next: a seek draws at
  /// most this many once the checkpoints are cached (``isCheckpoint(_:)``).
  let checkpointStride: Int
  /// How many frames are checkpoints: spread evenly, at most
  /// `checkpointStride` apart (``isCheckpoint(_:)``).
  let checkpointCount: Int
  /// The pixels sequential playback draws, since the last canvas it could
  /// start from, before it stores a checkpoint: ``sequentialCheckpointCanvases``
  /// canvases' worth (a replay from there costs at most about that much
  /// drawing). A replay (a seek) stores every checkpoint on its way.
  let sequentialCheckpointPixels: Int
  /// The bytes of the largest rectangle, clipped to the canvas, of a frame
  /// that restores the canvas after it: the most pixels
  /// `AnimationDecodingState.saved` holds. 0 when no frame restores.
  let restoreByteCount: Int
  /// Whether the cache keeps composited frames as well as checkpoints:
  /// when every frame's canvas and every checkpoint fit in the budget
  /// together, so that any number of timelines decode each frame once.
  /// Beyond that the checkpoints alone bound every replay, and kept frames
  /// would only push out the canvases replays start from.
  // bench share (gifplayer-muybridge.gif, 380 frames of 472x298, 1,000
  // timelines): keeping frames that do not all fit raised decodes a
  // request from 2.24 to 2.30.
  let keepsFrames: Bool
  /// The size of the frames handed out: the canvas, or the canvas fitted
  /// within `maxPixelSize` when that is set.
  let frameSize: ImageSize
  /// What downscales the canvas to `frameSize`, or `nil` for full-size
  /// frames.
  let downsampler: Downsampler?

  /// The layout of `frames` on a canvas of `canvas` pixels, for a cache of
  /// `cacheByteBudget` bytes and frames fitted within `maxPixelSize` (if
  /// set).
  ///
  /// A frame starts on a blank canvas when it is the first, or when the
  /// frame before it cleared its rectangle covering the canvas, restored
  /// a blank canvas, or drew nothing over one.
  ///
  /// - Complexity: O(*f*) for *f* frames.
  init(canvas: ImageSize, frames: [AnimationFrame], cacheByteBudget: Int, maxPixelSize: Int?) {
    canvasWidth = canvas.width
    canvasHeight = canvas.height
    self.frames = frames
    var blankBefore = [Bool](repeating: false, count: frames.count)
    var restoreByteCount = 0
    for (position, frame) in frames.enumerated() {
      if frame.disposal == .restorePrevious {
        let visible = frame.rectangle.clipped(toWidth: canvas.width, height: canvas.height)
        restoreByteCount = max(restoreByteCount, visible.width * visible.height * 4)
      }
      if position == 0 {
        blankBefore[position] = true
        continue
      }
      let previous = frames[position - 1]
      switch previous.disposal {
      case .clearRectangle:
        // The frame drew only inside its rectangle, which is now cleared.
        blankBefore[position] =
          previous.rectangle.covers(width: canvas.width, height: canvas.height) || blankBefore[position - 1]
      case .restorePrevious:
        blankBefore[position] = blankBefore[position - 1]
      case .keep:
        blankBefore[position] = blankBefore[position - 1] && previous.drawsNothing
      }
    }
    self.blankBefore = blankBefore
    self.restoreByteCount = restoreByteCount
    // A maxPixelSize below 1 keeps full-size frames.
    let fitted = maxPixelSize.flatMap { try? canvas.fitted(within: ImageSize(width: $0, height: $0)) } ?? canvas
    // Downscaled output: the budget goes to the small frames, and no
    // full-size canvas is cached (no checkpoints).
    downsampler = fitted == canvas ? nil : Downsampler(from: canvas, to: fitted)
    frameSize = downsampler == nil ? canvas : fitted
    let canvasBytes = canvas.width * canvas.height * 4
    let capacity = downsampler == nil ? cacheByteBudget / (canvasBytes + AnimationCanvasCache.entryOverhead) : 0
    let stride = capacity > 0 ? max(1, (frames.count + capacity - 1) / capacity) : Int.max
    sequentialCheckpointPixels = Self.sequentialCheckpointCanvases * canvas.width * canvas.height
    let checkpoints = capacity > 0 ? (frames.count - 1) / stride + 1 : 0
    keepsFrames = capacity > 0 && frames.count <= capacity - checkpoints
    // When the frames do not all fit, the whole budget goes to checkpoints:
    // other canvases would only push each other out.
    // bench share (gifplayer-muybridge.gif, 1,000 timelines; 119 canvases
    // fit): 95 checkpoints every 4 frames, 1.278 decodes a request; 119
    // every 3 or 4 frames, 1.142 (39-48 ms a tick either way, alternating
    // runs). bench access: 1.51 -> 1.30 decodes an access.
    checkpointCount = keepsFrames ? checkpoints : min(capacity, frames.count)
    checkpointStride =
      checkpointCount > 0 ? (frames.count + checkpointCount - 1) / checkpointCount : Int.max
  }

  /// How many canvases' worth of pixels sequential playback draws between
  /// two checkpoints it stores (see ``sequentialCheckpointPixels``).
  // bench decode gifplayer-muybridge.gif --repeat 1 (a first play; frames
  // of 8.7 % of the canvas on average): a checkpoint into fresh memory
  // costs about 300 µs, the system's page zeroing mostly, or as much as
  // drawing 2.7 canvases of its frames. Storing one at every stride point
  // (4 frames) made the first play 72-94 µs a frame against 9-10 µs for a
  // later one; one every 8 canvases drawn keeps it within about a third.
  static let sequentialCheckpointCanvases = 8

  /// Whether the canvas before frame `position` is a checkpoint (kept in
  /// preference): frame 0, and every frame where `position ×
  /// checkpointCount ÷ frames` reaches the next whole number, so that the
  /// `checkpointCount` checkpoints are spread evenly, at most
  /// `checkpointStride` apart.
  func isCheckpoint(_ position: Int) -> Bool {
    guard checkpointCount > 0 else { return position == 0 }
    guard position > 0 else { return true }
    return step(position) != step(position - 1)
  }

  /// `position × checkpointCount ÷ frames`, rounded down, without
  /// overflow (the quotient is at most `position`).
  private func step(_ position: Int) -> Int {
    frames.count.dividingFullWidth(position.multipliedFullWidth(by: checkpointCount)).quotient
  }

  /// The bytes of one canvas.
  var canvasByteCount: Int { canvasWidth * canvasHeight * 4 }
}
