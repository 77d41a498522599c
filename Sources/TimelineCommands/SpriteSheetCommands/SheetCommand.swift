import AnimTimeline
import TimelineScript

/// `timeline-demo sheet FILE.json`: what an Aseprite export holds: every
/// frame (numbered from 0, as Aseprite numbers them) with its rectangle,
/// duration, trim and rotation, and every tag with the clip that plays it
/// on the display list; `--json` for one JSON object.
struct SheetCommand: Subcommand {
  static let usage = "timeline-demo sheet FILE.json [--json]"

  static let help = Help.subcommand(
    usage: usage,
    ["""
    sheet: the frames and tags of an Aseprite JSON export (hash or array layout)
      --json               one JSON object (frames, tags, display list)

    Frames are Aseprite's, numbered from 0: rectangle in the sheet, duration,
    trimmed (with where the pixels sit in the untrimmed sprite) and rotated.
    Tags: frames, direction, repeat (0: none given, which loops forever in a
    game) and what one play shows, as Aseprite plays it; and the clip that
    plays the tag on the display list: the provider frames of --aseprite, the
    sheet frames then the ping-pong sequences (Docs/SpriteSheets.md).
      timeline-demo sheet hero.json
      timeline-demo --aseprite hero.json --clip walk --ticks 120 --json
    """])

  var path: FilePath
  var json = false

  init(parsing arguments: inout Arguments) throws(CommandError) {
    var path: FilePath?
    while let word = arguments.next() {
      switch word {
      case "--json":
        try arguments.flag(word)
        json = true
      default: try arguments.positional(word, into: &path)
      }
    }
    guard let path else { throw .usage("sheet needs an Aseprite JSON file") }
    self.path = path
  }

  func run(_ console: inout Console) throws(CommandError) {
    let sheet = try AsepriteInput.open(path)
    if json {
      console.line(Self.json(sheet))
    } else {
      for line in Self.text(sheet, path: path) { console.line(line) }
    }
  }

  /// The most steps of a tag's play listed in full.
  static let shownSteps = 32

  /// The sheet frames one play of `tag` shows (``AsepriteTag/passes``
  /// passes; one cycle for a tag that loops forever), at most
  /// ``shownSteps`` of them, and whether there are more.
  static func steps(of tag: AsepriteTag) -> (frames: [Int], count: Int, more: Bool) {
    let count = tag.repeats == 0 ? tag.cycleLength : tag.stepCount
    let shown = min(count, shownSteps)
    return ((0..<shown).map(tag.sheetFrame(atStep:)), count, count > shown)
  }

  /// `3`, or `inf`.
  static func loops(_ loops: LoopCount) -> String { loops.plays.map(String.init) ?? "inf" }

  /// The readable listing.
  static func text(_ sheet: AsepriteSheet, path: FilePath) -> [String] {
    var lines: [String] = []
    let count = sheet.frames.count
    var header = "\(path): \(count) frame\(count == 1 ? "" : "s"), \(sheet.tags.count) tag\(sheet.tags.count == 1 ? "" : "s"), \(sheet.layout.rawValue) layout"
    if let size = sheet.size { header += ", sheet \(size.width)x\(size.height)" }
    header += sheet.image.map { ", image \($0)" } ?? ", no image"
    lines.append(header)
    for (index, frame) in sheet.frames.enumerated() {
      let rect = frame.frame
      var line = "frame \(index): \(rect.width)x\(rect.height) at (\(rect.x),\(rect.y)), \(frame.duration / 1_000_000) ms"
      if frame.trimmed {
        let placed = frame.spriteSourceSize
        line += ", trimmed (at (\(placed.x),\(placed.y)) of \(frame.sourceSize.width)x\(frame.sourceSize.height))"
      }
      if frame.rotated { line += ", rotated" }
      lines.append(line)
    }
    for (tag, clip) in zip(sheet.tags, sheet.displayList.clips) {
      let (frames, count, more) = steps(of: tag)
      let shows = frames.map(String.init).joined(separator: " ") + (more ? " ... (\(count) steps)" : "")
      let play = tag.repeats == 0 ? "repeat 0 (forever), cycle \(shows)" : "repeat \(tag.repeats), plays \(shows)"
      lines.append(
        "tag \(tag.name): frames \(tag.frames.lowerBound)-\(tag.frames.upperBound), \(tag.direction.rawValue), \(play); "
          + "clip \(clip.frames.lowerBound)-\(clip.frames.upperBound), loops \(loops(clip.loops)), \(clip.direction?.rawValue ?? "any")")
    }
    lines.append("display list: \(sheet.displayList.sheetFrames.count) provider frames")
    return lines
  }

  /// The JSON object.
  static func json(_ sheet: AsepriteSheet) -> String {
    func rect(_ r: SpriteSheetRect) -> String { #"{"x":\#(r.x),"y":\#(r.y),"w":\#(r.width),"h":\#(r.height)}"# }
    func size(_ s: ImageSize) -> String { #"{"w":\#(s.width),"h":\#(s.height)}"# }
    var out = "{\n"
    out += "  \"layout\": \"\(sheet.layout.rawValue)\",\n"
    out += "  \"image\": \(sheet.image.map(EventText.jsonString) ?? "null"),\n"
    out += "  \"size\": \(sheet.size.map(size) ?? "null"),\n"
    out += "  \"frames\": ["
    for (index, frame) in sheet.frames.enumerated() {
      out += index == 0 ? "\n" : ",\n"
      out += #"    {"frame":\#(index),"name":\#(frame.name.map(EventText.jsonString) ?? "null"),"rect":\#(rect(frame.frame)),"#
      out += #""duration_ms":\#(frame.duration / 1_000_000),"trimmed":\#(frame.trimmed),"rotated":\#(frame.rotated),"#
      out += #""sprite_source":\#(rect(frame.spriteSourceSize)),"source_size":\#(size(frame.sourceSize))}"#
    }
    out += "\n  ],\n  \"tags\": ["
    for (index, (tag, clip)) in zip(sheet.tags, sheet.displayList.clips).enumerated() {
      let (frames, count, more) = steps(of: tag)
      out += index == 0 ? "\n" : ",\n"
      out += #"    {"name":\#(EventText.jsonString(tag.name)),"from":\#(tag.frames.lowerBound),"to":\#(tag.frames.upperBound),"#
      out += #""direction":"\#(tag.direction.rawValue)","repeat":\#(tag.repeats),"passes":\#(tag.passes),"#
      out += #""forever":\#(tag.repeats == 0),"steps":\#(count),"#
      out += #""sheet_frames":[\#(frames.map(String.init).joined(separator: ","))],"truncated":\#(more),"#
      let plays = clip.loops.plays.map(String.init) ?? "\"inf\""
      out += #""clip":{"from":\#(clip.frames.lowerBound),"to":\#(clip.frames.upperBound),"loops":\#(plays),"direction":"\#(clip.direction?.rawValue ?? "forward")"}}"#
    }
    out += "\n  ],\n"
    out += "  \"display_list\": [\(sheet.displayList.sheetFrames.map(String.init).joined(separator: ","))]\n}"
    return out
  }
}
