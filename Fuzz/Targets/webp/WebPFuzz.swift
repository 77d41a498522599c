import AnimTimeline
import TimelineScript

/// libFuzzer target `webp`: the whole input is a WebP file.
///
/// Opens it with small limits (a fuzz-only canvas limit of 2^16 pixels, 1
/// MiB of file) through `AnimatedImage.open(bytes:)`, which must pick
/// `WebPFrameProvider` for a `RIFF` file, then runs the checks shared with
/// the `gif` and `apng` targets (`fuzzAnimatedProvider`,
/// `Fuzz/Support/Animated/`): every frame (of a prefix bounded by canvas
/// bytes) drawn in order and lent, the same frames in a random order
/// through a provider opened with a small cache budget (same pixels), the
/// cache's budget after every call, out-of-range indices, a timeline.
/// Besides, per `shared/spec/webp.md` and `Docs/WebP.md`:
/// - opening succeeds or throws a `WebPError` (never traps), and
///   `AnimatedImage.open` throws the same error wrapped;
/// - a still image is one whole-canvas frame that neither blends nor
///   disposes, with no delay, no loop count, played once;
/// - an animation's frames lie inside the canvas, each duration is the
///   browsers' policy of its milliseconds, and `ANIM`'s loop count is the
///   provider's;
/// - every frame is complete.
/// All four bitstream paths (lossy, lossless, alpha, container) run here:
/// the shared corpus's files seed each (`Fuzz/run.sh`).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzWebP(_ data: UnsafeRawPointer, _ size: Int) -> CInt {
  let bytes = Array(UnsafeRawBufferPointer(start: data, count: size))
  var random = SplitMix64(seed: canvasHash(bytes))
  let maxPixels = 1 << 16
  let plan = AnimatedFuzzPlan(&random)
  let options = WebPOptions(maxCanvasPixels: maxPixels, maxFileBytes: 1 << 20, cacheByteBudget: plan.openingBudget)
  let opened: any AnimatedImageProvider
  do {
    opened = try AnimatedImage.open(bytes: bytes, webpOptions: options)
  } catch {
    _ = error.description
    guard bytes.starts(with: [0x52, 0x49, 0x46, 0x46]) else { return 0 }
    do {
      _ = try WebPFrameProvider(bytes: bytes, options: options)
      fuzzFailure("AnimatedImage.open refused (\(error)) what WebPFrameProvider opens")
    } catch let refused {
      fuzzCheck(error == .webp(refused), "AnimatedImage.open threw \(error), the provider \(refused)")
    }
    return 0
  }
  guard let reference = opened as? WebPFrameProvider else { return 0 }  // a GIF or PNG input
  let hashes = fuzzAnimatedProvider(reference, plan: plan, maxPixels: maxPixels, random: &random) { budget in
    var reopened = options
    reopened.cacheByteBudget = budget
    do { return try WebPFrameProvider(bytes: bytes, options: reopened) } catch { fuzzFailure("reopen: \(error)") }
  }
  checkContainer(reference, drawn: hashes.count)
  return 0
}

/// The container facts of `Docs/WebP.md`: still or animated, rectangles,
/// timing, loop count, completeness.
private func checkContainer(_ provider: WebPFrameProvider, drawn: Int) {
  let size = provider.canvasSize
  let count = provider.frameCount
  let infos = provider.frameInfo
  fuzzCheck(infos.count == count && provider.frameRectangles.count == count, "\(infos.count) frames for \(count)")
  if !provider.isAnimated {
    fuzzCheck(count == 1, "a still image with \(count) frames")
    fuzzCheck(provider.rawLoopCount == nil && provider.rawBackgroundColor == nil && provider.loopCount == .once,
      "a still image's loop count")
    fuzzCheck(provider.frameDuration(at: 0) == 0 && !provider.isTruncated, "a still image with a delay or cut")
    let info = infos[0]
    fuzzCheck(info.x == 0 && info.y == 0 && info.width == size.width && info.height == size.height,
      "a still image's frame \(info) on a \(size) canvas")
    fuzzCheck(!info.blends && !info.disposesToBackground, "a still image that blends or disposes")
  } else {
    guard let loops = provider.rawLoopCount else { fuzzFailure("an animation without ANIM's loop count") }
    fuzzCheck(provider.loopCount.plays == (loops == 0 ? nil : Int64(loops)), "loop count \(loops), \(provider.loopCount)")
    for (index, info) in infos.enumerated() {
      fuzzCheck(info.width >= 1 && info.height >= 1 && info.x >= 0 && info.y >= 0
        && info.x + info.width <= size.width && info.y + info.height <= size.height,
        "frame \(index): \(info) outside the \(size) canvas")
      let duration = provider.frameDuration(at: index)
      let milliseconds = Int64(info.durationMilliseconds)
      fuzzCheck(duration == (milliseconds <= 10 ? 100_000_000 : milliseconds * 1_000_000),
        "frame \(index): duration \(duration) for \(milliseconds) ms")
    }
  }
  for index in 0..<drawn {
    let complete: Bool
    do { complete = try provider.isFrameComplete(index) } catch { fuzzFailure("isFrameComplete(\(index)): \(error)") }
    fuzzCheck(complete, "frame \(index) of a WebP file is incomplete")
  }
}
