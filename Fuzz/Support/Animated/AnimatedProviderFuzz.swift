import AnimTimeline
import TimelineScript

/// The checks the `gif` and `apng` targets share, on any
/// ``AnimatedImageProvider`` opened from the input (compiled into those two
/// targets only, by `Fuzz/build.sh`).
///
/// `reference` was opened with a fuzz-only canvas limit of `maxPixels` and
/// a cache budget of its own; `reopen(budget)` opens the same input again
/// with another cache budget (it must succeed). The checks:
/// - the canvas is at least 1×1 and within `maxPixels`, frames are
///   canvas-sized, there is at least one frame and one rectangle a frame;
/// - a prefix of the frames (at most 32, at most 1 MiB of canvases: every
///   frame of a 32-frame animation up to 8,192 pixels, 4 frames of the
///   largest canvas) is drawn in order, lent without a copy
///   (`withFrame`), each `canvasWidth * canvasHeight * 4` bytes, with its
///   hash and completeness; durations are never negative;
/// - then, in a pseudo-random order from `random`, `frame(at:)`,
///   `withFrame(at:_:)` and `isFrameComplete` (24 calls at most, stopping
///   once they have drawn `prefix + 8` frames, so that a budget of 0,
///   which replays from the last keyframe on every call, stays cheap) give
///   the same pixels and completeness as drawing in order (random access,
///   gif.md and apng.md). `plan` (``AnimatedFuzzPlan``) says where: in one
///   input of four, on a second provider opened with a budget exact to the
///   canvas (0, 64 B, 1, 2 or 5 canvases, 64 KiB), fresh; otherwise on
///   `reference` itself, which was opened with one of a fixed list of
///   budgets (0 to 1 MiB) and has just drawn the prefix: one opening (which
///   inflates or LZW-decodes every frame) less;
/// - after every call, both caches hold at most their budget (current and
///   peak) and a byte count of exactly their canvases × (canvas + 64);
/// - out-of-range indices throw, and have no duration;
/// - a `Timeline` over the provider ticks and shows a valid frame.
///
/// The library's own `_checkInvariants()` (ANIMTIMELINE_INTERNAL_CHECKS)
/// runs after every frame drawn.
///
/// Returns the hashes of the frames drawn in order (`frameHashes[i]` is
/// `canvasHash` of frame `i`'s pixels).
@discardableResult
func fuzzAnimatedProvider<Provider: AnimatedImageProvider & FuzzCacheBudget>(
  _ reference: Provider, plan: AnimatedFuzzPlan, maxPixels: Int, random: inout SplitMix64,
  reopen: (Int) -> Provider
) -> [UInt64] {
  fuzzCheck(reference.cacheByteBudget == plan.openingBudget, "opened with another budget")
  let size = reference.canvasSize
  let width = size.width
  let height = size.height
  fuzzCheck(width > 0 && height > 0 && width <= maxPixels && width * height <= maxPixels, "canvas \(width)x\(height)")
  fuzzCheck(reference.frameSize == size, "frame size \(reference.frameSize) differs from the canvas \(size)")
  let count = reference.frameCount
  fuzzCheck(count >= 1, "no frames")
  fuzzCheck(reference.frameRectangles.count == count, "\(reference.frameRectangles.count) rectangles, \(count) frames")
  let canvasBytes = width * height * 4

  // Frames in order, lent: a hash and completeness per frame. Bounded so
  // one input stays fast: at most 1 MiB of canvases, and a random access
  // replays at most the prefix.
  let limit = max(1, min(count, 32, (1 << 20) / canvasBytes))
  var expected: [(hash: UInt64, complete: Bool)] = []
  expected.reserveCapacity(limit)
  for index in 0..<limit {
    let hash = lentHash(reference, index, width: width, height: height)
    let complete: Bool
    do { complete = try reference.isFrameComplete(index) } catch { fuzzFailure("isFrameComplete \(index): \(error)") }
    expected.append((hash, complete))
    fuzzCheck(reference.frameDuration(at: index) >= 0, "frame \(index): negative duration")
    checkCache(reference, canvasBytes: canvasBytes)
  }

  // The same frames in a random order, through a small cache: a fresh
  // provider's, or the same provider's.
  let provider: Provider
  if plan.reopens {
    let budgets = [0, 64, canvasBytes + 64, 2 * (canvasBytes + 64) + 1, 5 * (canvasBytes + 64), 1 << 16]
    provider = reopen(budgets[random.below(budgets.count)])
    fuzzCheck(provider.frameCount == count, "frame count changed with the budget")
  } else {
    provider = reference
  }
  let budget = provider.cacheByteBudget
  let drawCap = provider.statistics.frameDecodes + limit + 8
  for _ in 0..<min(limit + 8, 24) where provider.statistics.frameDecodes <= drawCap {
    let index = random.below(limit)
    switch random.below(3) {
    case 0:
      let complete: Bool
      do { complete = try provider.isFrameComplete(index) } catch { fuzzFailure("isFrameComplete \(index): \(error)") }
      fuzzCheck(complete == expected[index].complete, "frame \(index): completeness differs from drawing in order")
    case 1:
      let image: RGBAImage
      do { image = try provider.frame(at: index) } catch { fuzzFailure("frame \(index): \(error)") }
      checkImage(image, width: width, height: height)
      fuzzCheck(canvasHash(image.pixels) == expected[index].hash,
        "frame \(index): random access (budget \(budget)) differs from drawing in order")
    default:
      fuzzCheck(lentHash(provider, index, width: width, height: height) == expected[index].hash,
        "frame \(index): lent frame (budget \(budget)) differs from drawing in order")
    }
    checkCache(provider, canvasBytes: canvasBytes)
  }

  // Out-of-range requests throw.
  for index in [-1, count, Int.max, Int.min] {
    do { _ = try provider.frame(at: index); fuzzFailure("frame(at: \(index)) did not throw") } catch {}
    do { _ = try provider.isFrameComplete(index); fuzzFailure("isFrameComplete(\(index)) did not throw") } catch {}
    do {
      try provider.withFrame(at: index) { (_: borrowing RGBAImage) -> Void in fuzzFailure("withFrame(at: \(index)) lent a frame") }
      fuzzFailure("withFrame(at: \(index)) did not throw")
    } catch {
      guard case .provider = error else { fuzzFailure("withFrame(at: \(index)): \(error)") }
    }
    fuzzCheck(provider.frameDuration(at: index) == 0, "frameDuration(at: \(index)) out of range is not 0")
  }

  // A timeline over the provider.
  do {
    var timeline = try Timeline(provider: provider)
    timeline.play()
    _ = try timeline.tick(by: 123_456_789)
    fuzzCheck(timeline.currentFrame >= 0 && timeline.currentFrame < count, "timeline frame")
    if timeline.currentFrame < limit {
      let image = try provider.frame(shownBy: timeline)
      checkImage(image, width: width, height: height)
      fuzzCheck(canvasHash(image.pixels) == expected[timeline.currentFrame].hash, "the timeline's frame differs")
    }
  } catch {
    fuzzFailure("timeline over the provider: \(error)")
  }
  checkCache(provider, canvasBytes: canvasBytes)
  return expected.map(\.hash)
}

