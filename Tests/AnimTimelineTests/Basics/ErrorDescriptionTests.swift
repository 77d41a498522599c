import Foundation
import Testing
import TimelineScript

@testable import AnimTimeline

/// Issue #21: every case of every public error type describes itself:
/// non-empty, naming the location (byte offset, line, frame, tag) when the
/// case has one, and never the default "GIFError error 12" or a dump of the
/// case.
@Suite struct ErrorDescriptionTests {
  /// Each case, with the location text its description must contain ("" when none).
  static let cases: [(any Error & CustomStringConvertible, String)] = {
    let mismatch = TimelineMismatch(
      providerFrameCount: 3, timelineFrameCount: 10, frame: 7, providerDuration: nil, timelineDuration: 5)
    let sameCount = TimelineMismatch(
      providerFrameCount: 2, timelineFrameCount: 2, frame: 1, providerDuration: 70, timelineDuration: 50)
    var all: [(any Error & CustomStringConvertible, String)] = [
      (TimelineError.noFrames, ""),
      (TimelineError.tooManyFrames(count: 99, limit: 10), "99"),
      (TimelineError.negativeDuration(frame: 41, nanoseconds: -5), "41"),
      (TimelineError.durationOverflow, ""),
      (TimelineError.invalidLoopCount(-3), "-3"),
      (TimelineError.loopsTooLong(plays: 77, loopDuration: 5), "77"),
      (TimelineError.invalidTime("nan"), "nan"),
      (TimelineError.invalidRate("inf"), "inf"),
      (TimelineError.invalidMaxStep(-9), "-9"),
      (TimelineError.frameOutOfRange(frame: 41, count: 3), "41"),
      (TimelineError.frameNotDisplayed(frame: 41), "41"),
      (TimelineError.iterationOutOfRange(iteration: 41, plays: 2), "41"),
      (TimelineError.staticTimeline, ""),
      (TimelineError.rangeOutOfBounds(lower: 41, upper: 42, count: 3), "41"),
      (TimelineError.rangeNotDisplayed(lower: 41, upper: 42), "41"),
      (TimelineError.frameOutsideRange(frame: 41, lower: 1, upper: 2), "41"),
      (TimelineError.invalidCueName, ""),
      (FrameProviderError.indexOutOfRange(index: 41, count: 3), "41"),
      (ShownFrameError<FrameProviderError>.timelineMismatch(mismatch), "frame 7"),
      (ShownFrameError<FrameProviderError>.timelineMismatch(sameCount), "frame 1"),
      (ShownFrameError<FrameProviderError>.provider(.indexOutOfRange(index: 41, count: 3)), "41"),
      (GIFLentFrameError<GIFError>.provider(.frameIndexOutOfRange(index: 41, count: 3)), "41"),
      (GIFLentFrameError<FrameProviderError>.body(.indexOutOfRange(index: 41, count: 3)), "41"),
      (GIFError.emptyFile, ""),
      (GIFError.badSignature(offset: 4141), "4141"),
      (GIFError.truncatedHeader(offset: 4141), "4141"),
      (GIFError.truncatedGlobalColorTable(offset: 4141), "4141"),
      (GIFError.truncatedBeforeFirstImage(offset: 4141), "4141"),
      (GIFError.badBlock(introducer: 0x99, offset: 4141), "4141"),
      (GIFError.badLZWMinimumCodeSize(12, offset: 4141), "4141"),
      (GIFError.noFrames(offset: 4141), "4141"),
      (GIFError.emptyCanvas(width: 0, height: 41), "41"),
      (GIFError.canvasTooLarge(width: 41, height: 1, limit: 2), "41"),
      (GIFError.fileTooLarge(bytes: 4141, limit: 2), "4141"),
      (GIFError.fileReadFailed(path: "/x/a.gif", operation: "open", errno: 2), "/x/a.gif"),
      (GIFError.notARegularFile(path: "/x/a.gif"), "/x/a.gif"),
      (GIFError.frameIndexOutOfRange(index: 41, count: 3), "41"),
      (ImageError.inconsistentImage(width: 41, height: 1, byteCount: 3), "41"),
      (ImageError.emptyImage(width: 0, height: 41), "41"),
      (ImageError.tooLarge(width: 41, height: 1), "41"),
      (ImageError.invalidBounds(width: -41, height: 1), "-41"),
      (SpriteSheetTagError.unknownTag(name: "jump", available: ["walk"]), "jump"),
      (SpriteSheetTagError.ambiguousTag(name: "jump", tags: [1, 4]), "jump"),
      (SpriteSheetTagError.tagIndexOutOfRange(index: 41, count: 3), "41"),
      (SpriteSheetImageError.noImage, ""),
      (SpriteSheetImageError.indexOutOfRange(index: 41, count: 3), "41"),
      (SpriteSheetImageError.timelineMismatch(mismatch), "frame 7"),
      (SpriteSheetImageError.invalidImage(width: 41, height: 1, byteCount: 3), "41"),
      (SpriteSheetImageError.imageSizeMismatch(expected: ImageSize(width: 41, height: 1), actual: ImageSize(width: 2, height: 2)), "41"),
      (SpriteSheetImageError.frameOutsideImage(frame: 41, area: SpriteSheetRect(x: 0, y: 0, width: 1, height: 1), image: ImageSize(width: 1, height: 1)), "41"),
      (SpriteSheetImageError.trimSizeMismatch(frame: 41), "41"),
      (SpriteSheetImageError.frameOutsideSource(frame: 41), "41"),
      (SpriteSheetImageError.sourceTooLarge(frame: 41, size: ImageSize(width: 9, height: 9), limit: 2), "41"),
      (ScriptFailure(line: 41, reason: "unknown command"), "line 41"),
      (ScriptCommand.ParseError(reason: "unknown command 'jump'"), "jump"),
    ]
    let json: [JSONError] = [
      .inputTooLarge(bytes: 4141, limit: 2), .unexpectedEnd(offset: 4141), .unexpectedByte(0x7D, offset: 4141),
      .invalidUTF8(offset: 4141), .controlCharacterInString(offset: 4141), .invalidEscape(offset: 4141),
      .loneSurrogate(offset: 4141), .invalidNumber(offset: 4141), .numberOutOfRange(offset: 4141),
      .numberTooLong(offset: 4141, limit: 2), .stringTooLong(offset: 4141, limit: 2), .tooDeep(offset: 4141, limit: 2),
      .tooManyElements(offset: 4141, limit: 2), .trailingData(offset: 4141),
    ]
    all += json.map { ($0, "4141") }
    let sheet: [(SpriteSheetError, String)] = [
      (.fileTooLarge(bytes: 4141, limit: 2), "4141"), (.json(.unexpectedEnd(offset: 4141)), "4141"),
      (.missingField(path: "frames[3].duration", offset: 4141), "4141"),
      (.wrongType(path: "frames[3].duration", expected: "an integer", offset: 4141), "4141"),
      (.negativeValue(path: "frames[3].frame.w", value: -1, offset: 4141), "4141"),
      (.noFrames(offset: 4141), "4141"), (.tooManyFrames(limit: 2, offset: 4141), "4141"),
      (.tooManyTags(limit: 2, offset: 4141), "4141"), (.frameOutsideSheet(frame: 41, offset: 4141), "4141"),
      (.invalidDuration(frame: 41, milliseconds: 0, offset: 4141), "4141"),
      (.tagOutOfBounds(tag: "jump", from: 4, to: 9, frameCount: 3, offset: 4141), "4141"),
      (.unknownDirection(tag: "jump", direction: "up", offset: 4141), "4141"),
      (.invalidRepeat(tag: "jump", offset: 4141), "jump"), (.displayListTooLong(tag: "jump", limit: 2), "jump"),
      (.durationOverflow, ""),
    ]
    all += sheet.map { ($0.0, $0.1) }
    let png: [(PNGError, String)] = [
      (.badSignature(offset: 4141), "4141"), (.truncated(offset: 4141), "4141"), (.badChunk(offset: 4141), "4141"),
      (.badCRC(chunk: "IHDR", offset: 4141), "4141"), (.misplacedChunk(chunk: "IHDR", offset: 4141), "4141"),
      (.unknownCriticalChunk(chunk: "ABCD", offset: 4141), "4141"),
      (.badChunkLength(chunk: "IHDR", length: 3, offset: 4141), "4141"), (.badDimensions(width: 0, height: 41), "41"),
      (.unsupportedFormat(colorType: 5, bitDepth: 8, offset: 4141), "4141"), (.missingPalette(offset: 4141), "4141"),
      (.missingImageData(offset: 4141), "4141"), (.imageTooLarge(width: 41, height: 1, limit: 2), "41"),
      (.decompressedDataTooLarge(bytes: 4141, limit: 2), "4141"), (.fileTooLarge(bytes: 4141, limit: 2), "4141"),
      (.badZlibHeader(offset: 4141), "4141"), (.badDeflateData(offset: 4141), "4141"),
      (.truncatedImageData(offset: 4141), "4141"), (.missingRows(offset: 4141), "4141"),
      (.excessImageData(offset: 4141), "4141"), (.badAdler32(offset: 4141), "4141"),
      (.badFilterType(9, row: 41), "41"),
    ]
    all += png.map { ($0.0, $0.1) }
    return all
  }()

