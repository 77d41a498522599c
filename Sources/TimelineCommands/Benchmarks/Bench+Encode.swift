import AnimTimeline

extension Bench {
  /// `bench encode FILE --repeat N [--format gif|png]`: the frames a
  /// timeline plays through once (as `convert FILE` gathers them, each
  /// distinct frame decoded once, untimed) encoded `N` times as a GIF (or
  /// an APNG), in this process: the encoder's own time, with the frames
  /// already in memory, as Pillow's writer is timed
  /// (`Benchmarks/encoders.py`, section 4). Reports the fastest and the
  /// mean of the repeats. The baseline copies every frame's pixels once
  /// per repeat.
  static func encode(_ options: BenchOptions) throws(CommandError) -> [(String, String)] {
    let provider = try openImage(options)
    let animation: AnimationSequence
    do {
      let timeline = try Timeline(provider: provider)
      animation = try AnimationSequence(provider: provider, timeline: timeline)
    } catch {
      throw .input("cannot gather the frames: \(error)")
    }
    let repeats = Int(options.repeats)
    var fastest = Int64.max
    var total: Int64 = 0
    var bytes = 0
    var sum: UInt64 = 0xCBF2_9CE4_8422_2325
    var failure: AnimationEncodingError?
    for _ in 0..<repeats {
      var output: [UInt8] = []
      let nanos = time {
        do throws(AnimationEncodingError) {
          output = options.format == "png" ? try APNGEncoder.encode(animation) : try GIFEncoder.encode(animation)
        } catch {
          failure = error
        }
      }
      if let failure { throw .input("cannot encode: \(failure)") }
      fastest = min(fastest, nanos)
      total &+= nanos
      bytes = output.count
      for byte in output.suffix(8) { sum = (sum ^ UInt64(byte)) &* 0x100_0000_01B3 }
    }
    // Baseline: every frame's pixels copied once per repeat.
    var copied: UInt64 = 0
    let baseline = time {
      for _ in 0..<repeats {
        for frame in animation.frames {
          let copy = opaque(frame.image.pixels.withUnsafeBufferPointer { Array($0) })
          copied &+= UInt64(copy.last ?? 0)
        }
      }
    }
    let frames = animation.frames.count
    return [
      ("bench", "encode"), ("format", options.format == "png" ? "png" : "gif"), ("frames", "\(frames)"),
      ("repeats", "\(repeats)"), ("size", "\(animation.size.width)x\(animation.size.height)"), ("bytes", "\(bytes)"),
      ("fastest_ns", "\(fastest)"), ("mean_ns", perItem(total, Int64(repeats))),
      ("ns_per_frame", perItem(fastest, Int64(max(frames, 1)))),
      ("baseline_copy_ns", perItem(baseline, Int64(repeats))),
      ("ratio_to_copy", ratio(Double(fastest), Double(baseline) / Double(repeats))),
      ("checksum", hex64(sum)), ("sink", "\(copied & 1)"),
    ]
  }
}
