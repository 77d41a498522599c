/// Reads the fields of an Aseprite export from its JSON tree, checking
/// each one.
struct AsepriteReader {
  let limits: SpriteSheetLimits
  var layout: AsepriteSheet.Layout = .array
  var frames: [SpriteSheetFrame] = []
  var tags: [AsepriteTag] = []
  var image: String?
  var size: ImageSize?

  init(limits: SpriteSheetLimits) {
    self.limits = limits
  }

  /// Reads `root`: `frames`, then `meta`.
  mutating func read(_ root: JSONElement) throws(SpriteSheetError) {
    try object(root, path: "(root)")
    if let meta = root.value["meta"] {
      let metaElement = JSONElement(value: meta.value, offset: meta.offset)
      try object(metaElement, path: "meta")
      if let field = metaElement.value["image"] { image = try string(field, path: "meta.image") }
      if let field = metaElement.value["size"] {
        let element = JSONElement(value: field.value, offset: field.offset)
        size = ImageSize(
          width: try nonNegative(element, "w", path: "meta.size"),
          height: try nonNegative(element, "h", path: "meta.size"))
      }
    }
    let framesField = try required(root, "frames", path: "frames")
    try readFrames(framesField)
    if let meta = root.value["meta"], let field = meta.value["frameTags"] {
      try readTags(JSONElement(value: field.value, offset: field.offset))
    }
  }

  // MARK: Frames

  private mutating func readFrames(_ field: JSONElement) throws(SpriteSheetError) {
    let entries: [(name: String?, element: JSONElement)]
    switch field.value {
    case let .object(members):
      layout = .hash
      try checkFrameCount(members.count, field: field, offsetAt: { members[$0].offset })
      entries = members.map { (name: $0.key, element: JSONElement(value: $0.value, offset: $0.offset)) }
    case let .array(elements):
      layout = .array
      try checkFrameCount(elements.count, field: field, offsetAt: { elements[$0].offset })
      entries = elements.map { (name: nil, element: $0) }
    default:
      throw .wrongType(path: "frames", expected: "an object or an array", offset: field.offset)
    }
    frames.reserveCapacity(entries.count)
    for (index, entry) in entries.enumerated() {
      var name = entry.name
      if layout == .array, let field = entry.element.value["filename"] {
        name = try string(field, path: "frames[\(index)].filename")
      }
      frames.append(try readFrame(entry.element, index: index, name: name))
    }
  }

  private func checkFrameCount(_ count: Int, field: JSONElement, offsetAt: (Int) -> Int) throws(SpriteSheetError) {
    guard count > 0 else { throw .noFrames(offset: field.offset) }
    let limit = max(0, min(limits.maxFrames, limits.maxDisplayFrames))
    guard count <= limit else { throw .tooManyFrames(limit: limit, offset: offsetAt(limit)) }
  }

  private func readFrame(_ element: JSONElement, index: Int, name: String?) throws(SpriteSheetError) -> SpriteSheetFrame {
    let path = "frames[\(index)]"
    try object(element, path: path)
    let frameField = try required(element, "frame", path: path + ".frame")
    let rect = try readRect(frameField, path: path + ".frame")
    var rotated = false
    if let field = element.value["rotated"] { rotated = try bool(field, path: path + ".rotated") }
    var trimmed = false
    if let field = element.value["trimmed"] { trimmed = try bool(field, path: path + ".trimmed") }
    var spriteSource = SpriteSheetRect(x: 0, y: 0, width: rect.width, height: rect.height)
    if let field = element.value["spriteSourceSize"] {
      spriteSource = try readRect(JSONElement(value: field.value, offset: field.offset), path: path + ".spriteSourceSize")
    }
    var source = ImageSize(width: rect.width, height: rect.height)
    if let field = element.value["sourceSize"] {
      let sizeElement = JSONElement(value: field.value, offset: field.offset)
      source = ImageSize(
        width: try nonNegative(sizeElement, "w", path: path + ".sourceSize"),
        height: try nonNegative(sizeElement, "h", path: path + ".sourceSize"))
    }
    if let sheet = size {
      // In the sheet, a rotated frame covers height × width.
      let across = rotated ? rect.height : rect.width
      let down = rotated ? rect.width : rect.height
      guard across <= sheet.width, rect.x <= sheet.width - across, down <= sheet.height, rect.y <= sheet.height - down else {
        throw .frameOutsideSheet(frame: index, offset: frameField.offset)
      }
    }
    let durationField = try required(element, "duration", path: path + ".duration")
    let milliseconds = try integer(durationField, path: path + ".duration")
    guard milliseconds >= 1, milliseconds <= limits.maxFrameMilliseconds,
      case let (nanoseconds, false) = milliseconds.multipliedReportingOverflow(by: 1_000_000)
    else {
      throw .invalidDuration(frame: index, milliseconds: milliseconds, offset: durationField.offset)
    }
    return SpriteSheetFrame(
      name: name, frame: rect, rotated: rotated, trimmed: trimmed,
      spriteSourceSize: spriteSource, sourceSize: source, duration: nanoseconds)
  }

  private func readRect(_ element: JSONElement, path: String) throws(SpriteSheetError) -> SpriteSheetRect {
    SpriteSheetRect(
      x: try nonNegative(element, "x", path: path), y: try nonNegative(element, "y", path: path),
      width: try nonNegative(element, "w", path: path), height: try nonNegative(element, "h", path: path))
  }

