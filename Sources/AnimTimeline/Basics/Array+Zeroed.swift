extension Array where Element == UInt8 {
  /// `count` zero bytes: how the decoders and the engine make the zeroed
  /// buffers they need per file or frame.
  ///
  /// - Complexity: O(`count`).
  // Up to 4 KiB, the bytes are copied from a shared block of zeros.
  // `Array(repeating:count:)` (and `init(unsafeUninitializedCapacity:)`)
  // allocate through the standard library's unspecialized path, which
  // looks the storage class's metadata up at run time on every call, about
  // 400 instructions (callgrind, bench decode of a 4x4 APNG --reopen: six
  // such allocations a play); copying from a buffer allocates through the
  // path specialized in this module. A 20-line timing program (swiftc -O
  // -static-stdlib, best of 7 runs of 100,000): 64 bytes 49 -> 25 ns,
  // 4 KiB 96 -> 68 ns, 16 KiB 209 -> 214 ns (so larger ones are set).
  init(zeroed count: Int) {
    if count <= zeroBlock.count {
      self = zeroBlock.withUnsafeBufferPointer { Array(UnsafeBufferPointer(rebasing: $0[..<count])) }
    } else {
      self.init(repeating: 0, count: count)
    }
  }

  /// A copy of `source` in storage of its own (an array assigned from
  /// another shares its storage until one of them is written).
  ///
  /// - Complexity: O(`source.count`).
  // Allocates through the specialized path, as ``init(zeroed:)``.
  init(copying source: [UInt8]) {
    self = source.withUnsafeBufferPointer { Array($0) }
  }
}

/// The zeros that ``Swift/Array/init(zeroed:)`` copies.
private let zeroBlock = [UInt8](repeating: 0, count: 4096)
