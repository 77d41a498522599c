import AnimTimeline

/// The Aseprite export that `sheet` and `--aseprite` read.
enum AsepriteInput {
  /// Reads the JSON export at `path`.
  ///
  /// - Throws: an input error `PATH: <reason>` when it cannot be read or is
  ///   not a valid export (the reason names the field and byte offset).
  /// - Complexity: O(*n*) in the file size.
  static func open(_ path: String) throws(CommandError) -> AsepriteSheet {
    let limits = SpriteSheetLimits()
    let bytes = try FileSystem.contents(ofFile: path, limit: limits.maxFileBytes)
    do {
      return try AsepriteSheet(bytes: bytes, limits: limits)
    } catch {
      throw .input("\(path): \(error)")
    }
  }

  /// The clip of the tag `name` of `sheet`, read from `path`.
  ///
  /// - Throws: a usage error naming the tags there are.
  static func clip(named name: String, in sheet: AsepriteSheet, path: String) throws(CommandError) -> Clip {
    guard let clip = sheet.clip(named: name) else {
      let tags = sheet.tags.map { "'\($0.name)'" }.joined(separator: ", ")
      throw .usage("--clip \(name): \(path) has no tag '\(name)' (\(tags.isEmpty ? "it has no tags" : "tags: " + tags))")
    }
    return clip
  }

  /// Where the sheet image named `image` (`meta.image`) of the export at
  /// `jsonPath` is: an absolute path as written; a relative one from the
  /// export's folder; a Windows path (with a drive letter or backslashes,
  /// as Aseprite on Windows may write) by its file name, in the export's
  /// folder.
  static func imagePath(_ image: String, nextTo jsonPath: String) -> String {
    if image.hasPrefix("/") { return image }
    let scalars = Array(image.unicodeScalars)
    let hasDrive = scalars.count >= 2 && scalars[1] == ":" && scalars[0].properties.isAlphabetic
    var name = Substring(image)
    if hasDrive || image.contains("\\") {
      name = image.split(omittingEmptySubsequences: false) { $0 == "\\" || $0 == "/" }.last ?? name
    }
    guard let slash = jsonPath.lastIndex(of: "/") else { return String(name) }
    return String(jsonPath[...slash]) + name
  }
}
