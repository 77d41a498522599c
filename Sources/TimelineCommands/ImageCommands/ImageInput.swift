import AnimTimeline

/// The animated image file an image subcommand reads: GIF, PNG/APNG or WebP,
/// told apart by content (``AnimatedImage``), whatever the file's name.
enum ImageInput {
  /// Opens the image file at `path`.
  ///
  /// The demo reads the file itself (``FileSystem/contents(ofFile:limit:)``:
  /// regular files only, checked before they are opened, and `strerror`
  /// text in errors) and hands the bytes to ``AnimatedImage/open(bytes:gifOptions:apngOptions:webpOptions:)``.
  ///
  /// - Throws: an input error when it cannot be read, is of no supported
  ///   format, or cannot be decoded.
  /// - Complexity: O(*n*) in the file size.
  static func open(_ path: FilePath) throws(CommandError) -> any AnimatedImageProvider {
    let bytes = try FileSystem.contents(ofFile: path, limit: max(GIFOptions().maxFileBytes, APNGOptions().decoding.maxFileBytes, WebPOptions().maxFileBytes))
    do {
      return try AnimatedImage.open(bytes: bytes)
    } catch {
      switch error {
      case .unknownFormat:
        throw .input("\(path): not a GIF, PNG or WebP file (its first bytes are not 'GIF8', the PNG signature or 'RIFF')")
      case let .gif(error): throw .input("\(path): \(error)")
      case let .png(error): throw .input("\(path): \(error)")
      case let .webp(error): throw .input("\(path): \(error)")
      }
    }
  }

  /// Opens the image file at `path`, which must be a GIF (for the
  /// benchmarks measured against giflib).
  ///
  /// - Throws: an input error when it cannot be read or is not a GIF.
  static func openGIF(_ path: FilePath) throws(CommandError) -> GIFFrameProvider {
    guard let gif = try open(path) as? GIFFrameProvider else { throw .input("\(path): not a GIF file") }
    return gif
  }

  /// The frame at `index` of a provider that has it.
  ///
  /// - Throws: an input error when the frame cannot be decoded.
  static func frame(_ index: Int, of provider: any AnimatedImageProvider) throws(CommandError) -> RGBAImage {
    do {
      return try provider.frame(at: index)
    } catch {
      throw .input("frame \(index): \(error)")
    }
  }
}
