import AnimTimeline

/// `timeline-demo info FILE.gif`: the canvas, loop count and every frame's
/// rectangle, delay, disposal and completeness (with `--crc`, the CRC-32
/// of its composited canvas); `--json` for one JSON object.
struct InfoCommand: Subcommand {
  static let usage = "timeline-demo info FILE.gif [--json] [--crc]"

  static let help = Help.subcommand(
    usage: usage,
    ["""
    info: what the GIF file holds, one line per frame (frame 0, 1, ...)
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
    guard let path else { throw .usage("info needs a GIF file") }
    self.path = path
  }

  func run(_ console: inout Console) throws(CommandError) {
    var provider = try GIFInput.open(path)
    var frames: [(info: GIFFrameInfo, delayMS: Int64, complete: Bool, crc: UInt32?)] = []
    for index in 0..<provider.frameCount {
      var checksum: UInt32? = nil
      if crc { checksum = try GIFInput.frame(index, of: &provider).pixelChecksum }
      let complete = (try? provider.isFrameComplete(index)) ?? false
      frames.append((provider.frameInfo[index], provider.frameDuration(at: index) / 1_000_000, complete, checksum))
    }
    let loops = provider.loopCount.plays.map { String($0) }
    if json {
      var out = "{\n"
      out += "  \"width\": \(provider.canvasWidth),\n"
      out += "  \"height\": \(provider.canvasHeight),\n"
      out += "  \"loop_raw\": \(provider.rawLoopCount.map { String($0) } ?? "null"),\n"
      out += "  \"loops\": \(loops ?? "\"inf\""),\n"
      out += "  \"truncated\": \(provider.isTruncated),\n"
      out += "  \"frames\": ["
      for (position, frame) in frames.enumerated() {
        out += position == 0 ? "\n" : ",\n"
        out += "    {\"delay_cs\": \(frame.info.delayCentiseconds), \"delay_ms\": \(frame.delayMS)"
        out += ", \"x\": \(frame.info.x), \"y\": \(frame.info.y), \"width\": \(frame.info.width), \"height\": \(frame.info.height)"
        out += ", \"disposal\": \(frame.info.disposal), \"complete\": \(frame.complete)"
        if let crc = frame.crc { out += ", \"crc32\": \"\(Self.hex(crc))\"" }
        out += "}"
      }
      out += "\n  ]\n}"
      console.line(out)
    } else {
      console.line("\(path): \(provider.canvasWidth)x\(provider.canvasHeight), \(frames.count) frame\(frames.count == 1 ? "" : "s")")
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

  /// `crc` as eight lower-case hex digits.
  static func hex(_ crc: UInt32) -> String {
    let digits = String(crc, radix: 16)
    return String(repeating: "0", count: 8 - digits.count) + digits
  }
}
