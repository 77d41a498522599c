import AnimTimeline
import Foundation

/// The GIF subcommands of `timeline-demo`: `info`, `frames` and `frame`.
enum GIFCommands {
  /// The subcommands ``run(_:_:)`` handles.
  static let subcommands: Set<String> = ["info", "frames", "frame"]

  /// Runs `subcommand` with the arguments after it and returns the exit
  /// status: 0 on success, 1 when the GIF cannot be decoded or a file cannot
  /// be written, 2 for a usage error.
  static func run(_ subcommand: String, _ args: [String]) -> Int32 {
    do {
      switch subcommand {
      case "info": return try info(args)
      case "frames": return try frames(args)
      case "frame": return try frame(args)
      default: throw CommandError.usage("unknown subcommand '\(subcommand)'")
      }
    } catch let error as CommandError {
      switch error {
      case let .usage(message):
        printError(message)
        printError(usage)
        return 2
      case let .failure(message):
        printError(message)
        return 1
      }
    } catch {
      printError("\(error)")
      return 1
    }
  }

  static let usage = """
    usage: timeline-demo info FILE.gif [--json] [--crc]
           timeline-demo frames FILE.gif --out DIR [--format pam|png]
           timeline-demo frame FILE.gif (--index N | --at TIME) --out FILE [--format png|pam]
    """

  enum CommandError: Error {
    case usage(String)
    case failure(String)
  }

  static func printError(_ message: String) {
    Output.error(message)
  }

  // MARK: Arguments

  /// Parsed arguments: one positional file and options.
  struct Parsed {
    var file: String?
    var flags: Set<String> = []
    var values: [String: String] = [:]
  }

  /// Parses `words` given the flags and the options that take a value,
  /// with the demo's one argument cursor.
  static func parse(_ words: [String], flags: Set<String>, valued: Set<String>) throws(CommandError) -> Parsed {
    var result = Parsed()
    var args = Arguments(words)
    while let arg = args.next() {
      if flags.contains(arg) {
        result.flags.insert(arg)
      } else if valued.contains(arg) {
        do {
          result.values[arg] = try args.value(for: arg)
        } catch {
          throw .usage(error.message)
        }
      } else if arg.hasPrefix("--"), arg.count > 2 {
        throw .usage("unknown option '\(arg)'")
      } else if result.file == nil {
        result.file = arg
      } else {
        throw .usage("unexpected argument '\(arg)'")
      }
    }
    return result
  }

  static func open(_ path: String) throws(CommandError) -> GIFFrameProvider {
    do {
      return try GIFFrameProvider(contentsOfFile: path)
    } catch {
      throw .failure("\(path): \(error)")
    }
  }

  enum ImageFormat: String {
    case png, pam
  }

  static func format(_ value: String?, default fallback: ImageFormat) throws(CommandError) -> ImageFormat {
    guard let value else { return fallback }
    guard let format = ImageFormat(rawValue: value) else {
      throw .usage("--format must be png or pam, not '\(value)'")
    }
    return format
  }

  static func encode(_ image: RGBAImage, as format: ImageFormat) -> [UInt8] {
    switch format {
    case .png: return PNGWriter.encode(image)
    case .pam: return PAMWriter.encode(image)
    }
  }

  static func write(_ bytes: [UInt8], to path: String) throws(CommandError) {
    do {
      try Data(bytes).write(to: URL(fileURLWithPath: path))
    } catch {
      throw .failure("cannot write '\(path)': \(error.localizedDescription)")
    }
  }

  // MARK: info

