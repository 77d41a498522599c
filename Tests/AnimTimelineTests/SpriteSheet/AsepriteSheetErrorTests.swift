import Testing
@testable import AnimTimeline

/// Every check of the reader: the typed error, the field it names and the
/// byte offset.
@Suite struct AsepriteSheetErrorTests {
  func error(_ text: String, limits: SpriteSheetLimits = SpriteSheetLimits()) -> SpriteSheetError? {
    do {
      _ = try AsepriteSheet(bytes: Array(text.utf8), limits: limits)
      return nil
    } catch {
      return error
    }
  }

  /// The offset of the first occurrence of `needle` in `text`.
  func at(_ needle: String, in text: String) -> Int {
    let bytes = Array(text.utf8)
    let pattern = Array(needle.utf8)
    for start in 0...(bytes.count - pattern.count) where Array(bytes[start..<start + pattern.count]) == pattern {
      return start
    }
    Issue.record("'\(needle)' not found")
    return -1
  }

  let frame = #"{"frame":{"x":0,"y":0,"w":2,"h":2},"duration":10}"#

  func doc(frames: String? = nil, meta: String = "{}") -> String {
    #"{"frames":"# + (frames ?? "[\(frame),\(frame)]") + #","meta":"# + meta + "}"
  }

  @Test func sizeIsCheckedBeforeReading() {
    let text = AsepriteFixtures.array
    #expect(error(text, limits: SpriteSheetLimits(maxFileBytes: 100)) == .fileTooLarge(bytes: text.utf8.count, limit: 100))
  }

  @Test func malformedJSON() {
    #expect(error(#"{"frames":[}"#) == .json(.unexpectedByte(UInt8(ascii: "}"), offset: 11)))
    #expect(error("") == .json(.unexpectedEnd(offset: 0)))
    #expect(error(String(repeating: "[", count: 100)) == .json(.tooDeep(offset: 64, limit: 64)))
  }

  @Test func shape() {
    #expect(error("[]") == .wrongType(path: "(root)", expected: "an object", offset: 0))
    #expect(error("{}") == .missingField(path: "frames", offset: 0))
    #expect(error(#"{"frames":3}"#) == .wrongType(path: "frames", expected: "an object or an array", offset: 10))
    #expect(error(#"{"frames":[]}"#) == .noFrames(offset: 10))
    #expect(error(#"{"frames":{}}"#) == .noFrames(offset: 10))
    #expect(error(#"{"frames":[1]}"#) == .wrongType(path: "frames[0]", expected: "an object", offset: 11))
    #expect(error(doc(meta: "[]")) == .wrongType(path: "meta", expected: "an object", offset: at(#""meta":["#, in: doc(meta: "[]")) + 7))
  }

