import AnimTimeline
import TimelineScript

#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

extension Bench {
  /// Opens the image (GIF, PNG/APNG or WebP) named by the positional argument.
  static func openImage(_ options: BenchOptions) throws(CommandError) -> any AnimatedImageProvider {
    guard let path = options.file else { throw .usage("bench decode/access/share/encode needs an image file") }
    return try ImageInput.open(path)
  }

  /// Opens the positional argument's image again, as a provider of the
  /// type it had (`P`), with nothing decoded.
  static func reopen<P: AnimatedImageProvider>(_ options: BenchOptions, as type: P.Type) throws(CommandError) -> P {
    guard let provider = try openImage(options) as? P else { throw .input("the file changed while the benchmark ran") }
    return provider
  }

  /// Folds the first and the last pixel of a canvas into `sum` (FNV-1a
  /// style over two 32-bit words, the same fold as
  /// `Benchmarks/giflib/gifbench.c`), so that decoding dominates the cost.
  static func fold(_ sum: inout UInt64, _ pixels: [UInt8]) {
    guard pixels.count >= 4 else { return }
    let last = pixels.count - 4
    let first = UInt32(pixels[0]) | UInt32(pixels[1]) << 8 | UInt32(pixels[2]) << 16 | UInt32(pixels[3]) << 24
    let final =
      UInt32(pixels[last]) | UInt32(pixels[last + 1]) << 8 | UInt32(pixels[last + 2]) << 16
      | UInt32(pixels[last + 3]) << 24
    sum = (sum ^ UInt64(first)) &* 0x0000_0100_0000_01B3
    sum = (sum ^ UInt64(final)) &* 0x0000_0100_0000_01B3
  }

  /// `bench decode FILE --repeat N [--borrow] [--reopen]`: every frame
  /// composited in order, `N` times, as a looping player asks for them: one
  /// provider (default options) plays the frames `N` times over. A provider
  /// never decodes the frame it shows again, so a one-frame file is opened
  /// afresh from its bytes in memory (untimed) for each repeat instead. With
  /// `--reopen`, every file is, and the opening is timed with the play, one
  /// interval a repeat: the work of a decoder that reads the whole file
  /// each time (libwebp's `WebPAnimDecoder`, `Benchmarks/webp_vs_libwebp.sh`);
  /// `frame_decodes` then counts the frames the opening drew too. The first
  /// play, which also fills the canvas cache, is reported on its own too.
  /// `--borrow` looks at each frame through `withFrame(at:_:)` instead of
  /// taking it with `frame(at:)`. The baseline copies the same number of
  /// canvas bytes, one canvas at a time.
  ///
  /// The process's own first use of the decoding code (the Swift runtime's
  /// generic metadata and conformances, code pages, the allocator's first
  /// arenas) is not the file's work: another provider, opened from the
  /// same bytes, plays every frame once first, reported on its own
  /// (`cold_first_play_ns_per_frame`). The first play then measured is a
  /// fresh provider's, as in a process that has shown other images.
  static func decode(_ options: BenchOptions) throws(CommandError) -> [(String, String)] {
    try decode(try openImage(options), options)
  }

  /// Plays the `frames` frames of `provider` once in order, folding each
  /// into `sum`: looked at through `withFrame(at:_:)` when `borrow`, else
  /// taken with `frame(at:)`.
  private static func play<Q: AnimatedImageProvider>(_ provider: Q, _ frames: Int, _ borrow: Bool, into sum: inout UInt64) {
    if borrow { return playBorrowing(provider, frames, into: &sum) }
    for index in 0..<frames {
      guard let image = try? provider.frame(at: index) else { continue }
      fold(&sum, image.pixels)
    }
  }

  /// ``play(_:_:_:into:)`` through `withFrame(at:_:)`. Not inlined: in
  /// the caller, which is not specialized when the provider is opened by
  /// content, the metadata of `withFrame`'s error type was looked up on
  /// every play, borrowing or not (320 instructions, 1.5 % of a 4x4
  /// APNG's timed round, callgrind).
  @inline(never)
  private static func playBorrowing<Q: AnimatedImageProvider>(_ provider: Q, _ frames: Int, into sum: inout UInt64) {
    for index in 0..<frames {
      _ = try? provider.withFrame(at: index) { image in fold(&sum, image.pixels) }
    }
  }

