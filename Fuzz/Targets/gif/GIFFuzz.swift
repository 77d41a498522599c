import AnimTimeline
import TimelineScript

/// libFuzzer target `gif`: the whole input is a GIF file.
///
/// Opens it with small limits (a fuzz-only canvas limit of 2^16 pixels,
/// so no input spends its time filling megabyte canvases), then runs the
/// checks shared with the `apng` target (`fuzzAnimatedProvider`, in
/// `Fuzz/Support/Animated/`): frames drawn in order and lent, the same
/// frames in a random order derived from the input's hash through a second
/// provider with a small cache budget (same pixels, same completeness), the
/// cache's budget and byte count after every call, out-of-range indices,
/// and a timeline over the provider. Opening either succeeds or throws a
/// `GIFError` (never traps); `AnimatedImage.open(bytes:)` opens the same
/// GIF, or throws the same error.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzGIF(_ data: UnsafeRawPointer, _ size: Int) -> CInt {
  let bytes = Array(UnsafeRawBufferPointer(start: data, count: size))
  var random = SplitMix64(seed: canvasHash(bytes))
  let maxPixels = 1 << 16
  let plan = AnimatedFuzzPlan(&random)
  let options = GIFOptions(maxCanvasPixels: maxPixels, cacheByteBudget: plan.openingBudget, maxFileBytes: 1 << 20)
  let reference: GIFFrameProvider
  do {
    reference = try GIFFrameProvider(bytes: bytes, options: options)
  } catch let refused {
    _ = refused.description
    if bytes.starts(with: [0x47, 0x49, 0x46, 0x38]) {
      do {
        _ = try AnimatedImage.open(bytes: bytes, gifOptions: options)
        fuzzFailure("AnimatedImage.open opened a GIF the provider refused (\(refused))")
      } catch {
        fuzzCheck(error == .gif(refused), "AnimatedImage.open: \(error), the provider: \(refused)")
      }
    }
    return 0
  }
  fuzzAnimatedProvider(reference, plan: plan, maxPixels: maxPixels, random: &random) { budget in
    var reopened = options
    reopened.cacheByteBudget = budget
    do { return try GIFFrameProvider(bytes: bytes, options: reopened) } catch { fuzzFailure("reopen: \(error)") }
  }
  return 0
}