  @Test func everyCaseDescribesItselfAndItsLocation() {
    for (error, location) in Self.cases {
      let text = "\(error)"
      #expect(text == error.description)
      #expect(text.count >= 12, "too short: \(text)")
      #expect(location.isEmpty || text.contains(location), "\(type(of: error)): '\(text)' does not name \(location)")
      // Not the default text ("GIFError error 12") nor a case dump ("badSignature(offset: 4)").
      let typeName = "\(type(of: error))".split(separator: "<").first.map(String.init) ?? ""
      #expect(!text.contains("\(typeName) error"), "reads like a default: \(text)")
      #expect(!text.contains("offset:") && !text.contains("(index:") && !text.contains("(line:"), "a case dump: \(text)")
    }
  }

  /// A Foundation app bridges the description into `localizedDescription`
  /// with one line (Docs/Errors.md).
  @Test func theLocalizedErrorBridgeGivesTheDescription() {
    let error: any Error = GIFError.badSignature(offset: 0)
    #expect(error.localizedDescription != GIFError.badSignature(offset: 0).description)  // "… error 1"
    let bridged: any Error = BridgedGIFError(base: .badSignature(offset: 0))
    #expect(bridged.localizedDescription == "not a GIF: bad signature at byte 0")
  }
}

/// The bridge Docs/Errors.md shows, on a wrapper here so the test does not
/// change GIFError for the other tests.
private struct BridgedGIFError: LocalizedError {
  var base: GIFError
  var errorDescription: String? { base.description }
}
