import Foundation
import Testing
import AnimTimeline
@testable import TimelineCommands

/// An Aseprite export written by the tests: four frames in a row, frame 2
/// trimmed, frame 3 trimmed and stored rotated; tags "walk" (forward),
/// "idle" (ping-pong, forever) and "attack" (ping-pong reverse, repeat 2).
enum DemoSheet {
  static let json = """
    { "frames": {
      "hero 0.aseprite": { "frame": { "x": 0, "y": 0, "w": 8, "h": 8 }, "rotated": false, "trimmed": false,
        "spriteSourceSize": { "x": 0, "y": 0, "w": 8, "h": 8 }, "sourceSize": { "w": 8, "h": 8 }, "duration": 100 },
      "hero 1.aseprite": { "frame": { "x": 8, "y": 0, "w": 8, "h": 8 }, "rotated": false, "trimmed": false,
        "spriteSourceSize": { "x": 0, "y": 0, "w": 8, "h": 8 }, "sourceSize": { "w": 8, "h": 8 }, "duration": 50 },
      "hero 2.aseprite": { "frame": { "x": 16, "y": 0, "w": 6, "h": 7 }, "rotated": false, "trimmed": true,
        "spriteSourceSize": { "x": 1, "y": 1, "w": 6, "h": 7 }, "sourceSize": { "w": 8, "h": 8 }, "duration": 80 },
      "hero 3.aseprite": { "frame": { "x": 24, "y": 0, "w": 6, "h": 4 }, "rotated": true, "trimmed": true,
        "spriteSourceSize": { "x": 2, "y": 3, "w": 6, "h": 4 }, "sourceSize": { "w": 8, "h": 8 }, "duration": 120 }
     },
     "meta": { "app": "tests", "image": "hero.png", "size": { "w": 28, "h": 8 }, "frameTags": [
      { "name": "walk", "from": 0, "to": 3, "direction": "forward" },
      { "name": "attack", "from": 1, "to": 3, "direction": "pingpong_reverse", "repeat": "2" },
      { "name": "idle", "from": 0, "to": 1, "direction": "pingpong" }
     ] }
    }
    """

  /// Writes the export as `hero.json` in `directory`; returns its path.
  static func write(in directory: TemporaryDirectory) throws -> String {
    let path = directory.file("hero.json")
    try FileSystem.createFile(FilePath(path), contents: Array(json.utf8))
    return path
  }

  /// The sheet frame Aseprite shows at `t` ns of a play given as literal
  /// (sheet frame, milliseconds) steps; a finite play stays on its last.
  static func shown(at t: Int64, steps: [(frame: Int, ms: Int64)], loops: Bool) -> Int {
    let total = steps.reduce(0) { $0 + $1.ms * 1_000_000 }
    var time = loops ? t % total : min(t, total)
    for step in steps {
      time -= step.ms * 1_000_000
      if time < 0 { return step.frame }
    }
    return steps[steps.count - 1].frame
  }
}

/// `sheet`, and `--aseprite` / `--clip` with `--ticks` and `--script`.
@Suite struct SpriteSheetCommandTests {
  func lines(_ run: CommandRun) -> [String] {
    run.outputText.split(separator: "\n").map(String.init)
  }

