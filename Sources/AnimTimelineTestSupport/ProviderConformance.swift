import AnimTimeline
import TimelineScript

/// Checks that a frame provider keeps the promises every provider makes
/// (`Docs/AnimationEngine.md`, "What every provider guarantees"), whatever
/// its format, so that each new provider is held to the same rules by the
/// same code:
///
/// - **Random access equals sequential drawing.** Frames asked for in a
///   seeded random order, and backward from the last, equal the frames of
///   a fresh provider asked for `0, 1, 2, ...` in sequence.
/// - **Copies share, and agree.** Two copies of one provider asked in
///   interleaved orders give the same frames.
/// - **Lent equals copied** (when the provider lends frames, ``lend``),
///   and lending leaves what later requests draw from as it was.
/// - **Many threads equal one.** Threads asking one provider for frames
///   in their own random orders (lending some, when it lends) all get the
///   sequential frames.
/// - **The budget holds** (when the provider has a cache, ``cache``): its
///   peak never passes its budget.
/// - **Durations and counts are stable**, and an index out of range
///   throws instead of trapping.
///
/// Frames are compared by a fingerprint (``fingerprint``: for images, the
/// size and a CRC-32 of the pixels), so that long animations need not be
/// held in memory. Every failure names the seed, so `PBT_SEED` style
/// replays reproduce it.
public struct ProviderConformance<Provider: FrameProvider, Fingerprint: Hashable & Sendable>: Sendable
where Provider: Sendable {
  /// Makes a fresh provider (nothing decoded or cached yet).
  public var make: @Sendable () throws -> Provider
  /// What frames are compared by.
  public var fingerprint: @Sendable (Provider.Frame) -> Fingerprint
  /// The seed of the random orders.
  public var seed: UInt64
  /// How many frames each random order asks for.
  public var randomAccesses = 120
  /// How many threads share one provider.
  public var threads = 4
  /// Lends frame `index` (`withFrame(at:_:)`) and returns the fingerprint
  /// of what was lent; `nil` for a provider that does not lend.
  public var lend: (@Sendable (Provider, Int) throws -> Fingerprint)?
  /// The cache's peak bytes and its budget, for a provider with a cache.
  public var cache: (@Sendable (Provider) -> (peak: Int, budget: Int))?

  /// A checker of the providers `make` makes, comparing frames by
  /// `fingerprint`, with random orders drawn from `seed`.
  public init(
    seed: UInt64, make: @escaping @Sendable () throws -> Provider,
    fingerprint: @escaping @Sendable (Provider.Frame) -> Fingerprint
  ) {
    self.seed = seed
    self.make = make
    self.fingerprint = fingerprint
  }

  /// Runs every check; returns what failed (empty when the provider
  /// conforms).
  ///
  /// - Complexity: O(*f* + *r* × *t*) frame requests for *f* frames, *r*
  ///   random accesses and *t* threads.
  public func failures() -> [String] {
    var failures: [String] = []
    func fail(_ text: String) { failures.append("seed \(seed): \(text)") }
    let reference: [Fingerprint]
    let durations: [Int64]
    do {
      let provider = try make()
      guard provider.frameCount >= 1 else { return ["seed \(seed): a provider with no frames"] }
      reference = try (0..<provider.frameCount).map { fingerprint(try provider.frame(at: $0)) }
      durations = (0..<provider.frameCount).map { provider.frameDuration(at: $0) }
      if durations.contains(where: { $0 < 0 }) { fail("a negative frame duration") }
      for bad in [-1, provider.frameCount, Int.max] {
        if (try? provider.frame(at: bad)) != nil { fail("frame(at: \(bad)) did not throw") }
      }
    } catch {
      return ["seed \(seed): sequential drawing failed: \(error)"]
    }
    let count = reference.count
    var generator = SplitMix64(seed: seed)

    // Random access and a backward sweep, on a fresh provider.
    do {
      let provider = try make()
      var order = (0..<randomAccesses).map { _ in Int(generator.next() % UInt64(count)) }
      order += (0..<count).reversed()
      for index in order where fingerprint(try provider.frame(at: index)) != reference[index] {
        fail("frame \(index) asked for at random differs from sequential drawing")
        break
      }
      if (0..<count).map({ provider.frameDuration(at: $0) }) != durations { fail("durations changed after drawing") }
      if let lend {
        // Lends and copies interleaved: a provider that draws a lent frame
        // on a cached canvas must leave that canvas as it was.
        for step in 0..<min(2 * randomAccesses, 8 * count) {
          let index = Int(generator.next() % UInt64(count))
          if step % 2 == 0, try lend(provider, index) != reference[index] {
            fail("frame \(index) lent differs from frame \(index) copied")
            break
          }
          if step % 2 == 1, fingerprint(try provider.frame(at: index)) != reference[index] {
            fail("frame \(index) copied after lending differs from sequential drawing")
            break
          }
        }
      }
      if let cache {
        let (peak, budget) = cache(provider)
        if peak > budget { fail("the cache's peak, \(peak) bytes, passed its budget of \(budget)") }
      }
    } catch {
      fail("random access failed: \(error)")
    }

    // Two copies, interleaved.
    do {
      let first = try make()
      let second = first
      for step in 0..<min(randomAccesses, 8 * count) {
        let index = Int(generator.next() % UInt64(count))
        let provider = step % 2 == 0 ? first : second
        if fingerprint(try provider.frame(at: index)) != reference[index] {
          fail("copies disagree at frame \(index)")
          break
        }
      }
    } catch {
      fail("copies failed: \(error)")
    }

    // Threads sharing one provider.
    do {
      let shared = try make()
      let seeds = (0..<threads).map { _ in generator.next() }
      let accesses = randomAccesses
      let fingerprint = self.fingerprint
      let lend = self.lend
      let results = onThreads(threads) { thread -> [Int] in
        var generator = SplitMix64(seed: seeds[thread])
        var wrong: [Int] = []
        for step in 0..<accesses {
          let index = Int(generator.next() % UInt64(count))
          // Odd threads lend every other frame, when the provider lends.
          if let lend, thread % 2 == 1, step % 2 == 1 {
            if (try? lend(shared, index)) != reference[index] { wrong.append(index) }
            continue
          }
          guard let frame = try? shared.frame(at: index) else {
            wrong.append(index)
            continue
          }
          if fingerprint(frame) != reference[index] { wrong.append(index) }
        }
        return wrong
      }
      for (thread, wrong) in results.enumerated() where !wrong.isEmpty {
        fail("thread \(thread) of \(threads) got wrong frames \(wrong.prefix(5))")
      }
      if let cache {
        let (peak, budget) = cache(shared)
        if peak > budget { fail("shared by threads, the cache's peak, \(peak) bytes, passed its budget of \(budget)") }
      }
    } catch {
      fail("threads failed: \(error)")
    }
    return failures
  }
}

/// An image frame's fingerprint: its size and a CRC-32 of its pixels.
public struct ImageFingerprint: Hashable, Sendable {
  /// The width.
  public var width: Int
  /// The height.
  public var height: Int
  /// The CRC-32 of the RGBA bytes.
  public var crc: UInt32

  /// The fingerprint of `image`.
  public init(_ image: borrowing RGBAImage) {
    width = image.width
    height = image.height
    crc = image.pixelChecksum
  }
}

extension ProviderConformance where Provider.Frame == RGBAImage, Fingerprint == ImageFingerprint {
  /// A checker of image providers, comparing frames by ``ImageFingerprint``.
  public init(seed: UInt64, make: @escaping @Sendable () throws -> Provider) {
    self.init(seed: seed, make: make, fingerprint: { ImageFingerprint($0) })
  }
}
