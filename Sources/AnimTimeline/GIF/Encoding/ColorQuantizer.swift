/// Reduces true-colour pixels to a palette: median cut, refined by a few
/// k-means passes, then nearest-colour mapping through a cache, with
/// optional ordered (Bayer) dithering.
///
/// Colours are packed `0x00RRGGBB` in a `UInt32`. Distances are squared
/// Euclidean in RGB.
struct ColorQuantizer: Sendable {
  /// The palette, at most the requested number of colours, at least one.
  private(set) var palette: [UInt32]
  /// Nearest-colour cache: 32,768 slots keyed by 5 bits a channel; a slot
  /// holds the full colour it was computed for (bit 31 set when filled)
  /// and its palette index, so a hit is always exact.
  private var cacheColors: [UInt32]
  private var cacheIndices: [UInt8]
  /// The palette sorted for nearest-colour searches.
  private let search: NearestSearch

  /// The most sample colours median cut and k-means look at; the pixels
  /// are sampled at a regular stride beyond it.
  static let sampleLimit = 32_768
  /// The k-means refinement passes after median cut.
  static let refinementPasses = 3

  /// A palette of at most `maximumColors` (`1...256`) for `sample` (packed
  /// opaque colours; may repeat, may be empty).
  ///
  /// - Complexity: O(*s* log *s* + *p* · *s* · *k*) for *s* sampled
  ///   colours (at most ``sampleLimit``), *p* palette colours and *k*
  ///   refinement passes.
  init(sample: [UInt32], maximumColors: Int) {
    let limit = min(max(maximumColors, 1), 256)
    // Distinct colours with weights.
    let sorted = sample.sorted()
    var colors: [UInt32] = []
    var weights: [Int] = []
    for color in sorted {
      if colors.last == color {
        weights[weights.count - 1] += 1
      } else {
        colors.append(color)
        weights.append(1)
      }
    }
    if colors.isEmpty {
      colors = [0]
      weights = [1]
    }
    var palette: [UInt32]
    if colors.count <= limit {
      palette = colors
    } else {
      palette = Self.medianCut(colors: colors, weights: weights, count: limit)
      for _ in 0..<Self.refinementPasses {
        palette = Self.refine(palette: palette, colors: colors, weights: weights)
      }
    }
    self.palette = palette
    search = NearestSearch(palette: palette)
    cacheColors = [UInt32](repeating: 0, count: 1 << 15)
    cacheIndices = [UInt8](repeating: 0, count: 1 << 15)
  }

  /// The index of the palette colour nearest `color` (packed RGB).
  ///
  /// - Complexity: O(1) on a cache hit, O(*p*) otherwise.
  mutating func nearestIndex(_ color: UInt32) -> Int {
    let red: UInt32 = (color >> 9) & 0x7C00
    let green: UInt32 = (color >> 6) & 0x03E0
    let blue: UInt32 = (color >> 3) & 0x001F
    let key = Int(red | green | blue)
    let tagged = color | 0x8000_0000
    if cacheColors[key] == tagged { return Int(cacheIndices[key]) }
    let index = search.nearest(color)
    cacheColors[key] = tagged
    cacheIndices[key] = UInt8(truncatingIfNeeded: index)
    return index
  }

  /// The 8×8 Bayer matrix, thresholds `0...63`.
  static let bayer: [Int] = [
    0, 32, 8, 40, 2, 34, 10, 42,
    48, 16, 56, 24, 50, 18, 58, 26,
    12, 44, 4, 36, 14, 46, 6, 38,
    60, 28, 52, 20, 62, 30, 54, 22,
    3, 35, 11, 43, 1, 33, 9, 41,
    51, 19, 59, 27, 49, 17, 57, 25,
    15, 47, 7, 39, 13, 45, 5, 37,
    63, 31, 55, 23, 61, 29, 53, 21,
  ]

