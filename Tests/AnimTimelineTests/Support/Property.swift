import Testing
import TimelineScript

#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Thrown by a property to fail with an explanation; see ``ensure(_:_:)``.
struct PropertyFailure: Error, CustomStringConvertible {
  let message: String
  var description: String { message }
}

/// Fails the enclosing property with `message` unless `condition` holds.
func ensure(_ condition: Bool, _ message: @autoclosure () -> String) throws(PropertyFailure) {
  if !condition { throw PropertyFailure(message: message()) }
}

/// Environment knobs for the property runner.
///
/// - `PBT_SEED=<n>` (decimal or `0x` hex) replays a property from seed `n`.
/// - `PBT_ITERATIONS=<f>` multiplies every property's case count by `f`
///   (e.g. `0.1` for a smoke run, `20` for a soak run).
enum PBTEnvironment {
  static func string(_ name: String) -> String? {
    guard let raw = getenv(name) else { return nil }
    let value = String(cString: raw)
    return value.isEmpty ? nil : value
  }

  static func parseSeed(_ text: String) -> UInt64? {
    if text.hasPrefix("0x") || text.hasPrefix("0X") { return UInt64(text.dropFirst(2), radix: 16) }
    return UInt64(text)
  }

  static var seedOverride: UInt64? { string("PBT_SEED").flatMap(parseSeed) }

  static var iterationScale: Double {
    string("PBT_ITERATIONS").flatMap(Double.init).map { max($0, 0) } ?? 1
  }

  /// `count` random cases scaled by `PBT_ITERATIONS` (CI's sanitizer
  /// passes run at 0.15), never fewer than `floor` (nor than 1): for the
  /// tests that loop over random cases without `forAll`.
  static func cases(_ count: Int, atLeast floor: Int = 1) -> Int {
    max(floor, 1, Int((Double(count) * iterationScale).rounded()))
  }

  /// A coverage floor (how often a case must occur in `count` random
  /// cases) for `cases` of them: in proportion, and halved when fewer
  /// than `count` run (small samples vary more).
  static func floor(_ minimum: Int, of count: Int, running cases: Int) -> Int {
    guard cases < count else { return minimum }
    return minimum * cases / count / 2
  }

  /// A fixed seed per property (64-bit FNV-1a of its name), so CI runs are
  /// reproducible without any environment.
  static func defaultSeed(for name: String) -> UInt64 {
    var hash: UInt64 = 0xCBF2_9CE4_8422_2325
    for byte in name.utf8 {
      hash ^= UInt64(byte)
      hash &*= 0x0000_0100_0000_01B3
    }
    return hash
  }
}

/// What running a property found.
struct PropertyOutcome<Value> {
  var name: String
  var seed: UInt64
  var casesRun: Int
  /// The first failing case as generated, then shrunk, with the failure
  /// message of the shrunk case; `nil` when every case passed.
  var failure: (original: Value, shrunk: Value, message: String, shrinkSteps: Int)?

  /// The replay command printed on failure.
  var replayCommand: String { "PBT_SEED=\(seed) swift test --filter \(name)" }

  /// A report for a failure: property name, seed, replay command and the
  /// shrunk counterexample.
  var report: String? {
    guard let failure else { return nil }
    return """
      Property '\(name)' failed after \(casesRun) case(s) (seed \(seed)).
      Replay: \(replayCommand)
      Shrunk counterexample (\(failure.shrinkSteps) shrink step(s)):
      \(String(describing: failure.shrunk))
      Failure: \(failure.message)
      Original counterexample:
      \(String(describing: failure.original))
      """
  }
}

/// Runs `property` over `iterations` generated values from a master seed
/// (each case gets its own derived seed); on the first failure, shrinks
/// greedily (take the first failing candidate, repeat) and reports.
func checkProperty<Value>(
  _ name: String,
  gen: Gen<Value>,
  iterations: Int,
  seed: UInt64,
  maxShrinkSteps: Int = 10_000,
  property: (Value) throws -> Bool
) -> PropertyOutcome<Value> {
  func failureMessage(_ value: Value) -> String? {
    do {
      return try property(value) ? nil : "property returned false"
    } catch {
      return String(describing: error)
    }
  }

  var master = SplitMix64(seed: seed)
  var outcome = PropertyOutcome<Value>(name: name, seed: seed, casesRun: 0, failure: nil)
  for _ in 0..<iterations {
    var rng = SplitMix64(seed: master.next())
    let value = gen.generate(&rng)
    outcome.casesRun += 1
    guard let message = failureMessage(value) else { continue }

    var current = value
    var currentMessage = message
    var steps = 0
    shrinking: while steps < maxShrinkSteps {
      for candidate in gen.shrink(current) {
        if let candidateMessage = failureMessage(candidate) {
          current = candidate
          currentMessage = candidateMessage
          steps += 1
          continue shrinking
        }
      }
      break
    }
    outcome.failure = (value, current, currentMessage, steps)
    return outcome
  }
  return outcome
}

/// Checks `property` for `iterations` (scaled by `PBT_ITERATIONS`) values
/// from `gen`, and on failure hands `fail` the report: the seed, the
/// replay command and the shrunk counterexample. The seed is `PBT_SEED` if
/// set, else `seed`, else a fixed seed derived from `name`.
///
/// `name` should be a `--filter` pattern that selects the test, such as
/// `"TimelinePropertyTests.tickAdditivity"` (the `.` also matches the `/`
/// in Swift Testing's test identifiers). By default `fail` prints the
/// report (where it is easy to copy) and records it as an `Issue`.
func forAll<Value>(
  _ name: String,
  gen: Gen<Value>,
  iterations: Int = 1_000,
  seed: UInt64? = nil,
  sourceLocation: SourceLocation = #_sourceLocation,
  fail: (_ report: String, _ sourceLocation: SourceLocation) -> Void = recordPropertyFailure,
  property: (Value) throws -> Bool
) {
  let effectiveSeed = PBTEnvironment.seedOverride ?? seed ?? PBTEnvironment.defaultSeed(for: name)
  let count = PBTEnvironment.cases(iterations)
  let outcome = checkProperty(name, gen: gen, iterations: count, seed: effectiveSeed, property: property)
  if let report = outcome.report {
    fail(report, sourceLocation)
  }
}

/// Prints a property's failure report and records it as an `Issue`.
func recordPropertyFailure(_ report: String, sourceLocation: SourceLocation) {
  print(report)
  Issue.record(Comment(rawValue: report), sourceLocation: sourceLocation)
}
