/// The error of lending a frame (``AnimatedImageProvider/withFrame(at:_:)``,
/// and every animated image provider's): either the provider could not
/// lend the frame (``provider(_:)``), or the caller's closure failed
/// (``body(_:)``).
///
/// `ProviderFailure` is the provider's error type (``GIFError`` for GIF).
/// `BodyFailure` is what the closure throws: `Never` for a closure that
/// cannot fail (then only ``provider(_:)`` can occur, and
/// ``providerError`` gives it directly), a type of the caller's for a
/// `throws(E)` closure, or `any Error` for a closure that uses `try`
/// without a typed `throws`.
///
/// ```swift
/// do {
///   try gif.withFrame(at: index) { image throws(UploadError) in try texture.upload(image) }
/// } catch .provider(let error) {
///   print("cannot decode: \(error)")
/// } catch .body(let error) {
///   print("cannot upload: \(error)")
/// }
/// ```
public enum LentFrameError<ProviderFailure: Error, BodyFailure: Error>: Error, CustomStringConvertible {
  /// The provider could not lend the frame (an index out of range).
  case provider(ProviderFailure)
  /// The closure threw `BodyFailure`.
  case body(BodyFailure)

  /// The provider's error, or `nil` when the closure failed.
  public var providerError: ProviderFailure? {
    if case let .provider(error) = self { return error }
    return nil
  }

  /// The provider's error or the closure's, described.
  public var description: String {
    switch self {
    case let .provider(error): return "\(error)"
    case let .body(error): return "the closure given a frame failed: \(error)"
    }
  }
}

extension LentFrameError: Equatable where ProviderFailure: Equatable, BodyFailure: Equatable {}
extension LentFrameError: Hashable where ProviderFailure: Hashable, BodyFailure: Hashable {}

/// The error of ``AnimatedImageProvider/withFrame(at:_:)``.
public typealias GIFLentFrameError<BodyFailure: Error> = LentFrameError<GIFError, BodyFailure>
