import AnimTimeline
import TimelineScript

/// libFuzzer target `apng`: the whole input is a PNG or APNG file.
///
/// Opens it with small limits (a fuzz-only canvas limit of 2^16 pixels,
/// 1 MiB of decompressed rows a frame, 1 MiB of file) through
/// `AnimatedImage.open(bytes:)`, which must pick `APNGFrameProvider` for
/// the PNG signature, then runs the checks shared with the `gif` target
/// (`fuzzAnimatedProvider`, `Fuzz/Support/Animated/`): every frame (of a
/// prefix bounded by canvas bytes) drawn in order and lent, the same frames
/// in a random order derived from the input's hash through a provider
/// opened directly with a small cache budget (same pixels, same
/// completeness), the cache's budget after every call, out-of-range
/// indices, a timeline. Besides, per `Docs/APNG.md`:
/// - opening succeeds or throws a `PNGError` (never traps); a file that
///   does not start with the PNG signature is refused by both openers
///   (`unknownFormat` for `AnimatedImage.open`, unless it starts like a GIF);
/// - a file the provider rejects, the still PNG decoder rejects too
///   (`RGBAImage(pngData:)` with the same limits; not always with the same
///   error, see below), and `AnimatedImage.open` throws the provider's
///   error wrapped;
/// - a file that plays still is one whole-canvas frame with ops 0, no
///   delay, no play count, played once, whose pixels are the still
///   decoder's whenever that decoder reads the file;
/// - an animation has one `fcTL` a frame, each inside the canvas with ops
///   in range, a positive duration that is the browsers' policy of its
///   `num/den`, and `num_plays` as its loop count;
/// - every frame drawn is complete.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzAPNG(_ data: UnsafeRawPointer, _ size: Int) -> CInt {
  let bytes = Array(UnsafeRawBufferPointer(start: data, count: size))
  var random = SplitMix64(seed: canvasHash(bytes))
  let maxPixels = 1 << 16
  let decoding = PNGDecodingOptions(maxPixels: maxPixels, maxDecompressedBytes: 1 << 20, maxFileBytes: 1 << 20)
  let plan = AnimatedFuzzPlan(&random)
  let options = APNGOptions(decoding: decoding, cacheByteBudget: plan.openingBudget)
  let gifOptions = GIFOptions(maxCanvasPixels: maxPixels, cacheByteBudget: 1 << 16, maxFileBytes: 1 << 20)
  let isPNG = bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])

  guard isPNG else {
    // Not a PNG: the provider refuses it, and so does the format sniffer
    // (a GIF-looking input goes to the GIF provider instead).
    do {
      _ = try APNGFrameProvider(bytes: bytes, options: options)
      fuzzFailure("APNGFrameProvider opened a file without the PNG signature")
    } catch {
      _ = error.description
    }
    if !bytes.starts(with: [0x47, 0x49, 0x46, 0x38]) {
      do {
        _ = try AnimatedImage.open(bytes: bytes, gifOptions: gifOptions, apngOptions: options)
        fuzzFailure("AnimatedImage.open opened neither a GIF nor a PNG")
      } catch {
        fuzzCheck(error == .unknownFormat, "AnimatedImage.open: \(error) for an unknown format")
      }
    }
    return 0
  }

  let still: Result<RGBAImage, PNGError> = Result { () throws(PNGError) in try RGBAImage(pngData: bytes, options: decoding) }
  let opened: any AnimatedImageProvider
  do {
    opened = try AnimatedImage.open(bytes: bytes, gifOptions: gifOptions, apngOptions: options)
  } catch {
    _ = error.description
    let refused: PNGError
    do {
      _ = try APNGFrameProvider(bytes: bytes, options: options)
      fuzzFailure("AnimatedImage.open refused (\(error)) what APNGFrameProvider opens")
    } catch {
      refused = error
    }
    fuzzCheck(error == .png(refused), "AnimatedImage.open threw \(error), the provider \(refused)")
    // Not necessarily the same error: the still decoder decodes the image
    // data at IEND, after checking every later chunk, so with two problems
    // it can report a later one (corpus `fatal__idat_run_interrupted`: an
    // IDAT after a tEXt, "out of place", where the provider reports the
    // first IDAT run ending early).
    if case let .success(image) = still {
      fuzzFailure("the provider refused (\(refused)) a PNG the still decoder reads (\(image.width)x\(image.height))")
    }
    return 0
  }
  guard let reference = opened as? APNGFrameProvider else {
    fuzzFailure("AnimatedImage.open gave a \(type(of: opened)) for a PNG")
  }

  let hashes = fuzzAnimatedProvider(reference, plan: plan, maxPixels: maxPixels, random: &random) { budget in
    var reopened = options
    reopened.cacheByteBudget = budget
    do { return try APNGFrameProvider(bytes: bytes, options: reopened) } catch { fuzzFailure("reopen: \(error)") }
  }
  checkContainer(reference, still: still, firstFrameHash: hashes[0], drawn: hashes.count)
  return 0
}

