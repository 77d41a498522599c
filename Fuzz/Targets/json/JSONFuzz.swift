import AnimTimeline
import TimelineScript

/// libFuzzer target `json`: the whole input is an Aseprite JSON export.
///
/// Reads it with `AsepriteSheet` under small limits, which runs the
/// library's JSON reader on every input, and checks:
/// - reading either succeeds or throws a `SpriteSheetError` (never traps),
///   the same from `[UInt8]` and from a buffer, and an error's offset lies
///   inside the input;
/// - the first JSON error does not depend on what follows it: the input
///   with bytes appended fails the same way, and its prefix up to the error
///   ends too early exactly there;
/// - on success: every strict prefix cut inside the root object ends too
///   early at its own length; whitespace around the text changes nothing;
///   every frame, tag and limit holds; the display list starts with the
///   sheet frames; and each tag's clip, replayed as a timeline plays a
///   range (forward or reverse, its loop count), shows exactly the tag's
///   sequence, which equals the independent walk model
///   (Tests/.../SpriteSheet/AsepriteWalkModel.swift);
/// - the sprite-sheet provider over it gives the display list's frames and
///   durations; over a sheet image of `meta.size` (or of the frames'
///   extent), at most 4,096 pixels, it accepts exactly the sheets whose
///   frames fit, and each frame's image is `sourceSize`, with the frame's
///   pixels, each a distinct pixel of its area in the sheet, and nothing
///   else; an image of another size than `meta.size` is refused.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzJSON(_ data: UnsafeRawPointer, _ size: Int) -> CInt {
  let bytes = Array(UnsafeRawBufferPointer(start: data, count: size))
  var random = SplitMix64(seed: fnv1a(bytes))
  let limits = SpriteSheetLimits(
    maxFileBytes: 1 << 16, maxFrames: 512, maxTags: 128, maxFrameMilliseconds: 65_535, maxRepeats: 40,
    maxDisplayFrames: 1 << 14, maxDepth: 24, maxStringBytes: 1 << 12)

  let result = read(bytes, limits)
  let again = bytes.withUnsafeBytes { buffer -> Result<AsepriteSheet, SpriteSheetError> in
    do throws(SpriteSheetError) { return .success(try AsepriteSheet(buffer: buffer, limits: limits)) } catch { return .failure(error) }
  }
  fuzzCheck(result == again, "reading from a buffer differs")

  switch result {
  case let .failure(error):
    checkError(error, bytes: bytes, limits: limits)
  case let .success(sheet):
    checkSheet(sheet, limits: limits)
    checkProvider(sheet)
    checkPrefixes(bytes, limits: limits, random: &random)
    if !(bytes.starts(with: [0xEF, 0xBB, 0xBF])), bytes.count + 4 <= limits.maxFileBytes {
      let wrapped = [0x20, 0x0A] + bytes + [0x0D, 0x09]
      fuzzCheck(read(wrapped, limits) == result, "whitespace around the text changed the sheet")
    }
  }
  return 0
}

private func read(_ bytes: [UInt8], _ limits: SpriteSheetLimits) -> Result<AsepriteSheet, SpriteSheetError> {
  do { return .success(try AsepriteSheet(bytes: bytes, limits: limits)) } catch { return .failure(error) }
}

/// The offset of the first non-whitespace byte after an optional BOM.
private func rootOffset(_ bytes: [UInt8]) -> Int {
  var index = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
  while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
  return index
}

