/// APNG frame delays (`delay_num / delay_den` seconds, both 16-bit) from
/// durations in nanoseconds.
///
/// A duration that is an exact fraction of a second whose reduced terms
/// both fit in 16 bits is written exactly: the decoder reads back the same
/// nanoseconds (its raw delay is `num * 10^9 / den` rounded to the nearest
/// nanosecond). Any other duration is approximated so that the frame
/// *boundaries* (the sums of the durations) stay as close as possible to
/// the exact ones: each frame's fraction is the best rational approximation
/// (numerator and denominator at most 65,535) of the exact end of the frame
/// minus where the frames written so far end, as the decoder reads them.
/// Errors therefore do not accumulate: every boundary is off by at most
/// about `max(1 s, duration) / 65,535` plus a nanosecond.
enum APNGDelay {
  /// The largest numerator or denominator.
  static let maxTerm: Int64 = 65_535
  /// Nanoseconds in a second.
  static let second: Int64 = 1_000_000_000
  /// The longest delay a frame can hold, in nanoseconds: 65,535 s.
  static let maxDuration: Int64 = maxTerm * second

  /// The delay of `num / den` seconds as the decoder reads it: in
  /// nanoseconds, rounded to the nearest, ties up (`den` at least 1).
  static func nanoseconds(_ numerator: Int64, _ denominator: Int64) -> Int64 {
    (numerator * 2 * second + denominator) / (2 * denominator)
  }

  /// The fractions for frames of `durations` nanoseconds (each in
  /// 0...``maxDuration``), in order, as the module comment says.
  ///
  /// - Complexity: O(*n* log *d*) for *n* frames of at most *d* ns.
  static func fractions(for durations: [Int64]) -> [(numerator: UInt16, denominator: UInt16)] {
    var exactEnd: Int64 = 0
    var writtenEnd: Int64 = 0
    return durations.map { duration in
      let (sum, overflow) = exactEnd.addingReportingOverflow(max(0, duration))
      exactEnd = overflow ? .max : sum
      let target = max(0, exactEnd - writtenEnd)
      let (numerator, denominator) = approximation(of: target)
      let (written, writtenOverflow) = writtenEnd.addingReportingOverflow(nanoseconds(numerator, denominator))
      writtenEnd = writtenOverflow ? .max : written
      return (UInt16(truncatingIfNeeded: numerator), UInt16(truncatingIfNeeded: denominator))
    }
  }

  /// The fraction `num / den` of seconds (both in 0...65,535, `den` at
  /// least 1) that the decoder reads as nearest to `target` nanoseconds
  /// (at least 0): `target / 10^9` reduced when it fits, else the best of
  /// the continued fraction's last convergent and semiconvergent within
  /// the bounds, the smaller denominator on a tie.
  ///
  /// - Complexity: O(log *target*).
  static func approximation(of target: Int64) -> (Int64, Int64) {
    // Continued fraction of target / 10^9: convergents h / k.
    var (a, b) = (target, second)
    var (h1, h2): (Int64, Int64) = (1, 0)
    var (k1, k2): (Int64, Int64) = (0, 1)
    var candidates: [(Int64, Int64)] = []
    while b != 0 {
      let q = a / b
      (a, b) = (b, a % b)
      // q * h1 + h2 and q * k1 + k2, checked against the bounds without
      // overflow.
      let hFits = h1 == 0 || q <= (maxTerm - h2) / h1
      let kFits = k1 == 0 || q <= (maxTerm - k2) / k1
      guard hFits && kFits else {
        // The largest semiconvergent t * h1 + h2, t * k1 + k2 in bounds.
        let tH = h1 == 0 ? q : (maxTerm - h2) / h1
        let tK = k1 == 0 ? q : (maxTerm - k2) / k1
        let t = min(tH, tK, q)
        if t >= 1 { candidates.append((t * h1 + h2, t * k1 + k2)) }
        break
      }
      (h1, h2) = (q * h1 + h2, h1)
      (k1, k2) = (q * k1 + k2, k1)
      candidates.append((h1, k1))
    }
    var best: (Int64, Int64) = (0, 1)
    var bestError = Int64.max
    for (numerator, denominator) in candidates where denominator >= 1 && numerator <= maxTerm && denominator <= maxTerm {
      let error = abs(nanoseconds(numerator, denominator) - target)
      if error < bestError || (error == bestError && denominator < best.1) {
        (best, bestError) = ((numerator, denominator), error)
      }
    }
    if bestError == Int64.max {
      // Only when target is past 65,535 s: the longest delay.
      best = (maxTerm, 1)
    }
    return best
  }
}
