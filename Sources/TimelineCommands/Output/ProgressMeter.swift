/// The progress line of a long run on standard error: shown only when
/// standard error is a terminal and the run has lasted a second, then
/// redrawn at most four times a second (`--ticks`).
///
/// `12,582,912 of 1,000,000,000 ticks (1.3%), 9.8 M ticks/s, about 1m 41s left`
struct ProgressMeter {
  /// The amount of work, in units (ticks).
  let total: Int64
  /// What a unit is called.
  let unit: String
  /// Whether anything is shown (standard error is a terminal).
  let enabled: Bool
  private let clock = ContinuousClock()
  private let start: ContinuousClock.Instant
  private var lastShown: ContinuousClock.Instant?

  /// A meter for `total` units of `unit`, started now.
  init(total: Int64, unit: String, enabled: Bool) {
    self.total = total
    self.unit = unit
    self.enabled = enabled
    start = clock.now
  }

  /// Shows `done` units on `console` if a second has passed since the
  /// start and a quarter since the last line.
  mutating func update(_ done: Int64, on console: inout Console) {
    guard enabled else { return }
    let now = clock.now
    let elapsed = now - start
    guard elapsed >= .seconds(1) else { return }
    if let lastShown, now - lastShown < .milliseconds(250) { return }
    lastShown = now
    console.progress(Self.line(done: done, total: total, unit: unit, elapsed: elapsed))
  }

  /// The progress line for `done` of `total` after `elapsed`.
  static func line(done: Int64, total: Int64, unit: String, elapsed: Duration) -> String {
    let seconds = elapsed / .seconds(1)
    let perSecond = seconds > 0 ? Double(done) / seconds : 0
    var text = "\(grouped(done)) of \(grouped(total)) \(unit)"
    if total > 0 {
      let percent = Double(done) / Double(total) * 100
      text += " (\(decimal(percent, digits: percent < 10 ? 2 : 1))%)"
    }
    text += ", " + rate(perSecond) + " \(unit)/s"
    if perSecond > 0, done < total {
      text += ", about " + duration(Double(total - done) / perSecond) + " left"
    }
    return text
  }

  /// `value` with a comma every three digits: `1,000,000`.
  static func grouped(_ value: Int64) -> String {
    let digits = String(value.magnitude)
    var out = value < 0 ? "-" : ""
    for (position, digit) in digits.enumerated() {
      if position > 0, (digits.count - position) % 3 == 0 { out += "," }
      out.append(digit)
    }
    return out
  }

  /// A rate, shortened: `980`, `9.8 k`, `9.8 M`.
  static func rate(_ value: Double) -> String {
    if value >= 1e9 { return decimal(value / 1e9, digits: 1) + " G" }
    if value >= 1e6 { return decimal(value / 1e6, digits: 1) + " M" }
    if value >= 1e3 { return decimal(value / 1e3, digits: 1) + " k" }
    return decimal(value, digits: 0)
  }

  /// A time left, rounded to what matters: `42s`, `1m 41s`, `3h 5m`,
  /// `12d 4h`, `more than 100 years`.
  static func duration(_ seconds: Double) -> String {
    guard seconds < 100 * 365 * 86_400 else { return "more than 100 years" }
    let whole = Int64(seconds.rounded(.up))
    let (days, hours, minutes, rest) = (whole / 86_400, whole / 3_600 % 24, whole / 60 % 60, whole % 60)
    if days > 0 { return "\(days)d \(hours)h" }
    if hours > 0 { return "\(hours)h \(minutes)m" }
    if minutes > 0 { return "\(minutes)m \(rest)s" }
    return "\(rest)s"
  }

  /// `value` with `digits` decimals (no Foundation formatting).
  static func decimal(_ value: Double, digits: Int) -> String {
    var scale = 1.0
    for _ in 0..<digits { scale *= 10 }
    let scaled = (value * scale).rounded()
    guard scaled.isFinite, scaled < 9e18 else { return "many" }
    let number = Int64(scaled)
    guard digits > 0 else { return String(number) }
    let whole = number / Int64(scale)
    var fraction = String(number % Int64(scale))
    while fraction.count < digits { fraction = "0" + fraction }
    return "\(whole).\(fraction)"
  }
}
