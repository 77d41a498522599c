import AnimTimeline

/// The image files `frames` and `frame` write.
enum ImageFormat: String, CaseIterable {
  case png, pam

  /// The file of `image` in this format.
  func encode(_ image: RGBAImage) -> [UInt8] {
    switch self {
    case .png: image.pngData()
    case .pam: image.pamData()
    }
  }

  /// The extension of the last component of `path`, without its dot
  /// (`"png"` for `out/poster.png`), or `nil` when it has none (`poster`,
  /// `.png`, `out.d/poster`).
  static func fileExtension(of path: String) -> Substring? {
    let name = path.split(separator: "/", omittingEmptySubsequences: false).last ?? ""
    guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return nil }
    return name[name.index(after: dot)...]
  }

  /// The format of the image file `path`: the one its extension names
  /// (`.png`, `.pam`, in any case), which must be `requested` when given.
  ///
  /// - Throws: a usage error, naming `option`, for a missing or unknown
  ///   extension, or one that is not `requested`'s.
  static func forFile(_ path: String, option: String, requested: ImageFormat?) throws(CommandError) -> ImageFormat {
    guard !path.isEmpty else { throw .usage("\(option): the file name is empty") }
    let names = allCases.map { "." + $0.rawValue }.joined(separator: " or ")
    guard let found = fileExtension(of: path) else {
      throw .usage("\(option) \(path): name the image file with \(names) (its extension is its format)")
    }
    guard let format = ImageFormat(rawValue: found.lowercased()) else {
      throw .usage("\(option) \(path): unknown image extension '.\(found)' (\(names))")
    }
    if let requested, requested != format {
      throw .usage("\(option) \(path) is a .\(found) file, but --format is \(requested.rawValue)")
    }
    return format
  }
}