  func objects(_ run: CommandRun) throws -> [[String: Any]] {
    try lines(run).map { try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]) }
  }

  @Test func sheetListsFramesAndTags() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = try DemoSheet.write(in: directory)
    let run = CommandRun(["sheet", path])
    #expect(run.status == 0 && run.error.isEmpty)
    #expect(lines(run) == [
      "\(path): 4 frames, 3 tags, hash layout, sheet 28x8, image hero.png",
      "frame 0: 8x8 at (0,0), 100 ms",
      "frame 1: 8x8 at (8,0), 50 ms",
      "frame 2: 6x7 at (16,0), 80 ms, trimmed (at (1,1) of 8x8)",
      "frame 3: 6x4 at (24,0), 120 ms, trimmed (at (2,3) of 8x8), rotated",
      "tag walk: frames 0-3, forward, repeat 0 (forever), cycle 0 1 2 3; clip 0-3, loops inf, forward",
      "tag attack: frames 1-3, pingpong_reverse, repeat 2, plays 3 2 1 2 3; clip 4-8, loops 1, forward",
      "tag idle: frames 0-1, pingpong, repeat 0 (forever), cycle 0 1; clip 9-10, loops inf, forward",
      "display list: 11 provider frames",
    ])
  }

  @Test func sheetAsJSON() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let run = CommandRun(["sheet", try DemoSheet.write(in: directory), "--json"])
    #expect(run.status == 0)
    let root = try #require(try JSONSerialization.jsonObject(with: Data(run.output)) as? [String: Any])
    #expect(root["layout"] as? String == "hash")
    #expect(root["image"] as? String == "hero.png")
    #expect(root["display_list"] as? [Int] == [0, 1, 2, 3, 3, 2, 1, 2, 3, 0, 1])
    let frames = try #require(root["frames"] as? [[String: Any]])
    #expect(frames.map { $0["duration_ms"] as? Int } == [100, 50, 80, 120])
    #expect(frames.map { $0["rotated"] as? Bool } == [false, false, false, true])
    #expect(frames[3]["rect"] as? [String: Int] == ["x": 24, "y": 0, "w": 6, "h": 4])
    #expect(frames[3]["sprite_source"] as? [String: Int] == ["x": 2, "y": 3, "w": 6, "h": 4])
    #expect(frames[0]["name"] as? String == "hero 0.aseprite")
    let tags = try #require(root["tags"] as? [[String: Any]])
    #expect(tags.map { $0["name"] as? String } == ["walk", "attack", "idle"])
    #expect(tags[1]["sheet_frames"] as? [Int] == [3, 2, 1, 2, 3])
    #expect(tags[1]["repeat"] as? Int == 2 && tags[1]["passes"] as? Int == 2)
    let clip = try #require(tags[1]["clip"] as? [String: Any])
    #expect(clip["from"] as? Int == 4 && clip["to"] as? Int == 8 && clip["loops"] as? Int == 1)
    #expect((tags[0]["clip"] as? [String: Any])?["loops"] as? String == "inf")
  }

  /// "attack" plays 3,2,1,2,3 once (120, 80, 50, 80, 120 ms) and stays
  /// on 3; with `--then 9-10` (idle's clip) it goes on with idle's 0,1,...
  @Test func ticksGiveTheSheetFrameShown() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = try DemoSheet.write(in: directory)
    let attack: [(frame: Int, ms: Int64)] = [(3, 120), (2, 80), (1, 50), (2, 80), (3, 120)]
    let once = CommandRun(["--ticks", "60", "--aseprite", path, "--clip", "attack", "--json"])
    #expect(once.status == 0, "\(once.errorText)")
    let ticks = try objects(once).filter { $0["tick"] != nil }
    #expect(ticks.count == 60)
    for tick in ticks {
      let at = Int64(try #require(tick["at"] as? Int))
      #expect(tick["sheet_frame"] as? Int == DemoSheet.shown(at: at, steps: attack, loops: false), "at \(at)")
    }
    #expect(ticks.last?["state"] as? String == "finished")

    let idle: [(frame: Int, ms: Int64)] = [(0, 100), (1, 50)]
    let then = CommandRun(["--ticks", "90", "--aseprite", path, "--clip", "attack", "--then", "9-10", "--json"])
    for tick in try objects(then).filter({ $0["tick"] != nil }) {
      let at = Int64(try #require(tick["at"] as? Int))
      let expected = at < 450_000_000
        ? DemoSheet.shown(at: at, steps: attack, loops: false)
        : DemoSheet.shown(at: at - 450_000_000, steps: idle, loops: true)
      #expect(tick["sheet_frame"] as? Int == expected, "at \(at)")
    }
  }

  @Test func withoutAClipTheWholeDisplayListPlays() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let run = CommandRun(["--ticks", "40", "--aseprite", try DemoSheet.write(in: directory), "--json", "--loops", "1"])
    #expect(run.status == 0)
    let list = [0, 1, 2, 3, 3, 2, 1, 2, 3, 0, 1]
    for tick in try objects(run).filter({ $0["tick"] != nil }) {
      let frame = try #require(tick["frame"] as? Int)
      #expect(tick["sheet_frame"] as? Int == list[frame])
    }
    // Without --aseprite, no sheet_frame.
    let plain = CommandRun(["--ticks", "5", "--frames", "10ms,20ms", "--json"])
    #expect(plain.status == 0 && !plain.outputText.contains("sheet_frame"))
  }

  /// `--clip` with `--script` sets the clip up and leaves the timeline
  /// stopped: the script plays it.
  @Test func scriptsDriveTheClip() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = try DemoSheet.write(in: directory)
    try FileSystem.createFile(FilePath(directory.file("s.tl")), contents: Array("tick 10ms\nplay\ntick 130ms\ntick 400ms\n".utf8))
    let run = CommandRun(["--script", directory.file("s.tl"), "--aseprite", path, "--clip", "attack", "--json"])
    #expect(run.status == 0, "\(run.errorText)")
    let out = try objects(run)
    #expect(out.map { $0["state"] as? String } == ["stopped", "playing", "playing", "finished"])
    // Provider frames: attack is 4-8 (3,2,1,2,3); 130 ms is in its second step.
    #expect(out.map { $0["frame"] as? Int } == [4, 4, 5, 8])
  }

  @Test func badSourcesAreUsageErrors() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = try DemoSheet.write(in: directory)
    let cases: [([String], String)] = [
      (["--ticks", "5", "--clip", "walk"], "error: --clip walk needs --aseprite FILE.json"),
      (["--ticks", "5", "--aseprite", path, "--gif", directory.gif], "error: give one of --frames, --gif and --aseprite"),
      (["--ticks", "5", "--aseprite", path, "--frames", "10ms"], "error: give one of --frames, --gif and --aseprite"),
      (["--ticks", "5", "--aseprite", path, "--clip", "walk", "--range", "0-1"],
       "error: --clip plays the tag with its own frames, repeat and direction: drop --range"),
      (["--ticks", "5", "--aseprite", path, "--clip", "walk", "--direction", "reverse"],
       "error: --clip plays the tag with its own frames, repeat and direction: drop --direction"),
      (["--ticks", "5", "--aseprite", path, "--clip", "run"],
       "error: --clip run: \(path) has no tag 'run' (tags: 'walk', 'attack', 'idle')"),
      (["--ticks", "5", "--aseprite", path, "--clip", "walk", "--clip", "idle"], "error: --clip is given twice"),
      (["--ticks", "5", "--aseprite"], "error: missing value for --aseprite"),
      (["sheet"], "error: sheet needs an Aseprite JSON file"),
      (["sheet", path, "--bogus"], "error: unknown option '--bogus'"),
      (["sheet", path, path], "error: unexpected argument '\(path)'"),
    ]
    for (words, message) in cases {
      let run = CommandRun(words)
      #expect(run.status == 2, "\(words)")
      #expect(run.output.isEmpty, "\(words)")
      #expect(run.firstErrorLine.hasPrefix(message), "\(words): \(run.errorText)")
    }
  }

  @Test func badExportsAreInputErrors() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    try FileSystem.createFile(FilePath(directory.file("bad.json")), contents: Array(#"{"frames": [}"#.utf8))
    try FileSystem.createFile(FilePath(directory.file("nodur.json")), contents: Array(#"{"frames": [{"frame": {"x":0,"y":0,"w":1,"h":1}}]}"#.utf8))
    for words in [["sheet", directory.file("bad.json")], ["--ticks", "3", "--aseprite", directory.file("bad.json")],
                  ["sheet", directory.file("nodur.json")], ["sheet", "/nonexistent/x.json"],
                  ["--ticks", "3", "--aseprite", "/nonexistent/x.json"]] {
      let run = CommandRun(words)
      #expect(run.status == 2 && run.output.isEmpty, "\(words)")
      #expect(run.errorText.hasPrefix("error: \(words[words.count - 1]): "), "\(words): \(run.errorText)")
    }
    #expect(CommandRun(["sheet", directory.file("nodur.json")]).errorText.contains("frames[0].duration"))
    #expect(CommandRun(["sheet", directory.file("bad.json")]).errorText.contains("12"))
  }

  @Test func imagePathsAreFoundNextToTheExport() {
    #expect(AsepriteInput.imagePath("hero.png", nextTo: "art/hero.json") == "art/hero.png")
    #expect(AsepriteInput.imagePath("sheets/hero.png", nextTo: "/x/hero.json") == "/x/sheets/hero.png")
    #expect(AsepriteInput.imagePath("hero.png", nextTo: "hero.json") == "hero.png")
    #expect(AsepriteInput.imagePath("/abs/hero.png", nextTo: "art/hero.json") == "/abs/hero.png")
    #expect(AsepriteInput.imagePath("C:\\art\\coin.png", nextTo: "art/coin.json") == "art/coin.png")
    #expect(AsepriteInput.imagePath("D:/art/coin.png", nextTo: "/x/coin.json") == "/x/coin.png")
    #expect(AsepriteInput.imagePath("art\\coin.png", nextTo: "coin.json") == "coin.png")
  }
}