private func checkError(_ error: SpriteSheetError, bytes: [UInt8], limits: SpriteSheetLimits) {
  fuzzCheck(!error.description.isEmpty, "empty description")
  if let offset = error.offset {
    fuzzCheck(offset >= 0 && offset <= bytes.count, "\(error): offset outside the input of \(bytes.count) bytes")
  }
  guard case let .json(json) = error, let offset = json.offset else { return }
  if case .unexpectedEnd = json {
    fuzzCheck(offset == bytes.count, "\(error) is not at the end (\(bytes.count))")
    return
  }
  fuzzCheck(offset < bytes.count, "\(error) at or past the end")
  // What follows the first problem cannot change it.
  for tail: [UInt8] in [[0x5D], [0xFF, 0x22]] where bytes.count + tail.count <= limits.maxFileBytes {
    fuzzCheck(read(bytes + tail, limits) == .failure(error), "\(error) changed when bytes were appended")
  }
  // Everything before it was valid so far: cut there, the text ends too
  // early (when the root is an array or object that the cut leaves open;
  // trailing data follows a complete text).
  if case .trailingData = json { return }
  let root = rootOffset(bytes)
  if root < bytes.count, bytes[root] == UInt8(ascii: "{") || bytes[root] == UInt8(ascii: "["), offset > root {
    let prefix = Array(bytes[..<offset])
    fuzzCheck(read(prefix, limits) == .failure(.json(.unexpectedEnd(offset: offset))),
      "\(error): its prefix does not end too early at \(offset)")
  }
}

/// Strict prefixes cut inside the root object end too early at their
/// length: at its start, just before its end, at random, and at random
/// places inside a multi-byte UTF-8 sequence, an escape or a number.
private func checkPrefixes(_ bytes: [UInt8], limits: SpriteSheetLimits, random: inout SplitMix64) {
  let root = rootOffset(bytes)
  guard let closing = bytes.lastIndex(of: UInt8(ascii: "}")), closing > root else {
    fuzzFailure("a sheet whose root is not an object")
  }
  var cuts = [root, root + 1, closing]
  for _ in 0..<2 { cuts.append(root + 1 + Int(random.next() % UInt64(closing - root))) }
  var inside: [Int] = []
  for index in (root + 1)..<closing {
    let byte = bytes[index]
    let before = bytes[index - 1]
    if (byte & 0xC0) == 0x80 || before == UInt8(ascii: "\\") || (before >= 0x30 && before <= 0x39 && byte != 0x2C) {
      inside.append(index)
    }
  }
  for _ in 0..<min(4, inside.count) { cuts.append(inside[Int(random.next() % UInt64(inside.count))]) }
  for cut in cuts where cut <= closing {
    let prefix = Array(bytes[..<cut])
    fuzzCheck(read(prefix, limits) == .failure(.json(.unexpectedEnd(offset: cut))), "the prefix of \(cut) bytes did not end too early")
  }
}

