/// Opens an animated image by its content: the first bytes say which
/// format it is (GIF, PNG/APNG or WebP), so user code and
/// `timeline-demo` handle every format through one path.
///
/// ```swift
/// let image = try AnimatedImage.open(bytes: downloaded)   // GIF, PNG/APNG or WebP
/// var timeline = try Timeline(provider: image)
/// let poster = try image.frame(at: 0)
/// ```
public enum AnimatedImage {
  /// The formats ``open(bytes:gifOptions:apngOptions:webpOptions:)`` recognises.
  public enum Format: String, Hashable, Sendable, CaseIterable {
    /// GIF87a or GIF89a (`GIF8`).
    case gif
    /// PNG, animated (APNG) or still (the 8-byte PNG signature).
    case png
    /// WebP, animated or still (a RIFF file: `RIFF`; the rest of its
    /// header is checked on opening).
    case webp
  }

  /// The format `bytes` start like, or `nil` for none of them.
  ///
  /// - Complexity: O(1).
  public static func format(of bytes: some Collection<UInt8>) -> Format? {
    // The first 8 bytes, first byte highest, zeros after a shorter
    // file's end (no signature byte is zero): no array to allocate for
    // each file opened.
    var head: UInt64 = 0
    var count = 0
    for byte in bytes.prefix(8) {
      head = head << 8 | UInt64(byte)
      count += 1
    }
    head <<= UInt64(8 * (8 - count))
    if head >> 32 == 0x4749_4638 { return .gif }  // "GIF8"
    if head == 0x8950_4E47_0D0A_1A0A { return .png }
    if head >> 32 == 0x5249_4646 { return .webp }  // "RIFF"
    return nil
  }

  /// The provider of the animation in `bytes`, chosen by its content: a
  /// ``GIFFrameProvider``, an ``APNGFrameProvider`` or a
  /// ``WebPFrameProvider``.
  ///
  /// - Throws: ``AnimatedImageError/unknownFormat`` when the bytes start
  ///   like no supported format; otherwise the format's own error, wrapped.
  /// - Complexity: as the format's provider's opening.
  public static func open(
    bytes: [UInt8], gifOptions: GIFOptions = GIFOptions(), apngOptions: APNGOptions = APNGOptions(),
    webpOptions: WebPOptions = WebPOptions()
  ) throws(AnimatedImageError) -> any AnimatedImageProvider {
    switch format(of: bytes) {
    case .gif:
      do { return try GIFFrameProvider(bytes: bytes, options: gifOptions) } catch { throw .gif(error) }
    case .png:
      do { return try APNGFrameProvider(bytes: bytes, options: apngOptions) } catch { throw .png(error) }
    case .webp:
      do { return try WebPFrameProvider(bytes: bytes, options: webpOptions) } catch { throw .webp(error) }
    case nil:
      throw .unknownFormat
    }
  }
}

/// Why ``AnimatedImage/open(bytes:gifOptions:apngOptions:webpOptions:)`` found no
/// animation.
public enum AnimatedImageError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The first bytes are those of no supported format (GIF, PNG, WebP).
  case unknownFormat
  /// A GIF that cannot be shown.
  case gif(GIFError)
  /// A PNG that cannot be shown.
  case png(PNGError)
  /// A WebP file that cannot be shown.
  case webp(WebPError)

  /// What went wrong, and where.
  public var description: String {
    switch self {
    case .unknownFormat: "not a GIF, PNG or WebP file: the first bytes (offset 0) are not 'GIF8', the PNG signature or 'RIFF'"
    case let .gif(error): "GIF: \(error)"
    case let .png(error): "PNG: \(error)"
    case let .webp(error): "WebP: \(error)"
    }
  }
}
