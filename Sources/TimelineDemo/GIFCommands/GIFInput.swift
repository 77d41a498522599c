import AnimTimeline

/// The GIF file a GIF subcommand reads.
enum GIFInput {
  /// Opens the GIF file at `path`.
  ///
  /// - Throws: an input error when it cannot be read or decoded.
  static func open(_ path: String) throws(CommandError) -> GIFFrameProvider {
    do {
      return try GIFFrameProvider(contentsOfFile: path)
    } catch {
      throw .input("\(path): \(error)")
    }
  }

  /// The frame at `index` of a provider that has it.
  ///
  /// - Throws: an input error when the frame cannot be decoded.
  static func frame(_ index: Int, of provider: inout GIFFrameProvider) throws(CommandError) -> RGBAImage {
    do {
      return try provider.frame(at: index)
    } catch {
      throw .input("frame \(index): \(error)")
    }
  }
}