  /// `color` nudged by the Bayer threshold of pixel (`x`, `y`): an offset
  /// in `-spread/2 ..< spread/2` on each channel, so that neighbouring
  /// pixels round to different palette colours in a fixed pattern (which
  /// does not flicker from frame to frame).
  static func dithered(_ color: UInt32, x: Int, y: Int, spread: Int) -> UInt32 {
    let offset = (bayer[(y & 7) << 3 | (x & 7)] * 2 - 63) * spread / 128
    func channel(_ shift: UInt32) -> UInt32 {
      UInt32(min(max(Int((color >> shift) & 0xFF) + offset, 0), 255)) << shift
    }
    return channel(16) | channel(8) | channel(0)
  }

  /// The index of the colour of `palette` nearest `color`, the first on
  /// ties.
  ///
  /// - Complexity: O(*p*).
  static func nearest(_ color: UInt32, in palette: [UInt32]) -> Int {
    let r = Int(color >> 16 & 0xFF)
    let g = Int(color >> 8 & 0xFF)
    let b = Int(color & 0xFF)
    var best = 0
    var bestDistance = Int.max
    for (index, entry) in palette.enumerated() {
      let dr = Int(entry >> 16 & 0xFF) - r
      let dg = Int(entry >> 8 & 0xFF) - g
      let db = Int(entry & 0xFF) - b
      let distance = dr * dr + dg * dg + db * db
      if distance < bestDistance {
        bestDistance = distance
        best = index
        if distance == 0 { break }
      }
    }
    return best
  }

  /// Median cut: splits the box with the largest weighted range at the
  /// weighted median of its widest channel until there are `count` boxes
  /// (or no box can split); the palette is the boxes' weighted means.
  ///
  /// - Complexity: O(*c* × *b* + *n* log *n* × depth) for *n* colours and
  ///   *b* ≤ `count` boxes: each box's widest channel and weight are
  ///   measured once, when it is made, and each split sorts only its box.
  // The boxes' measures were computed again for every box at every split
  // (O(count × n)): GIFEncoderTests.gradientQuality, debug build, 10.5 s
  // before.
  private static func medianCut(colors: [UInt32], weights: [Int], count: Int) -> [UInt32] {
    var items = Array(zip(colors, weights))
    // A box: a range of `items`, its widest channel, and its weight.
    struct Box {
      var range: Range<Int>
      var shift: UInt32
      var score: Double
    }
    func measured(_ range: Range<Int>) -> Box {
      var low = (255, 255, 255)
      var high = (0, 0, 0)
      var weight = 0
      for (color, itemWeight) in items[range] {
        let r = Int(color >> 16 & 0xFF)
        let g = Int(color >> 8 & 0xFF)
        let b = Int(color & 0xFF)
        low = (min(low.0, r), min(low.1, g), min(low.2, b))
        high = (max(high.0, r), max(high.1, g), max(high.2, b))
        weight += itemWeight
      }
      // The widest channel, red first on ties.
      var shift: UInt32 = 16
      var spread = high.0 - low.0
      if high.1 - low.1 > spread { (shift, spread) = (8, high.1 - low.1) }
      if high.2 - low.2 > spread { (shift, spread) = (0, high.2 - low.2) }
      // The largest range times (the square root of) the weight, so that
      // dense regions get more colours; a box of one colour never splits.
      let score = range.count > 1 ? Double(spread) * Double(weight).squareRoot() : 0
      return Box(range: range, shift: shift, score: score)
    }
    var boxes = [measured(0..<items.count)]
    while boxes.count < count {
      var chosen = -1
      var chosenScore = 0.0
      for (index, box) in boxes.enumerated() where box.score > chosenScore {
        chosenScore = box.score
        chosen = index
      }
      if chosen < 0 { break }
      let box = boxes[chosen].range
      let shift = boxes[chosen].shift
      items[box].sort { ($0.0 >> shift & 0xFF) < ($1.0 >> shift & 0xFF) }
      let total = items[box].reduce(0) { $0 + $1.1 }
      var running = 0
      var cut = box.lowerBound + 1
      for position in box {
        running += items[position].1
        if running * 2 >= total {
          cut = min(max(position + 1, box.lowerBound + 1), box.upperBound - 1)
          break
        }
      }
      boxes[chosen] = measured(box.lowerBound..<cut)
      boxes.append(measured(cut..<box.upperBound))
    }
    return boxes.map { box in
      var sums = (0, 0, 0, 0)
      for (color, weight) in items[box.range] {
        sums.0 += Int(color >> 16 & 0xFF) * weight
        sums.1 += Int(color >> 8 & 0xFF) * weight
        sums.2 += Int(color & 0xFF) * weight
        sums.3 += weight
      }
      return pack(sums.0, sums.1, sums.2, over: sums.3)
    }
  }

