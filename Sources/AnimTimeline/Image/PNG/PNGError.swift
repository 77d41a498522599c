/// Why a PNG could not be decoded, with the byte offset in the file where
/// the problem was found.
///
/// Offsets count from the first byte of the file. For damage inside the
/// compressed image data the offset is that of the compressed byte being
/// read when the damage showed (it can lie a few bytes past the damage).
public enum PNGError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The first 8 bytes are not the PNG signature.
  case badSignature(offset: Int)
  /// The file ends inside a chunk, or before the `IEND` chunk; the offset
  /// is the length of the file.
  case truncated(offset: Int)
  /// A chunk's length is above 2^31 - 1, or its type is not four ASCII
  /// letters.
  case badChunk(offset: Int)
  /// A chunk's CRC-32 does not match its type and data.
  case badCRC(chunk: String, offset: Int)
  /// The first chunk is not `IHDR`, or a chunk comes where the
  /// specification does not allow it (a second `IHDR`, `PLTE` after
  /// `IDAT`, `IDAT` chunks that are not consecutive, ...).
  case misplacedChunk(chunk: String, offset: Int)
  /// A critical chunk this decoder does not know (its type starts with an
  /// upper-case letter).
  case unknownCriticalChunk(chunk: String, offset: Int)
  /// A chunk's data has the wrong length for its type (`IHDR` not 13
  /// bytes, `PLTE` not a multiple of 3 or more than 256 entries; a `tRNS`
  /// of the wrong size is ignored, as libpng ignores it).
  case badChunkLength(chunk: String, length: Int, offset: Int)
  /// The width or height is 0 or above 2^31 - 1.
  case badDimensions(width: Int, height: Int)
  /// A colour type and bit depth that PNG does not define, or a
  /// compression, filter or interlace method other than 0 (or 1 for
  /// interlace).
  case unsupportedFormat(colorType: Int, bitDepth: Int, offset: Int)
  /// An indexed-colour image without a `PLTE` chunk before its image data.
  case missingPalette(offset: Int)
  /// No `IDAT` chunk before `IEND`.
  case missingImageData(offset: Int)
  /// The image has more pixels than ``PNGDecodingOptions/maxPixels``.
  case imageTooLarge(width: Int, height: Int, limit: Int)
  /// The image's decompressed rows need more bytes than
  /// ``PNGDecodingOptions/maxDecompressedBytes``.
  case decompressedDataTooLarge(bytes: Int, limit: Int)
  /// The file is larger than ``PNGDecodingOptions/maxFileBytes``.
  case fileTooLarge(bytes: Int, limit: Int)
  /// The two-byte zlib header is malformed or asks for something other
  /// than deflate with a window of at most 32 KiB, or a preset dictionary.
  case badZlibHeader(offset: Int)
  /// The deflate data is malformed: a reserved block type, a stored block
  /// whose length check fails, a code-length set that is not a valid
  /// prefix code, an unused code, or a distance before the start of the
  /// data.
  case badDeflateData(offset: Int)
  /// The compressed data ends before the end of the deflate stream and
  /// its Adler-32.
  case truncatedImageData(offset: Int)
  /// The deflate stream ends before the image's rows are complete.
  case missingRows(offset: Int)
  /// The deflate stream holds more bytes than the image's rows.
  case excessImageData(offset: Int)
  /// The Adler-32 after the deflate stream does not match the data.
  case badAdler32(offset: Int)
  /// A row starts with a filter type above 4; `row` counts the filtered
  /// rows of the stream from 0 (across the passes of an interlaced image).
  case badFilterType(UInt8, row: Int)

  /// A readable description naming the problem and its byte offset.
  public var description: String {
    switch self {
    case let .badSignature(offset): return "not a PNG: bad signature at byte \(offset)"
    case let .truncated(offset): return "truncated: the file ends at byte \(offset), before the IEND chunk"
    case let .badChunk(offset): return "malformed chunk header at byte \(offset)"
    case let .badCRC(chunk, offset): return "bad CRC-32 in the \(chunk) chunk at byte \(offset)"
    case let .misplacedChunk(chunk, offset): return "\(chunk) chunk out of place at byte \(offset)"
    case let .unknownCriticalChunk(chunk, offset): return "unknown critical chunk \(chunk) at byte \(offset)"
    case let .badChunkLength(chunk, length, offset):
      return "\(chunk) chunk at byte \(offset) has a bad length (\(length) bytes)"
    case let .badDimensions(width, height): return "bad dimensions \(width)x\(height)"
    case let .unsupportedFormat(colorType, bitDepth, offset):
      return "unsupported format at byte \(offset): colour type \(colorType), bit depth \(bitDepth)"
    case let .missingPalette(offset): return "indexed image without a PLTE chunk (image data at byte \(offset))"
    case let .missingImageData(offset): return "no IDAT chunk before IEND at byte \(offset)"
    case let .imageTooLarge(width, height, limit):
      return "image \(width)x\(height) exceeds the limit of \(limit) pixels"
    case let .decompressedDataTooLarge(bytes, limit):
      return "image data of \(bytes) bytes exceeds the limit of \(limit) bytes"
    case let .fileTooLarge(bytes, limit): return "file of \(bytes) bytes exceeds the limit of \(limit) bytes"
    case let .badZlibHeader(offset): return "bad zlib header at byte \(offset)"
    case let .badDeflateData(offset): return "malformed deflate data near byte \(offset)"
    case let .truncatedImageData(offset): return "compressed image data ends early at byte \(offset)"
    case let .missingRows(offset): return "image data ends before the last row (stream end near byte \(offset))"
    case let .excessImageData(offset): return "more image data than rows near byte \(offset)"
    case let .badAdler32(offset): return "bad Adler-32 at byte \(offset)"
    case let .badFilterType(type, row): return "bad filter type \(type) in row \(row)"
    }
  }
}
