import AnimTimeline
import TimelineScript

/// `timeline-demo info FILE`: the canvas, loop count and every frame's
/// rectangle, delay, disposal (and blend, for APNG and WebP) and
/// completeness (with `--crc`, the CRC-32 of its composited canvas);
/// `--json` for one JSON object. GIF, PNG/APNG or WebP, told apart by
/// content.
struct InfoCommand: Subcommand {
  static let usage = "timeline-demo info FILE.gif|FILE.png|FILE.webp [--json] [--crc]"

  static let help = Help.subcommand(
    usage: usage,
    ["""
    info: what the GIF, PNG, APNG or WebP file holds, one line per frame (frame 0, 1, ...)
      --json               one JSON object (width, height, loops, frames)
      --crc                also the CRC-32 of each composited RGBA canvas
    """])

  var path: FilePath
  var json = false
  var crc = false

  init(parsing arguments: inout Arguments) throws(CommandError) {
    var path: FilePath?
    while let word = arguments.next() {
      switch word {
      case "--json":
        try arguments.flag(word)
        json = true
      case "--crc":
        try arguments.flag(word)
        crc = true
      default: try arguments.positional(word, into: &path)
      }
    }
    guard let path else { throw .usage("info needs an image file (GIF, PNG, APNG or WebP)") }
    self.path = path
  }

  func run(_ console: inout Console) throws(CommandError) {
    let provider = try ImageInput.open(path)
    var checksums: [UInt32?] = []
    for index in 0..<provider.frameCount {
      checksums.append(crc ? try ImageInput.frame(index, of: provider).pixelChecksum : nil)
    }
    if let gif = provider as? GIFFrameProvider {
      gifInfo(gif, checksums: checksums, &console)
    } else if let png = provider as? APNGFrameProvider {
      pngInfo(png, checksums: checksums, &console)
    } else if let webp = provider as? WebPFrameProvider {
      webpInfo(webp, checksums: checksums, &console)
    }
  }

  /// A GIF's facts (`Docs/GIFProvider.md`).
  func gifInfo(_ provider: GIFFrameProvider, checksums: [UInt32?], _ console: inout Console) {
    let frames = provider.frameInfo.indices.map { index in
      (info: provider.frameInfo[index], delayMS: provider.frameDuration(at: index) / 1_000_000,
       complete: (try? provider.isFrameComplete(index)) ?? false, crc: checksums[index])
    }
    let loops = provider.loopCount.plays.map { String($0) }
    if json {
      let header = [
        ("format", "\"gif\""), ("width", "\(provider.canvasWidth)"), ("height", "\(provider.canvasHeight)"),
        ("loop_raw", provider.rawLoopCount.map { String($0) } ?? "null"), ("loops", loops ?? "\"inf\""),
        ("truncated", "\(provider.isTruncated)"),
      ]
      console.line(Self.json(header, frames: frames.map { frame in
        "\"delay_cs\": \(frame.info.delayCentiseconds), \"delay_ms\": \(frame.delayMS), \(Self.rectangle(frame.info.rectangle))"
          + ", \"disposal\": \(frame.info.disposal), \"complete\": \(frame.complete)" + Self.crc(frame.crc)
      }))
    } else {
      console.line("\(path): GIF, \(provider.canvasWidth)x\(provider.canvasHeight), \(frames.count) frame\(frames.count == 1 ? "" : "s")")
      console.line("loop: raw \(provider.rawLoopCount.map { String($0) } ?? "absent"), plays \(loops ?? "inf")")
      console.line("truncated: \(provider.isTruncated ? "yes" : "no")")
      for (position, frame) in frames.enumerated() {
        let info = frame.info
        var line = "frame \(position): \(info.width)x\(info.height) at (\(info.x),\(info.y))"
        line += ", delay \(info.delayCentiseconds) cs (\(frame.delayMS) ms), disposal \(info.disposal)"
        line += frame.complete ? ", complete" : ", incomplete"
        if let crc = frame.crc { line += ", crc32 \(Self.hex(crc))" }
        console.line(line)
      }
    }
  }

  /// A PNG's or APNG's facts, as `Docs/APNG.md`'s output contract gives
  /// them: delays as the browser policy plays them (`delay_ms`) and as
  /// stored (`delay_ns_raw`), both 0 for a still image.
  func pngInfo(_ provider: APNGFrameProvider, checksums: [UInt32?], _ console: inout Console) {
    let animated = provider.isAnimated
    let frames = provider.frameInfo.indices.map { index in
      (info: provider.frameInfo[index],
       delayMS: animated ? provider.frameInfo[index].browserDelayMilliseconds : 0,
       delayNS: animated ? provider.frameInfo[index].rawDelayNanoseconds : 0, crc: checksums[index])
    }
    let loops = provider.loopCount.plays.map { String($0) }
    let error = provider.animationError
    if json {
      let header = [
        ("format", "\"png\""), ("width", "\(provider.canvasSize.width)"), ("height", "\(provider.canvasSize.height)"),
        ("loop_raw", provider.rawPlayCount.map { String($0) } ?? "null"), ("loops", loops ?? "\"inf\""),
        ("truncated", "\(provider.isTruncated)"), ("animation_error", error.map(EventText.jsonString) ?? "null"),
      ]
      console.line(Self.json(header, frames: frames.map { frame in
        let rectangle = PixelRect(x: frame.info.x, y: frame.info.y, width: frame.info.width, height: frame.info.height)
        return "\"delay_ms\": \(frame.delayMS), \"delay_ns_raw\": \(frame.delayNS), \(Self.rectangle(rectangle))"
          + ", \"dispose\": \(frame.info.disposeOp), \"blend\": \(frame.info.blendOp)" + Self.crc(frame.crc)
      }))
    } else {
      let kind = animated ? "APNG" : "PNG (still)"
      console.line("\(path): \(kind), \(provider.canvasSize.width)x\(provider.canvasSize.height), \(frames.count) frame\(frames.count == 1 ? "" : "s")")
      console.line("loop: raw \(provider.rawPlayCount.map { String($0) } ?? "absent"), plays \(loops ?? "inf")")
      console.line("truncated: \(provider.isTruncated ? "yes" : "no")")
      if let error { console.line("animation error: \(TextEscaping.escaped(error))") }
      for (position, frame) in frames.enumerated() {
        let info = frame.info
        var line = "frame \(position): \(info.width)x\(info.height) at (\(info.x),\(info.y))"
        line += ", delay \(info.delayNumerator)/\(info.delayDenominator) s (\(frame.delayMS) ms), dispose \(info.disposeOp), blend \(info.blendOp)"
        if let crc = frame.crc { line += ", crc32 \(Self.hex(crc))" }
        console.line(line)
      }
    }
  }