  static func info(_ args: [String]) throws(CommandError) -> Int32 {
    let parsed = try parse(args, flags: ["--json", "--crc"], valued: [])
    guard let path = parsed.file else { throw .usage("info needs a GIF file") }
    var provider = try open(path)
    let withCRC = parsed.flags.contains("--crc")
    var frames: [(info: GIFFrameInfo, delayMS: Int64, complete: Bool, crc: UInt32?)] = []
    for index in 0..<provider.frameCount {
      var crc: UInt32? = nil
      if withCRC {
        guard let image = try? provider.frame(at: index) else { throw .failure("frame \(index) out of range") }
        crc = CRC32.checksum(image.pixels)
      }
      let complete = (try? provider.isFrameComplete(index)) ?? false
      frames.append((provider.frameInfo[index], provider.frameDuration(at: index) / 1_000_000, complete, crc))
    }
    let loops = provider.loopCount.plays.map { String($0) }
    if parsed.flags.contains("--json") {
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
        out += ", \"disposal\": \(frame.info.disposal), \"complete\": \(frame.complete)"
        if let crc = frame.crc { out += ", \"crc32\": \"\(CRC32.hex(crc))\"" }
        out += "}"
      }
      out += "\n  ]\n}"
      print(out)
    } else {
      print("\(path): \(provider.canvasWidth)x\(provider.canvasHeight), \(frames.count) frame\(frames.count == 1 ? "" : "s")")
      print("loop: raw \(provider.rawLoopCount.map { String($0) } ?? "absent"), plays \(loops ?? "inf")")
      print("truncated: \(provider.isTruncated ? "yes" : "no")")
      for (position, frame) in frames.enumerated() {
        let info = frame.info
        var line = "frame \(position): \(info.width)x\(info.height) at (\(info.x),\(info.y))"
        line += ", delay \(info.delayCentiseconds) cs (\(frame.delayMS) ms), disposal \(info.disposal)"
        line += frame.complete ? ", complete" : ", incomplete"
        if let crc = frame.crc { line += ", crc32 \(CRC32.hex(crc))" }
        print(line)
      }
    }
    return 0
  }

  // MARK: frames

  static func frames(_ args: [String]) throws(CommandError) -> Int32 {
    let parsed = try parse(args, flags: [], valued: ["--out", "--format"])
    guard let path = parsed.file else { throw .usage("frames needs a GIF file") }
    guard let directory = parsed.values["--out"] else { throw .usage("frames needs --out DIR") }
    let format = try format(parsed.values["--format"], default: .png)
    var provider = try open(path)
    do {
      try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    } catch {
      throw .failure("cannot create '\(directory)': \(error.localizedDescription)")
    }
    let digits = max(3, String(provider.frameCount - 1).count)
    for index in 0..<provider.frameCount {
      guard let image = try? provider.frame(at: index) else { throw .failure("frame \(index) out of range") }
      let number = String(index)
      let name = "frame-" + String(repeating: "0", count: max(0, digits - number.count)) + number + "." + format.rawValue
      try write(encode(image, as: format), to: (directory as NSString).appendingPathComponent(name))
    }
    return 0
  }

  // MARK: frame

  static func frame(_ args: [String]) throws(CommandError) -> Int32 {
    let parsed = try parse(args, flags: [], valued: ["--index", "--at", "--out", "--format"])
    guard let path = parsed.file else { throw .usage("frame needs a GIF file") }
    guard let output = parsed.values["--out"] else { throw .usage("frame needs --out FILE") }
    let fallback: ImageFormat = output.lowercased().hasSuffix(".pam") ? .pam : .png
    let format = try format(parsed.values["--format"], default: fallback)
    let indexText = parsed.values["--index"]
    let timeText = parsed.values["--at"]
    guard (indexText == nil) != (timeText == nil) else { throw .usage("frame needs exactly one of --index N and --at TIME") }
    var requestedIndex: Int? = nil
    var requestedTime: Int64? = nil
    if let indexText {
      guard let value = Int(indexText), value >= 0 else { throw .usage("--index must be a frame number, not '\(indexText)'") }
      requestedIndex = value
    }
    if let timeText {
      guard let value = NumberSyntax.duration(Substring(timeText)) else {
        throw .usage("--at must be a duration such as 1.5s, 250ms, 10us, 7ns, not '\(timeText)'")
      }
      requestedTime = value
    }
    var provider = try open(path)
    let index: Int
    if let requestedIndex {
      guard requestedIndex < provider.frameCount else {
        throw .usage("--index \(requestedIndex) is out of range 0..<\(provider.frameCount)")
      }
      index = requestedIndex
    } else {
      // The frame a (forward, default) timeline over this GIF shows at that time.
      guard let time = requestedTime,
        let found = try? Timeline(provider: provider).frameIndex(at: time)
      else { throw .failure("no frame is shown at \(timeText ?? "")") }
      index = found
    }
    guard let image = try? provider.frame(at: index) else { throw .failure("frame \(index) out of range") }
    try write(encode(image, as: format), to: output)
    return 0
  }
}
