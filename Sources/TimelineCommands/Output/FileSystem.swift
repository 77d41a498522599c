#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The files the demo reads and writes, through the C library (the demo
/// does not need Foundation).
///
/// Only regular files are read or written: a path is checked with `stat`
/// first, so a directory, a named pipe or a device is refused before it is
/// opened (opening a pipe would block), then opened without blocking and
/// checked again with `fstat`, in case it changed in between. Errors name
/// the path and give the C library's text for `errno` (`strerror`).
enum FileSystem {
  /// The largest file the demo reads whole unless told otherwise.
  static let maxFileBytes = 256 << 20

  /// Writes all of `bytes` to file descriptor `descriptor`.
  static func writeAll(_ bytes: [UInt8], toDescriptor descriptor: Int32) {
    _ = writeFully(bytes, to: descriptor)
  }

  /// The bytes of the regular file at `path`, at most `limit` of them.
  ///
  /// - Throws: an error `PATH: <reason>` when `path` is empty, names no
  ///   regular file, cannot be opened or read, or holds more than `limit`
  ///   bytes (checked before reading).
  /// - Complexity: O(*n*) in the file size.
  static func contents(ofFile path: FilePath, limit: Int = maxFileBytes) throws(CommandError) -> [UInt8] {
    guard !path.isEmpty else { throw .usage("the file name is empty") }
    var status = stat()
    guard try call(path, { stat($0, &status) }) == 0 else { throw .input("\(path): \(lastError())") }
    try requireRegular(path, status)
    let descriptor = try call(path) { open($0, O_RDONLY | O_NONBLOCK | O_CLOEXEC) }
    guard descriptor >= 0 else { throw .input("\(path): \(lastError())") }
    defer { _ = close(descriptor) }
    guard fstat(descriptor, &status) == 0 else { throw .input("\(path): \(lastError())") }
    try requireRegular(path, status)
    let size = Int(status.st_size)
    guard size <= limit else {
      throw .input("\(path): the file holds \(size) bytes, more than the limit of \(limit)")
    }
    var bytes = [UInt8](repeating: 0, count: size)
    var filled = 0
    var failure: Int32 = 0
    bytes.withUnsafeMutableBytes { buffer in
      guard let start = buffer.baseAddress else { return }  // an empty file
      while filled < size {
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
    guard failure == 0 else { throw .input("\(path): cannot read: \(text(of: failure))") }
    if filled < size { bytes.removeSubrange(filled...) }
    return bytes
  }

  /// Creates (or replaces) the regular file at `path` holding `bytes`.
  ///
  /// - Throws: an error `PATH: cannot write: <reason>` when it cannot be
  ///   written, or `PATH: not a regular file` when `path` names a
  ///   directory, a named pipe or a device. A file left half-written is
  ///   removed.
  /// - Complexity: O(*n*) in the bytes.
  static func createFile(_ path: FilePath, contents bytes: [UInt8]) throws(CommandError) {
    guard !path.isEmpty else { throw .usage("the file name is empty") }
    var status = stat()
    if try call(path, { stat($0, &status) }) == 0 { try requireRegular(path, status) }
    // Non-blocking: a named pipe put there since the `stat` fails to open
    // (ENXIO) instead of waiting for a reader.
    let descriptor = try call(path) { open($0, O_WRONLY | O_CREAT | O_TRUNC | O_NONBLOCK | O_CLOEXEC, 0o666) }
    guard descriptor >= 0 else { throw .input("\(path): cannot write: \(lastError())") }
    guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG else {
      _ = close(descriptor)
      throw .input("\(path): not a regular file")
    }
    var failure = writeFully(bytes, to: descriptor)
    if close(descriptor) != 0, failure == 0 { failure = errno }
    guard failure == 0 else {
      _ = path.withCString { unlink($0) }
      throw .input("\(path): cannot write: \(text(of: failure))")
    }
  }

  /// Creates the directory `path` and any missing parents (`mkdir -p`).
  ///
  /// - Throws: an error `PATH: <reason>` when one cannot be created or
  ///   `path` names something other than a directory.
  static func createDirectories(_ path: FilePath) throws(CommandError) {
    guard !path.isEmpty else { throw .usage("the directory name is empty") }
    var prefix = FilePath(bytes: path.bytes.first == 0x2F ? [0x2F] : [])
    for component in path.bytes.split(separator: 0x2F) {
      prefix = prefix.appending(component)
      if try call(prefix, { mkdir($0, 0o777) }) != 0, errno != EEXIST {
        throw .input("\(path): cannot create directory '\(prefix)': \(lastError())")
      }
    }
    var status = stat()
    guard try call(path, { stat($0, &status) }) == 0 else { throw .input("\(path): \(lastError())") }
    guard status.st_mode & S_IFMT == S_IFDIR else { throw .input("\(path): not a directory") }
  }

  /// Calls `body` with `path` as a C string.
  ///
  /// - Throws: an input error when the name holds a NUL byte (possible
  ///   only for a name read from a file, such as an export's `meta.image`).
  private static func call<Result>(_ path: FilePath, _ body: (UnsafePointer<CChar>) -> Result) throws(CommandError) -> Result {
    guard let result = path.withCString(body) else { throw .input("\(path): the file name holds a NUL byte") }
    return result
  }

  /// Throws `PATH: not a regular file (a directory)` and the like unless
  /// `status` is that of a regular file.
  private static func requireRegular(_ path: FilePath, _ status: stat) throws(CommandError) {
    let kind: String
    switch status.st_mode & S_IFMT {
    case S_IFREG: return
    case S_IFDIR: kind = " (a directory)"
    case S_IFIFO: kind = " (a named pipe)"
    case S_IFCHR, S_IFBLK: kind = " (a device)"
    case S_IFSOCK: kind = " (a socket)"
    default: kind = ""
    }
    throw .input("\(path): not a regular file\(kind)")
  }

  /// Writes all of `bytes` to `descriptor`, retrying after a signal;
  /// returns 0, or the `errno` that stopped it.
  private static func writeFully(_ bytes: [UInt8], to descriptor: Int32) -> Int32 {
    bytes.withUnsafeBytes { raw in
      guard let base = raw.baseAddress else { return 0 }
      var offset = 0
      while offset < raw.count {
        let written = write(descriptor, base + offset, raw.count - offset)
        if written < 0 {
          if errno == EINTR { continue }
          return errno
        }
        if written == 0 { return EIO }
        offset += written
      }
      return 0
    }
  }

  /// The C library's message for error number `number`.
  private static func text(of number: Int32) -> String {
    String(cString: strerror(number))
  }

  /// The C library's message for `errno`.
  private static func lastError() -> String {
    text(of: errno)
  }
}
