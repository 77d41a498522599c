#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// An error that makes a GIF unusable, with the byte offset where it was
/// found.
///
/// Damage *after* the first frame is not an error: the frames read so far
/// stand and the provider reports ``GIFFrameProvider/isTruncated`` or an
/// incomplete frame instead (see `Docs/GIFProvider.md`).
public enum GIFError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The input has no bytes at all.
  case emptyFile
  /// The first six bytes are not `GIF87a` or `GIF89a`.
  case badSignature(offset: Int)
  /// The input ends inside the header or the logical screen descriptor.
  case truncatedHeader(offset: Int)
  /// The input ends inside the global colour table.
  case truncatedGlobalColorTable(offset: Int)
  /// The input ends before the first frame's LZW minimum code size byte.
  case truncatedBeforeFirstImage(offset: Int)
  /// An unknown block introducer before the first frame.
  case badBlock(introducer: UInt8, offset: Int)
  /// The first frame's LZW minimum code size is outside `1...8`.
  case badLZWMinimumCodeSize(UInt8, offset: Int)
  /// The trailer came before any image.
  case noFrames(offset: Int)
  /// The canvas, after growing to the first frame, has zero width or height.
  case emptyCanvas(width: Int, height: Int)
  /// The canvas has more pixels than ``GIFOptions/maxCanvasPixels``.
  case canvasTooLarge(width: Int, height: Int, limit: Int)
  /// The input is larger than ``GIFOptions/maxFileBytes``.
  case fileTooLarge(bytes: Int, limit: Int)
  /// A file could not be opened, inspected or read; `errno` is the system
  /// error number.
  case fileReadFailed(path: String, operation: String, errno: Int32)
  /// The path names something other than a regular file (a directory, a
  /// named pipe, a device), which is refused before any byte is read.
  case notARegularFile(path: String)
  /// A frame was asked for by an index outside `0..<count`.
  case frameIndexOutOfRange(index: Int, count: Int)

  /// A readable description naming the problem and its byte offset.
  public var description: String {
    switch self {
    case .emptyFile:
      return "empty file: 0 bytes, where a GIF starts with a 6-byte signature"
    case let .badSignature(offset):
      return "not a GIF: bad signature at byte \(offset)"
    case let .truncatedHeader(offset):
      return "truncated header: the file ends at byte \(offset), inside the header or logical screen descriptor"
    case let .truncatedGlobalColorTable(offset):
      return "truncated global colour table: the file ends at byte \(offset)"
    case let .truncatedBeforeFirstImage(offset):
      return "truncated before the first image: the file ends at byte \(offset)"
    case let .badBlock(introducer, offset):
      return "bad block introducer 0x\(hex2(introducer)) at byte \(offset) before the first image"
    case let .badLZWMinimumCodeSize(value, offset):
      return "bad LZW minimum code size \(value) at byte \(offset) in the first image (must be 1...8)"
    case let .noFrames(offset):
      return "no frames: the trailer at byte \(offset) comes before any image"
    case let .emptyCanvas(width, height):
      return "empty canvas: \(width)x\(height)"
    case let .canvasTooLarge(width, height, limit):
      return "canvas \(width)x\(height) exceeds the limit of \(limit) pixels"
    case let .fileTooLarge(bytes, limit):
      return "file of \(bytes) bytes exceeds the limit of \(limit) bytes"
    case let .fileReadFailed(path, operation, errno):
      return "cannot \(operation) '\(path)': \(Self.systemMessage(errno))"
    case let .notARegularFile(path):
      return "'\(path)' is not a regular file"
    case let .frameIndexOutOfRange(index, count):
      return "frame index \(index) is out of range 0..<\(count)"
    }
  }
}

private func hex2(_ value: UInt8) -> String {
  let digits: [Character] = ["0", "1", "2", "3", "4", "5", "6", "7", "8", "9", "A", "B", "C", "D", "E", "F"]
  return String([digits[Int(value >> 4)], digits[Int(value & 15)]])
}

extension GIFError {
  /// The system's text for `errno` ("No such file or directory").
  static func systemMessage(_ number: Int32) -> String {
    guard let text = strerror(number) else { return "error \(number)" }
    return String(cString: text)
  }
}
