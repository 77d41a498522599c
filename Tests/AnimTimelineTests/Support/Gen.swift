import TimelineScript
/// A generator of random values together with a shrinker: `shrink(v)` lists
/// simpler candidates for `v`, simplest first, which the property runner
/// tries greedily when `v` falsifies a property.
///
/// Shrinking works on values (not on the random choices), so combinators
/// that cannot invert their mapping take an explicit shrinker.
struct Gen<Value> {
  let generate: (inout SplitMix64) -> Value
  let shrink: (Value) -> [Value]

  init(generate: @escaping (inout SplitMix64) -> Value, shrink: @escaping (Value) -> [Value] = { _ in [] }) {
    self.generate = generate
    self.shrink = shrink
  }

  /// A value from a fresh generator seeded with `seed`.
  func sample(seed: UInt64) -> Value {
    var rng = SplitMix64(seed: seed)
    return generate(&rng)
  }
}

// MARK: Shrinking integers

enum Shrink {
  /// Candidates between `target` and `value`, nearest `target` first:
  /// `target`, then `value - diff/2`, `value - diff/4`, ..., `value - 1`
  /// (mirrored when `value < target`). Greedy shrinking with these
  /// converges like a binary search.
  static func towards(_ target: Int64, from value: Int64) -> [Int64] {
    if value == target { return [] }
    var out: [Int64] = [target]
    // Use Int128 so that the difference of two Int64 values cannot overflow.
    let diff = Int128(value) - Int128(target)
    var step = diff / 2
    while step != 0 {
      let candidate = Int64(Int128(value) - step)
      if candidate != target, !out.contains(candidate) { out.append(candidate) }
      step /= 2
    }
    let last = diff > 0 ? value - 1 : value + 1
    if !out.contains(last) { out.append(last) }
    return out
  }

  /// Shrinks an array: drop chunks (halves, quarters, ..., single
  /// elements), then shrink each element in place.
  static func array<T>(_ values: [T], minCount: Int = 0, element: (T) -> [T]) -> [[T]] {
    var out: [[T]] = []
    var chunk = values.count / 2
    while chunk >= 1 {
      var start = 0
      while start + chunk <= values.count {
        if values.count - chunk >= minCount {
          var copy = values
          copy.removeSubrange(start..<start + chunk)
          out.append(copy)
        }
        start += chunk
      }
      chunk /= 2
    }
    for index in values.indices {
      for candidate in element(values[index]) {
        var copy = values
        copy[index] = candidate
        out.append(copy)
      }
    }
    return out
  }
}

// MARK: Basic generators

extension Gen where Value == Int64 {
  /// Uniform in `range`; shrinks towards 0 if the range holds it, else
  /// towards the bound nearest 0.
  static func int64(in range: ClosedRange<Int64>) -> Gen<Int64> {
    let target = range.contains(0) ? 0 : (range.lowerBound > 0 ? range.lowerBound : range.upperBound)
    return Gen(
      generate: { rng in rng.int64(in: range) },
      shrink: { value in Shrink.towards(target, from: value).filter { range.contains($0) } })
  }
}

extension Gen where Value == Int {
  /// Uniform in `range`; shrinks like ``Gen/int64(in:)``.
  static func int(in range: ClosedRange<Int>) -> Gen<Int> {
    Gen<Int64>.int64(in: Int64(range.lowerBound)...Int64(range.upperBound))
      .map({ Int($0) }, unmap: { Int64($0) })
  }
}

extension Gen where Value == Bool {
  static var bool: Gen<Bool> {
    Gen(generate: { rng in rng.next() & 1 == 1 }, shrink: { $0 ? [false] : [] })
  }
}

extension Gen {
  /// Always `value`.
  static func constant(_ value: Value) -> Gen {
    Gen(generate: { _ in value })
  }

  /// One of `values`, uniformly; shrinks to earlier elements.
  static func element(of values: [Value]) -> Gen where Value: Equatable {
    precondition(!values.isEmpty)
    return Gen(
      generate: { rng in rng.element(of: values) },
      shrink: { value in
        guard let index = values.firstIndex(of: value) else { return [] }
        return Array(values[..<index])
      })
  }

  /// One of `gens`, chosen with the given weights. Shrinks with every
  /// alternative's shrinker (values do not remember where they came from).
  static func frequency(_ choices: [(weight: Int, gen: Gen)]) -> Gen {
    precondition(!choices.isEmpty)
    return Gen(
      generate: { rng in choices[rng.weighted(choices.map(\.weight))].gen.generate(&rng) },
      shrink: { value in choices.flatMap { $0.gen.shrink(value) } })
  }

  /// One of `gens`, uniformly.
  static func oneOf(_ gens: [Gen]) -> Gen {
    frequency(gens.map { (1, $0) })
  }

  /// Maps through an invertible function, shrinking the preimage.
  func map<T>(_ transform: @escaping (Value) -> T, unmap: @escaping (T) -> Value) -> Gen<T> {
    let shrinkSource = shrink
    let generateSource = generate
    return Gen<T>(
      generate: { rng in transform(generateSource(&rng)) },
      shrink: { value in shrinkSource(unmap(value)).map(transform) })
  }

  /// Maps through any function, with an explicit shrinker for the result.
  func map<T>(_ transform: @escaping (Value) -> T, shrink: @escaping (T) -> [T]) -> Gen<T> {
    let generateSource = generate
    return Gen<T>(generate: { rng in transform(generateSource(&rng)) }, shrink: shrink)
  }

  /// Arrays of `element` values with a length in `count`.
  static func array<E>(of element: Gen<E>, count: ClosedRange<Int>) -> Gen where Value == [E] {
    Gen(
      generate: { rng in (0..<rng.int(in: count)).map { _ in element.generate(&rng) } },
      shrink: { values in Shrink.array(values, minCount: count.lowerBound, element: element.shrink) })
  }
}

/// Pairs, shrinking one side at a time.
func zip<A, B>(_ a: Gen<A>, _ b: Gen<B>) -> Gen<(A, B)> {
  Gen(
    generate: { rng in
      let first = a.generate(&rng)
      return (first, b.generate(&rng))
    },
    shrink: { pair in
      a.shrink(pair.0).map { ($0, pair.1) } + b.shrink(pair.1).map { (pair.0, $0) }
    })
}

/// Triples, shrinking one side at a time.
func zip<A, B, C>(_ a: Gen<A>, _ b: Gen<B>, _ c: Gen<C>) -> Gen<(A, B, C)> {
  zip(zip(a, b), c).map({ ($0.0.0, $0.0.1, $0.1) }, unmap: { (($0.0, $0.1), $0.2) })
}
