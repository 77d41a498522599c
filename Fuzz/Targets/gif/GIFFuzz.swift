import AnimTimeline
import TimelineScript

/// libFuzzer target `gif`: the whole input is a GIF file.
///
/// Opens it with small limits, decodes a prefix of its frames in sequence
/// on one provider, then asks a second provider (with a small cache budget
/// derived from the input's hash) for the same frames in a pseudo-random
/// order derived from that hash, checking:
/// - opening either succeeds or throws a `GIFError` (never traps);
/// - every canvas is `canvasWidth * canvasHeight * 4` bytes, within the limit;
/// - random access gives the same pixels and completeness as sequential
///   decoding (spec gif.md, Random access);
/// - the cache never holds more than its budget, and its byte count matches
///   its canvases;
/// - a timeline over the provider can be made and shows a valid frame.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzGIF(_ data: UnsafeRawPointer, _ size: Int) -> CInt {
  let bytes = Array(UnsafeRawBufferPointer(start: data, count: size))
  var random = SplitMix64(seed: fnv1a(bytes))
  let maxPixels = 1 << 20
  let sequentialOptions = GIFOptions(maxCanvasPixels: maxPixels, cacheByteBudget: 1 << 20)
  let sequential: GIFFrameProvider
  do {
    sequential = try GIFFrameProvider(bytes: bytes, options: sequentialOptions)
  } catch {
    _ = error.description
    return 0
  }
  let reference = sequential
  let width = reference.canvasWidth
  let height = reference.canvasHeight
  fuzzCheck(width > 0 && height > 0 && width * height <= maxPixels, "canvas \(width)x\(height)")
  fuzzCheck(reference.frameCount >= 1, "no frames")
  let canvasBytes = width * height * 4

  // Sequential decoding of a prefix: hashes and completeness per frame.
  // Bounded so one input stays fast: at most 4 MiB of canvases in the
  // prefix, and a random access replays at most the prefix.
  let limit = max(1, min(reference.frameCount, 32, (1 << 22) / canvasBytes))
  var expected: [(hash: UInt64, complete: Bool)] = []
  for index in 0..<limit {
    let image: RGBAImage
    do { image = try reference.frame(at: index) } catch { fuzzFailure("frame \(index): \(error)") }
    check(image, width: width, height: height)
    let complete: Bool
    do { complete = try reference.isFrameComplete(index) } catch { fuzzFailure("isFrameComplete \(index): \(error)") }
    expected.append((canvasHash(image.pixels), complete))
    _ = reference.frameDuration(at: index)
  }
  checkCache(reference)

  // The same frames in a random order, through a small cache.
  let budgets = [0, 64, canvasBytes + 64, 2 * (canvasBytes + 64) + 1, 5 * (canvasBytes + 64), 1 << 16]
  let budget = budgets[random.below(budgets.count)]
  var options = sequentialOptions
  options.cacheByteBudget = budget
  let provider: GIFFrameProvider
  do { provider = try GIFFrameProvider(bytes: bytes, options: options) } catch { fuzzFailure("reopen: \(error)") }
  fuzzCheck(provider.frameCount == reference.frameCount, "frame count changed with the budget")
  for _ in 0..<min(limit + 8, 24) {
    let index = random.below(limit)
    if random.below(3) == 0 {
      let complete: Bool
      do { complete = try provider.isFrameComplete(index) } catch { fuzzFailure("isFrameComplete \(index): \(error)") }
      fuzzCheck(complete == expected[index].complete, "frame \(index): completeness differs from sequential decoding")
    } else {
      let image: RGBAImage
      do { image = try provider.frame(at: index) } catch { fuzzFailure("frame \(index): \(error)") }
      check(image, width: width, height: height)
      fuzzCheck(canvasHash(image.pixels) == expected[index].hash,
        "frame \(index): random access (budget \(budget)) differs from sequential decoding")
    }
    checkCache(provider)
  }

  // Out-of-range requests throw.
  for index in [-1, provider.frameCount, Int.max, Int.min] {
    do { _ = try provider.frame(at: index); fuzzFailure("frame(at: \(index)) did not throw") } catch {}
    do { _ = try provider.isFrameComplete(index); fuzzFailure("isFrameComplete(\(index)) did not throw") } catch {}
  }
  if provider.frameDuration(at: -1) != 0 || provider.frameDuration(at: provider.frameCount) != 0 {
    fuzzFailure("frameDuration out of range is not 0")
  }

  // A timeline over the provider (durations of a GIF never overflow).
  do {
    var timeline = try Timeline(provider: provider)
    timeline.play()
    _ = try timeline.tick(by: 123_456_789)
    fuzzCheck(timeline.currentFrame >= 0 && timeline.currentFrame < provider.frameCount, "timeline frame")
    if timeline.currentFrame < limit {
      check(try provider.frame(shownBy: timeline), width: width, height: height)
    }
  } catch {
    fuzzFailure("timeline over a GIF: \(error)")
  }
  return 0
}

private func check(_ image: RGBAImage, width: Int, height: Int) {
  fuzzCheck(image.width == width && image.height == height, "image \(image.width)x\(image.height), canvas \(width)x\(height)")
  fuzzCheck(image.pixels.count == width * height * 4, "image has \(image.pixels.count) bytes for \(width)x\(height)")
}

private func checkCache(_ provider: GIFFrameProvider) {
  let stats = provider.statistics
  let budget = provider.options.cacheByteBudget
  let entry = provider.canvasWidth * provider.canvasHeight * 4 + 64
  fuzzCheck(stats.cachedBytes >= 0 && stats.cachedBytes <= budget, "cache holds \(stats.cachedBytes) of \(budget)")
  fuzzCheck(stats.peakCachedBytes >= stats.cachedBytes && stats.peakCachedBytes <= budget,
    "cache peak \(stats.peakCachedBytes) of \(budget)")
  fuzzCheck(stats.cachedCanvases * entry == stats.cachedBytes,
    "\(stats.cachedCanvases) canvases of \(entry) bytes but \(stats.cachedBytes) cached bytes")
}