/// The hash of frame `index`, lent by `withFrame` (no copy), after checking
/// its size.
private func lentHash<Provider: AnimatedImageProvider & FuzzCacheBudget>(
  _ provider: Provider, _ index: Int, width: Int, height: Int
) -> UInt64 {
  do {
    return try provider.withFrame(at: index) { image in
      checkImage(image, width: width, height: height)
      return image.pixels.withUnsafeBytes { canvasHash($0) }
    }
  } catch {
    fuzzFailure("withFrame(at: \(index)): \(error)")
  }
}

func checkImage(_ image: borrowing RGBAImage, width: Int, height: Int) {
  fuzzCheck(image.width == width && image.height == height, "image \(image.width)x\(image.height), canvas \(width)x\(height)")
  fuzzCheck(image.pixels.count == width * height * 4, "image has \(image.pixels.count) bytes for \(width)x\(height)")
}

/// The cache never holds more than its budget (current and peak), and its
/// byte count is its canvases × (canvas + 64).
func checkCache<Provider: AnimatedImageProvider & FuzzCacheBudget>(_ provider: Provider, canvasBytes: Int) {
  let stats = provider.statistics
  let budget = provider.cacheByteBudget
  fuzzCheck(stats.cachedBytes >= 0 && stats.cachedBytes <= budget, "cache holds \(stats.cachedBytes) of \(budget)")
  fuzzCheck(stats.peakCachedBytes >= stats.cachedBytes && stats.peakCachedBytes <= budget,
    "cache peak \(stats.peakCachedBytes) of \(budget)")
  fuzzCheck(stats.cachedCanvases * (canvasBytes + 64) == stats.cachedBytes,
    "\(stats.cachedCanvases) canvases of \(canvasBytes + 64) bytes but \(stats.cachedBytes) cached bytes")
  fuzzCheck(stats.frameDecodes >= 0 && stats.evictions >= 0, "negative counters")
}

/// How a target opens its reference provider, picked from the input's
/// hash before opening: with ``openingBudget``, and whether the random
/// phase reopens the file (see `fuzzAnimatedProvider`).
struct AnimatedFuzzPlan {
  /// Whether the random phase runs on a second, fresh provider.
  var reopens: Bool
  /// The reference provider's cache budget.
  var openingBudget: Int

  init(_ random: inout SplitMix64) {
    reopens = random.below(4) == 0
    let budgets = [0, 64, 1 << 12, 1 << 14, 1 << 16, 1 << 18, 1 << 20]
    openingBudget = reopens ? 1 << 20 : budgets[random.below(budgets.count)]
  }
}

/// The cache budget a provider was opened with (both formats' options
/// have one).
protocol FuzzCacheBudget { var cacheByteBudget: Int { get } }
extension GIFFrameProvider: FuzzCacheBudget { var cacheByteBudget: Int { options.cacheByteBudget } }
extension APNGFrameProvider: FuzzCacheBudget { var cacheByteBudget: Int { options.cacheByteBudget } }
extension WebPFrameProvider: FuzzCacheBudget {}
