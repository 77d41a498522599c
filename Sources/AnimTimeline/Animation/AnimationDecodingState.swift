/// The shared, mutable half of an animated image provider, whatever its
/// format: the canvas cache, what decoding has learnt about each frame,
/// and the workers (``AnimationWorker``: a drawer, a working canvas) not
/// drawing now. Every copy of a provider shares one, behind a lock
/// (``AnimationRenderer``); the methods here run with that lock held, and
/// read the file's fixed facts from its ``AnimationLayout``.
///
/// A request for a frame is planned here (``plan(_:in:)``): a frame kept
/// in the cache is handed out at once; otherwise the request takes the
/// worker whose canvas is nearest before the frame, with the canvas to
/// start from, and draws outside the lock; ``finish(_:drawing:in:)`` then
/// records what the drawing learnt and takes the worker back.
struct AnimationDecodingState<Drawer: AnimationFrameDrawer>: Sendable {
  var cache: AnimationCanvasCache
  /// Per frame, what decoding has learnt about it.
  var learnt: [FrameKnowledge]
  var frameDecodes = 0
  /// Whether a frame was ever asked for out of sequence (a seek, or
  /// several timelines at different frames): from then on the frames
  /// drawn are kept (when the layout keeps frames).
  var seenOutOfSequence = false
  /// With a `maxPixelSize`: the downscaled frames, cached by frame index
  /// under the provider's budget (checkpoints of the full canvas are then
  /// not kept); `nil` for full-size output.
  var smallFrames: AnimationCanvasCache?
  /// The workers not drawing now: one after opening, one more for each
  /// request that finds them all drawing (another thread's). Every worker
  /// is kept, so there are as many as the most threads that have drawn at
  /// once, and a server's threads do not make new ones (each with its
  /// scratch and canvas) request after request.
  var idle: [AnimationWorkerBox<Drawer>]
  /// How many workers were made: the idle ones plus those drawing now.
  var workerCount = 1
  /// The drawer a new worker starts from (the file and its index; no
  /// scratch: ``AnimationFrameDrawer/spare``).
  var prototype: Drawer

  /// What decoding has learnt about one frame.
  struct FrameKnowledge: Sendable {
    /// Whether the frame decodes whole, once known.
    var completeness: AnimationFrameCompleteness
    /// Whether the frame was decoded, complete, opaque and covering the
    /// canvas.
    var coversCanvas = false
  }

  /// The state of a file just opened: nothing drawn, the completeness the
  /// format knows without decoding (``AnimationFrame/knownCompleteness``),
  /// a cache of `cacheByteBudget` bytes for checkpoints, or, when `layout`
  /// downscales, for the small frames.
  init(drawer: consuming Drawer, layout: AnimationLayout, cacheByteBudget: Int) {
    // The first worker takes the opening's drawer, whose scratch may hold
    // what opening decoded (a PNG's inflated rows); new workers start from
    // a spare, which shares none of it.
    prototype = drawer.spare
    idle = [AnimationWorkerBox(AnimationWorker(drawer: drawer, downsampler: layout.downsampler))]
    learnt = layout.frames.map { FrameKnowledge(completeness: $0.knownCompleteness) }
    // Checkpoints under frames 1..<count, composited frames kept under
    // `outputKey`; small frames under their frame.
    let count = layout.frames.count
    if layout.downsampler != nil {
      cache = AnimationCanvasCache(budget: 0, keyCount: 0)
      smallFrames = AnimationCanvasCache(budget: cacheByteBudget, keyCount: count)
    } else {
      cache = AnimationCanvasCache(budget: cacheByteBudget, keyCount: 2 * count)
    }
  }

  /// What a request for a frame does.
  enum Plan {
    /// The frame's pixels, kept: nothing to draw.
    case ready([UInt8])
    /// Draw with the worker the plan took out of the idle ones (into its
    /// `taking` argument): from `start` at frame `startFrame`, or, with no
    /// `start`, going on from the frame the worker shows.
    case draw(start: AnimationWorker<Drawer>.Start?, startFrame: Int)
  }

  /// Whether frame `position` is a keyframe now: its canvas can be made
  /// without drawing an earlier frame.
  func isKeyframe(_ position: Int, in file: AnimationLayout) -> Bool {
    file.frames[position].startsBlank || learnt[position].coversCanvas
  }

