/// Decodes the image of one WebP frame (or a still image) into RGBA: its
/// `VP8L` bitstream, or its `VP8 ` bitstream with the `ALPH` plane over
/// it (alpha 255 without one). The decoders' scratch buffers are kept:
/// once sized for the largest frame, decoding a frame allocates nothing.
struct WebPFrameDecoder {
  /// The lossy decoder and its scratch.
  private var lossy = VP8Decoder()
  /// The lossless decoder and its scratch.
  private var lossless = VP8LDecoder()
  /// The alpha plane decoder and its scratch.
  private var alpha = WebPAlphaDecoder()

  /// Makes a decoder with empty scratch buffers.
  init() {}

  /// Decodes `frame` from `bytes` (the file) into `rgba`: `width * height`
  /// RGBA pixels of the frame, row-major, straight alpha.
  ///
  /// - Precondition: `rgba` holds the frame's `width * height * 4` bytes
  ///   at least, and the frame's ranges lie in `bytes`.
  /// - Throws: ``WebPImageError`` when a bitstream does not decode.
  /// - Complexity: O(*n* + *p*) for *n* bytes of data and *p* pixels.
  mutating func decode(
    _ frame: WebPFrameInfo, bytes: UnsafeRawBufferPointer, into rgba: UnsafeMutableBufferPointer<UInt8>
  ) throws(WebPImageError) {
    let data = UnsafeRawBufferPointer(rebasing: bytes[frame.image.lowerBound..<frame.dataEnd])
    if frame.isLossless {
      do {
        _ = try lossless.decode(data, offset: frame.image.lowerBound, into: rgba)
      } catch {
        throw .lossless(error)
      }
      return
    }
    do {
      _ = try lossy.decode(data, chunkSize: frame.image.count, offset: frame.image.lowerBound, into: rgba)
    } catch {
      throw .lossy(error)
    }
    if let plane = frame.alpha {
      try alpha.decode(
        UnsafeRawBufferPointer(rebasing: bytes[plane]), offset: plane.lowerBound, width: frame.width,
        height: frame.height, into: rgba)
    }
  }

  /// Reads `frame`'s bitstreams from `bytes` (the file) as
  /// ``decode(_:bytes:into:)`` does, throwing exactly where it throws,
  /// without producing pixels (`VP8L`'s transforms, VP8's reconstruction
  /// and every output write are skipped).
  ///
  /// - Precondition: the frame's ranges lie in `bytes`.
  /// - Throws: ``WebPImageError`` when a bitstream does not decode.
  /// - Complexity: O(*n* + *p*) for *n* bytes of data and *p* pixels, with
  ///   a smaller constant than decoding.
  mutating func check(_ frame: WebPFrameInfo, bytes: UnsafeRawBufferPointer) throws(WebPImageError) {
    let data = UnsafeRawBufferPointer(rebasing: bytes[frame.image.lowerBound..<frame.dataEnd])
    if frame.isLossless {
      do {
        _ = try lossless.check(data, offset: frame.image.lowerBound)
      } catch {
        throw .lossless(error)
      }
      return
    }
    do {
      _ = try lossy.check(data, chunkSize: frame.image.count, offset: frame.image.lowerBound)
    } catch {
      throw .lossy(error)
    }
    if let plane = frame.alpha {
      try alpha.check(
        UnsafeRawBufferPointer(rebasing: bytes[plane]), offset: plane.lowerBound, width: frame.width,
        height: frame.height)
    }
  }
}
