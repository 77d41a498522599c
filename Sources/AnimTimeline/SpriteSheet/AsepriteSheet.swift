/// A sprite sheet exported by Aseprite as JSON: the frames (rectangles in
/// the sheet image and durations), the tags, and the display list that
/// plays each tag exactly as Aseprite does.
///
/// ```swift
/// let sheet = try AsepriteSheet(bytes: jsonBytes)
/// let walk = try sheet.tag(named: "walk")    // Aseprite's frames: walk.frames
/// let clip = try sheet.clip(named: "walk")   // what a timeline plays (display list)
/// ```
///
/// Both of Aseprite's layouts are read: "hash" (`frames` is an object keyed
/// by frame name; the frames are its members in document order) and
/// "array" (`frames` is an array). Fields Aseprite may add and this reader
/// does not use (`layers`, `slices`, `color`, `data`, ...) are ignored.
/// The rules, and the reading of Aseprite's playback, are in
/// `Docs/SpriteSheets.md`.
public struct AsepriteSheet: Hashable, Sendable {
  /// How the export lays out its frames.
  public enum Layout: String, Hashable, Sendable {
    /// `frames` is an object keyed by frame name (`--format json-hash`).
    case hash
    /// `frames` is an array (`--format json-array`).
    case array
  }

  /// The layout of `frames` in the export.
  public let layout: Layout
  /// The frames, in order: frame *i* is Aseprite's frame *i*.
  public let frames: [SpriteSheetFrame]
  /// The tags (`meta.frameTags`), in order. Names need not be unique:
  /// look a tag up by name with ``tag(named:)`` or ``clip(named:)``, which
  /// refuse an ambiguous name, or by index here and with ``clip(forTag:)``.
  public let tags: [AsepriteTag]
  /// The sheet image's path as written (`meta.image`), if any; relative
  /// to the JSON file unless absolute.
  public let image: String?
  /// The sheet image's size (`meta.size`), if given. Every frame lies
  /// inside it.
  public let size: ImageSize?
  /// The provider frames and one clip per tag; see ``SpriteSheetDisplayList``.
  public let displayList: SpriteSheetDisplayList

  /// Reads an Aseprite JSON export from any sequence of bytes: an array,
  /// an `ArraySlice<UInt8>`, Foundation's `Data`, a collection of the
  /// caller's.
  ///
  /// Bytes in contiguous storage (arrays, slices, `Data`) are read in
  /// place; any other sequence is copied into an array first.
  ///
  /// - Throws: ``SpriteSheetError/fileTooLarge(bytes:limit:)`` before
  ///   reading anything, ``SpriteSheetError/json(_:)`` for malformed JSON,
  ///   and the other ``SpriteSheetError`` cases for a document that is not
  ///   a valid export within `limits`.
  /// - Complexity: O(*b* + *d*) for *b* bytes and *d* display-list frames.
  public init(bytes: some Sequence<UInt8>, limits: SpriteSheetLimits = SpriteSheetLimits()) throws(SpriteSheetError) {
    self = try withContiguousBytes(of: bytes) { buffer throws(SpriteSheetError) in
      try AsepriteSheet(buffer: buffer, limits: limits)
    }
  }

  /// Reads an Aseprite JSON export from memory; see ``init(bytes:limits:)``.
  ///
  /// - Throws: as ``init(bytes:limits:)``.
  /// - Complexity: as ``init(bytes:limits:)``.
  public init(buffer: UnsafeRawBufferPointer, limits: SpriteSheetLimits = SpriteSheetLimits()) throws(SpriteSheetError) {
    guard buffer.count <= limits.maxFileBytes else {
      throw .fileTooLarge(bytes: buffer.count, limit: limits.maxFileBytes)
    }
    let root: JSONElement
    do {
      root = try JSONParser.parse(buffer, limits: limits.json)
    } catch {
      throw .json(error)
    }
    var reader = AsepriteReader(limits: limits)
    try reader.read(root)
    self.layout = reader.layout
    self.frames = reader.frames
    self.tags = reader.tags
    self.image = reader.image
    self.size = reader.size
    self.displayList = try SpriteSheetDisplayList(
      durations: reader.frames.map(\.duration), tags: reader.tags, limit: limits.maxDisplayFrames)
  }
}
