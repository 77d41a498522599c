import AnimTimeline

/// The Aseprite export that `sheet` and `--aseprite` read.
enum AsepriteInput {
  /// Reads the JSON export at `path`.
  ///
  /// - Throws: an input error `PATH: <reason>` when it cannot be read or is
  ///   not a valid export (the reason names the field and byte offset).
  /// - Complexity: O(*n*) in the file size.
  static func open(_ path: FilePath) throws(CommandError) -> AsepriteSheet {
    let limits = SpriteSheetLimits()
    let bytes = try FileSystem.contents(ofFile: path, limit: limits.maxFileBytes)
    do {
      return try AsepriteSheet(bytes: bytes, limits: limits)
    } catch {
      throw .input("\(path): \(error)")
    }
  }

  /// The clip of the tag `name` of `sheet`, read from `path`: the tag of
  /// that name, or, for `#N` when no tag is named so, tag `N` (from 0, in
  /// the export's order), which picks one of several tags sharing a name.
  ///
  /// - Throws: a usage error naming the tags there are, or the tags that
  ///   share an ambiguous name (and how to pick one).
  static func clip(named name: String, in sheet: AsepriteSheet, path: FilePath) throws(CommandError) -> Clip {
    do {
      return try sheet.clip(named: name)
    } catch .unknownTag {
      if name.hasPrefix("#"), let index = Int(name.dropFirst()), index >= 0 {
        do {
          return try sheet.clip(forTag: index)
        } catch {
          throw .usage("--clip \(name): \(path): \(error)")
        }
      }
      let tags = sheet.tags.map { "'\($0.name)'" }.joined(separator: ", ")
      throw .usage("--clip \(name): \(path) has no tag '\(name)' (\(tags.isEmpty ? "it has no tags" : "tags: " + tags))")
    } catch let .ambiguousTag(_, tags) {
      let choices = tags.map { "--clip #\($0)" }.joined(separator: " or ")
      throw .usage("--clip \(name): \(path): tags \(tags.map(String.init).joined(separator: ", ")) are all named '\(name)'; pick one with \(choices)")
    } catch {
      throw .usage("--clip \(name): \(path): \(error)")
    }
  }

  /// Where the sheet image named `image` (`meta.image`) of the export at
  /// `jsonPath` is: an absolute path as written; a relative one from the
  /// export's folder; a Windows path (with a drive letter or backslashes,
  /// as Aseprite on Windows may write) by its file name, in the export's
  /// folder.
  static func imagePath(_ image: String, nextTo jsonPath: FilePath) -> FilePath {
    if image.hasPrefix("/") { return FilePath(image) }
    let scalars = Array(image.unicodeScalars)
    let hasDrive = scalars.count >= 2 && scalars[1] == ":" && scalars[0].properties.isAlphabetic
    var name = Substring(image)
    if hasDrive || image.contains("\\") {
      name = image.split(omittingEmptySubsequences: false) { $0 == "\\" || $0 == "/" }.last ?? name
    }
    return jsonPath.directoryPrefix.appending(name.utf8)
  }
}

extension AsepriteInput {
  /// Reads the export at `path` and decodes its sheet image (`meta.image`,
  /// found by ``imagePath(_:nextTo:)``), for the subcommands that show
  /// pixels (`frame`, `frames`, `play`).
  ///
  /// - Throws: an input error when the export or the image cannot be read
  ///   or decoded, or the image does not fit the export.
  /// - Complexity: O(*n*) in the files' sizes and the image's pixels.
  static func openWithImage(_ path: FilePath) throws(CommandError) -> SpriteSheetFrameProvider {
    let sheet = try open(path)
    guard let name = sheet.image else {
      throw .input("\(path): the export has no meta.image, so its sheet image cannot be found")
    }
    let imagePath = imagePath(name, nextTo: path)
    let options = PNGDecodingOptions()
    let bytes: [UInt8]
    do {
      bytes = try FileSystem.contents(ofFile: imagePath, limit: options.maxFileBytes)
    } catch {
      throw .input(error.message + " (the sheet image, meta.image of \(path))")
    }
    let image: RGBAImage
    do {
      image = try RGBAImage(pngData: bytes, options: options)
    } catch {
      throw .input("\(imagePath): \(error)")
    }
    do {
      return try SpriteSheetFrameProvider(sheet: sheet, image: image)
    } catch {
      throw .input("\(imagePath), the sheet image of \(path): \(error)")
    }
  }

  /// The image of provider frame `index`.
  ///
  /// - Throws: an input error for an empty frame (no image file can hold it).
  static func image(_ index: Int, of provider: SpriteSheetFrameProvider) throws(CommandError) -> RGBAImage {
    let image: RGBAImage
    do {
      image = try provider.image(at: index)
    } catch {
      throw .input("frame \(index): \(error)")
    }
    guard image.width > 0, image.height > 0 else {
      throw .input("sheet frame \((try? provider.sheetFrame(atDisplayFrame: index)) ?? index) is empty (\(image.width)x\(image.height) pixels)")
    }
    return image
  }

  /// The usage error for `--clip` or `--aseprite` given where they do not
  /// go: `--clip` without `--aseprite`, or `--aseprite` with a GIF file.
  static func checkSource(gif: FilePath?, aseprite: FilePath?, clip: String?, command: String) throws(CommandError) {
    if gif != nil, aseprite != nil { throw .usage("give an image file or --aseprite FILE.json, not both") }
    if gif == nil, aseprite == nil { throw .usage("\(command) needs a GIF file or --aseprite FILE.json") }
    if let clip, aseprite == nil { throw .usage("--clip \(clip) needs --aseprite FILE.json") }
  }
}