private func checkSheet(_ sheet: AsepriteSheet, limits: SpriteSheetLimits) {
  let frames = sheet.frames
  fuzzCheck(!frames.isEmpty && frames.count <= limits.maxFrames, "\(frames.count) frames")
  for (index, frame) in frames.enumerated() {
    let r = frame.frame
    fuzzCheck(r.x >= 0 && r.y >= 0 && r.width >= 0 && r.height >= 0, "frame \(index): negative rectangle")
    fuzzCheck(frame.sourceSize.width >= 0 && frame.sourceSize.height >= 0, "frame \(index): negative source size")
    let s = frame.spriteSourceSize
    fuzzCheck(s.x >= 0 && s.y >= 0 && s.width >= 0 && s.height >= 0, "frame \(index): negative sprite source")
    fuzzCheck(frame.duration >= 1_000_000 && frame.duration <= limits.maxFrameMilliseconds * 1_000_000
      && frame.duration % 1_000_000 == 0, "frame \(index): duration \(frame.duration)")
    if let size = sheet.size {
      let across = frame.rotated ? r.height : r.width
      let down = frame.rotated ? r.width : r.height
      fuzzCheck(r.x + across <= size.width && r.y + down <= size.height, "frame \(index) outside the sheet")
    }
  }
  fuzzCheck(sheet.tags.count <= limits.maxTags, "\(sheet.tags.count) tags")

  let list = sheet.displayList
  let expectedStart = frames.count == 1 ? [0, 0] : Array(frames.indices)
  fuzzCheck(Array(list.sheetFrames.prefix(expectedStart.count)) == expectedStart, "the display list does not start with the sheet frames")
  fuzzCheck(list.sheetFrames.count <= max(limits.maxDisplayFrames, 2), "display list of \(list.sheetFrames.count)")
  fuzzCheck(list.sheetFrames.allSatisfy { frames.indices.contains($0) }, "a display entry outside the frames")
  fuzzCheck(list.clips.count == sheet.tags.count, "\(list.clips.count) clips for \(sheet.tags.count) tags")

  for (tag, clip) in zip(sheet.tags, list.clips) {
    fuzzCheck(tag.frames.lowerBound >= 0 && tag.frames.upperBound < frames.count, "tag \(tag.name) outside the frames")
    fuzzCheck(tag.repeats >= 0 && tag.repeats <= limits.maxRepeats, "tag \(tag.name): repeat \(tag.repeats)")
    fuzzCheck(list.sheetFrames.indices.contains(clip.frames.lowerBound)
      && list.sheetFrames.indices.contains(clip.frames.upperBound), "tag \(tag.name): clip outside the display list")
    fuzzCheck(clip.direction == .forward || clip.direction == .reverse, "tag \(tag.name): clip direction \(String(describing: clip.direction))")
    fuzzCheck(clip.loops.isInfinite == (tag.repeats == 0), "tag \(tag.name): loops \(clip.loops) for repeat \(tag.repeats)")

    // The clip as a timeline plays it: its range, forward or reversed, over
    // and over (up to `wanted` slots).
    let finite = !clip.loops.isInfinite
    let wanted = min(finite ? tag.stepCount : 2 * tag.cycleLength + 1, 400)
    var shown: [Int] = []
    let order = clip.direction == .reverse ? Array(clip.frames.reversed()) : Array(clip.frames)
    var plays: Int64 = 0
    while shown.count < wanted && (!finite || plays < clip.loops.plays!) {
      for index in order where shown.count < wanted { shown.append(list.sheetFrames[index]) }
      plays += 1
    }
    if finite && tag.stepCount <= 400 {
      fuzzCheck(Int64(clip.frames.count) * clip.loops.plays! == Int64(tag.stepCount),
        "tag \(tag.name): the clip shows \(clip.frames.count) × \(clip.loops) frames, the tag \(tag.stepCount)")
    }
    let expected = (0..<wanted).map(tag.sheetFrame(atStep:))
    fuzzCheck(shown == expected, "tag \(tag.name): the clip shows \(shown), the tag \(expected)")
    let model = AsepriteWalkModel.walk(
      from: tag.frames.lowerBound, to: tag.frames.upperBound, direction: tag.direction,
      passes: finite ? tag.passes : .max, count: wanted)
    fuzzCheck(model == expected, "tag \(tag.name): the walk model shows \(model), the tag \(expected)")
  }
}

