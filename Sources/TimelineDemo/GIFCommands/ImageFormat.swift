import AnimTimeline

/// The image files `frames` and `frame` write.
enum ImageFormat: String, CaseIterable {
  case png, pam

  /// The file of `image` in this format.
  func encode(_ image: RGBAImage) -> [UInt8] {
    switch self {
    case .png: PNGWriter.encode(image)
    case .pam: PAMWriter.encode(image)
    }
  }
}