  /// One k-means pass: every colour goes to its nearest palette entry,
  /// each entry moves to the weighted mean of its colours (an entry with
  /// none stays).
  private static func refine(palette: [UInt32], colors: [UInt32], weights: [Int]) -> [UInt32] {
    var sums = [(Int, Int, Int, Int)](repeating: (0, 0, 0, 0), count: palette.count)
    let search = NearestSearch(palette: palette)
    for (color, weight) in zip(colors, weights) {
      let index = search.nearest(color)
      sums[index].0 += Int(color >> 16 & 0xFF) * weight
      sums[index].1 += Int(color >> 8 & 0xFF) * weight
      sums[index].2 += Int(color & 0xFF) * weight
      sums[index].3 += weight
    }
    return palette.indices.map { index in
      let sum = sums[index]
      return sum.3 == 0 ? palette[index] : pack(sum.0, sum.1, sum.2, over: sum.3)
    }
  }

  private static func pack(_ r: Int, _ g: Int, _ b: Int, over weight: Int) -> UInt32 {
    guard weight > 0 else { return 0 }
    let half = weight / 2
    return UInt32((r + half) / weight) << 16 | UInt32((g + half) / weight) << 8 | UInt32((b + half) / weight)
  }

  /// Nearest-colour search over a palette sorted by green: from the
  /// entries nearest in green outwards, stopping each way once the green
  /// difference alone exceeds the best distance. The same answer as
  /// ``ColorQuantizer/nearest(_:in:)`` (ties to the lowest index), several
  /// times faster on a full palette.
  struct NearestSearch: Sendable {
    /// Entries sorted by green: the channels and the palette index.
    private let red: [Int32]
    private let green: [Int32]
    private let blue: [Int32]
    private let index: [Int32]

    init(palette: [UInt32]) {
      let order = palette.indices.sorted { (palette[$0] >> 8 & 0xFF, $0) < (palette[$1] >> 8 & 0xFF, $1) }
      red = order.map { Int32(palette[$0] >> 16 & 0xFF) }
      green = order.map { Int32(palette[$0] >> 8 & 0xFF) }
      blue = order.map { Int32(palette[$0] & 0xFF) }
      index = order.map { Int32($0) }
    }

    /// The palette index nearest `color`, the lowest on ties; 0 for an
    /// empty palette.
    ///
    /// - Complexity: O(log *p*) to start, then the entries within the best
    ///   distance in green, O(*p*) at worst.
    func nearest(_ color: UInt32) -> Int {
      let count = green.count
      guard count > 0 else { return 0 }
      let r = Int32(color >> 16 & 0xFF)
      let g = Int32(color >> 8 & 0xFF)
      let b = Int32(color & 0xFF)
      // The first entry with green >= g.
      var low = 0
      var high = count
      while low < high {
        let middle = (low + high) / 2
        if green[middle] < g { low = middle + 1 } else { high = middle }
      }
      var best = Int32.max
      var bestIndex = Int32.max
      func consider(_ position: Int) {
        let dr = red[position] - r
        let dg = green[position] - g
        let db = blue[position] - b
        let distance = dr * dr + dg * dg + db * db
        if distance < best || (distance == best && index[position] < bestIndex) {
          best = distance
          bestIndex = index[position]
        }
      }
      var up = low
      var down = low - 1
      while up < count || down >= 0 {
        if up < count {
          let dg = green[up] - g
          if dg * dg > best { up = count } else {
            consider(up)
            up += 1
          }
        }
        if down >= 0 {
          let dg = green[down] - g
          if dg * dg > best { down = -1 } else {
            consider(down)
            down -= 1
          }
        }
      }
      return Int(bestIndex)
    }
  }
}
