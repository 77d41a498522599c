import AnimTimeline

/// The GIF file a GIF subcommand reads.
enum GIFInput {
  /// Opens the GIF file at `path`.
  ///
  /// The demo reads the file itself (``FileSystem/contents(ofFile:limit:)``:
  /// regular files only, checked before they are opened, and `strerror`
  /// text in errors) and hands the bytes to `GIFFrameProvider(bytes:)`,
  /// rather than using `GIFFrameProvider(contentsOfFile:)`, whose `open`
  /// waits on a named pipe and whose error gives a bare `errno` number.
  ///
  /// - Throws: an input error when it cannot be read or decoded.
  /// - Complexity: O(*n*) in the file size.
  static func open(_ path: FilePath) throws(CommandError) -> GIFFrameProvider {
    let options = GIFOptions()
    let bytes = try FileSystem.contents(ofFile: path, limit: options.maxFileBytes)
    do {
      return try GIFFrameProvider(bytes: bytes, options: options)
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