  /// A WebP file's facts, as `shared/spec/webp.md`'s output contract
  /// gives them: delays as the browser policy plays them (`delay_ms`) and
  /// as stored (`delay_ms_raw`), both 0 for a still image; the `ANIM`
  /// background colour as stored (never drawn).
  func webpInfo(_ provider: WebPFrameProvider, checksums: [UInt32?], _ console: inout Console) {
    let animated = provider.isAnimated
    let frames = provider.frameInfo.indices.map { index in
      let info = provider.frameInfo[index]
      let raw = animated ? info.durationMilliseconds : 0
      // The provider's duration: the browser policy (its default options).
      return (info: info, delayMS: Int(provider.frameDuration(at: index) / 1_000_000), rawMS: raw, crc: checksums[index])
    }
    let loops = provider.loopCount.plays.map { String($0) }
    let background = provider.rawBackgroundColor.map { "#" + Self.hex($0).uppercased() }
    if json {
      let header = [
        ("format", "\"webp\""), ("width", "\(provider.canvasSize.width)"), ("height", "\(provider.canvasSize.height)"),
        ("loop_raw", provider.rawLoopCount.map { String($0) } ?? "null"), ("loops", loops ?? "\"inf\""),
        ("background_raw", background.map { "\"\($0)\"" } ?? "null"), ("truncated", "\(provider.isTruncated)"),
      ]
      console.line(Self.json(header, frames: frames.map { frame in
        "\"delay_ms\": \(frame.delayMS), \"delay_ms_raw\": \(frame.rawMS), \(Self.rectangle(frame.info.rectangle))"
          + ", \"blend\": \(frame.info.blends), \"dispose\": \(frame.info.disposesToBackground)"
          + ", \"lossless\": \(frame.info.isLossless)" + Self.crc(frame.crc)
      }))
    } else {
      let kind = animated ? "WebP (animated)" : "WebP (still)"
      console.line("\(path): \(kind), \(provider.canvasSize.width)x\(provider.canvasSize.height), \(frames.count) frame\(frames.count == 1 ? "" : "s")")
      console.line("loop: raw \(provider.rawLoopCount.map { String($0) } ?? "absent"), plays \(loops ?? "inf")")
      if let background { console.line("background (not drawn): \(background)") }
      console.line("truncated: \(provider.isTruncated ? "yes" : "no")")
      for (position, frame) in frames.enumerated() {
        let info = frame.info
        var line = "frame \(position): \(info.width)x\(info.height) at (\(info.x),\(info.y))"
        line += ", delay \(frame.rawMS) ms (\(frame.delayMS) ms), \(info.isLossless ? "lossless" : "lossy")"
        line += info.blends ? ", blend" : ", no blend"
        line += info.disposesToBackground ? ", dispose" : ", keep"
        if let crc = frame.crc { line += ", crc32 \(Self.hex(crc))" }
        console.line(line)
      }
    }
  }

  /// The `info --json` document of every format: the `header` keys in
  /// order, then `"frames"`, one object a line holding each of `frames`.
  static func json(_ header: [(String, String)], frames: [String]) -> String {
    var out = "{\n"
    for (key, value) in header { out += "  \"\(key)\": \(value),\n" }
    out += "  \"frames\": ["
    for (position, frame) in frames.enumerated() {
      out += (position == 0 ? "\n" : ",\n") + "    {" + frame + "}"
    }
    return out + "\n  ]\n}"
  }

  /// A frame's rectangle as JSON keys: `"x": X, "y": Y, "width": W, "height": H`.
  static func rectangle(_ rectangle: PixelRect) -> String {
    "\"x\": \(rectangle.x), \"y\": \(rectangle.y), \"width\": \(rectangle.width), \"height\": \(rectangle.height)"
  }

  /// `, "crc32": "hex"` when the checksum was asked for, else nothing.
  static func crc(_ crc: UInt32?) -> String {
    crc.map { ", \"crc32\": \"\(hex($0))\"" } ?? ""
  }

  /// `crc` as eight lower-case hex digits.
  static func hex(_ crc: UInt32) -> String {
    let digits = String(crc, radix: 16)
    return String(repeating: "0", count: 8 - digits.count) + digits
  }
}
