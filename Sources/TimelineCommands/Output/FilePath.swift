import TimelineScript

/// A file name as the operating system holds it: bytes, in whatever
/// encoding the user's shell or file system uses.
///
/// The demo takes every file name from the raw bytes of its command-line
/// word (``Arguments``), never from a decoded `String`, so that
/// `info $'\xff\xfe.gif'` opens that file and `frames --out $'dir\xff'`
/// writes into that folder; decoding would turn such bytes into U+FFFD and
/// name another file. In messages a path shows its bytes escaped
/// (``description``, ``TextEscaping``).
struct FilePath: Hashable, Sendable, CustomStringConvertible, ExpressibleByStringLiteral {
  /// The name's bytes (a NUL byte, which no C path can hold, is refused
  /// when the file is opened).
  var bytes: [UInt8]

  /// The path with these bytes.
  init(bytes: [UInt8]) { self.bytes = bytes }

  /// The path spelled `text` in UTF-8.
  init(_ text: String) { bytes = Array(text.utf8) }

  /// The path spelled `literal` in UTF-8 (`"anim.gif"`).
  init(stringLiteral literal: String) { self.init(literal) }

  /// Whether the name is empty.
  var isEmpty: Bool { bytes.isEmpty }

  /// Whether the name is `-`, standard output or input by convention.
  var isStandardStream: Bool { bytes == [0x2D] }

  /// The name for messages: bytes that are not UTF-8 as `\xNN`, invisible
  /// characters escaped.
  var description: String { TextEscaping.escaped(bytes) }

  /// The extension of the last component, after its last dot (`"png"`
  /// for `out/poster.png`), escaped like ``description``; `nil` when it
  /// has none (`poster`, `.png`, `out.d/poster`).
  var fileExtension: String? {
    let name = bytes.split(separator: 0x2F, omittingEmptySubsequences: false).last ?? []
    guard let dot = name.lastIndex(of: 0x2E), dot != name.startIndex else { return nil }
    return TextEscaping.escaped(name[(dot + 1)...])
  }

  /// The folder part, up to and including the last `/` (empty when there
  /// is none).
  var directoryPrefix: FilePath {
    guard let slash = bytes.lastIndex(of: 0x2F) else { return FilePath(bytes: []) }
    return FilePath(bytes: Array(bytes[...slash]))
  }

  /// This path and `name` joined by one `/`.
  func appending(_ name: some Collection<UInt8>) -> FilePath {
    var joined = bytes
    if !joined.isEmpty, joined.last != 0x2F { joined.append(0x2F) }
    joined.append(contentsOf: name)
    return FilePath(bytes: joined)
  }

  /// Calls `body` with the path as a NUL-terminated C string, or returns
  /// `nil` when the name holds a NUL byte.
  func withCString<Result>(_ body: (UnsafePointer<CChar>) -> Result) -> Result? {
    guard !bytes.contains(0) else { return nil }
    let terminated = bytes + [0]
    return terminated.withUnsafeBufferPointer { buffer in
      buffer.withMemoryRebound(to: CChar.self) { body($0.baseAddress!) }
    }
  }
}
