import Foundation
import Testing
@testable import AnimTimeline

/// The folder of real Aseprite exports (`../shared/corpus/aseprite` next to
/// the package root), found from this file's path.
let asepriteCorpusDirectory: String = {
  var url = URL(fileURLWithPath: #filePath)
  // SpriteSheet/ -> AnimTimelineTests/ -> Tests/ -> package root
  for _ in 0..<4 { url.deleteLastPathComponent() }
  return url.deletingLastPathComponent().appendingPathComponent("shared/corpus/aseprite").path
}()

let asepriteCorpusAvailable: Bool = {
  var isDirectory: ObjCBool = false
  return FileManager.default.fileExists(atPath: asepriteCorpusDirectory, isDirectory: &isDirectory) && isDirectory.boolValue
}()

/// Every real export in the corpus reads, and agrees field by field with
/// Foundation's independent JSON parser. Skipped (with this message) when
/// the corpus folder is absent.
@Suite(.enabled(if: asepriteCorpusAvailable, "skipped: the Aseprite corpus ../shared/corpus/aseprite is not present"))
struct AsepriteCorpusTests {
  static func files() -> [String] {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: asepriteCorpusDirectory)) ?? []
    return names.filter { $0.hasSuffix(".json") }.sorted()
  }

  @Test func everyExportReadsAndAgreesWithFoundation() throws {
    let files = Self.files()
    #expect(files.count >= 10)
    var layouts: Set<AsepriteSheet.Layout> = []
    var directions: Set<AsepriteDirection> = []
    var repeats = 0
    for name in files {
      let bytes = try #require(FileManager.default.contents(atPath: asepriteCorpusDirectory + "/" + name))
      let sheet = try AsepriteSheet(bytes: [UInt8](bytes))
      layouts.insert(sheet.layout)
      let root = try #require(try JSONSerialization.jsonObject(with: bytes) as? [String: Any], "\(name)")
      let meta = try #require(root["meta"] as? [String: Any])
      #expect(sheet.image == meta["image"] as? String, "\(name)")
      let size = try #require(meta["size"] as? [String: Int])
      #expect(sheet.size == ImageSize(width: size["w"]!, height: size["h"]!), "\(name)")

      // Frames: in the array layout by index, in the hash layout by key
      // (Foundation's dictionary has no order; the order is checked on the
      // text below).
      var expected: [(name: String?, object: [String: Any])] = []
      if let array = root["frames"] as? [[String: Any]] {
        #expect(sheet.layout == .array, "\(name)")
        expected = array.map { ($0["filename"] as? String, $0) }
      } else {
        let hash = try #require(root["frames"] as? [String: [String: Any]])
        #expect(sheet.layout == .hash, "\(name)")
        #expect(Set(sheet.frames.compactMap(\.name)) == Set(hash.keys), "\(name)")
        expected = sheet.frames.map { ($0.name, hash[$0.name ?? ""] ?? [:]) }
        // Document order: each key appears in the text after the one before.
        let text = String(decoding: bytes, as: UTF8.self)
        var cursor = text.startIndex
        for frame in sheet.frames {
          let key = "\"" + (frame.name ?? "") + "\": {"
          let found = try #require(text.range(of: key, range: cursor..<text.endIndex), "\(name): \(key) out of order")
          cursor = found.upperBound
        }
      }
      #expect(sheet.frames.count == expected.count, "\(name)")
      for (frame, want) in zip(sheet.frames, expected) {
        #expect(frame.name == want.name, "\(name)")
        #expect(frame.frame == rect(want.object["frame"]), "\(name) \(want.name ?? "")")
        #expect(frame.spriteSourceSize == rect(want.object["spriteSourceSize"]), "\(name)")
        let source = want.object["sourceSize"] as? [String: Int]
        #expect(frame.sourceSize == ImageSize(width: source?["w"] ?? -1, height: source?["h"] ?? -1), "\(name)")
        #expect(frame.rotated == want.object["rotated"] as? Bool, "\(name)")
        #expect(frame.trimmed == want.object["trimmed"] as? Bool, "\(name)")
        #expect(frame.duration == Int64(want.object["duration"] as? Int ?? -1) * 1_000_000, "\(name)")
      }

      let tags = meta["frameTags"] as? [[String: Any]] ?? []
      #expect(sheet.tags.count == tags.count, "\(name)")
      for (tag, want) in zip(sheet.tags, tags) {
        #expect(tag.name == want["name"] as? String, "\(name)")
        #expect(tag.frames.lowerBound == want["from"] as? Int && tag.frames.upperBound == want["to"] as? Int, "\(name)")
        #expect(tag.direction.rawValue == want["direction"] as? String, "\(name)")
        #expect(tag.repeats == Int(want["repeat"] as? String ?? "0"), "\(name)")
        directions.insert(tag.direction)
        if tag.repeats > 0 { repeats += 1 }
      }
      #expect(sheet.displayList.clips.count == sheet.tags.count, "\(name)")
    }
    // The corpus has both layouts, ping-pong and reverse tags, and repeats.
    #expect(layouts == [.hash, .array])
    #expect(directions.isSuperset(of: [.forward, .reverse, .pingpong]))
    #expect(repeats >= 2)
  }

  func rect(_ any: Any?) -> SpriteSheetRect? {
    guard let object = any as? [String: Int] else { return nil }
    return SpriteSheetRect(x: object["x"] ?? -1, y: object["y"] ?? -1, width: object["w"] ?? -1, height: object["h"] ?? -1)
  }

  /// On the real sheets too, a timeline plays every tag's clip as the tag.
  @Test func everyTagPlaysAsAseprite() throws {
    for name in Self.files() {
      let bytes = try #require(FileManager.default.contents(atPath: asepriteCorpusDirectory + "/" + name))
      let sheet = try AsepriteSheet(bytes: [UInt8](bytes))
      let durations = sheet.frames.map(\.duration)
      var timeline = try SpriteSheetDisplayListTests.timeline(sheet.displayList, durations: durations)
      for (tag, clip) in zip(sheet.tags, sheet.displayList.clips) {
        let wanted = tag.repeats > 0 ? tag.stepCount : 2 * tag.cycleLength + 1
        let (shown, finished) = try SpriteSheetDisplayListTests.play(
          clip, on: &timeline, list: sheet.displayList, durations: durations, limit: wanted)
        #expect(shown == (0..<wanted).map(tag.sheetFrame(atStep:)), "\(name) \(tag.name)")
        #expect(finished == (tag.repeats > 0), "\(name) \(tag.name)")
      }
    }
  }

  /// Spot checks written out by hand from the files.
  @Test func handCheckedTags() throws {
    func sheet(_ file: String) throws -> AsepriteSheet {
      let bytes = try #require(FileManager.default.contents(atPath: asepriteCorpusDirectory + "/" + file))
      return try AsepriteSheet(bytes: [UInt8](bytes))
    }
    // A ping-pong idle over frames 0...2, no repeat: 0,1,2,1 forever.
    let beater = try sheet("adamico__beater__assets_player.json")
    #expect(beater.layout == .hash && beater.frames.count == 11)
    let idle = try #require(beater.tags.first { $0.name == "idle" })
    #expect((0..<8).map(idle.sheetFrame(atStep:)) == [0, 1, 2, 1, 0, 1, 2, 1])
    // Tags with repeat "1" on one frame each.
    let alter = try sheet("FredTheDino__gbjam2024-hat-out-of-hell__assets_alter.json")
    #expect(alter.tags.map(\.repeats) == [1, 1])
    #expect(try alter.clip(named: "inactive") == Clip(frames: 1...1, loops: try .plays(1), direction: .forward))
    // Reverse 11...14 and ping-pong 15...18.
    let peachy = try sheet("greenstack__lovejam2022__vendor_peachy_examples_countAndColours.json")
    let down = try #require(peachy.tags.first { $0.name == "NumbersDown" })
    #expect((0..<5).map(down.sheetFrame(atStep:)) == [14, 13, 12, 11, 14])
    let pingPong = try #require(peachy.tags.first { $0.name == "PingPong" })
    #expect((0..<8).map(pingPong.sheetFrame(atStep:)) == [15, 16, 17, 18, 17, 16, 15, 16])
    // An absolute Windows path is kept as written.
    let eviber = try sheet("Eviber__gmtk2018__assets_player.json")
    #expect(eviber.image == "D:\\Lexou\\Projects\\gmtk2018\\assets\\player.png")
    // A CJK layer name in a reformatted file is read (and ignored).
    let ui = try sheet("xinleibird__tinny-dungeon__src_assets_tiles_ui.json")
    #expect(ui.layout == .hash && ui.tags.count == 13)
  }
}