private func checkProvider(_ sheet: AsepriteSheet) {
  let provider = SpriteSheetFrameProvider(sheet: sheet)
  let list = sheet.displayList.sheetFrames
  fuzzCheck(provider.frameCount == list.count, "provider of \(provider.frameCount) frames for \(list.count)")
  for index in list.indices.prefix(256) {
    let region = try? provider.frame(at: index)
    fuzzCheck(region?.sheetFrame == list[index], "provider frame \(index)")
    fuzzCheck(provider.frameDuration(at: index) == sheet.frames[list[index]].duration, "provider frame \(index): duration")
  }
  fuzzCheck((try? provider.frame(at: list.count)) == nil, "a frame past the end")

  // A sheet image whose pixel (x, y) names its coordinates: the size the
  // export gives, or the frames' extent.
  var width = sheet.size?.width ?? 0
  var height = sheet.size?.height ?? 0
  if sheet.size == nil {
    for frame in sheet.frames {
      let r = frame.frame
      let (across, down) = frame.rotated ? (r.height, r.width) : (r.width, r.height)
      guard r.x <= 4096, r.y <= 4096, across <= 4096, down <= 4096 else { return }
      width = max(width, r.x + across)
      height = max(height, r.y + down)
    }
  }
  guard width <= 4096, height <= 4096, width * height <= 4096 else { return }
  var pixels: [UInt8] = []
  pixels.reserveCapacity(width * height * 4)
  for y in 0..<height {
    for x in 0..<width { pixels += [UInt8(x & 0xFF), UInt8(y & 0xFF), UInt8(x >> 8 | (y >> 8) << 4), 255] }
  }
  let image = RGBAImage(width: width, height: height, pixels: pixels)
  if let size = sheet.size, width > 0 {
    let other = RGBAImage(width: width - 1, height: height, pixels: Array(pixels.prefix((width - 1) * height * 4)))
    fuzzCheck((try? SpriteSheetFrameProvider(sheet: sheet, image: other)) == nil, "an image of another size than \(size) was accepted")
  }

  // Which sheets must be accepted, worked out here.
  func inside(_ start: Int, _ length: Int, _ bound: Int) -> Bool { start >= 0 && length >= 0 && length <= bound && start <= bound - length }
  var fits = true
  for frame in sheet.frames {
    let r = frame.frame, s = frame.spriteSourceSize, source = frame.sourceSize
    let (across, down) = frame.rotated ? (r.height, r.width) : (r.width, r.height)
    let (area, overflow) = source.width.multipliedReportingOverflow(by: source.height)
    fits = fits && inside(r.x, across, width) && inside(r.y, down, height)
      && s.width == r.width && s.height == r.height && !overflow && area <= 4096
      && inside(s.x, s.width, source.width) && inside(s.y, s.height, source.height)
  }
  let result = Result { () throws(SpriteSheetImageError) in try SpriteSheetFrameProvider(sheet: sheet, image: image, maxSourcePixels: 4096) }
  guard case let .success(cutter) = result else {
    fuzzCheck(!fits, "a sheet whose frames fit was refused: \(result)")
    return
  }
  fuzzCheck(fits, "a sheet whose frames do not fit was accepted")
  for index in list.indices.prefix(64) {
    let frame = sheet.frames[list[index]]
    guard let cut = try? cutter.image(at: index) else {
      fuzzCheck(false, "provider frame \(index): no image")
      return
    }
    fuzzCheck(cut.width == frame.sourceSize.width && cut.height == frame.sourceSize.height, "provider frame \(index): image size")
    let r = frame.frame
    let (across, down) = frame.rotated ? (r.height, r.width) : (r.width, r.height)
    var seen = Set<Int>()
    for y in 0..<cut.height {
      for x in 0..<cut.width {
        let base = (y * cut.width + x) * 4
        let placed = x >= frame.spriteSourceSize.x && x < frame.spriteSourceSize.x + r.width
          && y >= frame.spriteSourceSize.y && y < frame.spriteSourceSize.y + r.height
        guard placed else {
          fuzzCheck(cut.pixels[base + 3] == 0, "provider frame \(index): a pixel outside the frame at (\(x), \(y))")
          continue
        }
        let sx = Int(cut.pixels[base]) | Int(cut.pixels[base + 2] & 0x0F) << 8
        let sy = Int(cut.pixels[base + 1]) | Int(cut.pixels[base + 2] >> 4) << 8
        fuzzCheck(cut.pixels[base + 3] == 255 && sx >= r.x && sx < r.x + across && sy >= r.y && sy < r.y + down,
          "provider frame \(index): pixel (\(x), \(y)) comes from (\(sx), \(sy)), outside the frame's area")
        fuzzCheck(seen.insert(sy * width + sx).inserted, "provider frame \(index): sheet pixel (\(sx), \(sy)) used twice")
      }
    }
  }
}
