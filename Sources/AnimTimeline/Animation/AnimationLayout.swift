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
  /// Each frame's rectangle and disposal, with what the layout settled:
  /// whether the canvas before it is known to be blank
  /// (``AnimationFrame/startsBlank``) and is a checkpoint
  /// (``AnimationFrame/isCheckpoint``).
  let frames: [AnimationFrame]
  /// The most frames from one checkpoint to the next: a seek draws at
  /// most this many once the checkpoints are cached (``isCheckpoint(_:)``).
  let checkpointStride: Int
  /// How many frames are checkpoints, at most `checkpointStride` apart
  /// (``isCheckpoint(_:)``).
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
  init(canvas: ImageSize, frames: consuming [AnimationFrame], cacheByteBudget: Int, maxPixelSize: Int?) {
    canvasWidth = canvas.width
    canvasHeight = canvas.height
    // The frames are settled in place: the caller's array, not a copy.
    var restoreByteCount = 0
    for position in frames.indices {
      let frame = frames[position]
      if frame.disposal == .restorePrevious {
        let visible = frame.rectangle.clipped(toWidth: canvas.width, height: canvas.height)
        restoreByteCount = max(restoreByteCount, visible.width * visible.height * 4)
      }
      frames[position].isCheckpoint = false
      if position == 0 {
        frames[position].startsBlank = true
        continue
      }
      let previous = frames[position - 1]
      switch previous.disposal {
      case .clearRectangle:
        // The frame drew only inside its rectangle, which is now cleared.
        frames[position].startsBlank =
          previous.rectangle.covers(width: canvas.width, height: canvas.height) || previous.startsBlank
      case .restorePrevious:
        frames[position].startsBlank = previous.startsBlank
      case .keep:
        frames[position].startsBlank = previous.startsBlank && previous.drawsNothing
      }
    }
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
    let count = keepsFrames ? checkpoints : min(capacity, frames.count)
    let spacing = count > 0 ? (frames.count + count - 1) / count : Int.max
    checkpointStride = spacing
    Self.placeCheckpoints(count, spacing: spacing, frames: &frames)
    checkpointCount = count > 0 ? frames.reduce(0) { $0 + ($1.isCheckpoint ? 1 : 0) } : 0
    self.frames = frames
  }

  /// Marks where `count` checkpoints go among `frames`
  /// (``AnimationFrame/isCheckpoint``), at most `spacing` apart, frame 0
  /// always one (and the only one when `count` is 0).
  ///
  /// A request for frame *q* draws the frames from the checkpoint at or
  /// before it: *q* − *k* + 1 of them for the checkpoint before frame *k*;
  /// none when the frame keeps its pixels and the canvas after it (the
  /// one the next frame is drawn on) is a checkpoint. Timelines at
  /// uniformly spread times ask for each frame in proportion to its
  /// duration, so the checkpoints go where they save the most drawing so
  /// weighted: walking the frames, one goes before the next frame once
  /// the weighted drawing since the last would pass a threshold, or once
  /// `spacing` frames have passed (so a seek is bounded as with even
  /// spacing); the threshold is the least, found by bisection, that needs
  /// no more than `count`. The walk is kept when it draws less than even
  /// spacing; when every frame lasts as long, the checkpoints are spread
  /// evenly without a walk.
  // bench share gifplayer-muybridge.gif --timelines 1000 (380 frames of
  // 40-620 ms, 119 checkpoints, spacing 4): 1.142 -> 0.880 decodes a
  // request.
  ///
  /// - Complexity: O(*f* log *s*) for *f* frames and a spacing of *s*.
  private static func placeCheckpoints(_ count: Int, spacing: Int, frames: inout [AnimationFrame]) {
    guard !frames.isEmpty else { return }
    frames[0].isCheckpoint = true
    guard count > 0 else { return }
    // Where position × count ÷ frames reaches the next whole number (the
    // quotient is at most the position: no overflow).
    let frameCount = frames.count
    func step(_ position: Int) -> Int {
      frameCount.dividingFullWidth(position.multipliedFullWidth(by: count)).quotient
    }
    for position in 1..<frameCount where step(position) != step(position - 1) { frames[position].isCheckpoint = true }
    // Weights: durations scaled to 0...maximumWeight, so that all the
    // weighted drawing, at most maximumWeight × frames × spacing (spacing
    // < frames), is an Int.
    let longest = frames.reduce(Int64(0)) { max($0, $1.duration) }
    guard count < frames.count, spacing < frames.count,
      case let (pairs, pairsOverflow) = frames.count.multipliedReportingOverflow(by: spacing), !pairsOverflow,
      case let (total, overflow) = pairs.multipliedReportingOverflow(by: maximumWeight), !overflow, longest > 0,
      frames.contains(where: { $0.duration != longest })
    else { return }
    let weights = frames.map { frame in
      Int(longest.dividingFullWidth(Int64(maximumWeight).multipliedFullWidth(by: max(frame.duration, 0))).quotient)
    }
    // A gap's weighted drawing is at most maximumWeight × spacing²: no
    // threshold above it places more than the even count.
    var low = 0
    var high = min(total, maximumWeight * spacing * spacing)
    while low < high {
      let middle = low + (high - low) / 2
      if placed(threshold: middle, spacing: spacing, weights: weights, frames: frames).count <= count {
        high = middle
      } else {
        low = middle + 1
      }
    }
    let weighted = placed(threshold: low, spacing: spacing, weights: weights, frames: frames).marks
    // The walk is greedy: on some files even spacing draws less.
    let even = frames.map(\.isCheckpoint)
    guard drawing(weighted, weights: weights, frames: frames) < drawing(even, weights: weights, frames: frames) else {
      return
    }
    for position in frames.indices { frames[position].isCheckpoint = weighted[position] }
  }

  /// The weighted drawing of requests under the checkpoints `marks` (see
  /// ``placeCheckpoints(_:spacing:frames:)``).
  ///
  /// - Complexity: O(*f*) for *f* frames.
  private static func drawing(_ marks: [Bool], weights: [Int], frames: [AnimationFrame]) -> Int {
    var total = 0
    var last = 0
    for position in frames.indices {
      if marks[position] { last = position }
      let isOutput = position + 1 < frames.count && marks[position + 1] && frames[position].disposal == .keep
      total += isOutput ? 0 : weights[position] * (position - last + 1)
    }
    return total
  }

  /// The largest weight of a frame in ``placeCheckpoints(_:spacing:frames:)``.
  private static let maximumWeight = 1_024

  /// The checkpoints the walk of ``placeCheckpoints(_:spacing:frames:)``
  /// places for `threshold`, and how many.
  ///
  /// - Complexity: O(*f*) for *f* frames.
  private static func placed(threshold: Int, spacing: Int, weights: [Int], frames: [AnimationFrame])
    -> (marks: [Bool], count: Int)
  {
    var marks = [Bool](repeating: false, count: frames.count)
    marks[0] = true
    var count = 1
    var last = 0
    var drawing = 0
    for position in 0..<frames.count - 1 {
      var own = weights[position] * (position - last + 1)
      if position + 1 - last >= spacing || drawing + own > threshold {
        marks[position + 1] = true
        count += 1
        last = position + 1
        drawing = 0
        if frames[position].disposal == .keep { own = 0 }
      }
      drawing += own
    }
    return (marks, count)
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
  /// preference): frame 0, and the frames chosen when the layout was made
  /// (``placeCheckpoints(_:spacing:frames:)``), at most `checkpointStride`
  /// apart.
  func isCheckpoint(_ position: Int) -> Bool {
    frames.indices.contains(position) ? frames[position].isCheckpoint : false
  }

  /// The bytes of one canvas.
  var canvasByteCount: Int { canvasWidth * canvasHeight * 4 }
}
