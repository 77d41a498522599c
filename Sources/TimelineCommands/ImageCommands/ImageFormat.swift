import AnimTimeline

/// The image files `frames` and `frame` write.
enum ImageFormat: String, CaseIterable {
  case png, pam

  /// The file of `image` in this format.
  ///
  /// - Throws: an input error naming the file for an image the format
  ///   cannot hold (an empty one: a sprite sheet frame of 0×0).
  func encode(_ image: RGBAImage, for path: FilePath) throws(CommandError) -> [UInt8] {
    do {
      switch self {
      case .png: return try image.pngData()
      case .pam: return try image.pamData()
      }
    } catch {
      throw .input("\(path): cannot write the image: \(error)")
    }
  }

  /// The thumbnail of `image` that fits in `size`, or `image` when `size`
  /// is `nil`.
  ///
  /// - Throws: an input error for an image that cannot be shrunk.
  static func thumbnail(_ image: RGBAImage, fitting size: ImageSize?) throws(CommandError) -> RGBAImage {
    guard let size else { return image }
    do {
      return try image.resized(toFit: size)
    } catch {
      throw .input("cannot shrink the image: \(error)")
    }
  }

  /// The format of the image file `path`: the one its extension names
  /// (`.png`, `.pam`, in any case), which must be `requested` when given.
  ///
  /// - Throws: a usage error, naming `option`, for a missing or unknown
  ///   extension, or one that is not `requested`'s.
  static func forFile(_ path: FilePath, option: String, requested: ImageFormat?) throws(CommandError) -> ImageFormat {
    guard !path.isEmpty else { throw .usage("\(option): the file name is empty") }
    let names = allCases.map { "." + $0.rawValue }.joined(separator: " or ")
    guard let found = path.fileExtension else {
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
