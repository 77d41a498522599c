import Testing
@testable import AnimTimeline

/// Reading hand-written Aseprite exports in both layouts.
@Suite struct AsepriteSheetTests {
  func sheet(_ text: String, limits: SpriteSheetLimits = SpriteSheetLimits()) throws -> AsepriteSheet {
    try AsepriteSheet(bytes: Array(text.utf8), limits: limits)
  }

  @Test func hashLayout() throws {
    let sheet = try sheet(AsepriteFixtures.hash)
    #expect(sheet.layout == .hash)
    #expect(sheet.image == "hero.png")
    #expect(sheet.size == ImageSize(width: 32, height: 8))
    #expect(sheet.frames.map(\.name) == ["hero 0.aseprite", "hero 1.aseprite", "hero 2.aseprite", "hero 3.aseprite"])
    #expect(sheet.frames.map(\.duration) == [100_000_000, 150_000_000, 200_000_000, 250_000_000])
    #expect(sheet.frames.map(\.frame.x) == [0, 8, 16, 24])
    let trimmed = sheet.frames[2]
    #expect(trimmed.trimmed && !trimmed.rotated)
    #expect(trimmed.frame == SpriteSheetRect(x: 16, y: 0, width: 6, height: 7))
    #expect(trimmed.spriteSourceSize == SpriteSheetRect(x: 1, y: 1, width: 6, height: 7))
    #expect(trimmed.sourceSize == ImageSize(width: 8, height: 8))
    #expect(sheet.tags.map(\.name) == ["walk", "back", "idle", "attack"])
    #expect(sheet.tags.map(\.frames) == [0...3, 1...3, 0...2, 1...3])
    #expect(sheet.tags.map(\.direction) == [.forward, .reverse, .pingpong, .pingpongReverse])
    #expect(sheet.tags.map(\.repeats) == [0, 0, 0, 3])
  }