  /// `bench decode` on `opened`, of its own type.
  static func decode<P: AnimatedImageProvider>(_ opened: P, _ options: BenchOptions) throws(CommandError) -> [(String, String)] {
    // A one-frame file is opened again from these bytes (shared, not
    // copied) for each repeat.
    let reopens = options.reopen || opened.frameCount == 1
    let bytes = try FileSystem.contents(ofFile: options.file ?? FilePath(""))
    let frames = opened.frameCount
    var coldSum: UInt64 = 0
    let coldFirstPlay: Int64
    do {
      // Released before the measured play, as a closed image would be.
      guard let cold = try? AnimatedImage.open(bytes: bytes) as? P else { throw .input("the file no longer opens") }
      coldFirstPlay = time { play(cold, frames, true, into: &coldSum) }
    }
    let repeats = Int(options.repeats)
    let canvasBytes = opened.canvasSize.width * opened.canvasSize.height * 4
    var sum: UInt64 = 0xCBF2_9CE4_8422_2325
    var decodes = 0
    var firstPlay: Int64 = 0
    var elapsed: Int64 = 0
    var provider = opened
    for round in 0..<repeats {
      let nanos: Int64
      let before: Int
      if options.reopen {
        // The opening and the play are one timed interval, as libpng's
        // harness times its loop: timing them apart read the clock twice
        // more a round (1.5 % of a 4x4 APNG's round, callgrind). The file is
        // opened by content, as a user opens it, and played through what
        // that returns; the cast back to `P`, the benchmark's own (a
        // dynamic cast, 2 % of opening a 4x4 APNG), is not timed.
        var reopened: (any AnimatedImageProvider)? = nil
        nanos = time {
          reopened = try? AnimatedImage.open(bytes: bytes)
          if let reopened { play(reopened, frames, options.borrow, into: &sum) }
        }
        guard let again = reopened as? P else { throw .input("the file no longer opens") }
        provider = again
        before = 0
      } else {
        if reopens {
          // A one-frame file, opened again untimed (see above).
          guard let again = try? AnimatedImage.open(bytes: bytes) as? P else {
            throw .input("the file no longer opens")
          }
          provider = again
        }
        before = provider.statistics.frameDecodes
        nanos = time { play(provider, frames, options.borrow, into: &sum) }
      }
      decodes &+= provider.statistics.frameDecodes &- before
      elapsed &+= nanos
      if round == 0 { firstPlay = nanos }
    }
    // Baseline: one canvas copied `frames * repeats` times into a second one.
    var source = [UInt8](repeating: 0, count: canvasBytes)
    source[0] = UInt8(truncatingIfNeeded: sum)
    var target = [UInt8](repeating: 0, count: canvasBytes)
    var baselineSum: UInt64 = 0
    let baseline = time {
      for round in 0..<(frames * repeats) {
        source[0] = UInt8(truncatingIfNeeded: round)
        target.withUnsafeMutableBufferPointer { to in
          source.withUnsafeBufferPointer { from in _ = to.update(fromContentsOf: from) }
        }
        baselineSum &+= UInt64(opaque(target)[canvasBytes - 1])
      }
    }
    let total = Int64(frames * repeats)
    let pixels = Double(total) * Double(canvasBytes / 4)
    let seconds = Double(max(elapsed, 1)) / 1e9
    return [
      ("bench", "decode"), ("mode", options.borrow ? "borrow" : "copy"), ("frames", "\(frames)"),
      ("repeats", "\(repeats)"),
      ("canvas", "\(opened.canvasSize.width)x\(opened.canvasSize.height)"), ("frame_decodes", "\(decodes)"),
      ("ns_per_frame", perItem(elapsed, total)),
      ("first_play_ns_per_frame", perItem(firstPlay, Int64(frames))),
      ("cold_first_play_ns_per_frame", perItem(coldFirstPlay, Int64(frames))),
      ("mpixels_per_s", String(Double(Int(pixels / seconds / 1e4)) / 100)),
      ("baseline_copy_ns_per_frame", perItem(baseline, total)),
      ("ratio_to_copy", ratio(Double(elapsed), Double(baseline))),
      ("checksum", hex64(sum)), ("sink", "\((baselineSum ^ coldSum) & 1)"),
    ]
  }