  /// Plans a request for frame `target`: its pixels when they are kept (a
  /// composited frame, the canvas the next frame is drawn on when this
  /// one keeps its pixels, a small frame, or a worker showing it), else a
  /// worker and where it starts drawing. With `lending` (the frame is only
  /// lent to the caller, and is not kept), a cached start canvas is lent
  /// to the worker to draw on in place (``AnimationWorker/Start/lent(_:)``),
  /// to be given back with ``giveBack(_:lentCanvas:for:)``.
  ///
  /// - Complexity: O(*w* + *s*) for *w* idle workers and a search of *s*
  ///   frames back to a start (at most the checkpoint stride once the
  ///   checkpoints are cached); O(*w*) when a worker shows the frame
  ///   before (a sequential play) and O(1) for a kept frame.
  mutating func plan(
    _ target: Int, in file: AnimationLayout, lending: Bool = false, taking worker: inout AnimationWorkerBox<Drawer>?
  ) -> Plan {
    let frames = file.frames
    let last = frames.count - 1
    // A worker showing the frame, or the one just before it (in order,
    // or the first after the last: a looping player).
    var shows: Int? = nil
    var before: Int? = nil
    // The workers are read in place, by index: iterating the array copied
    // each worker, retaining and releasing every buffer of its drawer
    // (callgrind, bench decode of a 4x4 APNG --reopen: 6 copies a file,
    // 10 % of the instructions with the copies of the next loop).
    for slot in idle.indices where idle[slot].worker.canvas.count == file.canvasByteCount {
      let cursor = idle[slot].worker.cursor
      if cursor == target { shows = slot }
      if cursor + 1 == target || (target == 0 && cursor == last) { before = slot }
    }
    if smallFrames != nil {
      if let small = smallFrames?.canvas(for: target) { return .ready(small) }
    } else {
      if let shows { return .ready(idle[shows].worker.canvas) }
      // A composited frame kept from an earlier request: no decode at all.
      if file.keepsFrames, let kept = cache.canvas(for: Self.outputKey(target, in: file)) { return .ready(kept) }
      // A frame that keeps its pixels is the canvas the next frame is
      // drawn on: that canvas, when cached, is this frame's output.
      // bench share (gifplayer-muybridge.gif, 1,000 timelines): 2.24 ->
      // 1.28 decodes a request.
      if frames[target].disposal == .keep, target < last, let next = cache.canvas(for: target + 1) {
        return .ready(next)
      }
    }
    // The next frame in sequence (the first after the last, for a looping
    // player) is drawn in place and not kept while only one player has
    // asked: it would never ask for it again before drawing it anyway, and
    // keeping it would cost a canvas copy per frame. Once a request has
    // come out of sequence (a seek, or another timeline at another frame),
    // every frame drawn is kept while it fits without evicting, so that
    // each frame of an animation that fits the budget is decoded once for
    // any number of timelines.
    // bench share (1,000 timelines over a 4-frame 64x48 GIF): 0.71
    // decodes a request before, 4 decodes in all after.
    // The very first request, for the first frame, is in sequence: a
    // player starting (before, a still image's only frame was copied into
    // the cache by its opening: 5.5 % of `bench decode
    // libwebp__vp80-05-sharpness-1430.webp --reopen`).
    let starting = target == 0 && frameDecodes == 0
    if shows == nil && before == nil && !starting { seenOutOfSequence = true }
    if let shows {
      worker = take(shows, in: file)
      return .draw(start: nil, startFrame: target)
    }
    // The idle worker nearest before `target` that can go on to it (not
    // past a frame drawn on a stand-in that restores).
    var nearest: Int? = nil
    for slot in idle.indices {
      let cursor = idle[slot].worker.cursor
      guard cursor >= 0, cursor < target, idle[slot].worker.canvas.count == file.canvasByteCount,
        !(idle[slot].worker.drawnOnStandIn && frames[cursor].disposal == .restorePrevious)
      else { continue }
      if nearest.map({ idle[$0].worker.cursor < cursor }) ?? true { nearest = slot }
    }
    // The nearest start at or before `target`, searched back no further
    // than the frame after that worker's: going on from the worker draws
    // no more frames than starting over from a start below it (and copies
    // no canvas). A sequential play, whose worker shows the frame before,
    // searches nothing: the search, a hash lookup a frame, walked back to
    // the last cached canvas, and bench decode
    // synth__many_small_frames.png --reopen (61 frames, few checkpoints in
    // a first play) spent a quarter of its instructions hashing
    // (callgrind).
    let floor = nearest.map { idle[$0].worker.cursor + 1 } ?? 0
    var start = target
    while start > floor {
      if cache.contains(start) || frames[start].startsBlank { break }
      if learnt[start].coversCanvas, start == target || frames[start].disposal != .restorePrevious { break }
      start -= 1
    }
    if let nearest, idle[nearest].worker.cursor + 1 >= start {
      worker = take(nearest, in: file)
      return .draw(start: nil, startFrame: target)
    }
    worker = take(nil, in: file)
    // Kept frames are copies anyway, and small frames are drawn from the
    // canvas: only a full-size frame that is not kept draws on the lent
    // canvas itself.
    if lending, !file.keepsFrames, file.downsampler == nil, let lent = cache.lend(start) {
      return .draw(start: .lent(lent), startFrame: start)
    }
    if let cached = cache.canvas(for: start) {
      return .draw(start: .cached(cached), startFrame: start)
    }
    return .draw(start: .blank, startFrame: start)
  }

  /// Takes the idle worker in `slot`, or with `nil` the calling thread's
  /// (``takeWorker(in:for:)``), for a request, telling it whether the
  /// cache has room for a canvas that is not a checkpoint
  /// (``AnimationWorker/cacheHadRoom``).
  private mutating func take(_ slot: Int?, in file: AnimationLayout) -> AnimationWorkerBox<Drawer> {
    let box = slot.map { idle.remove(at: $0) } ?? takeWorker(in: file, for: ThreadIdentity.current)
    box.worker.cacheHadRoom = cache.wouldStore(file.canvasByteCount, for: -1, isCheckpoint: false)
    return box
  }