  // MARK: Tags

  private mutating func readTags(_ field: JSONElement) throws(SpriteSheetError) {
    guard case let .array(elements) = field.value else {
      throw .wrongType(path: "meta.frameTags", expected: "an array", offset: field.offset)
    }
    let limit = max(0, limits.maxTags)
    guard elements.count <= limit else {
      throw .tooManyTags(limit: limit, offset: elements[limit].offset)
    }
    tags.reserveCapacity(elements.count)
    for (index, element) in elements.enumerated() {
      tags.append(try readTag(element, path: "meta.frameTags[\(index)]"))
    }
  }

  private func readTag(_ element: JSONElement, path: String) throws(SpriteSheetError) -> AsepriteTag {
    try object(element, path: path)
    let name = try string(try required(element, "name", path: path + ".name"), path: path + ".name")
    let from = try integer(try required(element, "from", path: path + ".from"), path: path + ".from")
    let to = try integer(try required(element, "to", path: path + ".to"), path: path + ".to")
    guard from >= 0, from <= to, to < Int64(frames.count) else {
      throw .tagOutOfBounds(tag: name, from: from, to: to, frameCount: frames.count, offset: element.offset)
    }
    var direction = AsepriteDirection.forward
    if let field = element.value["direction"] {
      let text = try string(field, path: path + ".direction")
      guard let known = AsepriteDirection(rawValue: text) else {
        throw .unknownDirection(tag: name, direction: text, offset: field.offset)
      }
      direction = known
    }
    var repeats = 0
    if let field = element.value["repeat"] {
      repeats = try readRepeat(field, tag: name)
    }
    // Safe: 0 <= from <= to < frames.count, which is an Int.
    return AsepriteTag(name: name, frames: Int(from)...Int(to), direction: direction, repeats: repeats)
  }

  /// `repeat` as Aseprite writes it, a string of decimal digits, or as a
  /// JSON integer; in `0...maxRepeats`.
  private func readRepeat(_ field: JSONMember, tag: String) throws(SpriteSheetError) -> Int {
    var value: Int64
    switch field.value {
    case let .string(text):
      guard !text.utf8.isEmpty else { throw .invalidRepeat(tag: tag, offset: field.offset) }
      value = 0
      for byte in text.utf8 {
        guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else {
          throw .invalidRepeat(tag: tag, offset: field.offset)
        }
        // Stops growing past the limit, so it cannot overflow.
        value = min(value * 10 + Int64(byte - UInt8(ascii: "0")), Int64(Int32.max) + 1)
      }
    case let .number(number):
      guard let exact = number.int64 else { throw .invalidRepeat(tag: tag, offset: field.offset) }
      value = exact
    default:
      throw .invalidRepeat(tag: tag, offset: field.offset)
    }
    guard value >= 0, value <= Int64(limits.maxRepeats) else { throw .invalidRepeat(tag: tag, offset: field.offset) }
    return Int(value)
  }

  // MARK: Fields

  /// The members of `element`, which must be an object.
  @discardableResult
  private func object(_ element: JSONElement, path: String) throws(SpriteSheetError) -> [JSONMember] {
    guard case let .object(members) = element.value else {
      throw .wrongType(path: path, expected: "an object", offset: element.offset)
    }
    return members
  }

  /// The member `key` of the object `element` (last wins).
  private func required(_ element: JSONElement, _ key: String, path: String) throws(SpriteSheetError) -> JSONElement {
    guard case .object = element.value else {
      throw .wrongType(path: path, expected: "a member of an object", offset: element.offset)
    }
    guard let member = element.value[key] else { throw .missingField(path: path, offset: element.offset) }
    return JSONElement(value: member.value, offset: member.offset)
  }

  /// A non-negative integer member `key` of the object `element`.
  private func nonNegative(_ element: JSONElement, _ key: String, path: String) throws(SpriteSheetError) -> Int {
    try object(element, path: path)
    let field = try required(element, key, path: path + "." + key)
    let value = try integer(field, path: path + "." + key)
    guard let exact = Int(exactly: value) else {
      throw .wrongType(path: path + "." + key, expected: "an integer", offset: field.offset)
    }
    guard exact >= 0 else { throw .negativeValue(path: path + "." + key, value: exact, offset: field.offset) }
    return exact
  }

  private func integer(_ field: JSONElement, path: String) throws(SpriteSheetError) -> Int64 {
    guard case let .number(number) = field.value, let value = number.int64 else {
      throw .wrongType(path: path, expected: "an integer", offset: field.offset)
    }
    return value
  }

  private func string(_ field: JSONMember, path: String) throws(SpriteSheetError) -> String {
    guard case let .string(text) = field.value else {
      throw .wrongType(path: path, expected: "a string", offset: field.offset)
    }
    return text
  }

  private func string(_ field: JSONElement, path: String) throws(SpriteSheetError) -> String {
    guard case let .string(text) = field.value else {
      throw .wrongType(path: path, expected: "a string", offset: field.offset)
    }
    return text
  }

  private func bool(_ field: JSONMember, path: String) throws(SpriteSheetError) -> Bool {
    guard case let .bool(flag) = field.value else {
      throw .wrongType(path: path, expected: "a boolean", offset: field.offset)
    }
    return flag
  }
}
