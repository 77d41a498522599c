/// The script's number syntax (spec section 7): ASCII digits, no sign, no
/// separators; durations and rates may have a fraction, converted exactly
/// and rounded half up only past the last kept digit.
enum NumberSyntax {
  /// A count or index: digits only, at most `Int64.max`.
  static func integer(_ text: Substring) -> Int64? {
    guard !text.isEmpty else { return nil }
    var value: Int64 = 0
    for byte in text.utf8 {
      guard byte >= 0x30, byte <= 0x39 else { return nil }
      let (times10, o1) = value.multipliedReportingOverflow(by: 10)
      let (sum, o2) = times10.addingReportingOverflow(Int64(byte - 0x30))
      guard !o1, !o2 else { return nil }
      value = sum
    }
    return value
  }

  /// `digits[.digits]` scaled by `10^scaleDigits`, rounded half up; at most `Int64.max`.
  static func decimal(_ text: Substring, scaleDigits: Int) -> Int64? {
    let parts = text.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
    guard let whole = integer(parts[0]) else { return nil }
    var fraction: Substring = ""
    if parts.count == 2 {
      fraction = parts[1]
      guard !fraction.isEmpty, fraction.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else { return nil }
    }
    var scale: Int64 = 1
    for _ in 0..<scaleDigits { scale *= 10 }
    let (scaled, o1) = whole.multipliedReportingOverflow(by: scale)
    guard !o1 else { return nil }
    // The first `scaleDigits` fraction digits are kept; the next decides rounding.
    var kept: Int64 = 0
    var digits = fraction.utf8.makeIterator()
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
  static func duration(_ text: Substring) -> Int64? {
    let units: [(String, Int)] = [("ns", 0), ("us", 3), ("ms", 6), ("s", 9)]
    for (unit, digits) in units where text.hasSuffix(unit) {
      return decimal(text.dropLast(unit.utf8.count), scaleDigits: digits)
    }
    return decimal(text, scaleDigits: 9)
  }

  /// A rate in millionths.
  static func rate(_ text: Substring) -> Int64? {
    decimal(text, scaleDigits: 6)
  }
}
