#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The files the demo reads and writes, through the C library (the demo
/// does not need Foundation).
enum FileSystem {
  /// The largest file the demo reads whole.
  static let maxFileBytes = 256 << 20

  /// Writes all of `bytes` to file descriptor `descriptor`.
  static func writeAll(_ bytes: [UInt8], toDescriptor descriptor: Int32) {
    bytes.withUnsafeBytes { raw in
      var offset = 0
      while offset < raw.count {
        let written = write(descriptor, raw.baseAddress! + offset, raw.count - offset)
        if written <= 0 { return }
        offset += written
      }
    }
  }

  /// The bytes of the file at `path`.
  ///
  /// - Throws: an input error when it cannot be opened or read, or holds
  ///   more than ``maxFileBytes``.
  static func contents(ofFile path: String) throws(CommandError) -> [UInt8] {
    guard let file = fopen(path, "rb") else { throw .input("cannot open '\(path)'") }
    defer { fclose(file) }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    while true {
      let count = chunk.withUnsafeMutableBufferPointer { fread($0.baseAddress, 1, $0.count, file) }
      if count <= 0 { break }
      bytes.append(contentsOf: chunk[0..<count])
      if bytes.count > maxFileBytes { throw .input("'\(path)' is larger than 256 MiB") }
    }
    guard ferror(file) == 0 else { throw .input("cannot read '\(path)'") }
    return bytes
  }

  /// Creates (or replaces) the file at `path` holding `bytes`.
  ///
  /// - Throws: an input error when it cannot be written.
  static func createFile(_ path: String, contents bytes: [UInt8]) throws(CommandError) {
    guard let file = fopen(path, "wb") else { throw .input("cannot write '\(path)': \(lastError())") }
    let written = bytes.withUnsafeBytes { fwrite($0.baseAddress, 1, $0.count, file) }
    let closed = fclose(file) == 0
    guard written == bytes.count, closed else { throw .input("cannot write '\(path)': \(lastError())") }
  }

  /// Creates the directory `path` and any missing parents (`mkdir -p`).
  ///
  /// - Throws: an input error when one cannot be created.
  static func createDirectories(_ path: String) throws(CommandError) {
    var prefix = path.hasPrefix("/") ? "/" : ""
    for component in path.split(separator: "/") {
      prefix += component
      if mkdir(prefix, 0o777) != 0, errno != EEXIST {
        throw .input("cannot create '\(path)': \(lastError())")
      }
      prefix += "/"
    }
    var status = stat()
    guard stat(path, &status) == 0, status.st_mode & S_IFMT == S_IFDIR else {
      throw .input("cannot create '\(path)': not a directory")
    }
  }

  /// `path` and `name` joined by one `/`.
  static func join(_ path: String, _ name: String) -> String {
    path.isEmpty || path.hasSuffix("/") ? path + name : path + "/" + name
  }

  /// The C library's message for `errno`.
  private static func lastError() -> String {
    String(cString: strerror(errno))
  }
}