  @Test func frameFields() {
    let noFrame = doc(frames: #"[{"duration":10}]"#)
    #expect(error(noFrame) == .missingField(path: "frames[0].frame", offset: 11))
    let noDuration = doc(frames: #"[{"frame":{"x":0,"y":0,"w":2,"h":2}}]"#)
    #expect(error(noDuration) == .missingField(path: "frames[0].duration", offset: 11))
    let noHeight = doc(frames: #"[{"frame":{"x":0,"y":0,"w":2},"duration":1}]"#)
    #expect(error(noHeight) == .missingField(path: "frames[0].frame.h", offset: at(#"{"x""#, in: noHeight)))
    let fraction = doc(frames: #"[{"frame":{"x":0,"y":0.5,"w":2,"h":2},"duration":1}]"#)
    #expect(error(fraction) == .wrongType(path: "frames[0].frame.y", expected: "an integer", offset: at("0.5", in: fraction)))
    let exponent = doc(frames: #"[{"frame":{"x":0,"y":0,"w":2e0,"h":2},"duration":1}]"#)
    #expect(error(exponent) == .wrongType(path: "frames[0].frame.w", expected: "an integer", offset: at("2e0", in: exponent)))
    let text = doc(frames: #"[{"frame":{"x":"0","y":0,"w":2,"h":2},"duration":1}]"#)
    #expect(error(text) == .wrongType(path: "frames[0].frame.x", expected: "an integer", offset: at(#""0""#, in: text)))
    let rotated = doc(frames: #"[{"frame":{"x":0,"y":0,"w":2,"h":2},"rotated":0,"duration":1}]"#)
    #expect(error(rotated) == .wrongType(path: "frames[0].rotated", expected: "a boolean", offset: at(#":0,"d"#, in: rotated) + 1))
    let filename = doc(frames: #"[{"filename":7,"frame":{"x":0,"y":0,"w":2,"h":2},"duration":1}]"#)
    #expect(error(filename) == .wrongType(path: "frames[0].filename", expected: "a string", offset: at("7", in: filename)))
    let source = doc(frames: #"[{"frame":{"x":0,"y":0,"w":2,"h":2},"sourceSize":[2,2],"duration":1}]"#)
    #expect(error(source) == .wrongType(path: "frames[0].sourceSize", expected: "an object", offset: at("[2,2]", in: source)))
  }

  @Test func negativeCoordinatesAndSizes() {
    for (field, path) in [("x", "frame.x"), ("y", "frame.y"), ("w", "frame.w"), ("h", "frame.h")] {
      let rect = ["x": "0", "y": "0", "w": "2", "h": "2"].merging([field: "-1"]) { $1 }
      let text = doc(frames: #"[\#(frame),{"frame":{"x":\#(rect["x"]!),"y":\#(rect["y"]!),"w":\#(rect["w"]!),"h":\#(rect["h"]!)},"duration":1}]"#)
      #expect(error(text) == .negativeValue(path: "frames[1].\(path)", value: -1, offset: at("-1", in: text)))
    }
    let source = doc(frames: #"[{"frame":{"x":0,"y":0,"w":2,"h":2},"sourceSize":{"w":2,"h":-3},"duration":1}]"#)
    #expect(error(source) == .negativeValue(path: "frames[0].sourceSize.h", value: -3, offset: at("-3", in: source)))
    let sprite = doc(frames: #"[{"frame":{"x":0,"y":0,"w":2,"h":2},"spriteSourceSize":{"x":-4,"y":0,"w":2,"h":2},"duration":1}]"#)
    #expect(error(sprite) == .negativeValue(path: "frames[0].spriteSourceSize.x", value: -4, offset: at("-4", in: sprite)))
    let sheet = doc(meta: #"{"size":{"w":-1,"h":2}}"#)
    #expect(error(sheet) == .negativeValue(path: "meta.size.w", value: -1, offset: at("-1", in: sheet)))
    let huge = doc(frames: #"[{"frame":{"x":0,"y":0,"w":99999999999999999999,"h":2},"duration":1}]"#)
    #expect(error(huge) == .wrongType(path: "frames[0].frame.w", expected: "an integer", offset: at("9999", in: huge)))
  }

  @Test func framesLieInsideTheSheet() {
    // The rectangle starts at byte 20, after `{"frames":[{"frame":`.
    func check(_ rect: String, rotated: Bool = false, size: String = #"{"w":4,"h":3}"#) -> SpriteSheetError? {
      let frames = #"[{"frame":"# + rect + #","rotated":\#(rotated),"duration":1}]"#
      return error(doc(frames: frames, meta: #"{"size":"# + size + "}"))
    }
    #expect(check(#"{"x":0,"y":0,"w":4,"h":3}"#) == nil)
    #expect(check(#"{"x":2,"y":1,"w":2,"h":2}"#) == nil)
    #expect(check(#"{"x":4,"y":3,"w":0,"h":0}"#) == nil)
    #expect(check(#"{"x":3,"y":0,"w":2,"h":1}"#) == .frameOutsideSheet(frame: 0, offset: 20))
    #expect(check(#"{"x":0,"y":2,"w":1,"h":2}"#) == .frameOutsideSheet(frame: 0, offset: 20))
    #expect(check(#"{"x":0,"y":0,"w":5,"h":1}"#) == .frameOutsideSheet(frame: 0, offset: 20))
    #expect(check(#"{"x":9223372036854775807,"y":0,"w":1,"h":1}"#) == .frameOutsideSheet(frame: 0, offset: 20))
    // Rotated: a 3×4 frame covers 4×3 of the sheet.
    #expect(check(#"{"x":0,"y":0,"w":3,"h":4}"#, rotated: true) == nil)
    #expect(check(#"{"x":0,"y":0,"w":4,"h":3}"#, rotated: true) == .frameOutsideSheet(frame: 0, offset: 20))
    // Without meta.size nothing is checked.
    #expect(error(doc(frames: #"[{"frame":{"x":1000,"y":1000,"w":5,"h":5},"duration":1}]"#)) == nil)
  }

  @Test func durations() {
    // `{"frames":[{"frame":{"x":0,"y":0,"w":1,"h":1},"duration":` is 57 bytes.
    func check(_ milliseconds: String, limits: SpriteSheetLimits = SpriteSheetLimits()) -> SpriteSheetError? {
      error(doc(frames: #"[{"frame":{"x":0,"y":0,"w":1,"h":1},"duration":\#(milliseconds)}]"#), limits: limits)
    }
    #expect(check("1") == nil)
    #expect(check("65535") == nil)
    #expect(check("0") == .invalidDuration(frame: 0, milliseconds: 0, offset: 57))
    #expect(check("-5") == .invalidDuration(frame: 0, milliseconds: -5, offset: 57))
    #expect(check("65536") == .invalidDuration(frame: 0, milliseconds: 65_536, offset: 57))
    #expect(check("100.0") == .wrongType(path: "frames[0].duration", expected: "an integer", offset: 57))
    #expect(check("\"100\"") == .wrongType(path: "frames[0].duration", expected: "an integer", offset: 57))
    #expect(check("9223372036854775807", limits: SpriteSheetLimits(maxFrameMilliseconds: .max))
      == .invalidDuration(frame: 0, milliseconds: .max, offset: 57))
    // A lone frame is listed twice in the display list, so twice its
    // duration must fit in Int64.
    #expect(check("4611686018427", limits: SpriteSheetLimits(maxFrameMilliseconds: .max)) == nil)
    #expect(check("9223372036854", limits: SpriteSheetLimits(maxFrameMilliseconds: .max)) == .durationOverflow)
  }

  @Test func frameAndTagCounts() {
    let three = "[\(frame),\(frame),\(frame)]"
    let text = doc(frames: three)
    #expect(error(text, limits: SpriteSheetLimits(maxFrames: 3)) == nil)
    #expect(error(text, limits: SpriteSheetLimits(maxFrames: 2)) == .tooManyFrames(limit: 2, offset: 11 + 2 * (frame.utf8.count + 1)))
    #expect(error(text, limits: SpriteSheetLimits(maxDisplayFrames: 2)) == .tooManyFrames(limit: 2, offset: 11 + 2 * (frame.utf8.count + 1)))
    let hash = #"{"frames":{"a":\#(frame),"b":\#(frame)}}"#
    #expect(error(hash, limits: SpriteSheetLimits(maxFrames: 1)) == .tooManyFrames(limit: 1, offset: at(#""b":"#, in: hash) + 4))
    let tags = doc(meta: #"{"frameTags":[{"name":"a","from":0,"to":0},{"name":"b","from":0,"to":0}]}"#)
    #expect(error(tags, limits: SpriteSheetLimits(maxTags: 2)) == nil)
    #expect(error(tags, limits: SpriteSheetLimits(maxTags: 1)) == .tooManyTags(limit: 1, offset: at(#"{"name":"b""#, in: tags)))
  }

  @Test func negativeLimitsAreErrorsNotTraps() {
    let text = doc(meta: #"{"frameTags":[{"name":"a","from":0,"to":0}]}"#)
    let negative = SpriteSheetLimits(
      maxFileBytes: 1 << 20, maxFrames: -1, maxTags: -1, maxFrameMilliseconds: -1, maxRepeats: -1,
      maxDisplayFrames: -1, maxDepth: -1, maxStringBytes: -1)
    #expect(error(text, limits: negative) == .json(.tooDeep(offset: 0, limit: -1)))
    var limits = SpriteSheetLimits(maxFrames: -5)
    #expect(error(text, limits: limits) == .tooManyFrames(limit: 0, offset: 11))
    limits = SpriteSheetLimits(maxTags: -5)
    #expect(error(text, limits: limits) == .tooManyTags(limit: 0, offset: at(#"{"name""#, in: text)))
  }

  @Test func tagFields() {
    func tagError(_ tag: String) -> (SpriteSheetError?, String) {
      let text = doc(meta: #"{"frameTags":["# + tag + "]}")
      return (error(text), text)
    }
    var (e, text) = tagError(#"{"from":0,"to":1}"#)
    #expect(e == .missingField(path: "meta.frameTags[0].name", offset: at(#"{"from"#, in: text)))
    (e, text) = tagError(#"{"name":"a","to":1}"#)
    #expect(e == .missingField(path: "meta.frameTags[0].from", offset: at(#"{"name"#, in: text)))
    (e, text) = tagError(#"{"name":"a","from":0}"#)
    #expect(e == .missingField(path: "meta.frameTags[0].to", offset: at(#"{"name"#, in: text)))
    (e, text) = tagError(#"{"name":1,"from":0,"to":1}"#)
    #expect(e == .wrongType(path: "meta.frameTags[0].name", expected: "a string", offset: at(#"1,"f"#, in: text)))
    (e, text) = tagError(#"{"name":"a","from":"0","to":1}"#)
    #expect(e == .wrongType(path: "meta.frameTags[0].from", expected: "an integer", offset: at(#""0""#, in: text)))
    (e, text) = tagError(#"{"name":"a","from":0,"to":1,"direction":3}"#)
    #expect(e == .wrongType(path: "meta.frameTags[0].direction", expected: "a string", offset: at("3}", in: text)))
    (e, text) = tagError("7")
    #expect(e == .wrongType(path: "meta.frameTags[0]", expected: "an object", offset: at("7", in: text)))
    (e, text) = (error(doc(meta: #"{"frameTags":{}}"#)), doc(meta: #"{"frameTags":{}}"#))
    #expect(e == .wrongType(path: "meta.frameTags", expected: "an array", offset: at("{}}", in: text)))
    (e, text) = (error(doc(meta: #"{"image":false}"#)), doc(meta: #"{"image":false}"#))
    #expect(e == .wrongType(path: "meta.image", expected: "a string", offset: at("false", in: text)))
  }

  @Test func tagRanges() {
    func check(_ from: String, _ to: String) -> SpriteSheetError? {
      error(doc(meta: #"{"frameTags":[{"name":"t","from":\#(from),"to":\#(to)}]}"#))
    }
    let offset = at(#"{"name":"t""#, in: doc(meta: #"{"frameTags":[{"name":"t","from":0,"to":0}]}"#))
    #expect(check("0", "1") == nil)
    #expect(check("1", "1") == nil)
    #expect(check("0", "2") == .tagOutOfBounds(tag: "t", from: 0, to: 2, frameCount: 2, offset: offset))
    #expect(check("-1", "0") == .tagOutOfBounds(tag: "t", from: -1, to: 0, frameCount: 2, offset: offset))
    #expect(check("1", "0") == .tagOutOfBounds(tag: "t", from: 1, to: 0, frameCount: 2, offset: offset))
    #expect(check("0", "9223372036854775807") == .tagOutOfBounds(tag: "t", from: 0, to: .max, frameCount: 2, offset: offset))
  }

  @Test func directionsAndRepeats() {
    func check(_ extra: String, limits: SpriteSheetLimits = SpriteSheetLimits()) -> (SpriteSheetError?, String) {
      let text = doc(meta: #"{"frameTags":[{"name":"t","from":0,"to":1,"# + extra + "}]}")
      return (error(text, limits: limits), text)
    }
    for direction in ["forward", "reverse", "pingpong", "pingpong_reverse"] {
      #expect(check(#""direction":"\#(direction)""#).0 == nil)
    }
    for direction in ["Forward", "ping-pong", "pingpongreverse", "", "reverse "] {
      let (e, text) = check(#""direction":"\#(direction)""#)
      #expect(e == .unknownDirection(tag: "t", direction: direction, offset: at(#""\#(direction)"}"#, in: text)))
    }
    for bad in [#""""#, #""-1""#, #""+1""#, #"" 1""#, #""1.5""#, #""x""#, "-1", "1.5", "true", "null", #""65536""#, "65536",
      #""99999999999999999999999""#]
    {
      let (e, text) = check(#""repeat":\#(bad)"#)
      #expect(e == .invalidRepeat(tag: "t", offset: at(#""repeat":"#, in: text) + 9), "repeat \(bad)")
    }
    let (e, text) = check(#""repeat":"5""#, limits: SpriteSheetLimits(maxRepeats: 4))
    #expect(e == .invalidRepeat(tag: "t", offset: at(#""5""#, in: text)))
  }

  @Test func displayListLimit() {
    // A ping-pong tag of 2 frames with repeat r appends 2 + (r - 1) frames.
    let text = doc(meta: #"{"frameTags":[{"name":"p","from":0,"to":1,"direction":"pingpong","repeat":"9"}]}"#)
    #expect(error(text, limits: SpriteSheetLimits(maxDisplayFrames: 2 + 10)) == nil)
    #expect(error(text, limits: SpriteSheetLimits(maxDisplayFrames: 2 + 9)) == .displayListTooLong(tag: "p", limit: 11))
  }

  @Test func descriptionsNameTheProblem() {
    let errors: [(SpriteSheetError, String)] = [
      (.fileTooLarge(bytes: 9, limit: 8), "9 bytes"),
      (.json(.trailingData(offset: 4)), "byte 4"),
      (.missingField(path: "frames[2].frame", offset: 4), "frames[2].frame"),
      (.wrongType(path: "meta.size.w", expected: "an integer", offset: 4), "must be an integer"),
      (.negativeValue(path: "frames[0].frame.x", value: -2, offset: 4), "negative (-2)"),
      (.noFrames(offset: 4), "empty"),
      (.tooManyFrames(limit: 3, offset: 4), "more than 3 frames"),
      (.tooManyTags(limit: 3, offset: 4), "more than 3 tags"),
      (.frameOutsideSheet(frame: 2, offset: 4), "frame 2"),
      (.invalidDuration(frame: 2, milliseconds: 0, offset: 4), "0 ms"),
      (.tagOutOfBounds(tag: "run", from: 1, to: 9, frameCount: 4, offset: 4), "'run'"),
      (.unknownDirection(tag: "run", direction: "sideways", offset: 4), "'sideways'"),
      (.invalidRepeat(tag: "run", offset: 4), "'run'"),
      (.displayListTooLong(tag: "run", limit: 5), "'run'"),
      (.durationOverflow, "Int64.max"),
    ]
    for (error, fragment) in errors {
      #expect(error.description.contains(fragment), "\(error.description)")
      if let offset = error.offset { #expect(offset == 4) }
    }
    #expect(SpriteSheetError.fileTooLarge(bytes: 9, limit: 8).offset == nil)
  }
}
