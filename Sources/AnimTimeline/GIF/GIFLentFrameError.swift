/// The error of ``GIFFrameProvider/withFrame(at:_:)``: either the provider
/// could not lend the frame (``gif(_:)``), or the caller's closure failed
/// (``body(_:)``).
///
/// `BodyFailure` is what the closure throws: `Never` for a closure that
/// cannot fail (then only ``gif(_:)`` can occur, and ``gifError`` gives it
/// directly), a type of the caller's for a `throws(E)` closure, or
/// `any Error` for a closure that uses `try` without a typed `throws`.
///
/// ```swift
/// do {
///   try gif.withFrame(at: index) { image throws(UploadError) in try texture.upload(image) }
/// } catch .gif(let error) {
///   print("cannot decode: \(error)")
/// } catch .body(let error) {
///   print("cannot upload: \(error)")
/// }
/// ```
public enum GIFLentFrameError<BodyFailure: Error>: Error, CustomStringConvertible {
  /// The provider could not lend the frame: ``GIFError/frameIndexOutOfRange(index:count:)``.
  case gif(GIFError)
  /// The closure threw `BodyFailure`.
  case body(BodyFailure)

  /// The provider's error, or `nil` when the closure failed.
  public var gifError: GIFError? {
    if case let .gif(error) = self { return error }
    return nil
  }

  /// The provider's error or the closure's, described.
  public var description: String {
    switch self {
    case let .gif(error): return error.description
    case let .body(error): return "the closure given a GIF frame failed: \(error)"
    }
  }
}

extension GIFLentFrameError: Equatable where BodyFailure: Equatable {}
extension GIFLentFrameError: Hashable where BodyFailure: Hashable {}
