import AnimTimeline

/// The image files `frames` and `frame` write.
enum ImageFormat: String {
  case png, pam

  /// The format `--format` names.
  ///
  /// - Throws: a usage error for a name that is not `png` or `pam`.
  init(option text: String) throws(CommandError) {
    guard let format = ImageFormat(rawValue: text) else {
      throw .usage("--format must be png or pam, not '\(text)'")
    }
    self = format
  }

  /// The file of `image` in this format.
  func encode(_ image: RGBAImage) -> [UInt8] {
    switch self {
    case .png: PNGWriter.encode(image)
    case .pam: PAMWriter.encode(image)
    }
  }
}
