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
  /// RGBA pixels of the frame, row-major, straight alpha. With no `rgba`,
  /// only checks the frame: its bitstreams are read as decoding reads
  /// them, throwing exactly where decoding throws, without producing
  /// pixels (`VP8L`'s transforms, VP8's reconstruction and every output
  /// write are skipped).
  ///
  /// - Precondition: `rgba`, if given, holds the frame's `width * height *
  ///   4` bytes at least, and the frame's ranges lie in `bytes`.
  /// - Throws: ``WebPImageError`` when a bitstream does not decode.
  /// - Complexity: O(*n* + *p*) for *n* bytes of data and *p* pixels (a
  ///   check with a smaller constant).
  mutating func decode(
    _ frame: WebPFrameInfo, bytes: UnsafeRawBufferPointer, into rgba: UnsafeMutableBufferPointer<UInt8>?
  ) throws(WebPImageError) {
    let data = UnsafeRawBufferPointer(rebasing: bytes[frame.image.lowerBound..<frame.dataEnd])
    let offset = frame.image.lowerBound
    if frame.isLossless {
      do {
        if let rgba {
          _ = try lossless.decode(data, offset: offset, into: rgba)
        } else {
          _ = try lossless.check(data, offset: offset)
        }
      } catch {
        throw .lossless(error)
      }
      return
    }
    do {
      if let rgba {
        _ = try lossy.decode(data, chunkSize: frame.image.count, offset: offset, into: rgba)
      } else {
        _ = try lossy.check(data, chunkSize: frame.image.count, offset: offset)
      }
    } catch {
      throw .lossy(error)
    }
    if let plane = frame.alpha {
      let payload = UnsafeRawBufferPointer(rebasing: bytes[plane])
      if let rgba {
        try alpha.decode(payload, offset: plane.lowerBound, width: frame.width, height: frame.height, into: rgba)
      } else {
        try alpha.check(payload, offset: plane.lowerBound, width: frame.width, height: frame.height)
      }
    }
  }
}
