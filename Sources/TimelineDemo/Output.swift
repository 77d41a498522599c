#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Buffered standard output: one `fwrite` per 64 KiB, so long simulations
/// are not bound by per-line writes.
struct Output {
  private var buffer: [UInt8] = []

  init() { buffer.reserveCapacity(1 << 16) }

  mutating func line(_ text: String) {
    buffer.append(contentsOf: text.utf8)
    buffer.append(0x0A)
    if buffer.count >= 1 << 16 { flush() }
  }

  mutating func flush() {
    guard !buffer.isEmpty else { return }
    Output.write(buffer, to: 1)
    buffer.removeAll(keepingCapacity: true)
  }

  /// Writes all of `bytes` to file descriptor `descriptor`.
  static func write(_ bytes: [UInt8], to descriptor: Int32) {
    bytes.withUnsafeBytes { raw in
      var offset = 0
      while offset < raw.count {
        #if canImport(Glibc)
        let written = Glibc.write(descriptor, raw.baseAddress! + offset, raw.count - offset)
        #else
        let written = Musl.write(descriptor, raw.baseAddress! + offset, raw.count - offset)
        #endif
        if written <= 0 { return }
        offset += written
      }
    }
  }

  /// Writes `error: message` to standard error.
  static func error(_ message: String) {
    write(Array("error: \(message)\n".utf8), to: 2)
  }
}

/// A usage error: printed as `error: ...`, exit status 2.
struct UsageError: Error {
  var message: String
  init(_ message: String) { self.message = message }
}

/// Reads a whole file as text.
func readTextFile(_ path: String) throws(UsageError) -> String {
  guard let file = fopen(path, "rb") else { throw UsageError("cannot open '\(path)'") }
  defer { fclose(file) }
  var bytes: [UInt8] = []
  var chunk = [UInt8](repeating: 0, count: 1 << 16)
  while true {
    let count = chunk.withUnsafeMutableBufferPointer { fread($0.baseAddress, 1, $0.count, file) }
    if count <= 0 { break }
    bytes.append(contentsOf: chunk[0..<count])
    if bytes.count > 256 << 20 { throw UsageError("'\(path)' is larger than 256 MiB") }
  }
  return String(decoding: bytes, as: UTF8.self)
}
