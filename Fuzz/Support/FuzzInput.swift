import TimelineScript

/// Reads a fuzzer's input as a stream of choices. Past the end every read
/// returns zero, so any input (even an empty one) decodes to something.
struct FuzzInput {
  private let bytes: [UInt8]
  private var offset = 0

  init(_ bytes: [UInt8]) { self.bytes = bytes }

  init(_ data: UnsafeRawPointer, _ size: Int) {
    self.init(Array(UnsafeRawBufferPointer(start: data, count: size)))
  }

  var isAtEnd: Bool { offset >= bytes.count }
  var remaining: [UInt8] { offset < bytes.count ? Array(bytes[offset...]) : [] }

  mutating func byte() -> UInt8 {
    guard offset < bytes.count else { return 0 }
    defer { offset += 1 }
    return bytes[offset]
  }

  /// `0..<count`, from one byte (count <= 256) or two.
  mutating func below(_ count: Int) -> Int {
    precondition(count > 0)
    if count <= 256 { return Int(byte()) % count }
    return (Int(byte()) << 8 | Int(byte())) % count
  }

  mutating func uint64() -> UInt64 {
    var value: UInt64 = 0
    for _ in 0..<8 { value = value << 8 | UInt64(byte()) }
    return value
  }

  /// A non-negative `Int64` biased towards the edges: zero, one, small
  /// values, round durations, values near `Int64.max`, or raw bits.
  mutating func interestingInt64() -> Int64 {
    let special: [Int64] = [
      0, 1, 2, 3, 7, 999_999, 1_000_000, 1_000_001, 16_666_667, 100_000_000, 1_000_000_000,
      1 << 31, 1 << 32, 1 << 40, 1 << 53, 1 << 62, Int64.max / 1_000_000, Int64.max / 2,
      Int64.max - 1_000_000, Int64.max - 2, Int64.max - 1, Int64.max,
    ]
    switch byte() % 4 {
    case 0: return special[below(special.count)]
    case 1: return Int64(byte())
    case 2: return Int64(byte()) << 8 | Int64(byte())
    default: return Int64(bitPattern: uint64() & UInt64(Int64.max))
    }
  }
}

/// FNV-1a, to derive a deterministic order from the input itself.
func fnv1a(_ bytes: some Sequence<UInt8>) -> UInt64 {
  var hash: UInt64 = 0xcbf2_9ce4_8422_2325
  for byte in bytes {
    hash ^= UInt64(byte)
    hash = hash &* 0x100_0000_01b3
  }
  return hash
}

/// A fast 64-bit hash of a byte array (for comparing canvases, which can
/// be hundreds of kilobytes, and for seeding a target's choices from its
/// input): four independent lanes of 8 bytes, 32 bytes a loop iteration.
/// The loop is compiled with libFuzzer's compare tracing like all of a
/// target's code, so fewer iterations matter: a byte or word a time was
/// the gif target's largest cost after ASan's allocator.
func canvasHash(_ bytes: [UInt8]) -> UInt64 {
  bytes.withUnsafeBytes { canvasHash($0) }
}

/// ``canvasHash(_:)-([UInt8])`` of raw bytes.
func canvasHash(_ raw: UnsafeRawBufferPointer) -> UInt64 {
  let count = raw.count
  var a: UInt64 = 0x9E37_79B9_7F4A_7C15 ^ UInt64(count)
  var b: UInt64 = 0xC2B2_AE3D_27D4_EB4F
  var c: UInt64 = 0x1656_67B1_9E37_79F9
  var d: UInt64 = 0x27D4_EB2F_1656_67C5
  let blocks = count / 32
  var offset = 0
  for _ in 0..<blocks {
    a = (a ^ raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self)) &* 0xFF51_AFD7_ED55_8CCD
    b = (b ^ raw.loadUnaligned(fromByteOffset: offset + 8, as: UInt64.self)) &* 0xC4CE_B9FE_1A85_EC53
    c = (c ^ raw.loadUnaligned(fromByteOffset: offset + 16, as: UInt64.self)) &* 0xFF51_AFD7_ED55_8CCD
    d = (d ^ raw.loadUnaligned(fromByteOffset: offset + 24, as: UInt64.self)) &* 0xC4CE_B9FE_1A85_EC53
    a ^= a >> 29
    b ^= b >> 31
    c ^= c >> 27
    d ^= d >> 33
    offset += 32
  }
  var hash = a ^ (b &* 3) ^ (c &* 5) ^ (d &* 7)
  while offset < count {
    hash = (hash ^ UInt64(raw[offset])) &* 0xC4CE_B9FE_1A85_EC53
    hash ^= hash >> 29
    offset += 1
  }
  return hash
}

/// The pseudo-random choices a target derives from a hash use the demo's
/// `SplitMix64` (TimelineScript's, linked into every target by `Fuzz/build.sh`).
extension SplitMix64 {
  mutating func below(_ count: Int) -> Int { Int(next() % UInt64(count)) }
}

/// Stops the fuzzer with a message: libFuzzer records the input as a crash.
func fuzzFailure(_ message: String, file: StaticString = #file, line: UInt = #line) -> Never {
  fatalError("fuzz invariant: \(message)", file: file, line: line)
}

func fuzzCheck(_ condition: Bool, _ message: @autoclosure () -> String, file: StaticString = #file, line: UInt = #line) {
  if !condition { fuzzFailure(message(), file: file, line: line) }
}
