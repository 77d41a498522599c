/// An opened animated image file: its bytes and what opening read from
/// them (the format's container index), held once and shared by reference
/// by every copy of the provider and every frame drawer.
///
/// Both are immutable once the provider is open, so sharing them needs no
/// lock.
// A drawer that held the bytes and an APNG index itself was about 400
// bytes, moved (and retained field by field when copied) each time its
// worker changed hands: 8 % of playing a 4x4 APNG (callgrind, bench
// decode --reopen).
final class AnimationFile<Index: Sendable>: Sendable {
  /// The file.
  let bytes: [UInt8]
  /// What opening read from it.
  let index: Index

  /// The file `bytes`, read as `index`.
  init(bytes: [UInt8], index: Index) {
    self.bytes = bytes
    self.index = index
  }
}
