/// The error of ``FrameProvider/frame(shownBy:)``: the timeline was not
/// made from this provider (``timelineMismatch(_:)``), or the provider
/// could not produce the frame (``provider(_:)``, with the provider's own
/// `Failure`: ``FrameProviderError``, ``GIFError``, `Never` for a provider
/// that cannot fail, or a type of the provider's).
///
/// ```swift
/// do {
///   texture.show(try gif.frame(shownBy: timeline))
/// } catch .timelineMismatch(let mismatch) {
///   assertionFailure("\(mismatch)")       // a programming error: wrong provider
/// } catch .provider(let error) {
///   print("cannot decode: \(error)")      // a GIFError
/// }
/// ```
public enum ShownFrameError<ProviderFailure: Error>: Error, CustomStringConvertible {
  /// The timeline was made from another provider.
  case timelineMismatch(TimelineMismatch)
  /// The provider's ``FrameProvider/frame(at:)`` failed.
  case provider(ProviderFailure)

  /// The provider's error, or `nil` for a mismatch.
  public var providerError: ProviderFailure? {
    if case let .provider(error) = self { return error }
    return nil
  }

  /// What went wrong, with the frame.
  public var description: String {
    switch self {
    case let .timelineMismatch(mismatch): return mismatch.description
    case let .provider(error): return "\(error)"
    }
  }
}

extension ShownFrameError: Equatable where ProviderFailure: Equatable {}
extension ShownFrameError: Hashable where ProviderFailure: Hashable {}