  @Test func arrayLayout() throws {
    let sheet = try sheet(AsepriteFixtures.array)
    #expect(sheet.layout == .array)
    #expect(sheet.image == "C:\\art\\coin.png")
    #expect(sheet.size == ImageSize(width: 4, height: 12))
    #expect(sheet.frames.map(\.name) == ["coin 0.ase", "coin 1.ase", "coin 2.ase"])
    #expect(sheet.frames.map(\.frame.y) == [0, 4, 8])
    #expect(sheet.frames.map(\.duration) == [80_000_000, 80_000_000, 120_000_000])
    #expect(sheet.tags == [
      AsepriteTag(name: "spin", frames: 0...2, direction: .pingpong, repeats: 0),
      AsepriteTag(name: "shine", frames: 2...2, direction: .forward, repeats: 0),
    ])
  }

  @Test func bothLayoutsOfTheSameSheetAgree() throws {
    let hash = try sheet(AsepriteFixtures.hash)
    // The same sheet as an array: each frame gains its key as `filename`.
    let array = try sheet(Self.asArray(AsepriteFixtures.hash))
    #expect(array.layout == .array)
    #expect(array.frames == hash.frames)
    #expect(array.tags == hash.tags)
    #expect(array.displayList == hash.displayList)
  }

  /// Rewrites the fixture's hash `frames` as an array (text surgery on
  /// our own fixture's known shape).
  static func asArray(_ text: String) -> String {
    var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    var inFrames = false
    for index in lines.indices {
      let line = lines[index]
      if line.hasPrefix("{ \"frames\": {") { lines[index] = "{ \"frames\": ["; inFrames = true; continue }
      guard inFrames else { continue }
      if line.drop(while: { $0 == " " }).hasPrefix("\"hero"), let colon = line.range(of: "\": {") {
        let name = line[line.index(after: line.firstIndex(of: "\"")!)..<colon.lowerBound]
        lines[index] = "   { \"filename\": \"\(name)\","
      } else if line == " }," {
        lines[index] = " ],"
        inFrames = false
      }
    }
    return lines.joined(separator: "\n")
  }

  @Test func unknownFieldsAreIgnored() throws {
    let text = """
      {"frames":[{"frame":{"x":0,"y":0,"w":1,"h":1,"z":9},"duration":10,"extra":{"deep":[1,{"x":null}]},
       "pivot":{"x":0.5,"y":0.5}}],
       "meta":{"frameTags":[{"name":"a","from":0,"to":0,"color":"#ff0000ff","data":"user data","extra":[]}],
       "layers":[{"name":"L","opacity":255,"blendMode":"normal","cels":[{"frame":0,"data":"x"}]}],
       "slices":[],"future":true},
       "other":"ignored"}
      """
    let sheet = try sheet(text)
    #expect(sheet.frames.count == 1)
    #expect(sheet.tags.map(\.name) == ["a"])
  }

  @Test func optionalFieldsHaveDefaults() throws {
    let sheet = try sheet(#"{"frames":[{"frame":{"x":3,"y":4,"w":5,"h":6},"duration":1}]}"#)
    let frame = sheet.frames[0]
    #expect(frame.name == nil && !frame.rotated && !frame.trimmed)
    #expect(frame.spriteSourceSize == SpriteSheetRect(x: 0, y: 0, width: 5, height: 6))
    #expect(frame.sourceSize == ImageSize(width: 5, height: 6))
    #expect(frame.duration == 1_000_000)
    #expect(sheet.image == nil && sheet.size == nil && sheet.tags.isEmpty)
    #expect(sheet.displayList.sheetFrames == [0, 0] && sheet.displayList.clips.isEmpty)
  }

  @Test func aTagWithoutDirectionPlaysForward() throws {
    let sheet = try sheet(#"{"frames":[{"frame":{"x":0,"y":0,"w":1,"h":1},"duration":5}],"meta":{"frameTags":[{"name":"t","from":0,"to":0}]}}"#)
    #expect(sheet.tags[0].direction == .forward && sheet.tags[0].repeats == 0)
  }

  @Test func repeatIsReadAsAStringOrAnInteger() throws {
    func repeats(_ json: String) throws -> Int {
      let text = #"{"frames":[{"frame":{"x":0,"y":0,"w":1,"h":1},"duration":5}],"meta":{"frameTags":[{"name":"t","from":0,"to":0,"repeat":"#
        + json + "}]}}"
      return try sheet(text).tags[0].repeats
    }
    #expect(try repeats("\"3\"") == 3)
    #expect(try repeats("\"0\"") == 0)
    #expect(try repeats("\"65535\"") == 65_535)
    #expect(try repeats("\"007\"") == 7)
    #expect(try repeats("12") == 12)
  }

  @Test func rotatedFramesOccupyTheirTransposeInTheSheet() throws {
    // A 6×2 frame stored rotated covers 2×6 pixels of a 2×6 sheet.
    let text = #"{"frames":[{"frame":{"x":0,"y":0,"w":6,"h":2},"rotated":true,"duration":5}],"meta":{"size":{"w":2,"h":6}}}"#
    #expect(try sheet(text).frames[0].rotated)
  }

  @Test func theFrameOrderIsTheDocumentOrder() throws {
    // Keys that sort differently from their order: the order wins.
    let text = #"{"frames":{"z":{"frame":{"x":0,"y":0,"w":1,"h":1},"duration":1},"a":{"frame":{"x":0,"y":0,"w":1,"h":1},"duration":2},"m":{"frame":{"x":0,"y":0,"w":1,"h":1},"duration":3}}}"#
    let sheet = try sheet(text)
    #expect(sheet.frames.map(\.name) == ["z", "a", "m"])
    #expect(sheet.frames.map(\.duration) == [1_000_000, 2_000_000, 3_000_000])
  }

  @Test func duplicateKeysAreSeparateFramesAndLookupsTakeTheLast() throws {
    let text = #"{"frames":{"f":{"frame":{"x":0,"y":0,"w":1,"h":1},"duration":1,"duration":7},"f":{"frame":{"x":0,"y":0,"w":1,"h":1},"duration":2}}}"#
    let sheet = try sheet(text)
    #expect(sheet.frames.map(\.duration) == [7_000_000, 2_000_000])
  }

  @Test func readsFromABuffer() throws {
    let bytes = Array(AsepriteFixtures.hash.utf8)
    let fromBuffer = try bytes.withUnsafeBytes { try AsepriteSheet(buffer: $0) }
    #expect(try fromBuffer == sheet(AsepriteFixtures.hash))
  }

  @Test func clipsByName() throws {
    let sheet = try sheet(AsepriteFixtures.hash)
    #expect(try sheet.clip(named: "walk") == Clip(frames: 0...3, loops: .infinite, direction: .forward))
    #expect(try sheet.clip(named: "back") == Clip(frames: 1...3, loops: .infinite, direction: .reverse))
    #expect(throws: SpriteSheetTagError.unknownTag(name: "Walk", available: ["walk", "back", "idle", "attack"])) {
      try sheet.clip(named: "Walk")
    }
    #expect(throws: SpriteSheetTagError.self) { try sheet.clip(named: "") }
  }

  /// Issue #21: a duplicate tag name was accepted silently, the first tag
  /// winning. Reading still accepts it (real exports have duplicates);
  /// a lookup by the name says which tags share it, and each one can be
  /// chosen by index.
  @Test func aTagNameOfTwoTagsIsAmbiguous() throws {
    let text = #"{"frames":[{"frame":{"x":0,"y":0,"w":1,"h":1},"duration":5},{"frame":{"x":0,"y":0,"w":1,"h":1},"duration":5}],"meta":{"frameTags":[{"name":"t","from":1,"to":1},{"name":"u","from":0,"to":1},{"name":"t","from":0,"to":0}]}}"#
    let sheet = try sheet(text)
    #expect(sheet.tags.map(\.name) == ["t", "u", "t"])
    let ambiguous = SpriteSheetTagError.ambiguousTag(name: "t", tags: [0, 2])
    #expect(throws: ambiguous) { try sheet.clip(named: "t") }
    #expect(throws: ambiguous) { try sheet.tag(named: "t") }
    #expect(throws: ambiguous) { try sheet.tagIndex(named: "t") }
    #expect(ambiguous.description.contains("'t'") && ambiguous.description.contains("0, 2"))
    #expect(try sheet.clip(forTag: 0).frames == 1...1)
    #expect(try sheet.clip(forTag: 2).frames == 0...0)
    #expect(try sheet.tagIndex(named: "u") == 1)
    #expect(throws: SpriteSheetTagError.tagIndexOutOfRange(index: 3, count: 3)) { try sheet.clip(forTag: 3) }
    #expect(throws: SpriteSheetTagError.tagIndexOutOfRange(index: -1, count: 3)) { try sheet.clip(forTag: -1) }
    let sprites = SpriteSheetFrameProvider(sheet: sheet)
    #expect(throws: ambiguous) { try sprites.clip(named: "t") }
    #expect(try sprites.clip(forTag: 2) == sheet.clip(forTag: 2))
  }
}