/// The container facts of `Docs/APNG.md` (still or animated, rectangles,
/// ops, timing, play count, completeness) and, for a still file, the still
/// decoder's pixels.
private func checkContainer(_ provider: APNGFrameProvider, still: Result<RGBAImage, PNGError>, firstFrameHash: UInt64, drawn: Int) {
  let size = provider.canvasSize
  let count = provider.frameCount
  let infos = provider.frameInfo
  fuzzCheck(infos.count == count, "\(infos.count) fcTLs for \(count) frames")
  fuzzCheck(provider.frameRectangles.count == count, "rectangles")
  if !provider.isAnimated {
    fuzzCheck(count == 1, "a still image with \(count) frames")
    fuzzCheck(provider.rawPlayCount == nil && provider.loopCount == .once, "a still image's play count")
    fuzzCheck(provider.frameDuration(at: 0) == 0, "a still image with a delay")
    let info = infos[0]
    fuzzCheck(info.x == 0 && info.y == 0 && info.width == size.width && info.height == size.height,
      "a still image's frame \(info) on a \(size) canvas")
    fuzzCheck(info.disposeOp == 0 && info.blendOp == 0, "a still image's ops \(info)")
    if case let .success(image) = still {
      fuzzCheck(image.width == size.width && image.height == size.height,
        "still decoder \(image.width)x\(image.height), provider \(size)")
      fuzzCheck(canvasHash(image.pixels) == firstFrameHash, "a still image's pixels differ from the still decoder's")
    }
  } else {
    fuzzCheck(provider.animationError == nil, "an animation with an animation error: \(provider.animationError ?? "")")
    guard let plays = provider.rawPlayCount else { fuzzFailure("an animation without acTL's num_plays") }
    fuzzCheck(provider.loopCount.plays == (plays == 0 ? nil : Int64(plays)),
      "num_plays \(plays), loop count \(provider.loopCount)")
    for (index, info) in infos.enumerated() {
      fuzzCheck(info.width >= 1 && info.height >= 1 && info.x >= 0 && info.y >= 0
        && info.x + info.width <= size.width && info.y + info.height <= size.height,
        "frame \(index): \(info) outside the \(size) canvas")
      fuzzCheck(info.disposeOp <= 2 && info.blendOp <= 1, "frame \(index): ops \(info)")
      let duration = provider.frameDuration(at: index)
      let milliseconds = Int64(info.browserDelayMilliseconds)
      fuzzCheck(duration > 0 && duration == (milliseconds <= 10 ? 100_000_000 : milliseconds * 1_000_000),
        "frame \(index): duration \(duration) for \(info.delayNumerator)/\(info.delayDenominator)")
    }
  }
  for index in 0..<drawn {  // the frames drawn already: no new drawing
    let complete: Bool
    do { complete = try provider.isFrameComplete(index) } catch { fuzzFailure("isFrameComplete(\(index)): \(error)") }
    fuzzCheck(complete, "frame \(index) of an APNG is incomplete")
  }
}
