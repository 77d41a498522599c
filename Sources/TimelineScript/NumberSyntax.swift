/// The script's number syntax (Docs/ScriptFormat.md): ASCII digits, no
/// sign (but a rate's `-`), no separators; durations and rates may have a fraction, converted
/// exactly and rounded half up only past the last kept digit.
///
/// The one number syntax of the project: script lines and the demo's
/// command-line options (`--frames`, `--rate`, `--step`, ...) both read
/// their numbers here. Every function reads UTF-8 bytes (`text.utf8` for a
/// string) and returns `nil` for anything else, including values above
/// `Int64.max`.
public enum NumberSyntax {
  /// A count or index: digits only, at most `Int64.max`.
  public static func integer<Bytes: Collection<UInt8>>(_ text: Bytes) -> Int64? {
    guard !text.isEmpty else { return nil }
    var value: Int64 = 0
    for byte in text {
      guard byte >= 0x30, byte <= 0x39 else { return nil }
      let (times10, o1) = value.multipliedReportingOverflow(by: 10)
      let (sum, o2) = times10.addingReportingOverflow(Int64(byte - 0x30))
      guard !o1, !o2 else { return nil }
      value = sum
    }
    return value
  }

  /// `digits[.digits]` scaled by `10^scaleDigits`, rounded half up; at most `Int64.max`.
  /// `nil` for a `scaleDigits` outside `0...18` (10^19 is beyond `Int64`).
  public static func decimal<Bytes: Collection<UInt8>>(_ text: Bytes, scaleDigits: Int) -> Int64? {
    guard (0...18).contains(scaleDigits) else { return nil }
    let dot = text.firstIndex(of: 0x2E)
    guard let whole = integer(text[..<(dot ?? text.endIndex)]) else { return nil }
    var fraction = text[text.endIndex...]
    if let dot {
      fraction = text[text.index(after: dot)...]
      guard !fraction.isEmpty, fraction.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else { return nil }
    }
    var scale: Int64 = 1
    for _ in 0..<scaleDigits { scale *= 10 }
    let (scaled, o1) = whole.multipliedReportingOverflow(by: scale)
    guard !o1 else { return nil }
    // The first `scaleDigits` fraction digits are kept; the next decides rounding.
    var kept: Int64 = 0
    var digits = fraction.makeIterator()
    for _ in 0..<scaleDigits {
      kept = kept * 10 + Int64((digits.next() ?? 0x30) - 0x30)
    }
    if let next = digits.next(), next >= 0x35 { kept += 1 }
    let (total, o2) = scaled.addingReportingOverflow(kept)
    guard !o2 else { return nil }
    return total
  }

  /// A duration: a decimal and an optional unit `ns|us|ms|s` (seconds
  /// without one), in nanoseconds.
  public static func duration<Bytes: BidirectionalCollection<UInt8>>(_ text: Bytes) -> Int64? {
    for (unit, digits) in units where text.reversed().starts(with: unit.reversed()) {
      return decimal(text.dropLast(unit.count), scaleDigits: digits)
    }
    return decimal(text, scaleDigits: 9)
  }

  /// A rate in millionths.
  public static func rate<Bytes: Collection<UInt8>>(_ text: Bytes) -> Int64? {
    decimal(text, scaleDigits: 6)
  }

  /// A rate in millionths with an optional leading `-` (spec section 9.4):
  /// the magnitude is rounded like ``rate(_:)``, then negated (`-0` is 0).
  public static func signedRate<Bytes: Collection<UInt8>>(_ text: Bytes) -> Int64? {
    guard text.first == 0x2D else { return rate(text) }
    // The magnitude is at most Int64.max, so its negation fits.
    return rate(text.dropFirst()).map { 0 - $0 }
  }

  /// The duration units and their digits below a second, longest first
  /// where one is the other's suffix (`ns` before `s`).
  private static let units: [(unit: [UInt8], digits: Int)] = [
    (Array("ns".utf8), 0), (Array("us".utf8), 3), (Array("ms".utf8), 6), (Array("s".utf8), 9),
  ]
}
