#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

extension GIFFrameProvider {
  /// Opens the GIF file at `path`.
  ///
  /// The file's size is checked against ``GIFOptions/maxFileBytes`` before
  /// it is read.
  ///
  /// - Throws: ``GIFError/fileReadFailed(path:operation:errno:)`` when the
  ///   file cannot be read, ``GIFError/notARegularFile(path:)`` for a
  ///   directory, a named pipe or a device (refused without blocking),
  ///   ``GIFError/fileTooLarge(bytes:limit:)``, or any
  ///   error of ``init(bytes:options:)-([UInt8],_)``.
  /// - Complexity: O(*n*) in the file size.
  public init(contentsOfFile path: String, options: GIFOptions = GIFOptions()) throws(GIFError) {
    let bytes = try Self.readFile(path, limit: options.maxFileBytes)
    try self.init(bytes: bytes, options: options)
  }

  /// Reads a whole file with `open`/`fstat`/`read`.
  static func readFile(_ path: String, limit: Int) throws(GIFError) -> [UInt8] {
    // O_NONBLOCK: opening a named pipe must not wait for a writer; the
    // descriptor is then refused as not a regular file.
    let descriptor = open(path, O_RDONLY | O_NONBLOCK)
    guard descriptor >= 0 else { throw .fileReadFailed(path: path, operation: "open", errno: errno) }
    defer { _ = close(descriptor) }
    var status = stat()
    guard fstat(descriptor, &status) == 0 else {
      throw .fileReadFailed(path: path, operation: "stat", errno: errno)
    }
    guard (status.st_mode & S_IFMT) == S_IFREG else { throw .notARegularFile(path: path) }
    let size = Int(status.st_size)
    guard size <= limit else { throw .fileTooLarge(bytes: size, limit: limit) }
    var bytes = [UInt8](zeroed: size)
    var filled = 0
    var failure: Int32 = 0
    bytes.withUnsafeMutableBytes { buffer in
      guard let start = buffer.baseAddress else { return }  // empty file
      while filled < size {
        // Safe: `filled < size == buffer.count`.
        let got = read(descriptor, start + filled, size - filled)
        if got < 0 {
          if errno == EINTR { continue }
          failure = errno
          return
        }
        if got == 0 { break }  // the file shrank: keep what was read
        filled += got
      }
    }
    guard failure == 0 else { throw .fileReadFailed(path: path, operation: "read", errno: failure) }
    if filled < size { bytes.removeSubrange(filled...) }
    return bytes
  }
}