  /// `bench access FILE.gif --count K --seed S`: `K` calls of `frame(at:)`
  /// at random frames under the default cache budget.
  ///
  /// Once the provider has cached its checkpoints, a frame is at most
  /// ``GIFFrameProvider/checkpointSpacing`` decodes away, fewer from a
  /// frame drawn on a blank canvas (``keyframeInterval(_:)``): that is the
  /// mean the run is held to.
  static func access(_ options: BenchOptions) throws(CommandError) -> [(String, String)] {
    try access(try openImage(options), options)
  }

  /// `bench access` on `provider`, of its own type.
  static func access<P: AnimatedImageProvider>(_ provider: P, _ options: BenchOptions) throws(CommandError) -> [(String, String)] {
    let frames = provider.frameCount
    let count = Int(options.count ?? 10_000)
    let budget = provider.cacheByteBudget
    let canvasBytes = provider.canvasSize.width * provider.canvasSize.height * 4
    var rng = SplitMix64(seed: options.seed)
    var sum: UInt64 = 0xCBF2_9CE4_8422_2325
    let elapsed = time {
      for _ in 0..<count {
        let index = Int(rng.next() % UInt64(frames))
        guard let image = try? provider.frame(at: index) else { continue }
        fold(&sum, image.pixels)
      }
    }
    let statistics = provider.statistics
    let interval = keyframeInterval(provider)
    let meanDecodes = Double(statistics.frameDecodes) / Double(max(count, 1))
    let working = 2 * canvasBytes
    let peak = statistics.peakCachedBytes + working
    let decodesMet = meanDecodes <= Double(interval)
    let bytesMet = peak <= budget + working
    var missed: [String] = []
    if !decodesMet {
      var reason = "mean_decodes_per_access \(String(Double(Int(meanDecodes * 1000)) / 1000)) > keyframe_interval \(interval)"
      if count < 100 * frames {
        // The first accesses fill the cache from a cold start; the target
        // is for the steady state that follows.
        reason += " (cold start: \(count) accesses over \(frames) frames; give --count \(100 * frames) or more)"
      }
      missed.append(reason)
    }
    if !bytesMet { missed.append("peak_bytes \(peak) > budget + working_bytes \(budget + working)") }
    return [
      ("bench", "access"), ("frames", "\(frames)"), ("count", "\(count)"), ("seed", "\(options.seed)"),
      ("ns_per_access", perItem(elapsed, Int64(count))),
      ("frame_decodes", "\(statistics.frameDecodes)"),
      ("mean_decodes_per_access", String(Double(Int(meanDecodes * 1000)) / 1000)),
      ("keyframe_interval", "\(interval)"),
      ("peak_cached_bytes", "\(statistics.peakCachedBytes)"), ("working_bytes", "\(working)"),
      ("peak_bytes", "\(peak)"), ("budget", "\(budget)"), ("canvas_bytes", "\(canvasBytes)"),
      ("evictions", "\(statistics.evictions)"), ("peak_rss_kib", "\(peakResidentKiB())"),
      ("target", "mean_decodes_per_access<=keyframe_interval,peak_bytes<=budget+working_bytes"),
      ("target_met", "\(missed.isEmpty)"),
    ] + (missed.isEmpty ? [] : [("target_missed", missed.joined(separator: "; "))]) + [("checksum", hex64(sum))]
  }

  /// The most decodes a seek needs once the cache holds its checkpoints:
  /// the longest run of frames from a start point (a checkpoint, or a frame
  /// drawn on a blank canvas, as the provider tells) to a target.
  static func keyframeInterval(_ provider: some AnimatedImageProvider) -> Int {
    let spacing = provider.checkpointSpacing
    var longest = 0
    var run = 0
    for position in 0..<provider.frameCount {
      run = provider.isDrawnOnBlankCanvas(position) || position % spacing == 0 ? 1 : run + 1
      longest = max(longest, run)
    }
    return longest
  }

  /// The process's peak resident set size in KiB (`getrusage`).
  static func peakResidentKiB() -> Int {
    var usage = rusage()
    #if canImport(Darwin)
    let who = RUSAGE_SELF
    #elseif canImport(Glibc)
    let who = __rusage_who_t(RUSAGE_SELF.rawValue)
    #else
    let who = RUSAGE_SELF
    #endif
    guard getrusage(who, &usage) == 0 else { return 0 }
    return Int(usage.ru_maxrss)
  }

  static func hex64(_ value: UInt64) -> String {
    let digits = String(value, radix: 16)
    return String(repeating: "0", count: 16 - digits.count) + digits
  }
}
