/// Calls `body` with the bytes of `bytes` as raw memory: in place when the
/// sequence has contiguous storage (`Array`, `ArraySlice`,
/// `ContiguousArray`, `UnsafeBufferPointer`, Foundation's `Data`), else
/// from a copy in an array. The one way the readers that take "any
/// sequence of bytes" reach their buffer.
///
/// - Throws: what `body` throws.
/// - Complexity: O(1) plus `body` for contiguous storage, else O(*n*) to
///   copy *n* bytes, plus `body`.
func withContiguousBytes<Bytes: Sequence<UInt8>, Result, Failure: Error>(
  of bytes: Bytes, _ body: (UnsafeRawBufferPointer) throws(Failure) -> Result
) throws(Failure) -> Result {
  // `withContiguousStorageIfAvailable` rethrows untyped: carry the typed
  // error out in a `Swift.Result`.
  let inPlace = bytes.withContiguousStorageIfAvailable { buffer in
    Swift.Result { () throws(Failure) in try body(UnsafeRawBufferPointer(buffer)) }
  }
  if let inPlace { return try inPlace.get() }
  let copy = Array(bytes)
  let copied = copy.withUnsafeBytes { buffer in
    Swift.Result { () throws(Failure) in try body(buffer) }
  }
  return try copied.get()
}