  /// Takes an idle worker, the one `thread` last took when it is idle
  /// (its scratch is then still in that core's caches), or makes one when
  /// all are drawing.
  // bench share gifplayer-muybridge.gif --timelines 1000 --threads 2: the
  // last worker given back, taken instead, was mostly the other thread's,
  // so the two workers' scratch moved between the cores request after
  // request.
  mutating func takeWorker(in file: AnimationLayout, for thread: UInt = 0) -> AnimationWorkerBox<Drawer> {
    let box: AnimationWorkerBox<Drawer>
    if let slot = idle.indices.last(where: { idle[$0].worker.lastThread == thread }) {
      box = idle.remove(at: slot)
    } else if let spare = idle.popLast() {
      box = spare
    } else {
      workerCount += 1
      box = AnimationWorkerBox(AnimationWorker(drawer: prototype, downsampler: file.downsampler))
    }
    box.worker.lastThread = thread
    return box
  }

  /// Records what the worker in `taken` learnt drawing frame `target`
  /// (which it now shows), keeps the frame's output when it should be
  /// kept, takes the worker back (out of `taken`), and
  /// returns the frame's pixels (`output`: the worker's canvas, or its
  /// downscaled image made outside the lock); then checks the invariants
  /// (debug builds).
  ///
  /// - Complexity: O(*d*) for *d* frames drawn, plus O(*c*) for a canvas of
  ///   *c* pixels stored in the cache.
  mutating func finish(
    _ taken: inout AnimationWorkerBox<Drawer>?, drawing target: Int, output: [UInt8], in file: AnimationLayout
  ) -> [UInt8] {
    defer { _checkInvariants(in: file) }
    guard let box = taken.take() else { return output }
    record(&box.worker)
    if smallFrames != nil {
      _ = smallFrames?.insert(copying: output, for: target, isCheckpoint: true)  // may evict (LRU)
    } else if seenOutOfSequence, file.keepsFrames {
      cache.insert(copying: output, for: Self.outputKey(target, in: file), isCheckpoint: false)
    }
    idle.append(box)
    return output
  }

  /// Records what `worker` learnt about the frames it drew since it last
  /// offered the cache a canvas (``offer(_:for:isCheckpoint:drawn:)``
  /// recorded the ones before).
  ///
  /// - Complexity: O(*d*) for *d* frames drawn.
  mutating func record(_ worker: inout AnimationWorker<Drawer>) {
    record(worker.drawn)
    worker.drawn.removeAll(keepingCapacity: true)
  }

  /// Offers the cache a canvas a worker drew, `pixels` for `key`, with
  /// the frames it drew since its last offer (`drawn`), which are recorded
  /// first (see ``AnimationWorker/render(_:from:at:in:store:)``); returns
  /// whether the canvas was kept.
  ///
  /// - Complexity: O(*d*) for *d* frames drawn, plus the insert's.
  mutating func offer(
    _ pixels: [UInt8], for key: Int, isCheckpoint: Bool, drawn: [AnimationWorker<Drawer>.DrawnFrame]
  ) -> Bool {
    record(drawn)
    return cache.insert(copying: pixels, for: key, isCheckpoint: isCheckpoint)
  }

  /// Records what drawing showed about the frames in `drawn`.
  ///
  /// - Complexity: O(*d*) for *d* frames drawn.
  mutating func record(_ drawn: [AnimationWorker<Drawer>.DrawnFrame]) {
    for frame in drawn {
      frameDecodes += 1
      learn(frame.position, complete: frame.complete, coversCanvas: frame.coversCanvas)
    }
  }

  /// Records what drawing or checking frame `position` showed: whether
  /// its data decoded whole, and whether it replaces every pixel of the
  /// canvas (a keyframe from then on).
  mutating func learn(_ position: Int, complete: Bool, coversCanvas: Bool) {
    learnt[position].completeness = complete ? .complete : .incomplete
    if coversCanvas { learnt[position].coversCanvas = true }
  }

  /// Takes back a worker that drew on a lent canvas, and the canvas, as it
  /// was lent, into the cache under `key`; then checks the invariants
  /// (debug builds).
  ///
  /// - Complexity: O(*d*) for *d* frames drawn and not yet recorded.
  mutating func giveBack(
    _ taken: inout AnimationWorkerBox<Drawer>?, lentCanvas: [UInt8], for key: Int, in file: AnimationLayout
  ) {
    defer { _checkInvariants(in: file) }
    cache.giveBack(lentCanvas, for: key)
    guard let box = taken.take() else { return }
    record(&box.worker)
    idle.append(box)
  }

  /// The cache key of frame `position`'s composited canvas (its output),
  /// apart from the keys `1..<count` of the canvases drawn on (under a
  /// frame).
  static func outputKey(_ position: Int, in file: AnimationLayout) -> Int { file.frames.count + position }
}
